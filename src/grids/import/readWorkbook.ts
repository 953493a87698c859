/**
 * The import worker's work as plain functions (the worker only passes messages): recognise the file, refuse a zip
 * bomb before parsing, parse with SheetJS, and turn a sheet into rows of cells the preview can map. Runs in the
 * worker in the browser and directly in tests.
 */
import { read, type WorkBook, type WorkSheet } from 'xlsx';
import type { Cell, ReadErrorCode, SheetRows } from './protocol.ts';
import { defaultZipLimits, inspectZip, looksLikeZip, verifyZip, ZipError, type ZipLimits } from './zip.ts';

export interface ReadLimits extends ZipLimits {
  /** The file itself (the dialog refuses bigger files before reading them). */
  maxFileBytes: number;
  /** Rows kept per sheet: the bulk endpoint's 10,000 plus room for title and header rows. */
  maxRows: number;
  /** Columns kept per row. */
  maxColumns: number;
}

export const MAX_IMPORT_ROWS = 10_000;

export const defaultReadLimits: ReadLimits = {
  ...defaultZipLimits,
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: MAX_IMPORT_ROWS + 50,
  maxColumns: 500,
};

export class ReadError extends Error {
  readonly code: ReadErrorCode;
  constructor(code: ReadErrorCode, detail: string = code) {
    super(detail);
    this.name = 'ReadError';
    this.code = code;
  }
}

export type FileFormat = 'zip' | 'cfb' | 'markup' | 'text';

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const TEXT_NAME = /\.(csv|tsv|txt)$/i;

/**
 * What the bytes are: a zip (.xlsx), a compound file (.xls, or a password-protected .xlsx), markup (an .xls that is
 * really an HTML or XML table, as many payroll and bank systems write) or delimited text (.csv, or an .xls that is
 * really tab-separated text). Null: none of these.
 */
export function sniffFormat(bytes: Uint8Array, fileName: string): FileFormat | null {
  if (looksLikeZip(bytes)) return 'zip';
  if (CFB_MAGIC.every((byte, i) => bytes[i] === byte)) return 'cfb';
  if (TEXT_NAME.test(fileName)) return 'text';
  if (/\.xls$/i.test(fileName)) {
    const head = bytes.subarray(0, 4096);
    if (/^\s*</.test(new TextDecoder().decode(head.subarray(0, 512)).replace(/^\uFEFF/, ''))) return 'markup';
    // Some systems save tab-separated text as '.xls'; text has no NUL bytes (unless it is UTF-16, with its BOM).
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (utf16 || !head.includes(0)) return 'text';
  }
  return null;
}

/** Text in UTF-8 (with or without BOM), UTF-16 (Excel's 'Unicode text'), or else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Occurrences of `delimiter` in a line, outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

const DELIMITERS = ['\t', ';', ','] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter of a CSV: the one found the same number of times (at least once) on the most of the first lines.
 * Ties go to tab, then ';' (Indonesian Excel writes ';' because ',' is its decimal mark: '1.234,56'), then ','.
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  let best: { delimiter: Delimiter; lines: number; count: number } = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const tally = new Map<number, number>();
    for (const count of counts) if (count > 0) tally.set(count, (tally.get(count) ?? 0) + 1);
    for (const [count, times] of tally) {
      if (times > best.lines || (times === best.lines && count > best.count)) best = { delimiter, lines: times, count };
    }
  }
  return best.delimiter;
}

/** How a number format shows a number: as a date, a time, both, a percentage, or plainly (null). */
export function formatKind(format: unknown): 'date' | 'time' | 'datetime' | 'percent' | null {
  if (typeof format === 'number') {
    if (format === 9 || format === 10) return 'percent';
    if (format >= 14 && format <= 17) return 'date';
    if ((format >= 18 && format <= 21) || (format >= 45 && format <= 47)) return 'time';
    if (format === 22) return 'datetime';
    return null;
  }
  if (typeof format !== 'string' || /^general$/i.test(format)) return null;
  const section = format
    .replace(/"[^"]*"/g, '') // literal text
    .replace(/\\./g, '') // escaped characters
    .replace(/[_*]./g, '') // padding
    .replace(/\[(h+|m+|s+)\]/gi, '$1') // elapsed time keeps its letter
    .replace(/\[[^\]]*\]/g, '') // colours, conditions, locales
    .split(';')[0]!
    .toLowerCase();
  if (section.includes('%')) return 'percent';
  const time = /[hs]/.test(section) || /am\/pm|a\/p/.test(section);
  const date = /[yd]/.test(section) || (!time && section.includes('m'));
  if (date && time) return 'datetime';
  if (date) return 'date';
  if (time) return 'time';
  return null;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** An Excel serial as 'YYYY-MM-DD' and 'HH:mm' (':ss' when set), in the 1900 or the 1904 date system. */
