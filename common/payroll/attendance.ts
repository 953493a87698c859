/**
 * Deductions from attendance by the company's payroll rules (late_deductions, early_/absent_/missed_deductions):
 *
 * - late `daily`: `deduction` for every late arrival of more than `limit` minutes;
 *   `accumulative`: `deduction` for every full `limit` minutes of lateness accumulated over the month;
 *   `minutely`: `deduction` per minute beyond `limit`, each arrival counted on its own;
 *   `custom`: the first `limit` late arrivals of the month are free, `deduction` for each one after.
 * - early, absent, missed `daily`: `nominal` per occurrence; `prorate`: wage / `pro_rate_day` per occurrence;
 *   `percentage`: `percentage` % of the daily wage (wage / scheduled working days) per occurrence.
 *
 * The wage is basic salary + fixed allowances. Each deduction is rounded once.
 */
import { roundDiv } from './money.ts';
import type { AttendanceTotals, DeductionRule, LateRule, LineCode } from './types.ts';

export interface AttendanceDeduction {
  code: Extract<LineCode, 'late_deduction' | 'early_deduction' | 'absent_deduction' | 'missed_deduction'>;
  amount: number;
  explain: Record<string, string | number>;
}

export function lateDeduction(late: readonly { minutes: number }[], rule: LateRule | null | undefined): number {
  if (!rule || late.length === 0) return 0;
  const limit = Math.max(0, rule.limit);
  const minutes = late.map((l) => Math.max(0, Math.round(l.minutes)));
  const table = {
    daily: () => minutes.filter((m) => m > limit).length * rule.deduction,
    accumulative: () => {
      const total = minutes.reduce((a, b) => a + b, 0);
      return limit > 0 ? Math.floor(total / limit) * rule.deduction : total > 0 ? rule.deduction : 0;
    },
    minutely: () => minutes.reduce((sum, m) => sum + Math.max(0, m - limit), 0) * rule.deduction,
    custom: () => Math.max(0, minutes.filter((m) => m > 0).length - limit) * rule.deduction,
  } satisfies Record<LateRule['method'], () => number>;
  return table[rule.method]();
}

export function occurrenceDeduction(
  count: number,
  rule: DeductionRule | null | undefined,
  wage: number,
  scheduledDays: number,
): { amount: number; explain: Record<string, string | number> } {
  if (!rule || count <= 0) return { amount: 0, explain: {} };
  const table = {
    daily: () => ({ amount: count * (rule.nominal ?? 0), explain: { nominal: rule.nominal ?? 0 } }),
    prorate: () => {
      const days = Math.max(1, rule.pro_rate_day ?? scheduledDays);
      return { amount: roundDiv(wage * count, days), explain: { wage, pro_rate_day: days } };
    },
    percentage: () => {
      // percentage has two decimals: hundredths of a percent.
      const hundredths = Math.round((rule.percentage ?? 0) * 100);
      const days = Math.max(1, scheduledDays);
      return {
        amount: roundDiv(wage * count * hundredths, days * 10_000),
        explain: { wage, scheduled_days: days, percentage: rule.percentage ?? 0 },
      };
    },
  } satisfies Record<DeductionRule['method'], () => { amount: number; explain: Record<string, string | number> }>;
  const result = table[rule.method]();
  return { amount: result.amount, explain: { method: rule.method, count, ...result.explain } };
}

export function attendanceDeductions(input: {
  attendance: AttendanceTotals;
  rules: {
    late?: LateRule | null;
    early?: DeductionRule | null;
    absent?: DeductionRule | null;
    missed?: DeductionRule | null;
  };
  wage: number;
  scheduledDays: number;
}): AttendanceDeduction[] {
  const { attendance, rules, wage, scheduledDays } = input;
  const out: AttendanceDeduction[] = [];
  const late = attendance.late ?? [];
  const lateAmount = lateDeduction(late, rules.late);
  if (lateAmount > 0 && rules.late) {
    out.push({
      code: 'late_deduction',
      amount: lateAmount,
      explain: {
        method: rules.late.method,
        limit: rules.late.limit,
        deduction: rules.late.deduction,
        occurrences: late.length,
        minutes: late.reduce((a, b) => a + b.minutes, 0),
      },
    });
  }
  const counted = [
    ['early_deduction', attendance.early ?? 0, rules.early],
    ['absent_deduction', attendance.absent_days ?? 0, rules.absent],
    ['missed_deduction', attendance.missed ?? 0, rules.missed],
  ] as const;
  for (const [code, count, rule] of counted) {
    const { amount, explain } = occurrenceDeduction(count, rule, wage, scheduledDays);
    if (amount > 0) out.push({ code, amount, explain });
  }
  return out;
}
