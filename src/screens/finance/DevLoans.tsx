/**
 * Developer area → finances → loan (issue 15): every company's loans, read-only, with a company and status filter.
 * Opening a loan's schedule stays with the company's own finance screen (a developer has no company scope).
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

type Row = Awaited<ReturnType<typeof listAll>>['data'][number];
const listAll = () => call(api.GET('/v1/dev/loans', { params: { query: { limit: 5000 } } }));

export default function DevLoans({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [load, setLoad] = useState<
    { state: 'loading' } | { state: 'ready'; rows: Row[] } | { state: 'failed'; error: ApiError }
  >({ state: 'loading' });
  const [company, setCompany] = useState('');
  const [status, setStatus] = useState('');
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
  const shown = rows.filter((r) => (!company || r.company._id === company) && (!status || r.status === status));
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
            <label>
              {t('resources.loans.fields.status')}{' '}
              <select value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">{t('loans.dev.allStatuses')}</option>
                <option value="active">{t('enums.loan_status.active')}</option>
                <option value="settled">{t('enums.loan_status.settled')}</option>
              </select>
            </label>
          </div>
          <table className="loan-schedule" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{t('loans.dev.company')}</th>
                <th scope="col">{t('resources.loans.fields.employee')}</th>
                <th scope="col">{t('resources.loans.fields.name')}</th>
                <th scope="col">{t('resources.loans.fields.effective_date')}</th>
                <th scope="col">{t('resources.loans.fields.amount')}</th>
                <th scope="col">{t('resources.loans.fields.total_amount')}</th>
                <th scope="col">{t('resources.loans.fields.amount_paid')}</th>
                <th scope="col">{t('resources.loans.fields.remaining_installment')}</th>
                <th scope="col">{t('resources.loans.fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row._id}>
                  <td>{row.company.name}</td>
                  <td>
                    {row.employee.fullname} ({row.employee.employee_id})
                  </td>
                  <td>{row.name}</td>
                  <td>{formatDate(row.effective_date, 'DD MMM YYYY', { locale: i18n.language })}</td>
                  <td className="num">{formatRupiah(row.amount)}</td>
                  <td className="num">{formatRupiah(row.total_amount)}</td>
                  <td className="num">{formatRupiah(row.amount_paid)}</td>
                  <td className="num">
                    {row.remaining_installment} / {row.installment}
                  </td>
                  <td>{t(`enums.loan_status.${row.status as 'active' | 'settled'}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">{t('grid.rowCount', { count: shown.length })}</p>
        </>
      )}
    </>
  );
}
