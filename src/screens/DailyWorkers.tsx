/**
 * daily-worker: freelance employees on Active and Inactive tabs, with bulk select: 'Deactivate' (an exit for
 * resignation from a chosen date) on the Active tab, 'Reactivate' (rehire) on the Inactive tab, and the grid's own
 * 'Set value for selected rows'.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../common/menu.ts';
import { dailyWorkersGrid } from '../grids/daily-workers.ts';
import { ResourceGrid } from '../grids/ResourceGrid.tsx';
import { viewerOf } from '../menu/index.ts';
import { userAtom } from '../session.ts';
import { useEmployeeBatchActions } from './employee/exitActions.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

const offer = [
  { kind: 'deactivate', tabs: ['active'] },
  { kind: 'reactivate', tabs: ['inactive'] },
] as const;

export default function DailyWorkers({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  const { batchActions, dialog } = useEmployeeBatchActions(offer);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={dailyWorkersGrid}
        title={title}
        canWrite={!!user && canAccess(entry.id, viewerOf(user), 'write')}
        batchActions={batchActions}
      />
      {dialog}
    </>
  );
}
