/**
 * Leave arithmetic, pure: how many days (or hours) a leave takes, and how much a leave rule gives an employee in a
 * year. No database: the callers (server/leave/calendar.ts, the balance, the approvals issue) load the calendar and
 * pass predicates. Dates are 'YYYY-MM-DD' strings; all arithmetic is on UTC dates, so no time zone enters.
 * Rules: server/leave/README.md and docs/decisions/0036, 0037.
 */

export type LeaveUnit = 'day' | 'hour' | 'half_day';
export type LeaveCalculation = 'work_day' | 'calendar_day';
export type LeaveDistribution = 'annual' | 'monthly';
export type LeaveQuotaType = 'fixed' | 'unlimited';
export type LeaveStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

const DAY_MS = 86_400_000;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every date from `start` to `end`, both included (none when end is before start). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const last = toTime(end);
  for (let t = toTime(start); t <= last; t += DAY_MS) out.push(fromTime(t));
  return out;
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY_MS);
}

/** The date `months` after `date`, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export interface CountLeaveArgs {
  start: string;
  end: string;
  calculation: LeaveCalculation;
  unit: LeaveUnit;
  /** unit `hour`: the hours asked for (the whole leave's, not per day). */
  hours?: number | null;
  /** The employee's scheduled working day (sched's `loadWorkingDays`, bound to the employee). */
  isWorkingDay: (date: string) => boolean;
  /** A holiday (public holiday or collective leave) of the company on that date. */
  isHoliday: (date: string) => boolean;
}

/** Which dates of a range a calculation counts: one table, keyed by the closed union. */
const counts = {
  work_day: (date: string, args: CountLeaveArgs) => args.isWorkingDay(date) && !args.isHoliday(date),
  calendar_day: () => true,
} as const satisfies Record<LeaveCalculation, (date: string, args: CountLeaveArgs) => boolean>;

/** A counted number of days in the rule's unit. */
const inUnit = {
  day: (days: number) => days,
  half_day: (days: number) => days * 0.5,
  hour: (days: number, args: CountLeaveArgs) => (days === 0 ? 0 : Math.max(0, args.hours ?? 0)),
} as const satisfies Record<LeaveUnit, (days: number, args: CountLeaveArgs) => number>;

/**
 * The days a leave from `start` to `end` (both included) takes, in the rule's unit:
 * - `work_day` counts the employee's scheduled working days, leaving out off days and holidays; `calendar_day` counts
 *   every day of the range (maternity leave: three months whatever falls in them).
 * - `day`: one per counted day; `half_day`: 0.5 per counted day (a half day is asked for one date); `hour`: the hours
 *   asked for, when the range holds at least one counted day (an hour on a day off takes nothing).
 * An end before the start counts 0.
 */
export function countLeaveDays(args: CountLeaveArgs): number {
  let days = 0;
  for (const date of datesBetween(args.start, args.end)) if (counts[args.calculation](date, args)) days += 1;
  return inUnit[args.unit](days, args);
}

// Accrual

/** What accrual needs of a leave rule. */
export interface AccrualRule {
  distribution: LeaveDistribution;
  amount: number;
  quota_type: LeaveQuotaType;
  /** annual: the month and day each year's entitlement is given (its year is ignored); null: 1 January. */
  distribution_date: string | null;
  /** annual: the month and day of the next year on which a year's balance lapses; null: at the end of the year. */
  expiration_date: string | null;
  /** Statuses the rule applies to; empty: all. */
  employment_status: readonly string[];
  /** Months of service before the first entitlement (12 for statutory annual leave, UU 13/2003 Pasal 79). */
  service_months: number;
}

/** What accrual needs of an employee. */
export interface AccrualEmployee {
  join_date: string | null;
  status: string;
}

/** Whether a rule applies to an employee at all (its employment-status list). */
export function ruleApplies(rule: Pick<AccrualRule, 'employment_status'>, employee: AccrualEmployee): boolean {
  return rule.employment_status.length === 0 || rule.employment_status.includes(employee.status);
}

