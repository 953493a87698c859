/** leave → mass-leave (labelled Holiday): public holidays and collective leave, one grid. */
import { useTranslation } from 'react-i18next';
import { massLeaveGrid } from '../../grids/mass-leave.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';

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
