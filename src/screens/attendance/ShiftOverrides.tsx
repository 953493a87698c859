/** attendance → shift-overrides: one employee's shift on one date, winning over the schedule and the roster. */

import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { shiftOverridesGrid } from '../../grids/specs/shift-overrides.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function ShiftOverrides({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={shiftOverridesGrid} title={title} canWrite={canWrite} />
    </>
  );
}
