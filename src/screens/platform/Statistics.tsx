/**
 * Developer area → statistics (issue 26): employees per company over time, from join and exit dates
 * (GET /v1/dev/statistics/employees). `total` (total-employees): every company's headcount at each month end and the
 * platform's total, with joiners and leavers. `compare` (compare-total): chosen companies side by side as growth since
 * the first month of the span. Each chart has its figures as a table beside it, and an xlsx export of that table.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { usePageTitle } from '../../page.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { downloadTable, type EmployeeMonth, loadEmployeeMonths, monthBefore, monthLabel } from './statistics.ts';
import './statistics.css';

const LineChart = lazy(() => import('./LineChart.tsx'));

type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: EmployeeMonth[] }
  | { state: 'failed'; error: ApiError; fields: Record<string, string> };

/** Growth since the first month, in percent with one decimal; null when the first month had nobody. */
export const growth = (first: number, now: number): number | null =>
  first === 0 ? null : Math.round((now / first - 1) * 1000) / 10;

export function Statistics({ mode, ...screen }: ScreenProps & { mode: 'total' | 'compare' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const title = t(screen.entry.titleKey);
  usePageTitle(title);
  const [from, setFrom] = useState(() => monthBefore(11));
  const [to, setTo] = useState(() => monthBefore(0));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<string[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    if (!from || !to) return;
    let current = true;
    setLoad({ state: 'loading' });
    loadEmployeeMonths(from, to).then(
      (rows) => current && setLoad({ state: 'ready', rows }),
      (reason: unknown) => {
        if (!current) return;
        const error = toApiError(reason);
        setLoad({ state: 'failed', error, fields: fieldErrors(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [from, to, attempt]);

  const rows = load.state === 'ready' ? load.rows : [];
  const companies = useMemo(
    () =>
      [...new Map(rows.map((row) => [row.company._id, row.company.name])).entries()]
        .map(([key, name]) => ({ key, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [rows],
  );
  const months = useMemo(() => [...new Set(rows.map((row) => row.month))].sort(), [rows]);
  const shownCompanies =
    mode === 'total'
      ? companies
      : companies.filter((company) => (chosen ?? companies.slice(0, 2).map((c) => c.key)).includes(company.key));
  const cell = (company: string, month: string) =>
    rows.find((row) => row.company._id === company && row.month === month);
  const headcount = (company: string, month: string) => cell(company, month)?.headcount ?? 0;
  const first = months[0] ?? '';

  const table = months.map((month) => {
    const label = monthLabel(month, i18n.language);
    if (mode === 'total') {
      const values = shownCompanies.map((company) => headcount(company.key, month));
      const inMonth = rows.filter((row) => row.month === month);
      return {
        label,
        cells: [
          ...values,
          values.reduce((sum, n) => sum + n, 0),
          inMonth.reduce((sum, row) => sum + row.joiners, 0),
          inMonth.reduce((sum, row) => sum + row.leavers, 0),
        ],
      };
    }
    return {
      label,
      cells: shownCompanies.flatMap((company) => {
        const change = growth(headcount(company.key, first), headcount(company.key, month));
        return [headcount(company.key, month), change === null ? '' : change];
      }),
    };
  });
  const header =
    mode === 'total'
      ? [
          ...shownCompanies.map((company) => company.name),
          t('platform.stats.total'),
          t('platform.stats.joiners'),
          t('platform.stats.leavers'),
        ]
      : shownCompanies.flatMap((company) => [company.name, t('platform.stats.growthOf', { name: company.name })]);
  const series =
    mode === 'total'
      ? [
          ...shownCompanies.map((company) => ({ key: company.key, name: company.name })),
          { key: 'total', name: t('platform.stats.total') },
        ]
      : shownCompanies.map((company) => ({ key: company.key, name: company.name }));
  const chartData = months.map((month, index) => {
    const point: Record<string, string | number | null> = { label: table[index]!.label };
    for (const company of shownCompanies) {
      point[company.key] =
        mode === 'total'
          ? headcount(company.key, month)
          : growth(headcount(company.key, first), headcount(company.key, month));
    }
    if (mode === 'total') point.total = table[index]!.cells[shownCompanies.length] as number;
    return point;
  });
  const fields = load.state === 'failed' ? load.fields : {};
  const toError = fields.to ?? fields.from;

  return (
    <>
      <ScreenHeader trail={screen.trail} title={title} />
      <div className="platform-controls">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('platform.stats.from')}</label>
          <input id={`${id}-from`} type="month" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('platform.stats.to')}</label>
          <input
            id={`${id}-to`}
            type="month"
            value={to}
            {...fieldErrorProps(`${id}-to`, toError)}
            onChange={(event) => setTo(event.target.value)}
          />
          <FieldError fieldId={`${id}-to`} message={toError} />
        </div>
        <button
          type="button"
          disabled={table.length === 0}
          onClick={() =>
            void downloadTable(
              t,
              mode === 'total' ? 'total-employees' : 'compare-growth',
              `${title} ${from} – ${to}`,
              [t('platform.month'), ...header],
              table.map((row) => [row.label, ...row.cells]),
            )
          }
        >
          {t('platform.exportXlsx')}
        </button>
      </div>
      {mode === 'compare' && companies.length > 0 && (
        <fieldset className="platform-companies platform-stats-companies">
          <legend>{t('platform.stats.companies')}</legend>
          {companies.map((company) => {
            const selected = shownCompanies.some((c) => c.key === company.key);
            return (
              <label key={company.key}>
                <input
                  type="checkbox"
                  checked={selected}
                  onChange={() => {
                    const now = shownCompanies.map((c) => c.key);
                    setChosen(selected ? now.filter((key) => key !== company.key) : [...now, company.key]);
                  }}
                />{' '}
                {company.name}
              </label>
            );
          })}
        </fieldset>
      )}
      {load.state === 'failed' && Object.keys(fields).length === 0 && (
        <p className="form-error" role="alert">
          {errorText(t, load.error)}
        </p>
      )}
      {load.state === 'loading' && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && (
        <>
          {series.length > 0 && months.length > 0 && (
            <Suspense fallback={<div className="platform-chart" />}>
              <LineChart
                data={chartData}
                series={series}
                yTitle={mode === 'total' ? t('platform.stats.employees') : t('platform.stats.growth')}
              />
            </Suspense>
          )}
          <div className="table-wrap">
            <table className="table platform-stats-table" aria-label={title}>
              <thead>
                <tr>
                  <th scope="col">{t('platform.month')}</th>
                  {header.map((text) => (
                    <th key={text} scope="col" className="num">
                      {text}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {row.cells.map((value, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table.
                      <td key={index} className="num">
                        {typeof value === 'number' && mode === 'compare' && index % 2 === 1
                          ? `${value > 0 ? '+' : ''}${value.toLocaleString(i18n.language)} %`
                          : typeof value === 'number'
                            ? value.toLocaleString(i18n.language)
                            : value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
