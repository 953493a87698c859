/**
 * reports → duty-report (issue 29): approved duties and business trips of a month by employee and duty type
 * (`duty/category`): trips, days inside the month and their amount at the company's business-trip rate; a chart of the
 * days by duty type. The shell: ./MonthReport.tsx.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';
import { sumBy } from './sums.ts';

type Report = Schemas['DutyReport'];
type Row = Report['rows'][number];

export default function DutyReport(screen: ScreenProps) {
  const { t } = useTranslation();
  const columns = useMemo<ReportColumn<Row, Report>[]>(
    () => [
      {
        id: 'employee',
        header: t('monthReports.employee'),
        value: (row) => employeeCell(row.employee),
        total: (report) => t('monthReports.totalEmployees', { count: report.totals.employees }),
        pinned: 'left',
        width: 250,
      },
      {
        id: 'department',
        header: t('monthReports.department'),
        value: (row) => row.department ?? '',
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'location',
        header: t('monthReports.location'),
        value: (row) => row.location ?? '',
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'duty_type',
        header: t('monthReports.duty.type'),
        value: (row) => row.duty_type?.name ?? t('monthReports.duty.noType'),
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'trips',
        header: t('monthReports.duty.trips'),
        value: (row) => row.trips,
        total: (report) => report.totals.trips,
        kind: 'count',
        width: 90,
      },
      {
        id: 'days',
        header: t('monthReports.duty.days'),
        value: (row) => row.days,
        total: (report) => report.totals.days,
        kind: 'count',
        width: 90,
      },
      {
        id: 'amount',
        header: t('monthReports.duty.amount'),
        value: (row) => row.amount,
        total: (report) => report.totals.amount,
        kind: 'money',
        width: 150,
      },
    ],
    [t],
  );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/duty-report"
      file="duty-report"
      columns={columns}
      empty={t('monthReports.duty.empty')}
      label={t('monthReports.duty.list')}
      chart={(report) => ({
        title: t('monthReports.duty.chart'),
        data: sumBy(report.rows, (row) => row.duty_type?.name ?? t('monthReports.duty.noType'), {
          days: (row) => row.days,
        }),
        series: [{ key: 'days', name: t('monthReports.duty.days') }],
      })}
    />
  );
}
