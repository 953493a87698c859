/**
 * reports → man-power (issue 29): headcount at a month's end by department, location and employment status, with the
 * month's joiners and leavers, and a chart of the twelve months ending with it. Shown only to the company whose
 * `man_power_report` setting is on (spec 6; common/menu.ts). The shell: ./MonthReport.tsx.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../api/client.ts';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { MonthReport } from './MonthReport.tsx';

type Report = Schemas['ManPowerReport'];
type Row = Report['rows'][number];
type Status = 'not_set' | 'pkwtt' | 'pkwt' | 'probation' | 'intern' | 'freelance' | 'regular';

export default function ManPower(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<ReportColumn<Row, Report>[]>(
    () => [
      {
        id: 'department',
        header: t('monthReports.department'),
        value: (row) => row.department?.name ?? t('monthReports.none'),
        total: () => t('monthReports.total'),
        pinned: 'left',
        flex: 1.2,
        minWidth: 180,
      },
      {
        id: 'location',
        header: t('monthReports.location'),
        value: (row) => row.location?.name ?? t('monthReports.none'),
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'status',
        header: t('monthReports.manPower.status'),
        value: (row) => t(`enums.employment_status.${row.status as Status}`),
        flex: 1,
        minWidth: 140,
      },
      {
        id: 'headcount',
        header: t('monthReports.manPower.headcount'),
        value: (row) => row.headcount,
        total: (report) => report.totals.headcount,
        kind: 'count',
        width: 120,
      },
      {
        id: 'joiners',
        header: t('monthReports.manPower.joiners'),
        value: (row) => row.joiners,
        total: (report) => report.totals.joiners,
        kind: 'count',
        width: 110,
      },
      {
        id: 'leavers',
        header: t('monthReports.manPower.leavers'),
        value: (row) => row.leavers,
        total: (report) => report.totals.leavers,
        kind: 'count',
        width: 110,
      },
    ],
    [t],
  );
  const label = (year: number, month: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    );
  return (
    <MonthReport<Row, Report>
      screen={screen}
      path="/v1/reports/man-power"
      file="man-power"
      columns={columns}
      empty={t('monthReports.manPower.empty')}
      label={t('monthReports.manPower.list')}
      chart={(report) => ({
        title: t('monthReports.manPower.chart'),
        data: report.months.map((m) => ({
          label: label(m.year, m.month),
          headcount: m.headcount,
          joiners: m.joiners,
          leavers: m.leavers,
        })),
        series: [
          { key: 'headcount', name: t('monthReports.manPower.headcount') },
          { key: 'joiners', name: t('monthReports.manPower.joiners'), kind: 'line' },
          { key: 'leavers', name: t('monthReports.manPower.leavers'), kind: 'line' },
        ],
      })}
    />
  );
}
