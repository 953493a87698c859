/**
 * finance → employees-payroll (tax record): each employee's previous employer of a tax year (previous_netto,
 * previous_pph), an editable grid over `/v1/pph-a1/previous-pph`. The last tax period of the year adds them.
 */
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { previousPphGrid } from '../../grids/specs/previous-pph.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function TaxRecords({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  // The route's menu is the A1 form (server/payroll/previous-pph.ts); both leaves are the company admins'.
  const canWrite = useCanWrite('a1-form');
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="muted">{t('taxRecords.hint')}</p>
      <ResourceGrid spec={previousPphGrid} title={title} canWrite={canWrite} />
    </>
  );
}
