/**
 * sales → sales-objective (issue 29): the month's targets per employee (visits, new stores, order value) in the
 * editable grid (typed, or pasted from Excel with the grid's preview, checks and undo), and below it the achievement
 * the server computes from the visits on every read (never stored): each target's figure, percent and a bar, and a
 * chart of the percents. Month and year are chosen above; the grid is fixed to them.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatRupiah } from '../../format.ts';
import { onListWritten } from '../../grids/api.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { salesObjectivesGrid } from '../../grids/specs/sales-objectives.ts';
import { useCanWrite } from '../../menu/access.ts';
import { ReportChart } from '../../reports/ReportChart.tsx';
import type { ScreenProps } from '../types.ts';
import { jakartaMonth, loadAchievement, type SalesAchievement } from './api.ts';
import './sales-jobs.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: SalesAchievement }
  | { state: 'failed'; error: ReturnType<typeof toApiError> };
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const measures = ['visits', 'new_stores', 'order_value'] as const;
const measureLabels = {
  visits: 'salesObjectives.visits',
  new_stores: 'salesObjectives.new_stores',
  order_value: 'salesObjectives.order_value',
} as const;

function Progress({ percent, label }: { percent: number | null; label: string }) {
  if (percent === null) return <span className="muted">–</span>;
  return (
    <span className="sales-progress">
      <progress max={100} value={Math.min(100, percent)} aria-label={label} />
      <span>{percent}%</span>
    </span>
  );
}

export default function SalesObjectives({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const id = useId();
  const [period, setPeriod] = useState(jakartaMonth);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => onListWritten('/v1/sales-objective', reload), [reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a grid write or 'Try again'.
  useEffect(() => {
    let current = true;
    loadAchievement(period.year, period.month).then(
      (data) => current && setLoad({ state: 'ready', data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [period, attempt]);

  const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const thisYear = jakartaMonth().year;
  const figure = (measure: (typeof measures)[number], value: number) =>
    measure === 'order_value' ? formatRupiah(value) : String(value);
  const data = load.state === 'ready' ? load.data : null;

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="sales-objective-toolbar">
        <label htmlFor={`${id}-month`}>{t('monthReports.month')}</label>
        <select
          id={`${id}-month`}
          value={period.month}
          onChange={(event) => setPeriod({ ...period, month: Number(event.target.value) })}
        >
          {months.map((month) => (
            <option key={month} value={month}>
              {name.format(new Date(Date.UTC(2024, month - 1, 1)))}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-year`}>{t('monthReports.year')}</label>
        <select
          id={`${id}-year`}
          value={period.year}
          onChange={(event) => setPeriod({ ...period, year: Number(event.target.value) })}
        >
          {[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <ResourceGrid
        spec={salesObjectivesGrid}
        title={title}
        canWrite={canWrite}
        fixed={{ year: String(period.year), month: String(period.month) }}
      />
      <LoadStatus load={load} retry={reload} />
      {data && (
        <div className="sales-achievement">
          <section aria-labelledby={`${id}-achievement`}>
            <h2 id={`${id}-achievement`}>{t('salesObjectives.achievement')}</h2>
            {data.rows.length === 0 ? (
              <p className="muted">{t('salesObjectives.none')}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('monthReports.employee')}</th>
                    {measures.map((measure) => (
                      <th key={measure} scope="col">
                        {t(measureLabels[measure])}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...data.rows, { ...data.totals, _id: 'totals', employee: null }].map((row) => {
                    const who = row.employee
                      ? `${row.employee.fullname} · ${row.employee.employee_id}`
                      : t('salesObjectives.total');
                    return (
                      <tr key={row._id}>
                        <th scope="row">{who}</th>
                        {measures.map((measure) => (
                          <td key={measure}>
                            <div>
                              {figure(measure, row.actual[measure])} / {figure(measure, row.targets[measure])}
                            </div>
                            <Progress percent={row.percent[measure]} label={`${who}: ${t(measureLabels[measure])}`} />
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
          {data.rows.length > 0 && (
            <ReportChart
              spec={{
                title: t('salesObjectives.chart'),
                data: data.rows.map((row) => ({
                  label: row.employee.fullname,
                  visits: row.percent.visits ?? 0,
                  new_stores: row.percent.new_stores ?? 0,
                  order_value: row.percent.order_value ?? 0,
                })),
                series: measures.map((measure) => ({ key: measure, name: t(measureLabels[measure]) })),
              }}
            />
          )}
        </div>
      )}
    </>
  );
}
