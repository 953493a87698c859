/**
 * reports → overtime-report (issue 29): approved overtime hours of a month per employee and day type, and the overtime
 * pay of the month's completed run (its payslips' overtime lines: the pay column equals them, tests/server/reports);
 * a chart of the hours by day type. The shell: ./MonthReport.tsx.
 */
import type { ParseKeys } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';

type Report = Schemas['OvertimeReport'];
type Row = Report['rows'][number];
type DayType = 'working_day' | 'rest_day' | 'holiday';
const dayTypes = ['working_day', 'rest_day', 'holiday'] as const satisfies readonly DayType[];
const dayTypeLabels = {
  working_day: 'monthReports.overtime.dayTypes.working_day',
  rest_day: 'monthReports.overtime.dayTypes.rest_day',
  holiday: 'monthReports.overtime.dayTypes.holiday',
} as const satisfies Record<DayType, ParseKeys>;

export default function OvertimeReport(screen: ScreenProps) {
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
        id: 'requests',
        header: t('monthReports.overtime.requests'),
        value: (row) => row.requests,
        total: (report) => report.totals.requests,
        kind: 'count',
        width: 100,
      },
      ...dayTypes.map(
        (dayType): ReportColumn<Row, Report> => ({
          id: dayType,
          header: t(dayTypeLabels[dayType]),
          value: (row) => row.hours[dayType],
          total: (report) => report.totals[dayType],
          kind: 'count',
          width: 120,
        }),
      ),
      {
        id: 'hours',
        header: t('monthReports.overtime.hours'),
        value: (row) => row.hours.total,
        total: (report) => report.totals.hours,
        kind: 'count',
        width: 110,
      },
      {
        id: 'pay',
        header: t('monthReports.overtime.pay'),
        value: (row) => row.pay,
        total: (report) => report.totals.pay,
        kind: 'money',
        width: 150,
      },
    ],
    [t],
  );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/overtime-report"
      file="overtime-report"
      columns={columns}
      empty={t('monthReports.overtime.empty')}
      label={t('monthReports.overtime.list')}
      pending={(count) => t('monthReports.overtime.pending', { count })}
      chart={(report) => ({
        title: t('monthReports.overtime.chart'),
        data: dayTypes.map((dayType) => ({
          label: t(dayTypeLabels[dayType]),
          hours: report.totals[dayType],
        })),
        series: [{ key: 'hours', name: t('monthReports.overtime.hours') }],
      })}
    />
  );
}
