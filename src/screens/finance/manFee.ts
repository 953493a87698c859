/** The man-fee reports' shared pieces (decision 0073): the fee rule in words and the xlsx export. */
import type { TFunction } from 'i18next';
import type { Schemas } from '../../api/client.ts';
import { formatRupiah } from '../../format.ts';
import { downloadWorkbook } from '../../grids/export.ts';

export type MonthlyRow = Schemas['ManFeeMonthlyRow'];

/** "2.5 % of bruto" or "Rp 50.000 per employee"; "no rule" when the month had none. */
export function ruleText(t: TFunction, row: Pick<MonthlyRow, 'method' | 'percentage' | 'amount_per_employee'>): string {
  if (row.method === 'percentage') return t('manFee.percentOf', { rate: row.percentage ?? 0 });
  if (row.method === 'per_employee')
    return t('manFee.perEmployee', { amount: formatRupiah(row.amount_per_employee ?? 0) });
  return t('manFee.noRule');
}

/** Downloads a report as one sheet: a title row, the header row, the rows and the totals row (numbers stay numbers). */
export async function downloadReport(
  fileName: string,
  title: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  totals: readonly (string | number | null)[],
): Promise<void> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([[title], [], [...header], ...rows.map((row) => [...row]), [...totals]]);
  sheet['!cols'] = header.map((_, index) => ({ wch: index === 0 ? 32 : 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Man fee');
  downloadWorkbook(XLSX, book, fileName);
}
