/**
 * Overtime pay of a month (reference section 5): `hourly` (the rule's rupiah per hour) or `government_rule` (PP 35/2021:
 * wage / 173 an hour, the multiplier ladder of the day type and week). Hours are counted in quarter hours; the month's
 * amount is rounded once.
 *
 * Hours worked and approved are paid, all of them (issue 27, audit): past the ladder's end (4 h on a working day,
 * 12/11/9 h on rest days and holidays) or the hourly rule's maximum, the hours are paid at the last step's multiplier
 * and the day is listed in `overLimit`: a warning the run shows and an admin acknowledges, never a cut.
 * A daily-paid worker's monthly wage is the daily wage × 25 (6-day week) or × 21 (5-day week) plus the monthly fixed
 * allowances, which are never multiplied (decision 0173).
 */
import { roundDiv } from './money.ts';
import { overtimeRatesOn } from './rates.ts';
import type { EmploymentKind, OvertimeEntry, OvertimeRule } from './types.ts';

export interface OvertimeInput {
  entries: readonly OvertimeEntry[];
  rule: OvertimeRule | null | undefined;
  /** Basic salary + fixed allowances per month (for daily workers: the daily wage + the monthly fixed allowances). */
  fixedWage: number;
  /** Daily workers: the daily wage (part of `fixedWage` and `totalWage`); the rest of them is monthly. */
  dailyWage?: number;
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
  /** Hours paid (all of them). */
  paidHours: number;
  /** Days whose hours pass the day's limit: a warning, the hours are paid. */
  overLimit: { date: string; hours: number; limit: number }[];
  explain: Record<string, string | number | object | null>;
}

const quarters = (hours: number): number => {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError('Overtime hours must be ≥ 0');
  return Math.round(hours * 4);
};

export function overtimePay(input: OvertimeInput): OvertimeResult {
  const hours = input.entries.reduce((sum, entry) => sum + quarters(entry.hours), 0) / 4;
  if (!input.rule || input.entries.length === 0) {
    return { amount: 0, hours, paidHours: 0, overLimit: [], explain: { method: input.rule?.method ?? 'none' } };
  }
  if (input.rule.method === 'hourly') {
    const rate = input.rule.hourly_overtime ?? 0;
    const max = input.rule.maximum_hour ?? null;
    const paid = input.entries.reduce((sum, entry) => sum + quarters(entry.hours), 0);
    const overLimit = max
      ? input.entries.filter((e) => e.hours > max).map((e) => ({ date: e.date, hours: e.hours, limit: max }))
      : [];
    return {
      amount: roundDiv(paid * rate, 4),
      hours,
      paidHours: paid / 4,
      overLimit,
      explain: { method: 'hourly', rate, maximum_hour: max, over_limit: overLimit },
    };
  }
  const rates = overtimeRatesOn(input.date);
  const daily = input.employmentKind === 'daily';
  const dailyWage = daily ? (input.dailyWage ?? input.fixedWage) : 0;
  const perMonth = rates.dailyToMonthly[input.workDays];
  const monthlyFixed = daily ? input.fixedWage - dailyWage + dailyWage * perMonth : input.fixedWage;
  const monthlyTotal = daily
    ? Math.max(input.totalWage, input.fixedWage) - dailyWage + dailyWage * perMonth
    : Math.max(input.totalWage, input.fixedWage);
  const useTotal = monthlyFixed * 100 < monthlyTotal * rates.fixedWageMinPercent;
  // The wage as a fraction wageNum / wageDen (75 % of the total when the fixed part is under it).
  const wageNum = useTotal ? monthlyTotal * rates.fixedWageMinPercent : monthlyFixed;
  const wageDen = useTotal ? 100 : 1;
  let weighted = 0; // Σ quarter hours × halves
  let paid = 0;
  const days: { date: string; hours: number; paid_hours: number; multiplier: number }[] = [];
  const overLimit: OvertimeResult['overLimit'] = [];
  for (const entry of input.entries) {
    let left = quarters(entry.hours);
    let dayWeighted = 0;
    let dayPaid = 0;
    const ladder = rates.ladders[input.workDays][entry.day_type];
    const limit = ladder.reduce((sum, step) => sum + step.hours, 0);
    ladder.forEach((step, i) => {
      // The last step has no end: hours past the limit are paid at its multiplier (and warned of).
      const take = i === ladder.length - 1 ? left : Math.min(left, step.hours * 4);
      dayWeighted += take * step.halves;
      dayPaid += take;
      left -= take;
    });
    if (entry.hours > limit) overLimit.push({ date: entry.date, hours: entry.hours, limit });
    weighted += dayWeighted;
    paid += dayPaid;
    days.push({ date: entry.date, hours: entry.hours, paid_hours: dayPaid / 4, multiplier: dayWeighted / 8 });
  }
  return {
    amount: roundDiv(wageNum * weighted, wageDen * rates.divisor * 8),
    hours,
    paidHours: paid / 4,
    overLimit,
    explain: {
      method: 'government_rule',
      over_limit: overLimit,
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
