/**
 * reports → job-report (issue 29): job reports of a month, one row per employee with the categories as columns (the
 * reports and the hours of each, as the sales job recap lays them out; decision 0208) and the employee's totals; a
 * chart of the hours by category. The shell: ./MonthReport.tsx.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';

type Report = Schemas['JobReport'];
type Row = Report['rows'][number];
type Category = Report['categories'][number];

export default function JobReport(screen: ScreenProps) {
  const { t } = useTranslation();
  // The columns come with the report: its categories.
  const [categories, setCategories] = useState<readonly Category[]>([]);
  const onLoad = useCallback((report: Report) => setCategories(report.categories), []);
  const columns = useMemo<ReportColumn<Row, Report>[]>(() => {
    const categoryName = (category: Category) => category.name ?? t('monthReports.job.noCategory');
    return [
      {
        id: 'employee',
        header: t('monthReports.employee'),
        value: (row) => employeeCell(row),
        total: (report) => t('monthReports.totalEmployees', { count: report.totals.employees }),
        pinned: 'left',
        width: 250,
      },
      {
        id: 'department',
        header: t('monthReports.department'),
        value: (row) => row.department ?? '',
        width: 150,
      },
      {
        id: 'location',
        header: t('monthReports.location'),
        value: (row) => row.location ?? '',
        width: 150,
      },
      ...categories.flatMap((category, i): ReportColumn<Row, Report>[] => [
        {
          id: `${category._id ?? 'none'}:reports`,
          header: `${categoryName(category)} · ${t('monthReports.job.reports')}`,
          value: (row) => row.category_reports[i] ?? 0,
          total: (report) => report.categories[i]?.reports ?? 0,
          kind: 'count',
          width: 150,
        },
        {
          id: `${category._id ?? 'none'}:hours`,
          header: `${categoryName(category)} · ${t('monthReports.job.hours')}`,
          value: (row) => row.category_hours[i] ?? 0,
          total: (report) => report.categories[i]?.hours ?? 0,
          kind: 'count',
          width: 150,
        },
      ]),
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
    ];
  }, [t, categories]);
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/job-report"
      file="job-report"
      columns={columns}
      onLoad={onLoad}
      empty={t('monthReports.job.empty')}
      label={t('monthReports.job.list')}
      chart={(report) => ({
        title: t('monthReports.job.chart'),
        data: report.categories.map((category) => ({
          label: category.name ?? t('monthReports.job.noCategory'),
          hours: category.hours,
          reports: category.reports,
        })),
        series: [
          { key: 'hours', name: t('monthReports.job.hours') },
          { key: 'reports', name: t('monthReports.job.reports') },
        ],
      })}
    />
  );
}
