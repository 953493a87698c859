/**
 * Calendar arithmetic on plain dates ('YYYY-MM-DD') for the employee record: age, service length and today's date in
 * Asia/Jakarta. Plain dates are calendar days, never shifted by a time zone.
 *
 * Pure data and functions: it imports nothing, so both `server/` and `src/` use it.
 */

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1 to 12) of a year. */
const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** A real calendar date from 'YYYY-MM-DD', or null (null, empty, another shape, or a day that does not exist). */
function parse(text: string | null | undefined): CalendarDate | null {
  const match = typeof text === 'string' ? DATE.exec(text) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
const compare = (a: CalendarDate, b: CalendarDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * Age in whole years on the day `on`. Null when either date is missing or not a real 'YYYY-MM-DD' date, or when the
 * birth date is after `on`. A 29 February birthday is reached on 1 March in common years (28 February is still the
 * day before it).
 */
export function ageOn(birthDate: string | null | undefined, on: string | null | undefined): number | null {
  const birth = parse(birthDate);
  const day = parse(on);
  if (!birth || !day || compare(birth, day) > 0) return null;
  const beforeBirthday = day.month < birth.month || (day.month === birth.month && day.day < birth.day);
  return day.year - birth.year - (beforeBirthday ? 1 : 0);
}

export interface ServiceLength {
  years: number;
  months: number;
  days: number;
}

/**
 * Time from `joinDate` to `on` as whole years, months and days (the join day itself is day 0: joining today is
 * 0/0/0). Null when either date is missing or invalid, or the join date is after `on`.
 *
 * Months are counted as in java.time's Period.between and Temporal's `until`: a month is complete on the same day
 * number of a later month, and when that month is too short the count of days runs on from its last day. So from
 * 31 January, 28 February is 0 months 28 days, 1 March is 1 month 1 day and 31 March is 2 months 0 days.
 */
export function serviceLength(
  joinDate: string | null | undefined,
  on: string | null | undefined,
): ServiceLength | null {
  const join = parse(joinDate);
  const day = parse(on);
  if (!join || !day || compare(join, day) > 0) return null;
  let totalMonths = (day.year - join.year) * 12 + (day.month - join.month);
  if (day.day < join.day) totalMonths -= 1;
  // The day `totalMonths` after joining, clamped to the end of a short month.
  const monthIndex = join.month - 1 + totalMonths;
  const anchorYear = join.year + Math.floor(monthIndex / 12);
  const anchorMonth = (monthIndex % 12) + 1;
  const anchorDay = Math.min(join.day, daysInMonth(anchorYear, anchorMonth));
  // The anchor is in the month of `on` or the month before it.
  const days =
    anchorMonth === day.month ? day.day - anchorDay : daysInMonth(anchorYear, anchorMonth) - anchorDay + day.day;
  return { years: Math.floor(totalMonths / 12), months: totalMonths % 12, days };
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving time). */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** Today's date in Asia/Jakarta as 'YYYY-MM-DD' (or the date of `now` there). Throws on an invalid Date. */
export function jakartaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** What decides whether someone is employed on a day: the record's join and exit dates ('YYYY-MM-DD' or null). */
export interface EmploymentDates {
  join_date: string | null;
  exit_date: string | null;
}

/**
 * The one definition of "employed" (docs/decisions/0105), on a day or at some time in a period (`from` to `to`,
 * inclusive): joined on or before the period's last day (no join date: always was) and not exited before its first
 * day. The exit date is the last day employed: on it, the person still counts (works, is scheduled, is paid for it).
 *
 * Home's headcount, the daily attendance, the attendance report, payroll and the leave balance all count by it; the
 * server's SQL form (`employedSql`, server/employees/employed.ts) is built from `employmentBounds` below, and
 * tests/server/employees/employed.test.ts checks every screen against this function over every day of the demo year.
 */
export function employedOn(person: EmploymentDates, from: string, to: string = from): boolean {
  const { joinedBy, exitedNotBefore } = employmentBounds(from, to);
  return (
    (person.join_date === null || person.join_date <= joinedBy) &&
    (person.exit_date === null || person.exit_date >= exitedNotBefore)
  );
}

/** The two bounds of `employedOn` for a period: the join date at the latest, the exit date at the earliest. */
export function employmentBounds(from: string, to: string = from): { joinedBy: string; exitedNotBefore: string } {
  return { joinedBy: to, exitedNotBefore: from };
}

/** The days of `from`..`to` (within the period) on which the person is employed, as the first and last; null: none. */
export function employedSpan(person: EmploymentDates, from: string, to: string): { from: string; to: string } | null {
  const first = person.join_date && person.join_date > from ? person.join_date : from;
  const last = person.exit_date && person.exit_date < to ? person.exit_date : to;
  return first <= last ? { from: first, to: last } : null;
}
