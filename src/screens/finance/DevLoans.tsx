/**
 * Developer area → finances → loan (issue 15): every company's loans, read-only, with a company and status filter
 * (the developer's company table, src/components/DevCompanyTable.tsx). Opening a loan's schedule stays with the company's own
 * finance screen (a developer has no company scope).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { formatDate, formatRupiah } from '../../format.ts';
import type { ScreenProps } from '../types.ts';
import './finance.css';
import { type DevColumn, DevCompanyTable } from '../../components/DevCompanyTable.tsx';

type Row = Awaited<ReturnType<typeof listAll>>['data'][number];
const listAll = () => call(api.GET('/v1/dev/loans', { params: { query: { limit: 5000 } } }));

export default function DevLoans(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const columns: DevColumn<Row>[] = [
    {
      id: 'employee',
      header: t('resources.loans.fields.employee'),
      cell: (row) => `${row.employee.fullname} (${row.employee.employee_id})`,
    },
    { id: 'name', header: t('resources.loans.fields.name'), cell: (row) => row.name },
    {
      id: 'effective_date',
      header: t('resources.loans.fields.effective_date'),
      cell: (row) => formatDate(row.effective_date, 'DD MMM YYYY', { locale: i18n.language }),
    },
    { id: 'amount', header: t('resources.loans.fields.amount'), cell: (row) => formatRupiah(row.amount), num: true },
    {
      id: 'total_amount',
      header: t('resources.loans.fields.total_amount'),
      cell: (row) => formatRupiah(row.total_amount),
      num: true,
    },
    {
      id: 'amount_paid',
      header: t('resources.loans.fields.amount_paid'),
      cell: (row) => formatRupiah(row.amount_paid),
      num: true,
    },
    {
      id: 'remaining_installment',
      header: t('resources.loans.fields.remaining_installment'),
      cell: (row) => `${row.remaining_installment} / ${row.installment}`,
      num: true,
    },
    {
      id: 'status',
      header: t('resources.loans.fields.status'),
      cell: (row) => t(`enums.loan_status.${row.status as 'active' | 'settled'}`),
    },
  ];
  return (
    <DevCompanyTable
      {...screen}
      list={listAll}
      shows={(row) => !status || row.status === status}
      columns={columns}
      filters={
        <label>
          {t('resources.loans.fields.status')}{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('loans.dev.allStatuses')}</option>
            <option value="active">{t('enums.loan_status.active')}</option>
            <option value="settled">{t('enums.loan_status.settled')}</option>
          </select>
        </label>
      }
    />
  );
}
