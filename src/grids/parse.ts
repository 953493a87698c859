/**
 * Cell text ↔ cell value, per column kind: what typed, pasted or imported text means (`parseCell`), the text a cell
 * copies and exports so that `parseCell` reads it back to the same value (`formatCell`), and what it shows
 * (`displayCell`). Every kind is a row of one table; nothing branches on the kind elsewhere.
 *
 * Numbers are read in Indonesian and English notation alike. The one ambiguous case, a single '.' or ',' with digits
 * on both sides, is read this way (number and money columns):
 *   - exactly three digits after it, and one to three digits before it that do not start with 0: a thousands
 *     separator ('5.000' and '5,000' are 5000, '123.456' is 123456);
 *   - anything else: the decimal mark ('2,5' and '2.5' are 2.5, '0.125' is 0.125, '1234.567' is 1234.567).
 * Percent columns always read a single separator as the decimal mark ('2,500%' is 2.5%).
 * With both marks present the last one is the decimal mark ('1.234,5' and '1,234.5' are 1234.5); a mark that appears
 * more than once groups thousands ('5.000.000'); groups must have three digits, anything else is refused.
 *
 * Dates are day-first ('03/04/2024' is 3 April), as in Indonesia; a month-first date is refused, never guessed.
 * Text stays text (leading zeros of phone, account, NIK and NPWP numbers kept); only the apostrophe that copy and
 * export put before a formula-like start ("'=x", see `safeCell.ts`) is taken off again.
 */
import type { TFunction } from 'i18next';
import { compactPhone, displayPhone, isPhone } from '../../common/contact.ts';
import { formatDate, formatRupiah } from '../format.ts';
import { fieldErrorText } from '../validation.ts';
import { lookupKey } from './lookupKey.ts';
import { restoreFormula } from './safeCell.ts';
import type { AnyColumn, CellError, CellErrorCode, ColumnKind, ParseContext, Parsed } from './types.ts';

// ---------------------------------------------------------------------------------------------------------------
// Error texts

/** Each error code's translation key (`grid.errors.<code>`). */
export const cellErrorKeys = {
  required: 'grid.errors.required',
  number: 'grid.errors.number',
  integer: 'grid.errors.integer',
  min: 'grid.errors.min',
  max: 'grid.errors.max',
  percent: 'grid.errors.percent',
  date: 'grid.errors.date',
  time: 'grid.errors.time',
  enum: 'grid.errors.enum',
  boolean: 'grid.errors.boolean',
  reference: 'grid.errors.reference',
  ambiguous: 'grid.errors.ambiguous',
  digits: 'grid.errors.digits',
  phone: 'grid.errors.phone',
  readOnly: 'grid.errors.readOnly',
  server: 'grid.errors.server',
} as const satisfies Record<CellErrorCode, `grid.errors.${CellErrorCode}`>;

/** The labels booleans copy and show as. */
export const booleanKeys = { yes: 'grid.boolean.yes', no: 'grid.boolean.no' } as const;

/**
 * A cell error in the user's language. Params: `min`/`max` (numbers, formatted for the language), `value` (the
 * refused text) and `count` (matches, for 'ambiguous'). A 'server' error shows its field error in words
 * (`fieldErrorText`), else the server's own message.
 */
export function cellErrorText(t: TFunction, error: CellError): string {
  // The server's field error in words (a pattern, a length…), as every form says it (`src/validation.ts`).
  if (error.code === 'server' && error.detail) return fieldErrorText(t, error.detail);
  if (error.code === 'server' && error.message) return error.message;
  return t(cellErrorKeys[error.code], { ...error.params });
}

const fail = (code: CellErrorCode, params?: CellError['params']): Parsed =>
  params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };
const ok = (value: unknown): Parsed => ({ ok: true, value });

// ---------------------------------------------------------------------------------------------------------------
// Numbers

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** 1–3 digits, then groups of three after `separator`. */
const grouped = (separator: '.' | ',' | ' ') =>
  new RegExp(`^\\d{1,3}(?:${separator === '.' ? '\\.' : separator}\\d{3})+$`);
