/**
 * Overtime pay of a month (reference section 5): `hourly` (the rule's rupiah per hour, at most its maximum hours a
 * day) or `government_rule` (PP 35/2021: wage / 173 an hour, the multiplier ladder of the day type and week, hours
 * beyond the ladder not paid). Hours are counted in quarter hours; the month's amount is rounded once.
 */
import { roundDiv } from './money.ts';
import { overtimeRatesOn } from './rates.ts';
import type { EmploymentKind, OvertimeEntry, OvertimeRule } from './types.ts';

export interface OvertimeInput {
  entries: readonly OvertimeEntry[];
  rule: OvertimeRule | null | undefined;
  /** Basic salary + fixed allowances per month (per day for daily workers: the daily wage). */
  fixedWage: number;
  /** The total wage of the month (fixed wage + the month's other allowances). */
  totalWage: number;
  employmentKind: EmploymentKind;
  workDays: 5 | 6;
  /** The period's first day: selects PP 35/2021's figures. */
  date: string;
}

export interface OvertimeResult {
  amount: number;
  hours: number;
  /** Hours paid after the daily limits. */
  paidHours: number;
  explain: Record<string, string | number | object | null>;
}

const quarters = (hours: number): number => {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError('Overtime hours must be ≥ 0');
  return Math.round(hours * 4);
};

export function overtimePay(input: OvertimeInput): OvertimeResult {
  const hours = input.entries.reduce((sum, entry) => sum + quarters(entry.hours), 0) / 4;
  if (!input.rule || input.entries.length === 0) {
    return { amount: 0, hours, paidHours: 0, explain: { method: input.rule?.method ?? 'none' } };
  }
  if (input.rule.method === 'hourly') {
    const rate = input.rule.hourly_overtime ?? 0;
    const maxQuarters = input.rule.maximum_hour ? input.rule.maximum_hour * 4 : Number.POSITIVE_INFINITY;
    const paid = input.entries.reduce((sum, entry) => sum + Math.min(quarters(entry.hours), maxQuarters), 0);
    return {
      amount: roundDiv(paid * rate, 4),
      hours,
      paidHours: paid / 4,
      explain: { method: 'hourly', rate, maximum_hour: input.rule.maximum_hour ?? null },
    };
  }
  const rates = overtimeRatesOn(input.date);
  const monthlyFixed =
    input.employmentKind === 'daily' ? input.fixedWage * rates.dailyToMonthly[input.workDays] : input.fixedWage;
  const monthlyTotal =
    input.employmentKind === 'daily'
      ? input.totalWage * rates.dailyToMonthly[input.workDays]
      : Math.max(input.totalWage, input.fixedWage);
  const useTotal = monthlyFixed * 100 < monthlyTotal * rates.fixedWageMinPercent;
  // The wage as a fraction wageNum / wageDen (75 % of the total when the fixed part is under it).
  const wageNum = useTotal ? monthlyTotal * rates.fixedWageMinPercent : monthlyFixed;
  const wageDen = useTotal ? 100 : 1;
  let weighted = 0; // Σ quarter hours × halves
  let paid = 0;
  const days: { date: string; hours: number; paid_hours: number; multiplier: number }[] = [];
  for (const entry of input.entries) {
    let left = quarters(entry.hours);
    let dayWeighted = 0;
    let dayPaid = 0;
    for (const step of rates.ladders[input.workDays][entry.day_type]) {
      const take = Math.min(left, step.hours * 4);
      dayWeighted += take * step.halves;
      dayPaid += take;
      left -= take;
    }
    weighted += dayWeighted;
    paid += dayPaid;
    days.push({ date: entry.date, hours: entry.hours, paid_hours: dayPaid / 4, multiplier: dayWeighted / 8 });
  }
  return {
    amount: roundDiv(wageNum * weighted, wageDen * rates.divisor * 8),
    hours,
    paidHours: paid / 4,
    explain: {
      method: 'government_rule',
      monthly_wage: roundDiv(wageNum, wageDen),
      wage_basis: useTotal ? '75% of total wage' : 'basic + fixed allowances',
      divisor: rates.divisor,
      hourly_wage: roundDiv(wageNum, wageDen * rates.divisor),
      week: input.workDays,
      days,
      multiplier_hours: weighted / 8,
    },
  };
}
