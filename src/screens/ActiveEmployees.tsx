/** active-employees: the employee list as an editable grid (the detail editor and invitations build on it). */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../common/menu.ts';
import { employeesGrid } from '../grids/employees.ts';
import { ResourceGrid } from '../grids/ResourceGrid.tsx';
import { viewerOf } from '../menu/index.ts';
import { userAtom } from '../session.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

export default function ActiveEmployees({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const title = t(entry.titleKey);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid
        spec={employeesGrid}
        title={title}
        canWrite={!!user && canAccess(entry.id, viewerOf(user), 'write')}
      />
    </>
  );
}