export function serialToIso(serial: number, date1904 = false): { date: string; time: string } {
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * 86_400);
  if (seconds >= 86_400) {
    days += 1;
    seconds -= 86_400;
  }
  if (date1904) days += 1462;
  // The 1900 system counts a 29 February 1900 that never was: serials before it are one day late.
  else if (days < 60) days += 1;
  const date = new Date(Date.UTC(1899, 11, 30) + days * DAY_MS).toISOString().slice(0, 10);
  const hh = pad(Math.floor(seconds / 3600));
  const mm = pad(Math.floor((seconds % 3600) / 60));
  const ss = seconds % 60;
  return { date, time: ss ? `${hh}:${mm}:${pad(ss)}` : `${hh}:${mm}` };
}

/** A number without binary noise: 0.1 + 0.2 → 0.3. */
const cleanNumber = (value: number) => (Number.isInteger(value) ? value : Number(value.toPrecision(15)));

interface SheetCell {
  t?: string;
  v?: unknown;
  w?: string;
  z?: unknown;
}

/** One SheetJS cell as a preview cell (see `Cell`). */
export function cellValue(cell: SheetCell | undefined, date1904 = false): Cell {
  if (!cell) return null;
  switch (cell.t) {
    case 's': {
      const text = String(cell.v ?? '');
      return text.trim() === '' ? null : text;
    }
    case 'b':
      return Boolean(cell.v);
    case 'n': {
      const value = Number(cell.v);
      if (!Number.isFinite(value)) return null;
      const kind = formatKind(cell.z);
      if (kind === 'percent') return `${cleanNumber(value * 100)}%`;
      if (kind === null) return cleanNumber(value);
      const { date, time } = serialToIso(value, date1904);
      if (kind === 'time' && value < 1) return time;
      if (kind === 'date' || Number.isInteger(value)) return date;
      return `${date}T${time}`;
    }
    case 'd': {
      const value = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
    }
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return null;
  }
}

export interface OpenedBook {
  workbook: WorkBook;
  /** Visible work sheets, in order. */
  sheets: string[];
  date1904: boolean;
  limits: ReadLimits;
}

export interface ReadOptions {
  fileName: string;
  limits?: Partial<ReadLimits>;
  /** 0–100. */
  onProgress?: (percent: number) => void;
}

