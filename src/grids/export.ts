/**
 * Export of a grid's current view to .xlsx or .csv, and the spreadsheet cells shared with the import template.
 *
 * Cells, by kind (`exportCells`, one row per kind):
 *   - number, money, percent: numeric cells. Money is whole rupiah shown as 'Rp 5.000.000' by the cell's number
 *     format; a percentage is the stored number (12.5 for 12.5%) shown with a '%' sign, never 0.125.
 *   - date: a real date cell (yyyy-mm-dd) in .xlsx, so Excel sorts and filters it; 'YYYY-MM-DD' text in .csv. A
 *     timestamp is its day in Asia/Jakarta. Time: a real time cell (hh:mm) in .xlsx, 'HH:mm' in .csv.
 *   - enum and boolean: the label in the current language; reference: the referenced record's label; file: its name.
 *   - text: as typed, neutralised against formula injection (`safeCell.ts`), like every other text cell.
 * Every value's text is `formatCell`'s, which `parseCell` reads back: an export imports again unchanged.
 *
 * SheetJS is loaded on first use (`import('xlsx')`), so the grid's own chunk does not carry it.
 */
import type { TFunction } from 'i18next';
import type { CellObject, WorkBook, WorkSheet } from 'xlsx';
import { toast } from '../overlays/progress.ts';
import { cellValue, isBlank, kinds } from './kinds.ts';
import { fieldLabel, resourceTitle } from './labels.ts';
import { formatCell } from './parse.ts';
import { neutraliseFormula } from './safeCell.ts';
import type { AnyColumn, AnyGridSpec, ColumnKind } from './types.ts';

export type Xlsx = typeof import('xlsx');
export type ExportFormat = 'xlsx' | 'csv';
type Row = Record<string, unknown>;

/** Number formats of the .xlsx cells. */
export const numberFormats = {
  money: '"Rp "#,##0;-"Rp "#,##0',
  percent: 'General"%"',
  date: 'yyyy-mm-dd',
  time: 'hh:mm',
} as const;

const DAY_MS = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** 'YYYY-MM-DD' as an Excel serial day (1900 date system; every date after 1 March 1900). */
export const dateSerial = (date: string): number => {
  const [year, month, day] = date.split('-').map(Number);
  return (Date.UTC(year!, month! - 1, day!) - EXCEL_EPOCH) / DAY_MS;
};
/** 'HH:mm' as a fraction of a day. */
const timeSerial = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return (hours * 60 + minutes) / 1440;
};

const text = (value: string): CellObject => ({ t: 's', v: neutraliseFormula(value) });
const numeric = (value: number, format?: string): CellObject =>
  format ? { t: 'n', v: value, z: format } : { t: 'n', v: value };
const toNumber = (value: unknown): number | null => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};

interface CellInput {
  value: unknown;
  column: AnyColumn;
  t: TFunction;
  format: ExportFormat;
}

/** The formatted text as a (neutralised) text cell. */
const asText = ({ value, column, t }: CellInput) => text(formatCell(column, value, t));

/** A spreadsheet cell per kind, for a non-empty value. */
export const exportCells: Record<ColumnKind, (input: CellInput) => CellObject> = {
  text: asText,
  longText: asText,
  phone: asText,
  number: (input) => {
    const number = toNumber(input.value);
    return number === null ? asText(input) : numeric(number);
  },
  money: (input) => {
    const number = toNumber(input.value);
    if (number === null) return asText(input);
    return numeric(Math.round(number), input.format === 'xlsx' ? numberFormats.money : undefined);
  },
  percent: (input) => {
    const number = toNumber(input.value);
    if (number === null) return asText(input);
    return numeric(number, input.format === 'xlsx' ? numberFormats.percent : undefined);
  },
  date: (input) => {
    const day = formatCell(input.column, input.value, input.t);
    if (input.format === 'csv' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return text(day);
    return numeric(dateSerial(day), numberFormats.date);
  },
  time: (input) => {
    const time = formatCell(input.column, input.value, input.t);
    if (input.format === 'csv' || !/^\d{2}:\d{2}$/.test(time)) return text(time);
    return numeric(timeSerial(time), numberFormats.time);
  },
  enum: asText,
  enumList: asText,
  boolean: asText,
  reference: asText,
  file: asText,
  computed: (input) => (typeof input.value === 'number' ? numeric(input.value) : asText(input)),
};

/** One cell of the sheet, or null for an empty value. */
export function exportCell(column: AnyColumn, value: unknown, t: TFunction, format: ExportFormat): CellObject | null {
  return isBlank(value) ? null : exportCells[column.kind]({ value, column, t, format });
}

/** A row's value in a column: the computed value for computed columns. */

/** Column widths in characters, from the grid's pixel widths. */
export const columnWidths = (columns: readonly AnyColumn[]) =>
  columns.map((column) => ({ wch: Math.max(8, Math.round((column.width ?? kinds[column.kind].width) / 8)) }));

/** A sheet of `rows`: translated headers, then one row per record, with an autofilter on the headers. */
export function exportSheet(
  XLSX: Xlsx,
  spec: AnyGridSpec,
  rows: readonly Row[],
  columns: readonly AnyColumn[],
  t: TFunction,
  format: ExportFormat = 'xlsx',
): WorkSheet {
  const header = columns.map((column) => text(fieldLabel(t, spec, column.field)));
  const body = rows.map((row) => columns.map((column) => exportCell(column, cellValue(column, row), t, format)));
  const sheet = XLSX.utils.aoa_to_sheet([header, ...body], { dense: true });
  sheet['!cols'] = columnWidths(columns);
  if (columns.length) {
    sheet['!autofilter'] = {
      ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: columns.length - 1 } }),
    };
  }
  return sheet;
}

/** CSV text of a sheet, with a UTF-8 byte order mark so Excel reads accents and Chinese right. */
export const csvText = (XLSX: Xlsx, sheet: WorkSheet): string =>
  `\uFEFF${XLSX.utils.sheet_to_csv(sheet, { rawNumbers: true, blankrows: true })}`;

/** Today in Asia/Jakarta as 'YYYYMMDD'. */
export const fileDate = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .replaceAll('-', '');

/** Saves a Blob as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Writes a workbook as a download (.xlsx, compressed). */
export const downloadWorkbook = (XLSX: Xlsx, book: WorkBook, fileName: string): void =>
  XLSX.writeFile(book, fileName, { bookType: 'xlsx', compression: true });

/**
 * Downloads `rows` (the current view: the caller passes them filtered and sorted) with `columns` (the visible
 * columns in view order) as `<resource>-YYYYMMDD.xlsx` or `.csv`.
 */
export async function exportRows(
  spec: AnyGridSpec,
  rows: readonly Row[],
  columns: readonly AnyColumn[],
  format: ExportFormat,
  t: TFunction,
): Promise<void> {
  const XLSX = await import('xlsx');
  const sheet = exportSheet(XLSX, spec, rows, columns, t, format);
  const fileName = `${spec.resource}-${fileDate()}.${format}`;
  if (format === 'csv') {
    downloadBlob(new Blob([csvText(XLSX, sheet)], { type: 'text/csv;charset=utf-8' }), fileName);
  } else {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, sheetName(resourceTitle(t, spec), spec.resource));
    downloadWorkbook(XLSX, book, fileName);
  }
  toast(t('export.done', { count: rows.length, file: fileName }), 'success');
}

/** A valid sheet name: at most 31 characters, none of []:*?/\ . */
export function sheetName(name: string, fallback = 'Sheet1'): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return clean || fallback;
}
