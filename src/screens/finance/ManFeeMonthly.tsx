/**
 * Developer area → finances → man-fee → monthly report (issue 15, decision 0073): a month's fee per company from the
 * completed monthly runs (run, employees, total bruto, the rule, the fee), a totals row, and an xlsx export (toolbar or
 * palette). Read-only: the figures are the runs'; a pending run has no fee until it is saved.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas } from '../../api/client.ts';
import { monthPeriod } from '../../components/MonthPicker.tsx';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { brutoColumn, companyColumn, downloadReport, feeColumn, type MonthlyRow, ruleText } from './manFee.ts';

type Report = Schemas['ManFeeMonthly'];
type Period = { year: number; month: number };

const load = async (period: Period) =>
  (await call(api.GET('/v1/dev/man-fee/monthly', { params: { query: period } }))).data;

export default function ManFeeMonthly(screen: ScreenProps) {
  const { t } = useTranslation();
  const title = t(screen.entry.titleKey);
  const columns = useMemo<ReportColumn<MonthlyRow, Report>[]>(
    () => [
      companyColumn(t, (report) => report.totals.companies),
      { id: 'run', header: t('manFee.run'), value: (row) => row.title, flex: 1, minWidth: 130 },
      {
        id: 'employees',
        header: t('manFee.employees'),
        value: (row) => row.employee_count,
        total: (report) => report.totals.employees,
        kind: 'count',
        width: 110,
      },
      brutoColumn(t, { flex: 1, minWidth: 190 }),
      { id: 'rule', header: t('manFee.rule'), value: (row) => ruleText(t, row), flex: 1, minWidth: 170 },
      feeColumn(t('manFee.fee')),
    ],
    [t],
  );
  const exports: ReportExport<Report, Period>[] = [
    {
      id: 'man-fee:monthly-xlsx',
      label: 'manFee.exportXlsx',
      keywords: ['man fee', 'xlsx', 'excel', 'export', 'report', 'laporan'],
      run: (report) => {
        const month = `${report.year}-${String(report.month).padStart(2, '0')}`;
        return downloadReport(t, title, month, columns, report);
      },
    },
  ];
  return (
    <ReportScreen
      {...screen}
      period={monthPeriod}
      load={load}
      columns={columns}
      exports={exports}
      pending={(count) => t('manFee.pending', { count })}
      empty={t('manFee.empty')}
    />
  );
}