/** Checks and parses the file; throws `ReadError`. */
export function openWorkbook(buffer: ArrayBuffer | Uint8Array, options: ReadOptions): OpenedBook {
  const limits = { ...defaultReadLimits, ...options.limits };
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const progress = options.onProgress ?? (() => {});
  if (bytes.length === 0) throw new ReadError('empty');
  if (bytes.length > limits.maxFileBytes) throw new ReadError('too_large', 'file');
  const format = sniffFormat(bytes, options.fileName);
  if (!format) throw new ReadError('not_spreadsheet', 'unknown format');
  progress(5);

  if (format === 'zip') {
    try {
      verifyZip(bytes, inspectZip(bytes, limits), limits, (fraction) => progress(5 + fraction * 35));
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      throw new ReadError(
        error.problem === 'too_large' ? 'too_large' : error.problem === 'encrypted' ? 'encrypted' : 'not_spreadsheet',
        error.message,
      );
    }
  }
  progress(40);

  const common = { dense: true, cellDates: false, cellNF: true, cellHTML: false, sheetRows: limits.maxRows + 1 };
  let workbook: WorkBook;
  try {
    if (format === 'text') {
      const text = decodeText(bytes);
      if (text.trim() === '') throw new ReadError('empty');
      // raw: every cell stays the text it is ('007' keeps its zeros, '01/02/2025' is not guessed as a US date).
      workbook = read(text, { ...common, type: 'string', raw: true, FS: detectDelimiter(text) });
    } else {
      workbook = read(bytes, { ...common, type: 'array' });
    }
  } catch (error) {
    if (error instanceof ReadError) throw error;
    const message = String((error as Error)?.message ?? error);
    throw new ReadError(/password|encrypt/i.test(message) ? 'encrypted' : 'not_spreadsheet', message);
  }
  progress(90);

  const hidden = new Set(
    (workbook.Workbook?.Sheets ?? []).filter((sheet) => sheet.Hidden).map((sheet) => sheet.name ?? ''),
  );
  const sheets = workbook.SheetNames.filter(
    (name) => !hidden.has(name) && workbook.Sheets[name] && workbook.Sheets[name]['!type'] !== 'chart',
  );
  if (!sheets.length) throw new ReadError('empty');
  return { workbook, sheets, date1904: Boolean(workbook.Workbook?.WBProps?.date1904), limits };
}

/** A sheet's rows: merged cells filled, trailing empty cells and rows dropped, at most `maxRows` rows. */
export function readSheet(book: OpenedBook, name: string): { rows: Cell[][]; truncated: boolean } {
  const sheet: WorkSheet | undefined = book.workbook.Sheets[name];
  if (!sheet) return { rows: [], truncated: false };
  const { maxRows, maxColumns } = book.limits;
  const data: (SheetCell | undefined)[][] = sheet['!data'] ?? [];
  const height = Math.min(data.length, maxRows + 1);
  const rows: Cell[][] = [];
  for (let r = 0; r < height; r++) {
    const source = data[r] ?? [];
    const width = Math.min(source.length, maxColumns);
    const row: Cell[] = new Array(width).fill(null);
    for (let c = 0; c < width; c++) row[c] = cellValue(source[c], book.date1904);
    rows.push(row);
  }
  for (const merge of sheet['!merges'] ?? []) {
    const value = rows[merge.s.r]?.[merge.s.c] ?? null;
    if (value === null) continue;
    for (let r = merge.s.r; r <= Math.min(merge.e.r, rows.length - 1); r++) {
      const row = rows[r]!;
      for (let c = merge.s.c; c <= Math.min(merge.e.c, maxColumns - 1); c++) {
        while (row.length <= c) row.push(null);
        if (row[c] === null) row[c] = value;
      }
    }
  }
  for (const row of rows) while (row.length && row.at(-1) === null) row.pop();
  while (rows.length && rows.at(-1)!.length === 0) rows.pop();
  const truncated = rows.length > maxRows;
  return { rows: truncated ? rows.slice(0, maxRows) : rows, truncated };
}

/**
 * Opens the file and reads one sheet: the one named, else the first visible sheet with any cell. Throws
 * `ReadError` ('empty' when no sheet has a cell).
 */
export function parseWorkbook(buffer: ArrayBuffer | Uint8Array, options: ReadOptions & { sheet?: string }): SheetRows {
  const book = openWorkbook(buffer, options);
  return sheetOf(book, options.sheet);
}

/** The rows of `sheet`, or of the first visible sheet that has any. */
export function sheetOf(book: OpenedBook, sheet?: string): SheetRows {
  const names = sheet && book.sheets.includes(sheet) ? [sheet] : book.sheets;
  for (const name of names) {
    const { rows, truncated } = readSheet(book, name);
    if (rows.length || name === sheet) return { sheets: book.sheets, sheet: name, rows, truncated };
  }
  throw new ReadError('empty');
}
