/** Plain-date arithmetic the engine needs: days of a month, working days, the share of a month employed. */
import type { ProrationRule } from './types.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** 'YYYY-MM-DD' → [year, month, day]; RangeError when it is not a real date. */
export function parseDate(text: string): [number, number, number] {
  const match = DATE.exec(text);
  if (!match) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${text}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new RangeError(`No such date: ${text}`);
  return [year, month, day];
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Day of the week, 0 Sunday … 6 Saturday. */
export const weekday = (year: number, month: number, day: number): number =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Whether a day is a working day: Monday–Friday (5-day week) or Monday–Saturday (6-day), not a public holiday. */
export function isWorkingDay(year: number, month: number, day: number, workDays: 5 | 6, holidays: ReadonlySet<string>) {
  const dow = weekday(year, month, day);
  if (dow === 0 || (workDays === 5 && dow === 6)) return false;
  return !holidays.has(isoDate(year, month, day));
}

/** Working days of a month from day `first` to day `last` (inclusive). */
export function workingDays(
  year: number,
  month: number,
  workDays: 5 | 6,
  holidays: readonly string[] = [],
  first = 1,
  last = daysInMonth(year, month),
): number {
  const set = new Set(holidays);
  let count = 0;
  for (let day = first; day <= last; day++) if (isWorkingDay(year, month, day, workDays, set)) count++;
  return count;
}

export interface Proration {
  numerator: number;
  denominator: number;
  rule: ProrationRule;
  /** First and last day employed in the month ('YYYY-MM-DD'), null when not employed in it. */
  from: string | null;
  to: string | null;
}

/**
 * The share of the month a joiner or leaver is employed (join_date to exit_date, both inclusive), by calendar days or
 * working days. 1/1 when employed the whole month; 0/n when not employed in it.
 */
export function prorationOf(input: {
  year: number;
  month: number;
  joinDate?: string | null;
  exitDate?: string | null;
  rule: ProrationRule;
  workDays: 5 | 6;
  holidays?: readonly string[];
}): Proration {
  const { year, month, rule } = input;
  const monthStart = isoDate(year, month, 1);
  const last = daysInMonth(year, month);
  const monthEnd = isoDate(year, month, last);
  const from = input.joinDate && input.joinDate > monthStart ? input.joinDate : monthStart;
  const to = input.exitDate && input.exitDate < monthEnd ? input.exitDate : monthEnd;
  if (input.joinDate) parseDate(input.joinDate);
  if (input.exitDate) parseDate(input.exitDate);
  const whole = from === monthStart && to === monthEnd;
  const denominator = rule === 'calendar_day' ? last : workingDays(year, month, input.workDays, input.holidays);
  if (from > to) return { numerator: 0, denominator: Math.max(1, denominator), rule, from: null, to: null };
  if (whole) return { numerator: 1, denominator: 1, rule, from, to };
  const firstDay = Number(from.slice(8));
  const lastDay = Number(to.slice(8));
  const numerator =
    rule === 'calendar_day'
      ? lastDay - firstDay + 1
      : workingDays(year, month, input.workDays, input.holidays, firstDay, lastDay);
  return { numerator, denominator: Math.max(1, denominator), rule, from, to };
}
