/**
 * reports → job-report (issue 29): job reports of a month by employee and category: how many and the hours they took;
 * a chart of the hours by category. The shell: ./MonthReport.tsx.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';
import { sumBy } from './sums.ts';

type Report = Schemas['JobReport'];
type Row = Report['rows'][number];

export default function JobReport(screen: ScreenProps) {
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
        id: 'category',
        header: t('monthReports.job.category'),
        value: (row) => row.category?.name ?? t('monthReports.job.noCategory'),
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'reports',
        header: t('monthReports.job.reports'),
        value: (row) => row.reports,
        total: (report) => report.totals.reports,
        kind: 'count',
        width: 110,
      },
      {
        id: 'hours',
        header: t('monthReports.job.hours'),
        value: (row) => row.hours,
        total: (report) => report.totals.hours,
        kind: 'count',
        width: 110,
      },
    ],
    [t],
  );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/job-report"
      file="job-report"
      columns={columns}
      empty={t('monthReports.job.empty')}
      label={t('monthReports.job.list')}
      chart={(report) => ({
        title: t('monthReports.job.chart'),
        data: sumBy(report.rows, (row) => row.category?.name ?? t('monthReports.job.noCategory'), {
          hours: (row) => row.hours,
          reports: (row) => row.reports,
        }),
        series: [
          { key: 'hours', name: t('monthReports.job.hours') },
          { key: 'reports', name: t('monthReports.job.reports') },
        ],
      })}
    />
  );
}
