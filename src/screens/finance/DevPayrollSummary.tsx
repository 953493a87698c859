/**
 * Developer area → finances → payroll-summary (issue 15): every company's payroll runs and daily payrolls, read-only,
 * on PENDING and COMPLETED tabs with a company filter; Enter or a click on a row shows its detail beside the table.
 * Follows DevLoans.tsx (GET /v1/dev/payroll-summary).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { formatDate, formatRupiah } from '../../format.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import './finance.css';

const tabKeys = {
  pending: 'payrollSummaryDev.tabs.pending',
  completed: 'payrollSummaryDev.tabs.completed',
} as const;
/** Spec 2.2: 'Weekly or Payroll Run' (and THR runs). */
const typeKeys = {
  payroll_run: 'payrollSummaryDev.types.payroll_run',
  thr: 'payrollSummaryDev.types.thr',
  weekly: 'payrollSummaryDev.types.weekly',
} as const;

type Row = Awaited<ReturnType<typeof listAll>>['data'][number];
const listAll = () => call(api.GET('/v1/dev/payroll-summary', { params: { query: { limit: 5000 } } }));

export default function DevPayrollSummary({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [load, setLoad] = useState<
    { state: 'loading' } | { state: 'ready'; rows: Row[] } | { state: 'failed'; error: ApiError }
  >({ state: 'loading' });
  const [tab, setTab] = useState<'pending' | 'completed'>('pending');
  const [company, setCompany] = useState('');
  const [detail, setDetail] = useState<Row | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    listAll().then(
      (body) => current && setLoad({ state: 'ready', rows: body.data }),
      (error: unknown) => current && setLoad({ state: 'failed', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const rows = load.state === 'ready' ? load.rows : [];
  const companies = useMemo(() => [...new Map(rows.map((r) => [r.company._id, r.company.name])).entries()], [rows]);
  const shown = rows.filter((r) => r.status === tab && (!company || r.company._id === company));
  const date = (value: string | null) => (value ? formatDate(value, 'DD MMM YYYY', { locale: i18n.language }) : '');
  const typeText = (type: Row['type']) => t(typeKeys[type]);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {errorText(t, error)}
          </p>
        )}
      />
      {load.state === 'ready' && (
        <>
          <div className="loan-actions">
            <div role="tablist" aria-label={title} className="grid-tabs">
              {(['pending', 'completed'] as const).map((status) => (
                <button
                  key={status}
                  type="button"
                  role="tab"
                  aria-selected={tab === status}
                  onClick={() => setTab(status)}
                >
                  {t(tabKeys[status])}
                </button>
              ))}
            </div>
            <label>
              {t('loans.dev.company')}{' '}
              <select value={company} onChange={(e) => setCompany(e.target.value)}>
                <option value="">{t('loans.dev.allCompanies')}</option>
                {companies.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <table className="loan-schedule" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{t('loans.dev.company')}</th>
                <th scope="col">{t('payrollSummaryDev.name')}</th>
                <th scope="col">{t('payrollSummaryDev.type')}</th>
                <th scope="col">{t('payrollSummaryDev.uploaded')}</th>
                <th scope="col">{t('payrollSummaryDev.status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr
                  key={row._id}
                  tabIndex={0}
                  aria-selected={detail?._id === row._id}
                  onClick={() => setDetail(row)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') setDetail(row);
                  }}
                >
                  <td>{row.company.name}</td>
                  <td>{row.title}</td>
                  <td>{typeText(row.type)}</td>
                  <td>{date(row.created_at)}</td>
                  <td>{t(`enums.payroll_run_status.${row.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">{t('grid.rowCount', { count: shown.length })}</p>
          {detail && (
            <section className="payroll-summary-detail" aria-label={detail.title}>
              <h2>{detail.title}</h2>
              <dl>
                <dt>{t('loans.dev.company')}</dt>
                <dd>
                  {detail.company.name} ({detail.company.code})
                </dd>
                <dt>{t('payrollSummaryDev.type')}</dt>
                <dd>{typeText(detail.type)}</dd>
                <dt>{t('payrollSummaryDev.period')}</dt>
                <dd>
                  {detail.period_start
                    ? `${date(detail.period_start)} – ${date(detail.period_end)}`
                    : `${String(detail.month).padStart(2, '0')}/${detail.year}`}
                </dd>
                <dt>{t('payrollSummaryDev.employees')}</dt>
                <dd>{detail.employee_count}</dd>
                <dt>{t('weeklyPayroll.columns.bruto')}</dt>
                <dd>{formatRupiah(detail.total_bruto)}</dd>
                <dt>{t('weeklyPayroll.columns.pph21')}</dt>
                <dd>{formatRupiah(detail.total_pph21)}</dd>
                <dt>{t('weeklyPayroll.columns.thp')}</dt>
                <dd>{formatRupiah(detail.total_thp)}</dd>
                <dt>{t('payrollSummaryDev.uploaded')}</dt>
                <dd>{date(detail.created_at)}</dd>
                <dt>{t('payrollSummaryDev.completed')}</dt>
                <dd>{date(detail.completed_at)}</dd>
              </dl>
              <button type="button" onClick={() => setDetail(null)}>
                {t('weeklyPayroll.close')}
              </button>
            </section>
          )}
        </>
      )}
    </>
  );
}
