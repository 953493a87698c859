/**
 * Developer area → finances → man-fee → import (issue 15, decision 0073): the platform's fee rules per company, as an
 * editable grid with xlsx import through the preview (toolbar 'Import…' or the palette), export and a template.
 * Completing a company's monthly run stores its fee with the month's rule; the reports read those figures.
 */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { manFeeRulesGrid } from '../../grids/specs/man-fee-rules.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function ManFeeRules({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="muted">{t('manFee.rulesHint')}</p>
      <ResourceGrid spec={manFeeRulesGrid} title={title} canWrite={canWrite} />
    </>
  );
}