/** The day the employee has served the rule's months (the join date itself when none; null without a join date). */
export function eligibleFrom(rule: Pick<AccrualRule, 'service_months'>, joinDate: string | null): string | null {
  if (!joinDate) return null;
  return addMonths(joinDate, rule.service_months);
}

const monthDay = (date: string | null, fallback: string) => (date ? date.slice(5) : fallback);
/** The year's day for a month-day, 29 February becoming 28 February in a common year. */
const onYear = (year: number, md: string) => {
  const candidate = `${year}-${md}`;
  return Number.isNaN(toTime(candidate)) || fromTime(toTime(candidate)) !== candidate ? `${year}-02-28` : candidate;
};

/** Rounds down to a half (entitlements are whole or half days, or half hours). */
const toHalf = (value: number) => Math.floor(value * 2 + 1e-9) / 2;

/** Whole months of a year from `from` (a month counts when `from` is its first day) to December. */
function monthsLeft(from: string, year: number): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  if (y < year) return 12;
  if (y > year) return 0;
  return 12 - m + (d === 1 ? 1 : 0);
}

export interface Entitlement {
  /** Accrued as of `asOf`; null for an unlimited rule. */
  entitled: number | null;
  /** The day the year's balance lapses (null: unlimited). */
  expires_on: string | null;
}

/**
 * What a rule gives an employee for calendar year `year`, accrued as of `asOf` (default: the year's end, the
 * year's full entitlement). 0 when the rule's employment statuses leave the employee out or before the service months
 * are served; null for an unlimited quota.
 * - annual: `amount` on the year's distribution day (`distribution_date`'s month and day, else 1 January). An
 *   employee who becomes eligible after that day (a joiner, or the twelfth month of service falling mid-year) gets
 *   it on the eligibility day, prorated by the whole months left in the year (docs/decisions/0036): eligible on
 *   1 July, 6/12; on 15 July, 5/12; rounded down to a half.
 * - monthly: `amount` for each month of the year whose first day the employee is eligible on, up to `asOf`.
 */
export function entitlementFor(
  rule: AccrualRule,
  employee: AccrualEmployee,
  year: number,
  asOf: string = `${year}-12-31`,
): Entitlement {
  const expires_on =
    rule.quota_type === 'unlimited'
      ? null
      : rule.distribution === 'annual' && rule.expiration_date
        ? onYear(year + 1, monthDay(rule.expiration_date, '12-31'))
        : `${year}-12-31`;
  if (rule.quota_type === 'unlimited') return { entitled: null, expires_on };
  if (!ruleApplies(rule, employee)) return { entitled: 0, expires_on };
  const eligible = eligibleFrom(rule, employee.join_date);
  const yearEnd = `${year}-12-31`;
  const until = asOf < yearEnd ? asOf : yearEnd;
  if (!eligible || eligible > until || until < `${year}-01-01`) return { entitled: 0, expires_on };
  return { entitled: accrue[rule.distribution](rule, eligible, year, until), expires_on };
}

const accrue = {
  annual: (rule: AccrualRule, eligible: string, year: number, until: string) => {
    const distribution = onYear(year, monthDay(rule.distribution_date, '01-01'));
    if (eligible <= distribution) return distribution <= until ? rule.amount : 0;
    return toHalf((rule.amount * monthsLeft(eligible, year)) / 12);
  },
  monthly: (rule: AccrualRule, eligible: string, year: number, until: string) => {
    const lastMonth = Number(until.slice(5, 7)) - (until.slice(0, 4) === String(year) ? 0 : 12);
    const firstMonth = Math.max(1, 12 - monthsLeft(eligible, year) + 1);
    return Math.max(0, lastMonth - firstMonth + 1) * rule.amount;
  },
} as const satisfies Record<
  LeaveDistribution,
  (rule: AccrualRule, eligible: string, year: number, until: string) => number
>;

/** The statutory annual leave every new company gets (UU 13/2003 Pasal 79 ayat 2 huruf c). */
export const statutoryAnnualLeave = {
  type: 'Annual Leave',
  distribution: 'annual',
  calculation: 'work_day',
  amount: 12,
  quota_type: 'fixed',
  distribution_date: null,
  unit: 'day',
  expiration_date: null,
  employment_status: [],
  service_months: 12,
} as const;