const GROUPED = { '.': grouped('.'), ',': grouped(','), ' ': grouped(' ') };
const EXPONENT = /^\d+(?:\.\d+)?e[+-]?\d+$/i;
const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The unsigned number in `body` (digits and separators only), by the rules in the module comment; null when it is
 * not one. `single` says how a lone separator reads: 'auto' (thousands when followed by exactly three digits) or
 * 'decimal'.
 */
function readDigits(body: string, single: 'auto' | 'decimal'): number | null {
  if (EXPONENT.test(body)) return Number(body);
  // Spaces group thousands ('5 000 000'), never anything else.
  if (body.includes(' ')) {
    const [whole = '', fraction] = body.split(/(?=[.,]\d+$)/);
    if (!GROUPED[' '].test(whole)) return null;
    body = whole.replaceAll(' ', '') + (fraction ?? '');
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(body)) return null;
  const dots = count(body, '.');
  const commas = count(body, ',');
  if (dots === 0 && commas === 0) return Number(body);
  if (dots > 0 && commas > 0) {
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    const whole = body.slice(0, at);
    const fraction = body.slice(at + 1);
    if (count(body, decimal) !== 1 || !GROUPED[group].test(whole) || !/^\d+$/.test(fraction)) return null;
    return Number(`${whole.replaceAll(group, '')}.${fraction}`);
  }
  const separator = dots > 0 ? '.' : ',';
  if (dots + commas > 1) return GROUPED[separator].test(body) ? Number(body.replaceAll(separator, '')) : null;
  const [whole = '', fraction = ''] = body.split(separator);
  if (!/^\d+$/.test(fraction)) return null;
  if (single === 'auto' && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return Number(whole + fraction);
  return Number(`${whole || '0'}.${fraction}`);
}

const CURRENCY = /^(?:rp\.?|idr)\s*|\s*(?:rp\.?|idr)$/i;

/**
 * A signed number from cell text. Accepts a leading '-' or '+' (also U+2212 minus), accounting parentheses
 * ('(5.000)' is -5000), and, when asked, a currency mark ('Rp', 'Rp.', 'IDR', before or after, in or outside the sign
 * or parentheses: '-Rp 2.500' as `formatRupiah` writes it) or a trailing '%'.
 */
export function readNumber(
  text: string,
  options: { currency?: boolean; percent?: boolean; single: 'auto' | 'decimal' },
): number | null {
  let body = text.normalize('NFKC').replaceAll('\u2212', '-').replace(/\s+/g, ' ').trim();
  if (options.percent) body = body.replace(/\s*%$/, '');
  // 'Rp 5.000.000,-': the dash after the amount says "no cents".
  const strip = () => {
    if (options.currency)
      body = body
        .replace(CURRENCY, '')
        .replace(/[.,]-$/, '')
        .trim();
  };
  let negative = false;
  strip();
  const parenthesised = /^\((.*)\)$/.exec(body);
  if (parenthesised) {
    negative = true;
    body = parenthesised[1]!.trim();
    strip();
  }
  const sign = /^([-+])\s*/.exec(body);
  if (sign) {
    if (parenthesised) return null;
    negative = sign[1] === '-';
    body = body.slice(sign[0].length);
    strip();
  }
  const value = readDigits(body, options.single);
  if (value === null || !Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** The column's `min`/`max` error for a number (outside the column's bounds, or else its kind's), or null. */
function numberBounds(column: AnyColumn, value: number): CellError | null {
  const bounds = rules(column).bounds;
  const min = column.min ?? bounds?.min;
  const max = column.max ?? bounds?.max;
  if (min !== undefined && value < min) return { code: 'min', params: { min } };
  if (max !== undefined && value > max) return { code: 'max', params: { max } };
  return null;
}

const withinBounds = (column: AnyColumn, value: number): Parsed => {
  const error = numberBounds(column, value);
  return error ? { ok: false, error } : ok(value);
};

/**
 * A number as plain text that `parseCell` reads back: '.' decimal mark, no grouping. A value whose text would be
 * read as thousands ('123.456') gets a trailing zero ('123.4560'), which every spreadsheet reads as the same number.
 */
function plainNumber(value: number): string {
  const text = String(value);
  return /^-?[1-9]\d{0,2}\.\d{3}$/.test(text) ? `${text}0` : text;
}

const toNumber = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};

// ---------------------------------------------------------------------------------------------------------------
// Dates and times

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'YYYY-MM-DD' for a real calendar day (years 1000–9999), or null ('31/02/2024' is no day). */
function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Excel's two-digit years: 00–29 are 2000–2029, 30–99 are 1930–1999. */
const fullYear = (year: string) =>
  year.length === 4 ? Number(year) : Number(year) + (Number(year) < 30 ? 2000 : 1900);

/** Month names and abbreviations in English and Indonesian, lower case. */
const monthNames = new Map<string, number>(
  [
    ['january', 'jan', 'januari'],
    ['february', 'feb', 'februari', 'peb', 'pebruari'],
    ['march', 'mar', 'maret'],
    ['april', 'apr'],
    ['may', 'mei'],
    ['june', 'jun', 'juni'],
    ['july', 'jul', 'juli'],
    ['august', 'aug', 'agustus', 'agu', 'agt', 'ags'],
    ['september', 'sep', 'sept'],
    ['october', 'oct', 'oktober', 'okt'],
    ['november', 'nov', 'nop', 'nopember'],
    ['december', 'dec', 'desember', 'des'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/** Excel's last day, 9999-12-31. */
const MAX_SERIAL = 2_958_465;
const DAY_MS = 86_400_000;

/**
 * An Excel serial day (1900 date system) as 'YYYY-MM-DD'. Excel counts 1900-02-29, a day that never was (serial 60,
 * refused), so serials from 61 on are days since 1899-12-30 and serials 1–59 days since 1899-12-31.
 */
function excelSerialDate(serial: number): string | null {
  if (serial < 1 || serial > MAX_SERIAL || serial === 60) return null;
  const epoch = Date.UTC(1899, 11, serial < 60 ? 31 : 30);
  return new Date(epoch + serial * DAY_MS).toISOString().slice(0, 10);
}

/** A time of day after a date ('2024-01-31 08:30', '31/01/2024 8:30:00'): ignored, the column holds the day. */
const TIME_TAIL = '(?:[ t]\\d{1,2}[:.]\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)?';
const ISO_DATE = new RegExp(`^(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${TIME_TAIL}$`);
const DAY_FIRST = new RegExp(`^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})${TIME_TAIL}$`);
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const SERIAL = /^\d+(?:\.\d+)?$/;
/** A bare year is no day, though Excel would read 2024 as serial day 2024 (1905-07-16). */
const YEAR = /^(?:19|20)\d\d$/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]+([a-z]+)\.?[\s\-/.,]+(\d{4}|\d{2})$/;
const MONTH_NAME_DAY = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/;
const CHINESE = /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?$/;

/**
 * 'YYYY-MM-DD' from 'YYYY-MM-DD' (also with '/' or '.'), day-first 'D/M/YYYY', 'DD-MM-YYYY', 'DD.MM.YY', 'YYYYMMDD',
 * an Excel serial day (but not 1900–2099, which reads as a year), '1 Jan 2024', '1 Januari 2024', '1st Jan 24',
 * 'January 1, 2024' or '2024年1月1日'; or null.
 */
export function readDate(text: string): string | null {
  const s = text.normalize('NFKC').trim().toLowerCase();
  let match = ISO_DATE.exec(s);
  if (match) return calendarDate(Number(match[1]), Number(match[3]), Number(match[4]));
  match = DAY_FIRST.exec(s);
  if (match) return calendarDate(fullYear(match[4]!), Number(match[3]), Number(match[1]));
  match = COMPACT.exec(s);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (YEAR.test(s)) return null;
  if (SERIAL.test(s)) return excelSerialDate(Math.floor(Number(s)));
  match = DAY_MONTH_NAME.exec(s);
  if (match) {
    const month = monthNames.get(match[2]!);
    return month ? calendarDate(fullYear(match[3]!), month, Number(match[1])) : null;
  }
  match = MONTH_NAME_DAY.exec(s);
  if (match) {
    const month = monthNames.get(match[1]!);
    return month ? calendarDate(Number(match[3]), month, Number(match[2])) : null;
  }
  match = CHINESE.exec(s);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

const jakartaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A date value as 'YYYY-MM-DD': a plain date as it is, a timestamp as its day in Asia/Jakarta. */
function dateText(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (date && !Number.isNaN(date.getTime())) return jakartaDay.format(date);
  return String(value);
}

const AM_PM = /^(\d{1,2})(?:[:.](\d{2}))?(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/;
const CLOCK = /^(\d{1,2})[:.](\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_FRACTION = /^0?\.\d+$/;

const clock = (hours: number, minutes: number) =>
  hours <= 23 && minutes <= 59 ? `${pad(hours)}:${pad(minutes)}` : null;

/**
 * 'HH:mm' from 'HH:mm', 'H:mm', 'H.mm', 'HH:mm:ss' (seconds dropped), 'HHmm', a whole hour ('8'), '8:30 PM', or an
 * Excel day fraction ('0.5' is 12:00, rounded to the minute). A fraction is '0.' or '.' and digits; '00.25' is
 * 00:25, while '0.25' is the fraction, 06:00.
 */
export function readTime(text: string): string | null {
  const s = text.normalize('NFKC').trim().toLowerCase();
  if (DAY_FRACTION.test(s)) {
    const minutes = Math.round(Number(s) * 1440);
    return minutes < 1440 ? clock(Math.floor(minutes / 60), minutes % 60) : null;
  }
  let match = AM_PM.exec(s);
  if (match) {
    const hours = Number(match[1]);
    if (hours < 1 || hours > 12 || Number(match[3] ?? 0) > 59) return null;
    return clock((hours % 12) + (match[4] === 'p' ? 12 : 0), Number(match[2] ?? 0));
  }
  match = CLOCK.exec(s);
  if (match) return Number(match[3] ?? 0) > 59 ? null : clock(Number(match[1]), Number(match[2]));
  match = /^(\d{2})(\d{2})$/.exec(s);
  if (match) return clock(Number(match[1]), Number(match[2]));
  if (/^\d{1,2}$/.test(s)) return clock(Number(s), 0);
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Booleans, enums, references

/** Yes and no in English, Indonesian and Chinese, as spreadsheets and people write them (keys per `lookupKey`). */
const booleanWords = new Map<string, boolean>([
  ...['yes', 'y', 'true', 't', '1', 'ya', 'iya', 'benar', '是', '对', '真'].map((word) => [word, true] as const),
  ...['no', 'n', 'false', 'f', '0', 'tidak', 'tdk', 'salah', '否', '错', '假'].map((word) => [word, false] as const),
]);

/** An i18next `t` for keys built at run time (enum labels); the typed `t` only takes the keys of en.json. */
type LooseT = (key: string, options: { defaultValue: string }) => string;

function enumLabel(value: unknown, column: AnyColumn, t: TFunction): string {
  const text = String(value);
  return column.enum ? (t as unknown as LooseT)(`enums.${column.enum.key}.${text}`, { defaultValue: text }) : text;
}

function referenceLabel(value: unknown, column: AnyColumn): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const record = value as Record<string, unknown>;
  const spec = column.reference;
  const label = spec ? (record[spec.label] ?? (spec.code ? record[spec.code] : undefined)) : undefined;
  return String(label ?? record._id ?? '');
}

/** A reference cell's identity: the record's id, whether the cell holds the populated record or just its id. */
const referenceId = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { _id?: unknown })._id : value;

function fileLabel(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const file = value as Record<string, unknown>;
  return String(file.name ?? file.url ?? '');
}

// ---------------------------------------------------------------------------------------------------------------
// The table

interface KindRules {
  /** False: no text sets it (a file is uploaded, a computed value derived): parsing always says 'readOnly'. */
  pasteable: boolean;
  /** The value of non-blank text. */
  parse: (text: string, column: AnyColumn, ctx: ParseContext) => Parsed;
  /** The clipboard/CSV text of a non-empty value; `parse` reads it back to the same value. */
  format: (value: unknown, column: AnyColumn, t: TFunction) => string;
  /** The text a cell shows; `format` unless the kind shows more (currency, grouping, month names). */
  display?: (value: unknown, column: AnyColumn, t: TFunction, language: string) => string;
  /** Number kinds: `min`/`max` apply, these when the column sets none (a percentage is 0–100). */
  bounds?: { min?: number; max?: number };
  /** What two values are compared by: equal identities are the same value (an unchanged cell). */
  identity?: (value: unknown) => unknown;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function localNumber(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 10 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

const formatNumber = (value: unknown) => {
  const number = toNumber(value);
  return number === null ? String(value) : plainNumber(number);
};

const numeric = (value: unknown) => toNumber(value) ?? value;

const kinds = {
  text: {
    pasteable: true,
    parse: (text, column) => {
      const value = restoreFormula(text.trim());
      if (!column.digits) return ok(value);
      const digits = value.replace(/[\s.-]/g, '');
      return /^\d+$/.test(digits) ? ok(digits) : fail('digits');
    },
    format: (value) => String(value),
  },
  longText: {
    pasteable: true,
    parse: (text) => ok(restoreFormula(text)),
    format: (value) => String(value),
  },
  phone: {
    pasteable: true,
    // Kept as digits with an optional leading + (the server's rule): '0812-3456 7890' is '081234567890'.
    parse: (text) => {
      const compact = compactPhone(restoreFormula(text.trim()));
      return isPhone(compact) ? ok(compact) : fail('phone');
    },
    format: (value) => String(value),
    display: (value) => displayPhone(String(value)),
    identity: (value) => compactPhone(String(value)),
  },
  number: {
    pasteable: true,
    bounds: {},
    parse: (text, column) => {
      const value = readNumber(text, { single: 'auto' });
      return value === null ? fail('number') : withinBounds(column, value);
    },
    format: formatNumber,
    display: (value, column, _t, language) => {
      const number = toNumber(value);
      if (number === null) return String(value);
      return column.grouping === false ? String(number) : localNumber(number, language);
    },
    identity: numeric,
  },
  money: {
    pasteable: true,
    bounds: {},
    parse: (text, column) => {
      const value = readNumber(text, { currency: true, single: 'auto' });
      if (value === null) return fail('number');
      if (!Number.isInteger(value)) return fail('integer');
      if (!Number.isSafeInteger(value)) return fail('number');
      return withinBounds(column, value);
    },
    format: (value) => {
      const number = toNumber(value);
      return number === null ? String(value) : String(Math.round(number));
    },
    display: (value) => formatRupiah(toNumber(value), ''),
    identity: numeric,
  },
  percent: {
    pasteable: true,
    bounds: { min: 0, max: 100 },
    parse: (text, column) => {
      const value = readNumber(text, { percent: true, single: 'decimal' });
      if (value === null) return fail('percent');
      const hundredths = Math.round(value * 100);
      if (Math.abs(value * 100 - hundredths) > 1e-6) return fail('percent');
      return withinBounds(column, hundredths / 100);
    },
    format: formatNumber,
    display: (value, _column, _t, language) => {
      const number = toNumber(value);
      return number === null ? String(value) : `${localNumber(number, language)}%`;
    },
    identity: numeric,
  },
  date: {
    pasteable: true,
    parse: (text) => {
      const value = readDate(text);
      return value === null ? fail('date') : ok(value);
    },
    format: dateText,
    display: (value, _column, _t, language) => {
      const text = dateText(value);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text, 'DD MMM YYYY', { locale: language }) : text;
    },
    identity: dateText,
  },
  time: {
    pasteable: true,
    parse: (text) => {
      const value = readTime(text);
      return value === null ? fail('time') : ok(value);
    },
    // The server may keep seconds ('08:30:00'); the grid works in minutes.
    format: (value) => String(value).slice(0, 5),
    identity: (value) => String(value).slice(0, 5),
  },
  enum: {
    pasteable: true,
    parse: (text, column, ctx) => {
      const values: readonly string[] = column.enum?.values ?? [];
      const key = lookupKey(text);
      const found =
        (column.enum && ctx.enumLookup(column.enum.key).get(key)) ?? values.find((value) => lookupKey(value) === key);
      return found !== undefined && values.includes(found) ? ok(found) : fail('enum', { value: text.trim() });
    },
    format: enumLabel,
  },
  enumList: {
    pasteable: true,
    parse: (text, column, ctx) => {
      const values: readonly string[] = column.enum?.values ?? [];
      const found: string[] = [];
      for (const part of text.split(/[,;\n]/)) {
        if (!part.trim()) continue;
        const key = lookupKey(part);
        const value =
          (column.enum && ctx.enumLookup(column.enum.key).get(key)) ?? values.find((item) => lookupKey(item) === key);
        if (value === undefined || !values.includes(value)) return fail('enum', { value: part.trim() });
        if (!found.includes(value)) found.push(value);
      }
      return ok(found);
    },
    format: (value, column, t) =>
      Array.isArray(value) ? value.map((item) => enumLabel(item, column, t)).join(', ') : String(value),
    identity: (value) => (Array.isArray(value) ? [...value].sort().join(',') : String(value)),
  },
  boolean: {
    pasteable: true,
    parse: (text) => {
      const value = booleanWords.get(lookupKey(text));
      return value === undefined ? fail('boolean') : ok(value);
    },
    format: (value, _column, t) =>
      typeof value === 'boolean' ? t(value ? booleanKeys.yes : booleanKeys.no) : String(value),
  },
  reference: {
    pasteable: true,
    parse: (text, column, ctx) => {
      const value = text.trim();
      const matches = column.reference ? ctx.references.find(column, value) : [];
      if (matches.length === 1) return ok(matches[0]);
      return matches.length ? fail('ambiguous', { value, count: matches.length }) : fail('reference', { value });
    },
    format: referenceLabel,
    identity: referenceId,
  },
  file: {
    pasteable: false,
    parse: () => fail('readOnly'),
    format: fileLabel,
  },
  computed: {
    pasteable: false,
    parse: () => fail('readOnly'),
    // A computed value is a number or a text ('007' stays '007').
    format: (value) => (typeof value === 'number' ? plainNumber(value) : String(value)),
  },
} satisfies Record<ColumnKind, KindRules>;

const rules = (column: AnyColumn): KindRules => kinds[column.kind];

// ---------------------------------------------------------------------------------------------------------------
// The API

/** Whether text can set the column's kind at all (files and computed values cannot). */
export const isPasteableKind = (kind: ColumnKind): boolean => kinds[kind].pasteable;

/** The `min`/`max` error of a value in a number, money or percent column; null for other kinds and non-numbers. */
export function boundsError(column: AnyColumn, value: unknown): CellError | null {
  return rules(column).bounds && typeof value === 'number' ? numberBounds(column, value) : null;
}

/** Whether a value is empty: null, undefined, or text of whitespace only. */
export const isBlankValue = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * What typed, pasted or imported text means in a column. Blank text (only whitespace) is `null`, an empty cell
 * (whether the column is required is `validateRow`'s question); files and computed columns refuse all text
 * ('readOnly'). Whether this row's cell may be edited at all is the caller's question.
 */
export function parseCell(column: AnyColumn, text: string, ctx: ParseContext): Parsed {
  const kind = rules(column);
  if (!kind.pasteable) return fail('readOnly');
  if (text.trim() === '') return ok(null);
  return kind.parse(text, column, ctx);
}

/**
 * The text a cell copies to the clipboard and exports to CSV, which `parseCell` reads back to the same value: money
 * as plain digits ('5000000', '-2500'), numbers and percentages with a '.' decimal mark and no grouping ('2.5'),
 * dates as 'YYYY-MM-DD' (a timestamp as its day in Asia/Jakarta), times as 'HH:mm', enums and booleans as their label
 * in the active language, references as their label field. An empty value is ''.
 * Text is returned as it is: exports neutralise formulas in text cells themselves (`safeCell.ts`).
 */
export function formatCell(column: AnyColumn, value: unknown, t: TFunction): string {
  return isBlank(value) ? '' : rules(column).format(value, column, t);
}

/**
 * The text a cell shows: money as 'Rp 5.000.000' (`formatRupiah`), numbers grouped for `language`, percentages with
 * '%', dates as 'DD MMM YYYY' in `language`; other kinds as `formatCell`. An empty value is ''.
 */
export function displayCell(column: AnyColumn, value: unknown, t: TFunction, language: string): string {
  if (isBlank(value)) return '';
  const kind = rules(column);
  return kind.display ? kind.display(value, column, t, language) : kind.format(value, column, t);
}

/**
 * Whether two values of a column are the same cell value: empty ones (null, undefined, '') are equal, references by
 * record id (populated or not), times to the minute, dates by day, numbers numerically.
 */
export function sameCellValue(column: AnyColumn, a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  const identity = rules(column).identity;
  return identity ? identity(a) === identity(b) : a === b;
}
