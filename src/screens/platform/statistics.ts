/**
 * The developer's platform figures (issue 26): loading the employee statistics, month labels in the page's language,
 * the default span (the last twelve months) and the one xlsx export every platform screen uses (a title row, the
 * header, the rows and a totals row as the screen shows them; numbers stay numbers).
 */
import type { TFunction } from 'i18next';
import { jakartaToday } from '../../../common/employment.ts';
import { api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';
import { downloadWorkbook, fileDate } from '../../grids/export.ts';
import { toast } from '../../overlays/progress.ts';

export type EmployeeMonth = Awaited<ReturnType<typeof loadEmployeeMonths>>[number];

export async function loadEmployeeMonths(from: string, to: string, companies: readonly string[] = []) {
  const query = { from, to, ...(companies.length ? { company: [...companies] } : {}) };
  // The screen shows a refused span beside "To": no toast as well.
  return (
    await call(api.GET('/v1/dev/statistics/employees', { params: { query }, headers: { [INLINE_ERRORS_HEADER]: '1' } }))
  ).data;
}

/** 'YYYY-MM' of the month `back` months before this one (Asia/Jakarta). */
export function monthBefore(back: number, today = jakartaToday()): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const monthLabel = (month: string, language: string) =>
  new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : language === 'id' ? 'id-ID' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

/** Downloads `<name>-<date>.xlsx`: the title, a blank row, the header, the rows and (when given) the totals row. */
export async function downloadTable(
  t: TFunction,
  name: string,
  title: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  totals?: readonly (string | number)[],
): Promise<void> {
  const XLSX = await import('xlsx');
  const file = `${name}-${fileDate()}.xlsx`;
  const sheet = XLSX.utils.aoa_to_sheet([
    [title],
    [],
    [...header],
    ...rows.map((row) => [...row]),
    ...(totals ? [[...totals]] : []),
  ]);
  sheet['!cols'] = header.map((_, index) => ({ wch: index === 0 ? 28 : 16 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name.slice(0, 31));
  downloadWorkbook(XLSX, book, file);
  toast(t('export.done', { count: rows.length, file }), 'success');
}
