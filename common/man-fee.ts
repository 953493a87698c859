/**
 * The platform's management fee ("man-fee", spec 2.2 and 3; issue 15): what the platform charges a company for a
 * completed monthly payroll run. Pure: the server stores it on the run when the run is completed, the unit tests and
 * the reports read the same figures.
 *
 * Rules (docs/decisions/0073):
 * - A company has effective-dated fee rules. The rule of a month is the latest whose `effective_date` falls on or
 *   before the month's last day (a rule that starts mid-month already applies to that month's run).
 * - `percentage`: the fee is `percentage` % of the run's total bruto, rounded half up to the rupiah once (the percent
 *   is held in hundredths, so no floating-point product reaches the fee).
 * - `per_employee`: the fee is `amount_per_employee` × the run's number of payslips.
 */
import { roundDiv } from './payroll/money.ts';

export const manFeeMethods = ['percentage', 'per_employee'] as const;
export type ManFeeMethod = (typeof manFeeMethods)[number];

export interface ManFeeRule {
  id?: string;
  /** 'YYYY-MM-DD'. */
  effective_date: string;
  method: ManFeeMethod;
  /** Percent of total bruto, two decimals (method `percentage`). */
  percentage?: number | null;
  /** Rupiah per employee per month (method `per_employee`). */
  amount_per_employee?: number | null;
}

/** What a run's fee was computed from, as `payroll_summaries.man_fee_calculation` stores it. */
export interface ManFeeCalculation {
  rule_id: string | null;
  method: ManFeeMethod;
  effective_date: string;
  percentage: number | null;
  amount_per_employee: number | null;
  base_bruto: number;
  employee_count: number;
  fee: number;
}

/** 'YYYY-MM-DD' of a month's last day. */
const lastDay = (year: number, month: number) => {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The rule in force for a month: the latest effective on or before the month's last day; null when none is. */
export function ruleForMonth<R extends ManFeeRule>(rules: readonly R[], year: number, month: number): R | null {
  const end = lastDay(year, month);
  let found: R | null = null;
  for (const rule of rules) {
    if (rule.effective_date > end) continue;
    if (!found || rule.effective_date > found.effective_date) found = rule;
  }
  return found;
}

/** Percent with two decimals as an integer of hundredths (2.5 → 250), refusing what is not such a number. */
function hundredths(percent: number): number {
  const value = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(value - percent * 100) > 1e-6) {
    throw new RangeError('percentage must be ≥ 0 with at most two decimals');
  }
  return value;
}

/** The fee of one run under a rule. */
export function computeManFee(
  rule: ManFeeRule & { id?: string },
  run: { bruto: number; employees: number },
): ManFeeCalculation {
  if (!Number.isSafeInteger(run.bruto) || !Number.isSafeInteger(run.employees) || run.employees < 0) {
    throw new RangeError('a run has integer bruto and employees');
  }
  const base = {
    rule_id: rule.id ?? null,
    method: rule.method,
    effective_date: rule.effective_date,
    base_bruto: run.bruto,
    employee_count: run.employees,
  };
  if (rule.method === 'percentage') {
    const rate = hundredths(rule.percentage ?? 0);
    // bruto × hundredths / 10,000, exact in BigInt (a large company's bruto × 10,000 passes 2^53), rounded half up.
    const product = BigInt(run.bruto) * BigInt(rate);
    const quotient = product / 10_000n;
    const remainder = product - quotient * 10_000n;
    const fee = Number(remainder * 2n >= 10_000n ? quotient + 1n : quotient);
    return { ...base, percentage: rule.percentage ?? 0, amount_per_employee: null, fee };
  }
  const amount = rule.amount_per_employee ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount_per_employee must be integer rupiah');
  return { ...base, percentage: null, amount_per_employee: amount, fee: roundDiv(amount * run.employees, 1) };
}
