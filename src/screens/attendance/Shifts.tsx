/** attendance → shift: the company's shifts as an editable grid (type-dependent cells, decision 0031). */

import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { shiftsGrid } from '../../grids/specs/shifts.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function Shifts({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={shiftsGrid} title={title} canWrite={canWrite} />
    </>
  );
}
