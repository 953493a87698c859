/**
 * THR, the religious holiday allowance (reference section 4, Permenaker 6/2016): owed after `minMonths` of
 * continuous service up to the holiday, contract and permanent alike; a full month's wage (basic + fixed allowances)
 * from 12 months of service, months / 12 of it before. A partial month counts as the company says: whole months
 * only, or the fraction of days. An employee who left before the holiday is owed nothing, except a permanent employee
 * dismissed within 30 days before it.
 */
import { daysInMonth, parseDate } from './calendar.ts';
import { roundDiv } from './money.ts';
import { thrRatesOn } from './rates.ts';

export type ThrPartialMonth = 'whole_months' | 'day_fraction';

export interface ThrInput {
  joinDate: string;
  /** The religious holiday. */
  holidayDate: string;
  /** Basic salary + fixed allowances per month. */
  wage: number;
  partialMonth: ThrPartialMonth;
  exitDate?: string | null;
  /** True when the exit was a dismissal (exit_reason 'phk') of a permanent employee. */
  dismissedPermanent?: boolean;
}

export interface ThrResult {
  eligible: boolean;
  /** Months of service up to the holiday as a fraction (numerator / denominator). */
  service: { months: number; days: number; numerator: number; denominator: number };
  amount: number;
  reason: 'full' | 'prorated' | 'under_minimum' | 'left_before_holiday' | 'not_joined';
}

/** Whole months and the remaining days from `from` to `to` (a month is reached on the same day number). */
function monthsBetween(from: string, to: string): { months: number; days: number; monthLength: number } {
  const [y1, m1, d1] = parseDate(from);
  const [y2, m2, d2] = parseDate(to);
  let months = (y2 - y1) * 12 + (m2 - m1);
  let days = d2 - d1;
  if (days < 0) {
    months -= 1;
    const prevMonth = m2 === 1 ? 12 : m2 - 1;
    const prevYear = m2 === 1 ? y2 - 1 : y2;
    days += daysInMonth(prevYear, prevMonth);
  }
  return { months, days, monthLength: daysInMonth(y2, m2) };
}

export function computeThr(input: ThrInput): ThrResult {
  const rates = thrRatesOn(input.holidayDate);
  const none = { months: 0, days: 0, numerator: 0, denominator: 1 };
  if (input.joinDate > input.holidayDate) return { eligible: false, service: none, amount: 0, reason: 'not_joined' };
  if (input.exitDate && input.exitDate < input.holidayDate) {
    const [y, m, d] = parseDate(input.exitDate);
    const exit = Date.UTC(y, m - 1, d);
    const [hy, hm, hd] = parseDate(input.holidayDate);
    const daysBefore = (Date.UTC(hy, hm - 1, hd) - exit) / 86_400_000;
    if (!(input.dismissedPermanent && daysBefore <= rates.dismissedWithinDays)) {
      return { eligible: false, service: none, amount: 0, reason: 'left_before_holiday' };
    }
  }
  const { months, days, monthLength } = monthsBetween(input.joinDate, input.holidayDate);
  const service =
    input.partialMonth === 'day_fraction'
      ? { months, days, numerator: months * monthLength + days, denominator: monthLength }
      : { months, days, numerator: months, denominator: 1 };
  if (months < rates.minMonths) return { eligible: false, service, amount: 0, reason: 'under_minimum' };
  if (months >= rates.fullMonths) return { eligible: true, service, amount: input.wage, reason: 'full' };
  return {
    eligible: true,
    service,
    amount: roundDiv(input.wage * service.numerator, rates.fullMonths * service.denominator),
    reason: 'prorated',
  };
}
