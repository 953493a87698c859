/**
 * The daily workers' (weekly-run) payslip, issue 15 "Daily-worker payroll": days worked × the daily rate (the sum of
 * the daily payroll components paid per day) plus incentives, less PPh 21 by the daily rule of reference section 2,
 * cumulative over the calendar month (docs/decisions/0061): the tax of a weekly payroll is the tax of the month's
 * gross so far (this payroll and the month's earlier completed ones, on their average daily gross) less what those
 * earlier payrolls withheld, never below zero. Pure; the server computes with it and the browser recalculates an
 * edited row with the same code.
 */
import { dailyTax } from './pph21.ts';
import type { LineCode, MonthlyTax } from './types.ts';

/** A component of the daily payroll paid per day worked (daily_payroll_components with an amount). */
export interface DailyComponent {
  code: string;
  name: string;
  amount: number;
}

/** What one daily worker's weekly payslip is computed from (stored as the payslip's `input`). */
export interface WeeklyInput {
  /** The payroll's last day: the month it counts in and the tax tables in force. */
  date: string;
  /** Days with a clock-in in the period. */
  days_worked: number;
  /** The components paid per day; the daily rate is their sum unless edited. */
  components: DailyComponent[];
  incentive: number;
  tax_id_valid: boolean;
  /** The month's earlier completed weekly payrolls of this worker: gross, days and PPh withheld. */
  month_to_date: { bruto: number; days: number; pph21: number };
}

/** What the admin may change in one weekly payslip (`PATCH .../payslips/{id}`): null or absent keeps the loaded value. */
export const weeklyEditFields = ['days_worked', 'daily_rate', 'incentive'] as const;
export type WeeklyEditField = (typeof weeklyEditFields)[number];
export type WeeklyEdits = Partial<Record<WeeklyEditField, number>>;

export interface WeeklyLine {
  code: LineCode;
  kind: 'earning' | 'tax' | 'info';
  amount: number;
  name?: string;
  in_bruto: boolean;
  explain: Record<string, unknown>;
}

export interface WeeklyResult {
  days_worked: number;
  daily_rate: number;
  incentive: number;
  bruto: number;
  pph21: number;
  thp: number;
  tax: MonthlyTax & { month_bruto: number; month_days: number; month_tax: number; withheld_before: number };
  lines: WeeklyLine[];
}

export const dailyRateOf = (components: readonly DailyComponent[]) =>
  components.reduce((sum, component) => sum + component.amount, 0);

/**
 * PPh 21 of a daily worker's payroll under the cumulative monthly rule: the daily rule on the month's gross and days
 * so far, less what the month's earlier payrolls withheld (never a refund).
 */
export function weeklyTax(input: {
  bruto: number;
  days: number;
  taxIdValid: boolean;
  date: string;
  monthToDate: { bruto: number; days: number; pph21: number };
}) {
  const monthBruto = input.monthToDate.bruto + input.bruto;
  const monthDays = input.monthToDate.days + input.days;
  const month = dailyTax({ bruto: monthBruto, days: monthDays, taxIdValid: input.taxIdValid, date: input.date });
  return {
    ...month,
    pph: Math.max(0, month.pph - input.monthToDate.pph21),
    month_bruto: monthBruto,
    month_days: monthDays,
    month_tax: month.pph,
    withheld_before: input.monthToDate.pph21,
  };
}

/** One weekly payslip: the edits (days, daily rate, incentive) over the loaded input. */
export function computeWeeklyPayslip(input: WeeklyInput, edits: WeeklyEdits = {}): WeeklyResult {
  const days = edits.days_worked ?? input.days_worked;
  const rate = edits.daily_rate ?? dailyRateOf(input.components);
  const incentive = edits.incentive ?? input.incentive;
  const lines: WeeklyLine[] = [];
  if (edits.daily_rate === undefined) {
    for (const component of input.components) {
      if (component.amount === 0) continue;
      lines.push({
        code: 'daily_component',
        kind: 'earning',
        name: component.name,
        amount: component.amount * days,
        in_bruto: true,
        explain: { code: component.code, amount: component.amount, days_worked: days },
      });
    }
  } else {
    lines.push({
      code: 'daily_wage',
      kind: 'earning',
      amount: rate * days,
      in_bruto: true,
      explain: { daily_rate: rate, days_worked: days, edited: true },
    });
  }
  if (incentive) lines.push({ code: 'incentive', kind: 'earning', amount: incentive, in_bruto: true, explain: {} });
  const bruto = rate * days + incentive;
  const tax = weeklyTax({
    bruto,
    days,
    taxIdValid: input.tax_id_valid,
    date: input.date,
    monthToDate: input.month_to_date,
  });
  lines.push({
    code: 'pph21',
    kind: 'tax',
    amount: tax.pph,
    in_bruto: false,
    explain: {
      method: 'daily',
      month_bruto: tax.month_bruto,
      month_days: tax.month_days,
      month_tax: tax.month_tax,
      withheld_before: tax.withheld_before,
      rate: tax.rate,
      surcharge: tax.surcharge,
    },
  });
  return {
    days_worked: days,
    daily_rate: rate,
    incentive,
    bruto,
    pph21: tax.pph,
    thp: bruto - tax.pph,
    tax,
    lines,
  };
}
