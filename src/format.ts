/**
 * Display formats of spec 9: rupiah in id-ID with no decimals (zero shows as 'Rp 0,00'; a chart's axis in short
 * words, 'Rp 150 jt'), the date formats
 * 'Do MMM YY', 'HH:mm' and 'DD MMM YYYY', the missing-value texts and initials. Pure: no React, no i18n.
 */

/** The missing-value texts the spec names; screens pass the one the spec asks for. */
export const missingText = {
  notFound: '[Not Found]',
  noData: 'No Data',
  missingData: 'Missing Data',
} as const;

/** The same texts' translation keys, for screens that show them in the user's language. */
export const missingKeys = {
  notFound: 'missing.notFound',
  noData: 'missing.noData',
  missingData: 'missing.missingData',
} as const satisfies Record<keyof typeof missingText, `missing.${keyof typeof missingText}`>;

const rupiahNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** 5000000 → 'Rp 5.000.000'; 0 → 'Rp 0,00'; -2500 → '-Rp 2.500'; null, undefined or NaN → the fallback. */
export function formatRupiah(value: number | null | undefined, fallback: string = missingText.noData): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return fallback;
  const rounded = Math.round(value);
  if (rounded === 0) return 'Rp 0,00';
  return `${rounded < 0 ? '-' : ''}Rp ${rupiahNumber.format(Math.abs(rounded))}`;
}

const rupiahCompactNumber = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Rupiah in Indonesian short words, for a chart's money axis: 150000000 → 'Rp 150 jt', 1500000 → 'Rp 1,5 jt',
 * 250000 → 'Rp 250 rb', 2000000000 → 'Rp 2 M' (miliar), 0 → 'Rp 0', -2500000 → '-Rp 2,5 jt'. Always id-ID, as
 * `formatRupiah`; a tooltip shows the full figure with `formatRupiah`.
 */
export function formatRupiahCompact(value: number | null | undefined, fallback: string = missingText.noData): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return fallback;
  const rounded = Math.round(value);
  if (rounded === 0) return 'Rp 0';
  // ICU puts a no-break space before the word ('150\u00a0jt'); the app writes rupiah with plain spaces.
  return `${rounded < 0 ? '-' : ''}Rp ${rupiahCompactNumber.format(Math.abs(rounded)).replace(/\u00a0/g, ' ')}`;
}

export type DatePattern = 'Do MMM YY' | 'HH:mm' | 'DD MMM YYYY';

export interface DateOptions {
  /** Month names come from Intl in this language; 'en' by default. */
  locale?: string;
  /** Time zone for timestamps; 'Asia/Jakarta' by default. Plain dates ('YYYY-MM-DD') never shift. */
  timeZone?: string;
  fallback?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let found = partsCache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(key, found);
  }
  return found;
}

const dayCache = new Map<string, Intl.DateTimeFormat>();
/** The language's own way of writing a day (year, numeric month, day), for languages without month abbreviations. */
function dayFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let found = dayCache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
    dayCache.set(key, found);
  }
  return found;
}

/**
 * Formats a date or timestamp. 'Do MMM YY' → '1st Jan 25'; 'HH:mm' → '08:05'; 'DD MMM YYYY' → '01 Jan 2025'; in a
 * language whose months are numbers (Chinese) a day reads as that language writes it: '2025年1月1日', '25年1月1日'.
 * A plain date 'YYYY-MM-DD' is a calendar day and is shown as such; a timestamp is shown in `timeZone`.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: DatePattern,
  options: DateOptions = {},
): string {
  const fallback = options.fallback ?? missingText.noData;
  if (value === null || value === undefined || value === '') return fallback;
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  const date = dateOnly ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  const parts = formatter(
    options.locale ?? 'en',
    dateOnly ? 'UTC' : (options.timeZone ?? 'Asia/Jakarta'),
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = Number(part('day'));
  const month = part('month').replace(/\.$/, '');
  const year = part('year');
  const pad = (text: string) => text.padStart(2, '0');
  // A language without month abbreviations (Chinese: '9月') writes a day its own way: '1995年9月29日'.
  if (pattern !== 'HH:mm' && /^\d+$/.test(month)) {
    const shortYear = pattern === 'Do MMM YY';
    return dayFormatter(options.locale ?? 'en', dateOnly ? 'UTC' : (options.timeZone ?? 'Asia/Jakarta'))
      .formatToParts(date)
      .map((p) => (p.type === 'year' && shortYear ? p.value.slice(-2) : p.value))
      .join('');
  }
  switch (pattern) {
    case 'Do MMM YY':
      return `${ordinal(day)} ${month} ${year.slice(-2)}`;
    case 'HH:mm':
      return `${pad(part('hour'))}:${pad(part('minute'))}`;
    case 'DD MMM YYYY':
      return `${pad(String(day))} ${month} ${year}`;
  }
}

/** Initials of a name, at most 2 letters: 'Ratna Wulandari' → 'RW', 'budi' → 'B', '' → '?'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words.at(-1)!];
  return letters
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase()
    .slice(0, 2);
}

/** A value or the given missing text, for nullable fields in lists. */
export const orMissing = (value: string | number | null | undefined, fallback: string = missingText.noData): string =>
  value === null || value === undefined || value === '' ? fallback : String(value);

/** A time of day in Jakarta, hh:mm:ss (24 h), whatever the browser's zone. */
export function jakartaTime(iso: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** hh:mm of a clock time: a timestamp (shown in Jakarta) or already a time of day. */
export const timeText = (value: string | null | undefined): string =>
  !value ? '—' : /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : jakartaTime(value).slice(0, 5);
