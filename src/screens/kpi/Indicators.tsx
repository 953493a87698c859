/** kpi → kpi-indicator: what is measured (category, indicator, weight, target type and target), one editable grid. */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { kpiIndicatorsGrid } from '../../grids/specs/kpi-indicators.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function Indicators({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('kpi.indicators.hint')}</p>
      <ResourceGrid spec={kpiIndicatorsGrid} title={title} canWrite={canWrite} />
    </>
  );
}
