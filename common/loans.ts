/**
 * Employee loans (spec 3 "Loan", 5, 9; issue 15): the flat-interest schedule and what a month's payroll run owes.
 * Pure: the server (runs, the loan detail) and the browser (the schedule preview) compute the same figures.
 *
 * Rules (docs/decisions/0064):
 * - Flat interest: `interest_rate` is a percent per year on the original principal, for the loan's months:
 *   interest = amount × rate × installments / 1200, rounded half up to the rupiah once (the same formula as the
 *   stored `total_amount` column).
 * - Principal and interest are each split into equal whole-rupiah parts (floor); the LAST installment takes the
 *   remainder, so the installments add up to the total exactly: every installment but the last is equal, and the last
 *   is larger by less than `installments` rupiah (of principal and of interest each).
 * - One installment per month from the effective month; a skipped month (a logged action) moves that month's
 *   installment and every later one by one month.
 */
import { roundDiv } from './payroll/money.ts';

export const MIN_INSTALLMENTS = 1;
export const MAX_INSTALLMENTS = 12;

export interface LoanTerms {
  amount: number;
  /** 1 to 12. */
  installment: number;
  /** Percent per year, two decimals (flat on the principal). */
  interest_rate: number;
  /** 'YYYY-MM-DD': the first installment falls in this month. */
  effective_date: string;
  /** 'YYYY-MM' months skipped (no installment; the schedule moves one month each). */
  skipped_months?: readonly string[] | null;
}

export interface ScheduledInstallment {
  /** 1-based. */
  number: number;
  year: number;
  month: number;
  principal: number;
  interest: number;
  amount: number;
}

export interface LoanSchedule {
  interest_total: number;
  total: number;
  installments: ScheduledInstallment[];
}

/** The loan's interest for its whole term, rounded half up once. */
export function flatInterest(amount: number, ratePercent: number, installments: number): number {
  const hundredths = Math.round(ratePercent * 100);
  return roundDiv(amount * hundredths * installments, 120_000);
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** Splits `total` into `n` whole parts: n−1 equal floors, the last takes the remainder. */
function split(total: number, n: number): number[] {
  const part = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - part * (n - 1) : part));
}

export function flatSchedule(terms: LoanTerms): LoanSchedule {
  const { amount, installment: n } = terms;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be an integer rupiah ≥ 0');
  if (!Number.isInteger(n) || n < MIN_INSTALLMENTS || n > MAX_INSTALLMENTS) {
    throw new RangeError(`installment must be ${MIN_INSTALLMENTS} to ${MAX_INSTALLMENTS} months`);
  }
  if (!(terms.interest_rate >= 0)) throw new RangeError('interest_rate must be ≥ 0');
  const interestTotal = flatInterest(amount, terms.interest_rate, n);
  const principals = split(amount, n);
  const interests = split(interestTotal, n);
  const skipped = new Set(terms.skipped_months ?? []);
  let year = Number(terms.effective_date.slice(0, 4));
  let month = Number(terms.effective_date.slice(5, 7));
  const installments: ScheduledInstallment[] = [];
  for (let i = 0; i < n; i++) {
    // A skipped month carries no installment; skips are bounded by the stored list, so this ends.
    while (skipped.has(monthKey(year, month))) [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    const principal = principals[i] as number;
    const interest = interests[i] as number;
    installments.push({ number: i + 1, year, month, principal, interest, amount: principal + interest });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return { interest_total: interestTotal, total: amount + interestTotal, installments };
}

/** Σ of the installments scheduled in or before the period. */
export function dueThrough(schedule: LoanSchedule, period: { year: number; month: number }): number {
  const key = period.year * 12 + period.month;
  return schedule.installments
    .filter((item) => item.year * 12 + item.month <= key)
    .reduce((sum, item) => sum + item.amount, 0);
}

/**
 * What a month's run should deduct for one loan: every installment due by then less what was paid before (an amount
 * a capped month left over carries into the next), or the whole remaining balance in the employee's last run.
 */
export function loanDue(
  schedule: LoanSchedule,
  paid: number,
  period: { year: number; month: number },
  lastRun: boolean,
): number {
  const owed = lastRun ? schedule.total : dueThrough(schedule, period);
  return Math.max(0, Math.min(owed, schedule.total) - paid);
}

/** How many installments `paid` covers in full (payments cover installments in order). */
export function installmentsPaid(schedule: LoanSchedule, paid: number): number {
  let covered = 0;
  let count = 0;
  for (const item of schedule.installments) {
    covered += item.amount;
    if (covered > paid) break;
    count += 1;
  }
  return count;
}

/** What a deposit withholds this run: the fixed amount, never beyond the target. */
export function depositDue(amount: number, target: number, balance: number): number {
  return Math.max(0, Math.min(amount, target - balance));
}

/** The loan's month of a date or a month key, 'YYYY-MM'. */
export const loanMonth = (year: number, month: number) => monthKey(year, month);
