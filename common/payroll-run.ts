/**
 * A payroll run's editable inputs (the run grid's input cells, `PATCH /v1/payroll-summary/{id}/payslips/{payslipId}`)
 * and how an edit applies over the stored engine input. Pure: the server recalculates with it and the browser
 * recalculates the row at once with the same code (server/payroll/README.md).
 */
import type { OvertimeEntry, PayslipInput, PayslipResult } from './payroll/types.ts';

/** What the admin may change in one payslip of a pending run. */
export const payslipEditFields = ['overtime_hours', 'allowance', 'incentive', 'bonus', 'deduction'] as const;
export type PayslipEditField = (typeof payslipEditFields)[number];
export type PayslipEdits = Partial<Record<PayslipEditField, number>>;

/** Hours of one overtime day when edited hours are spread over working days (PP 35/2021's daily limit). */
export const EDITED_OVERTIME_HOURS_A_DAY = 4;

const itemCategory = {
  allowance: 'allowances',
  incentive: 'incentives',
  bonus: 'bonuses',
  deduction: 'deductions',
} as const;

/** Spreads a month's edited overtime hours over working days of at most four hours, from the 1st of the month. */
function overtimeDays(input: PayslipInput, hours: number): OvertimeEntry[] {
  const entries: OvertimeEntry[] = [];
  const { year, month } = input.period;
  let left = Math.round(hours * 4) / 4;
  for (let day = 1; left > 0; day++) {
    const take = Math.min(EDITED_OVERTIME_HOURS_A_DAY, left);
    const date = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
    entries.push({ date, hours: take, day_type: 'working_day' });
    left -= take;
  }
  return entries;
}

const apply = {
  overtime_hours: (input, value) => ({ ...input, overtime: overtimeDays(input, value) }),
  allowance: (input, value) => withItems(input, 'allowance', value),
  incentive: (input, value) => withItems(input, 'incentive', value),
  bonus: (input, value) => withItems(input, 'bonus', value),
  deduction: (input, value) => withItems(input, 'deduction', value),
} satisfies Record<PayslipEditField, (input: PayslipInput, value: number) => PayslipInput>;

/** An edited item category: the month's items of that category are replaced by one item with the edited total. */
function withItems(input: PayslipInput, field: keyof typeof itemCategory, value: number): PayslipInput {
  const category = itemCategory[field];
  return { ...input, items: { ...input.items, [category]: value ? [{ name: field, amount: value }] : [] } };
}

/** The engine input with the admin's edits applied (the stored input is never changed). */
export function applyEdits(input: PayslipInput, edits: PayslipEdits): PayslipInput {
  let result = input;
  for (const field of payslipEditFields) {
    const value = edits[field];
    if (value !== undefined) result = apply[field](result, value);
  }
  return result;
}

/** The current value of an editable input, edited or as loaded. */
export function inputValue(input: PayslipInput, edits: PayslipEdits, field: PayslipEditField): number {
  const edited = edits[field];
  if (edited !== undefined) return edited;
  if (field === 'overtime_hours') return (input.overtime ?? []).reduce((sum, entry) => sum + entry.hours, 0);
  return (input.items?.[itemCategory[field]] ?? []).reduce((sum, item) => sum + item.amount, 0);
}

/**
 * The BPJS split as a payslip stores it (`{ jht_employee, jht_employer, ..., base_tk, base_jp, base_ks }`): the server
 * writes it with every payslip and the run grid's browser recalculation shows the same (decision 0074).
 */
export function bpjsSplit(result: PayslipResult): Record<string, number> {
  const b = result.bpjs;
  const split: Record<string, number> = {};
  for (const programme of ['jht', 'jp', 'jkk', 'jkm', 'ks', 'ks_additional'] as const) {
    split[`${programme}_employee`] = b[programme].employee;
    split[`${programme}_employer`] = b[programme].employer;
  }
  split.base_tk = b.bases.tk;
  split.base_jp = b.bases.jp;
  split.base_ks = b.bases.ks;
  return split;
}
