/**
 * reports → daily-payroll-report (issue 29): the month's completed daily payrolls, one row per worker and payroll:
 * days worked, wages, incentives, deductions, gross, PPh 21 and take-home pay (the totals equal the daily payrolls'
 * totals, tests/server/reports); a chart of each payroll's wages and incentives. The reply lists the payrolls once and
 * each row names its payroll by id (decision 0209). Opens on this month: daily payrolls are weekly, so the current
 * month already has completed ones. The shell: ./MonthReport.tsx.
 */
import type { ParseKeys } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { employeeCell, MonthReport } from './MonthReport.tsx';
import { sumBy } from './sums.ts';

type Report = Schemas['DailyPayrollReport'];
type Row = Report['rows'][number];
type Figure = 'wages' | 'incentives' | 'deductions' | 'bruto' | 'pph21' | 'thp';
const figures = ['wages', 'incentives', 'deductions', 'bruto', 'pph21', 'thp'] as const satisfies readonly Figure[];
const figureLabels = {
  wages: 'monthReports.daily.wages',
  incentives: 'monthReports.daily.incentives',
  deductions: 'monthReports.daily.deductions',
  bruto: 'monthReports.daily.bruto',
  pph21: 'monthReports.daily.pph21',
  thp: 'monthReports.daily.thp',
} as const satisfies Record<Figure, ParseKeys>;

const titlesOf = (report: Report): ReadonlyMap<string, string> =>
  new Map(report.payrolls.map((payroll) => [payroll._id, payroll.title]));

export default function DailyPayrollReport(screen: ScreenProps) {
  const { t } = useTranslation();
  // The payrolls' titles, by id: the rows name their payroll by id.
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const onLoad = useCallback((report: Report) => setTitles(titlesOf(report)), []);
  const columns = useMemo<ReportColumn<Row, Report>[]>(
    () => [
      {
        id: 'payroll',
        header: t('monthReports.daily.payroll'),
        value: (row) => titles.get(row.payroll) ?? '',
        total: (report) => t('monthReports.daily.totalPayrolls', { count: report.totals.payrolls }),
        pinned: 'left',
        width: 200,
      },
      {
        id: 'employee',
        header: t('monthReports.daily.worker'),
        value: (row) => employeeCell(row),
        total: (report) => t('monthReports.daily.totalWorkers', { count: report.totals.workers }),
        width: 230,
      },
      { id: 'department', header: t('monthReports.department'), value: (row) => row.department ?? '', width: 140 },
      { id: 'location', header: t('monthReports.location'), value: (row) => row.location ?? '', width: 140 },
      {
        id: 'days',
        header: t('monthReports.daily.days'),
        value: (row) => row.days,
        total: (report) => report.totals.days,
        kind: 'count',
        width: 80,
      },
      ...figures.map(
        (figure): ReportColumn<Row, Report> => ({
          id: figure,
          header: t(figureLabels[figure]),
          value: (row) => row[figure],
          total: (report) => report.totals[figure],
          kind: 'money',
          width: 140,
        }),
      ),
    ],
    [t, titles],
  );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/daily-payroll-report"
      file="daily-payroll-report"
      columns={columns}
      opensOn="current"
      onLoad={onLoad}
      empty={t('monthReports.daily.empty')}
      label={t('monthReports.daily.list')}
      pending={(count) => t('monthReports.daily.pending', { count })}
      chart={(report) => {
        const title = titlesOf(report);
        return {
          title: t('monthReports.daily.chart'),
          data: sumBy(report.rows, (row) => title.get(row.payroll) ?? '', {
            wages: (row) => row.wages,
            incentives: (row) => row.incentives,
          }),
          series: [
            { key: 'wages', name: t('monthReports.daily.wages') },
            { key: 'incentives', name: t('monthReports.daily.incentives') },
          ],
          stacked: true,
          money: true,
        };
      }}
    />
  );
}
