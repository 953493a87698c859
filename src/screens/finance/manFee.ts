/**
 * The man-fee reports' shared pieces (decision 0073): the fee rule in words, the company column and the xlsx export
 * (ManFeeMonthly.tsx and ManFeeAnnual.tsx, both on the report shell, ../reports/ReportScreen.tsx).
 */
import type { TFunction } from 'i18next';
import type { Schemas } from '../../api/client.ts';
import { formatRupiah } from '../../format.ts';
import { downloadWorkbook } from '../../grids/export.ts';
import { toast } from '../../overlays/progress.ts';
import { type ReportColumn, type ReportRows, reportTable } from '../../reports/table.ts';

export type MonthlyRow = Schemas['ManFeeMonthlyRow'];

/** "2.5 % of bruto" or "Rp 50.000 per employee"; "no rule" when the month had none. */
export function ruleText(t: TFunction, row: Pick<MonthlyRow, 'method' | 'percentage' | 'amount_per_employee'>): string {
  if (row.method === 'percentage') return t('manFee.percentOf', { rate: row.percentage ?? 0 });
  if (row.method === 'per_employee')
    return t('manFee.perEmployee', { amount: formatRupiah(row.amount_per_employee ?? 0) });
  return t('manFee.noRule');
}

type FeeRow = { company: MonthlyRow['company']; total_bruto: number; fee: number };
type FeeReport = { totals: { bruto: number; fee: number } };

/** Both reports' first column: "name (code)", and "Total (n companies)" on the totals row. */
export function companyColumn<Row extends FeeRow, Report extends FeeReport>(
  t: TFunction,
  companies: (report: Report) => number,
): ReportColumn<Row, Report> {
  return {
    id: 'company',
    header: t('manFee.company'),
    value: (row) => `${row.company.name} (${row.company.code})`,
    total: (report) => t('manFee.total', { count: companies(report) }),
    pinned: 'left',
    width: 230,
  };
}

/** Both reports' total bruto: the company's, and all companies' on the totals row. */
export function brutoColumn<Row extends FeeRow, Report extends FeeReport>(
  t: TFunction,
  layout: Pick<ReportColumn<Row, Report>, 'width' | 'flex' | 'minWidth'>,
): ReportColumn<Row, Report> {
  const value = (row: Row) => row.total_bruto;
  return {
    id: 'bruto',
    header: t('manFee.bruto'),
    value,
    total: (report) => report.totals.bruto,
    kind: 'money',
    ...layout,
  };
}

/** Both reports' last column, pinned right: the fee (of the month or the year). */
export function feeColumn<Row extends FeeRow, Report extends FeeReport>(header: string): ReportColumn<Row, Report> {
  const value = (row: Row) => row.fee;
  return { id: 'fee', header, value, total: (report) => report.totals.fee, kind: 'money', width: 160, pinned: 'right' };
}

/**
 * Downloads a report as `man-fee-<period>.xlsx`, one sheet: a title row ("<title> <period>"), then what the screen
 * shows (the header row, the rows and the totals row; numbers stay numbers).
 */
export async function downloadReport<Row extends { _id: string }, Report extends ReportRows<Row>>(
  t: TFunction,
  title: string,
  period: string,
  columns: readonly ReportColumn<Row, Report>[],
  report: Report,
): Promise<void> {
  const XLSX = await import('xlsx');
  const file = `man-fee-${period}.xlsx`;
  const { header, rows, totals } = reportTable(columns, report);
  const sheet = XLSX.utils.aoa_to_sheet([[`${title} ${period}`], [], header, ...rows.map((row) => row.cells), totals]);
  sheet['!cols'] = header.map((_, index) => ({ wch: index === 0 ? 32 : 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Man fee');
  downloadWorkbook(XLSX, book, file);
  toast(t('export.done', { count: rows.length, file }), 'success');
}
