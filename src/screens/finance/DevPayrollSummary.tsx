/**
 * Developer area → finances → payroll-summary (issue 15): every company's payroll runs and daily payrolls, read-only,
 * on PENDING and COMPLETED tabs with a company filter; Enter or a click on a row shows its detail beside the table.
 * The developer's company table (src/components/DevCompanyTable.tsx), as DevLoans.tsx (GET /v1/dev/payroll-summary).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { formatDate, formatRupiah } from '../../format.ts';
import type { ScreenProps } from '../types.ts';
import './finance.css';
import { type DevColumn, DevCompanyTable } from '../../components/DevCompanyTable.tsx';

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

export default function DevPayrollSummary(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<'pending' | 'completed'>('pending');
  const [detail, setDetail] = useState<Row | null>(null);
  const date = (value: string | null) => (value ? formatDate(value, 'DD MMM YYYY', { locale: i18n.language }) : '');
  const typeText = (type: Row['type']) => t(typeKeys[type]);
  const columns: DevColumn<Row>[] = [
    { id: 'name', header: t('payrollSummaryDev.name'), cell: (row) => row.title },
    { id: 'type', header: t('payrollSummaryDev.type'), cell: (row) => typeText(row.type) },
    { id: 'uploaded', header: t('payrollSummaryDev.uploaded'), cell: (row) => date(row.created_at) },
    {
      id: 'status',
      header: t('payrollSummaryDev.status'),
      cell: (row) => t(`enums.payroll_run_status.${row.status}`),
    },
  ];
  return (
    <DevCompanyTable
      {...screen}
      list={listAll}
      shows={(row) => row.status === tab}
      columns={columns}
      open={{ selected: detail?._id, open: setDetail }}
      tabs={
        <div role="tablist" aria-label={t(screen.entry.titleKey)} className="grid-tabs">
          {(['pending', 'completed'] as const).map((status) => (
            <button key={status} type="button" role="tab" aria-selected={tab === status} onClick={() => setTab(status)}>
              {t(tabKeys[status])}
            </button>
          ))}
        </div>
      }
    >
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
    </DevCompanyTable>
  );
}
