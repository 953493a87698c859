/**
 * Developer area → bpjs → dev-bpjs (issue 26): BPJS Kesehatan across companies, per company and month of a year, from
 * completed monthly runs (GET /v1/dev/bpjs): employees registered, the wage base, the employer's and the employees'
 * contributions and the additional family members; a totals line and an xlsx export of what is shown.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jakartaToday } from '../../../common/employment.ts';
import { api, call } from '../../api/client.ts';
import { type DevColumn, DevCompanyTable } from '../../components/DevCompanyTable.tsx';
import { formatRupiah } from '../../format.ts';
import type { ScreenProps } from '../types.ts';
import { downloadTable, monthLabel } from './statistics.ts';
import './statistics.css';

type Row = Awaited<ReturnType<typeof load>>['data'][number];
const load = async (year: number) => {
  const body = await call(api.GET('/v1/dev/bpjs', { params: { query: { year } } }));
  return { data: body.data.map((row) => ({ ...row, _id: `${row.company._id}:${row.month}` })) };
};
const figures = ['registered', 'wage_base', 'employer', 'employee', 'additional', 'family_members'] as const;
type Figure = (typeof figures)[number];
const money: ReadonlySet<Figure> = new Set(['wage_base', 'employer', 'employee', 'additional']);
const figureKeys = {
  registered: 'platform.bpjs.registered',
  wage_base: 'platform.bpjs.wageBase',
  employer: 'platform.bpjs.employer',
  employee: 'platform.bpjs.employee',
  additional: 'platform.bpjs.additional',
  family_members: 'platform.bpjs.familyMembers',
} as const satisfies Record<Figure, string>;

export default function DevBpjs(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const thisYear = Number(jakartaToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [month, setMonth] = useState(0);
  const period = (row: Row) => monthLabel(`${row.year}-${String(row.month).padStart(2, '0')}`, i18n.language);
  const show = (figure: Figure, value: number) => (money.has(figure) ? formatRupiah(value) : String(value));
  const columns: DevColumn<Row>[] = [
    { id: 'month', header: t('platform.month'), cell: period },
    ...figures.map((figure) => ({
      id: figure,
      header: t(figureKeys[figure]),
      num: true,
      cell: (row: Row) => show(figure, row[figure]),
    })),
  ];
  const total = (rows: readonly Row[], figure: Figure) => rows.reduce((sum, row) => sum + row[figure], 0);
  const title = `${t(screen.entry.titleKey)} ${year}`;
  return (
    <DevCompanyTable
      key={year}
      {...screen}
      list={() => load(year)}
      shows={(row) => !month || row.month === month}
      columns={columns}
      tabs={
        <label>
          {t('platform.year')}{' '}
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[0, 1, 2, 3, 4].map((back) => (
              <option key={back} value={thisYear - back}>
                {thisYear - back}
              </option>
            ))}
          </select>
        </label>
      }
      filters={
        <label>
          {t('platform.month')}{' '}
          <select value={month} onChange={(event) => setMonth(Number(event.target.value))}>
            <option value={0}>{t('platform.allMonths')}</option>
            {Array.from({ length: 12 }, (_, index) => index + 1).map((m) => (
              <option key={m} value={m}>
                {monthLabel(`${year}-${String(m).padStart(2, '0')}`, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      }
      summary={(shown) => (
        <div className="platform-summary">
          <p>
            {t('platform.totals')}:{' '}
            {figures.map((figure) => `${t(figureKeys[figure])} ${show(figure, total(shown, figure))}`).join(' · ')}
          </p>
          <button
            type="button"
            disabled={shown.length === 0}
            onClick={() =>
              void downloadTable(
                t,
                `bpjs-kesehatan-${year}`,
                title,
                [t('loans.dev.company'), t('platform.month'), ...figures.map((figure) => t(figureKeys[figure]))],
                shown.map((row) => [row.company.name, period(row), ...figures.map((figure) => row[figure])]),
                [t('platform.totals'), '', ...figures.map((figure) => total(shown, figure))],
              )
            }
          >
            {t('platform.exportXlsx')}
          </button>
        </div>
      )}
    />
  );
}
