/**
 * employee-onboarding (spec 2.3): new hires on Pending and Completed tabs (whether their onboarding link exists), with
 * the contract-dates filter (the toolbar's date range), the template and import of the grid, and the batch download
 * of the selected records as xlsx.
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../common/menu.ts';
import type { BatchAction } from '../grids/commands.ts';
import { onboardingGrid } from '../grids/employee-onboarding.ts';
import { exportRows } from '../grids/export.ts';
import { ResourceGrid } from '../grids/ResourceGrid.tsx';
import type { AnyGridSpec } from '../grids/types.ts';
import { viewerOf } from '../menu/index.ts';
import { userAtom } from '../session.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

const spec = onboardingGrid as unknown as AnyGridSpec;

export default function EmployeeOnboarding({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  const batchActions = useMemo<BatchAction[]>(
    () => [
      {
        id: 'download-selected',
        label: 'onboarding.downloadSelected',
        keywords: ['download', 'batch', 'xlsx', 'excel', 'unduh', '下载'],
        readOnly: true,
        run: (rows) => void exportRows(spec, rows, spec.columns, 'xlsx', t),
      },
    ],
    [t],
  );
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={onboardingGrid}
        title={title}
        canWrite={!!user && canAccess(entry.id, viewerOf(user), 'write')}
        batchActions={batchActions}
      />
    </>
  );
}
