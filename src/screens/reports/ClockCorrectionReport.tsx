/**
 * reports → clock-correction-report (issue 29): the clock-correction requests about days of a month, per employee:
 * the status, the recorded times before (what an approval replaced) and the times asked for; the totals row counts
 * the requests, approved and rejected; a chart of the requests by status. The shell: ./MonthReport.tsx.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import { formatDate } from '../../format.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';

type Report = Schemas['ClockCorrectionReport'];
type Row = Report['rows'][number];
type Status = 'pending' | 'partial' | 'approved' | 'rejected' | 'withdrawn';
const statuses: readonly Status[] = ['approved', 'rejected', 'pending', 'partial', 'withdrawn'];

export default function ClockCorrectionReport(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<ReportColumn<Row, Report>[]>(
    () => [
      {
        id: 'employee',
        header: t('monthReports.employee'),
        value: (row) => employeeCell(row.employee),
        total: (report) => t('monthReports.totalEmployees', { count: report.totals.employees }),
        pinned: 'left',
        width: 240,
      },
      { id: 'department', header: t('monthReports.department'), value: (row) => row.department ?? '', width: 140 },
      {
        id: 'date',
        header: t('monthReports.clock.date'),
        value: (row) => formatDate(row.date, 'DD MMM YYYY', { locale: i18n.language }),
        width: 120,
      },
      { id: 'number', header: t('monthReports.clock.number'), value: (row) => row.approval_number, width: 140 },
      {
        id: 'status',
        header: t('monthReports.clock.status'),
        value: (row) => t(`enums.approval_status.${row.status as Status}`),
        total: (report) =>
          t('monthReports.clock.statusTotals', {
            requested: report.totals.requested,
            approved: report.totals.approved,
            rejected: report.totals.rejected,
          }),
        width: 230,
      },
      {
        id: 'before_in',
        header: t('monthReports.clock.beforeIn'),
        value: (row) => row.before.clock_in ?? '–',
        width: 110,
      },
      {
        id: 'before_out',
        header: t('monthReports.clock.beforeOut'),
        value: (row) => row.before.clock_out ?? '–',
        width: 110,
      },
      {
        id: 'after_in',
        header: t('monthReports.clock.afterIn'),
        value: (row) => row.after.clock_in ?? '–',
        width: 110,
      },
      {
        id: 'after_out',
        header: t('monthReports.clock.afterOut'),
        value: (row) => row.after.clock_out ?? '–',
        width: 110,
      },
      {
        id: 'reason',
        header: t('monthReports.clock.reason'),
        value: (row) => row.reason ?? '',
        flex: 1,
        minWidth: 180,
      },
    ],
    [t, i18n.language],
  );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/clock-correction-report"
      file="clock-correction-report"
      columns={columns}
      empty={t('monthReports.clock.empty')}
      label={t('monthReports.clock.list')}
      chart={(report) => ({
        title: t('monthReports.clock.chart'),
        data: statuses
          .map((value) => ({
            label: t(`enums.approval_status.${value}`),
            requests: report.rows.filter((r) => r.status === value).length,
          }))
          .filter((entry) => entry.requests > 0),
        series: [{ key: 'requests', name: t('monthReports.clock.requests') }],
      })}
    />
  );
}
