/**
 * Developer area → finances → man-fee → annual report (issue 15, decision 0073): a year's fee per company and month
 * from the completed monthly runs, each company's total and total bruto, a totals row, and an xlsx export (toolbar or
 * palette). A month without a completed run shows a dash.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas } from '../../api/client.ts';
import { yearPeriod } from '../../components/MonthPicker.tsx';
import { type ReportExport, ReportScreen } from '../../reports/ReportScreen.tsx';
import type { ReportColumn } from '../../reports/table.ts';
import type { ScreenProps } from '../types.ts';
import { brutoColumn, companyColumn, downloadReport, feeColumn } from './manFee.ts';

type Report = Schemas['ManFeeAnnual'];
type Row = Schemas['ManFeeAnnualRow'];
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

const load = async (year: number) =>
  (await call(api.GET('/v1/dev/man-fee/annual', { params: { query: { year } } }))).data;

export default function ManFeeAnnual(screen: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(screen.entry.titleKey);
  const columns = useMemo<ReportColumn<Row, Report>[]>(() => {
    // Month names follow the language.
    const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
    return [
      companyColumn(t, (report) => report.rows.length),
      ...MONTHS.map(
        (month): ReportColumn<Row, Report> => ({
          id: `m${month}`,
          header: monthName.format(new Date(Date.UTC(2024, month - 1, 1))),
          value: (row) => row.months[month - 1] ?? null,
          total: (report) => report.totals.months[month - 1] ?? null,
          kind: 'money',
          width: 150,
        }),
      ),
      brutoColumn(t, { width: 170 }),
      feeColumn(t('manFee.feeYear')),
    ];
  }, [t, i18n.language]);
  const exports: ReportExport<Report, number>[] = [
    {
      id: 'man-fee:annual-xlsx',
      label: 'manFee.exportXlsx',
      keywords: ['man fee', 'xlsx', 'excel', 'export', 'annual', 'tahunan'],
      run: (report) => downloadReport(t, title, String(report.year), columns, report),
    },
  ];
  return (
    <ReportScreen
      {...screen}
      period={yearPeriod}
      load={load}
      columns={columns}
      exports={exports}
      empty={t('manFee.emptyYear')}
    />
  );
}
