/** attendance → attendance-group: the groups as an editable grid. */

import { useTranslation } from 'react-i18next';
import { attendanceGroupsGrid } from '../../grids/attendance-groups.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';

export default function AttendanceGroups({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={attendanceGroupsGrid} title={title} canWrite={canWrite} />
    </>
  );
}
