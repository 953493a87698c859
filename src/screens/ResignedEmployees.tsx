/**
 * resigned-employees: employees whose exit date has come, as a grid with export, 'Open detail' (the detail route of a
 * resigned employee) and 'Rehire' for the selected rows.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../common/menu.ts';
import { ResourceGrid } from '../grids/ResourceGrid.tsx';
import { resignedEmployeesGrid } from '../grids/resigned-employees.ts';
import { viewerOf } from '../menu/index.ts';
import { userAtom } from '../session.ts';
import { useEmployeeBatchActions } from './employee/exitActions.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

const offer = [{ kind: 'rehire' }] as const;

export default function ResignedEmployees({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  const { batchActions, dialog } = useEmployeeBatchActions(offer);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={resignedEmployeesGrid}
        title={title}
        canWrite={!!user && canAccess(entry.id, viewerOf(user), 'write')}
        batchActions={batchActions}
      />
      {dialog}
    </>
  );
}
