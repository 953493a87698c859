/** leave → mass-leave (labelled Holiday): public holidays and collective leave, one grid. */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { massLeaveGrid } from '../../grids/specs/mass-leave.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function Holidays({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('leave.holidaysHint')}</p>
      <ResourceGrid spec={massLeaveGrid} title={title} canWrite={canWrite} />
    </>
  );
}
