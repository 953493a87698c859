/**
 * Form 1721-A1 (reference section 6): one employee's annual withholding slip from the year's completed monthly
 * payslips. Pure: the server's A1 list, its PDFs and the tests all call `a1Form`.
 *
 * Lines 1–7 sort every line that counts in PPh 21 bruto by its code (`a1IncomeLine`, exhaustive over `LineCode`), so
 * line 8 is exactly Σ bruto of the months. Lines 9–23 are the year's settlement (`settleYear`, the same function the
 * last tax period's payslip used): line 18 is the year's tax, line 22 the PPh 21 withheld in the other months, line 23
 * the last period's PPh 21, both less the PPh 21 borne by the government (line 20, the `pph21_dtp` lines). Without a completed last tax period yet (December, or the month employment ends), the form
 * is provisional: settled as if the year ended with the last completed month (line 23 is then what would still be due,
 * or refunded), `final: false`. Decision 0066.
 */
import { settleYear } from './pph21.ts';
import { periodDate } from './rates.ts';
import type { LineCode, LineKind, PayslipLine, PtkpStatus, TaxResidence } from './types.ts';

/** The income lines of the form (1 salary … 7 bonus/THR). */
export type A1IncomeLine = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * Where each payslip line goes on the form when it counts in bruto; null: it never does (employee shares, employer
 * JHT/JP, tax, loan, deposit…). Attendance deductions reduce the salary (line 1).
 */
export const a1IncomeLine = {
  basic_salary: 1,
  late_deduction: 1,
  early_deduction: 1,
  absent_deduction: 1,
  unpaid_leave_deduction: 1,
  missed_deduction: 1,
  tax_allowance: 2,
  transport_allowance: 3,
  meal_allowance: 3,
  communication_allowance: 3,
  job_allowance: 3,
  other_allowance: 3,
  allowance: 3,
  incentive: 3,
  overtime: 3,
  business_trip: 3,
  jkk_employer: 5,
  jkm_employer: 5,
  ks_employer: 5,
  bonus: 7,
  thr: 7,
  yearly_bonus: 7,
  deduction: null,
  loan_installment: null,
  deposit: null,
  deposit_return: null,
  jht_employee: null,
  jp_employee: null,
  ks_employee: null,
  ks_additional: null,
  jkk_employee: null,
  jkm_employee: null,
  jht_employer: null,
  jp_employer: null,
  pph21: null,
  pph21_dtp: null,
  zakat: null,
  // Daily workers are not on a 1721-A1 (only monthly runs are read); their pay is wages all the same.
  daily_component: 1,
  daily_wage: 1,
  // Severance is under the final tax of PP 68/2009 and its own slip, never on the 1721-A1 (decision 0170); PKWT
  // compensation is ordinary irregular income (line 7).
  pesangon: null,
  upmk: null,
  uph_leave: null,
  uph_rights: null,
  separation_pay: null,
  pkwt_compensation: 7,
  pph21_severance: null,
} as const satisfies Record<LineCode, A1IncomeLine | null>;

/** Sign of an in-bruto line of each kind (as the engine sums bruto). */
const brutoSign = {
  earning: 1,
  deduction: -1,
  employer_contribution: 1,
  tax: 0,
  info: 0,
} as const satisfies Record<LineKind, -1 | 0 | 1>;

/** One completed monthly payslip of the employee in the year. */
export interface A1Month {
  month: number;
  lines: readonly PayslipLine[];
  bruto: number;
  pph21: number;
  /** The payslip's `input.last_period`: this month settled the year. */
  last_period: boolean;
}

export interface A1Input {
  year: number;
  /** As of 1 January (the last payslip's input); null counts as TK/0. */
  ptkp_status: PtkpStatus | null;
  tax_id_valid: boolean;
  tax_residence: TaxResidence;
  months: readonly A1Month[];
  previous: { neto: number; pph: number };
}

/** Lines 1–23, integer rupiah (line 23 negative: an over-payment refunded). */
export type A1Lines = Record<`line_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`, number> &
  Record<`line_${13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23}`, number>;

export interface A1Form extends A1Lines {
  /** First and last month of the income period (masa perolehan). */
  period_start: number;
  period_end: number;
  /** True when the last tax period's run is among the months (December, or the month employment ended). */
  final: boolean;
}

export function a1Form(input: A1Input): A1Form {
  const months = [...input.months].sort((a, b) => a.month - b.month);
  if (months.length === 0) throw new RangeError('A 1721-A1 needs at least one month');
  const income = [0, 0, 0, 0, 0, 0, 0, 0];
  let pension = 0;
  let zakat = 0;
  // PPh 21 borne by the government (DTP, decision 0165): of the last period, and of the other months.
  let dtpLast = 0;
  let dtpOthers = 0;
  for (const month of months) {
    for (const line of month.lines) {
      if (line.code === 'pph21_dtp') {
        if (month === months[months.length - 1] && month.last_period) dtpLast += line.amount;
        else dtpOthers += line.amount;
      }
      if (line.code === 'jht_employee' || line.code === 'jp_employee') pension += line.amount;
      if (line.code === 'zakat') zakat += line.amount;
      const at = a1IncomeLine[line.code];
      if (!line.in_bruto || at === null) continue;
      income[at]! += brutoSign[line.kind] * line.amount;
    }
  }
  const last = months[months.length - 1]!;
  const final = last.last_period;
  const brutoYear = income.reduce((sum, amount) => sum + amount, 0);
  const allPph = months.reduce((sum, month) => sum + month.pph21, 0);
  const settlement = settleYear({
    status: input.ptkp_status ?? 'tk/0',
    taxIdValid: input.tax_id_valid,
    months: months.length,
    brutoYear,
    pension,
    zakat,
    previousNeto: input.previous.neto,
    previousPph: input.previous.pph,
    withheld: final ? allPph - last.pph21 : allPph,
    annualise: input.tax_residence !== 'resident',
    date: periodDate(input.year, last.month),
  });
  const deductions = settlement.biaya_jabatan + settlement.pension + settlement.zakat;
  const dtp = dtpLast + dtpOthers;
  return {
    period_start: months[0]!.month,
    period_end: last.month,
    final,
    line_1: income[1]!,
    line_2: income[2]!,
    line_3: income[3]!,
    line_4: income[4]!,
    line_5: income[5]!,
    line_6: income[6]!,
    line_7: income[7]!,
    line_8: brutoYear,
    line_9: settlement.biaya_jabatan,
    line_10: settlement.pension,
    line_11: settlement.zakat,
    line_12: deductions,
    line_13: settlement.neto_employment,
    line_14: settlement.previous_neto,
    line_15: settlement.neto,
    line_16: settlement.ptkp,
    line_17: settlement.pkp,
    line_18: settlement.tax_year,
    line_19: settlement.previous_pph,
    line_20: dtp,
    line_21: settlement.tax_year - settlement.previous_pph - dtp,
    // Lines 22 and 23 are what the employee bore: 21 = 22 + 23 with the DTP on line 20.
    line_22: settlement.withheld - dtpOthers,
    line_23: settlement.pph - dtpLast,
  };
}

/** The form's number per company and year: 1.1-MM.YY-NNNNNNN (form code, last month, year, sequence). */
export const a1Number = (year: number, lastMonth: number, sequence: number): string =>
  `1.1-${String(lastMonth).padStart(2, '0')}.${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(7, '0')}`;

/** Every line number, for lists, exports and the PDF. */
export const a1LineNumbers = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
] as const;
export type A1LineNumber = (typeof a1LineNumbers)[number];
