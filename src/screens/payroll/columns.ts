/**
 * The run grid's columns: employees × components. Components are read from the payslip's lines by code; the input
 * columns (overtime hours, allowance, incentive, bonus, deduction) are editable and recalculate the row.
 */

import type { PayslipInput } from '../../../common/payroll/types.ts';
import { inputValue, type PayslipEdits } from '../../../common/payroll-run.ts';
import { formatRupiah } from '../../format.ts';
import type { Payslip } from './api.ts';

/**
 * An amount in the run sheet: whole rupiah, and zero is 'Rp 0' like every other amount (issue 27 section 6; the app's
 * 'Rp 0,00' for zero read as a figure with cents beside whole rupiah). Overtime hours are a number of hours.
 */
export const formatAmount = (value: number | null | undefined): string =>
  Math.round(value ?? 0) === 0 ? 'Rp 0' : formatRupiah(Math.round(value ?? 0));

/** Months of service and other counts: up to two decimals (a day fraction of a month), in the app's id-ID digits. */
const countNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const shareNumber = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 2 });

/** The sheet's text of a column's value (the totals row too). */
export const formatFigure = (column: string, value: number | null | undefined): string => {
  if (column === 'overtime_hours' || column === 'days_worked') return String(value ?? 0);
  if (column === 'thr_months') return countNumber.format(value ?? 0);
  if (column === 'thr_share') return shareNumber.format(value ?? 0);
  return formatAmount(value);
};

export type FigureKey =
  | 'basic_salary'
  | 'fixed_allowances'
  | 'overtime'
  | 'thr'
  | 'attendance_deductions'
  | 'loan_installment'
  | 'deposit'
  | 'bruto'
  | 'bpjs_employee'
  | 'bpjs_company'
  | 'pph21'
  | 'thp';

/** Line codes behind each computed column: what the explain panel shows. */
export const figureLines = {
  basic_salary: ['basic_salary'],
  fixed_allowances: [
    'transport_allowance',
    'meal_allowance',
    'communication_allowance',
    'job_allowance',
    'other_allowance',
  ],
  overtime: ['overtime'],
  thr: ['thr', 'yearly_bonus'],
  attendance_deductions: [
    'late_deduction',
    'early_deduction',
    'absent_deduction',
    'missed_deduction',
    'unpaid_leave_deduction',
  ],
  // Loans and deposits (issue 15): the deposit column nets a deposit paid back in the final pay (negative).
  loan_installment: ['loan_installment'],
  deposit: ['deposit'],
  bruto: ['basic_salary'],
  bpjs_employee: ['jht_employee', 'jp_employee', 'ks_employee', 'ks_additional'],
  bpjs_company: ['jht_employer', 'jp_employer', 'jkk_employer', 'jkm_employer', 'ks_employer'],
  pph21: ['pph21', 'tax_allowance'],
  thp: ['pph21'],
} as const satisfies Record<FigureKey, readonly string[]>;

/** One grid row: the payslip flattened to the columns. */
export interface RunRow {
  _id: string;
  employee_id: string;
  fullname: string;
  department: string | null;
  department_name: string;
  location: string | null;
  location_name: string;
  overtime_hours: number;
  allowance: number;
  incentive: number;
  bonus: number;
  deduction: number;
  basic_salary: number;
  fixed_allowances: number;
  overtime: number;
  thr: number;
  attendance_deductions: number;
  loan_installment: number;
  deposit: number;
  bruto: number;
  bpjs_employee: number;
  bpjs_company: number;
  pph21: number;
  thp: number;
  /** The daily payroll's own figures (0 in a monthly or THR run). */
  days_worked: number;
  daily_rate: number;
  /** The THR run's own figures (0 in the others): months of service up to the holiday, the share of a month's wage
   * owed (0–1: months / 12, whole from 12 months), and that wage (basic + fixed allowances). */
  thr_months: number;
  thr_share: number;
  thr_wage: number;
  changed: boolean;
  payslip: Payslip | null;
  /** After an edit: recomputed here and waiting for the server, confirmed by it, or computed differently by it. */
  check?: 'local' | 'confirmed' | 'mismatch';
}

const sumLines = (payslip: Payslip, codes: readonly string[]) =>
  payslip.lines.filter((line) => codes.includes(line.code)).reduce((sum, line) => sum + line.amount, 0);

export function toRow(payslip: Payslip, previousThp: number | undefined): RunRow {
  const input = payslip.input as unknown as PayslipInput;
  const edits = payslip.edits as PayslipEdits;
  return {
    _id: payslip._id,
    employee_id: payslip.employee.employee_id,
    fullname: payslip.employee.fullname,
    department: payslip.employee.department,
    department_name: payslip.employee.department_name ?? '',
    location: payslip.employee.location,
    location_name: payslip.employee.location_name ?? '',
    overtime_hours: inputValue(input, edits, 'overtime_hours'),
    allowance: inputValue(input, edits, 'allowance'),
    incentive: inputValue(input, edits, 'incentive'),
    bonus: inputValue(input, edits, 'bonus'),
    deduction: inputValue(input, edits, 'deduction'),
    basic_salary: sumLines(payslip, figureLines.basic_salary),
    fixed_allowances: sumLines(payslip, figureLines.fixed_allowances),
    overtime: sumLines(payslip, figureLines.overtime),
    thr: sumLines(payslip, figureLines.thr),
    attendance_deductions: sumLines(payslip, figureLines.attendance_deductions),
    loan_installment: sumLines(payslip, figureLines.loan_installment),
    deposit: sumLines(payslip, figureLines.deposit) - sumLines(payslip, ['deposit_return']),
    bruto: payslip.bruto,
    bpjs_employee: payslip.bpjs_employee,
    bpjs_company: payslip.bpjs_company,
    pph21: payslip.pph21,
    thp: payslip.thp,
    days_worked: 0,
    daily_rate: 0,
    thr_months: 0,
    thr_share: 0,
    thr_wage: 0,
    changed: previousThp !== undefined && previousThp !== payslip.thp,
    payslip,
  };
}

export const numberColumns = [
  'overtime_hours',
  'allowance',
  'incentive',
  'bonus',
  'deduction',
  'basic_salary',
  'fixed_allowances',
  'overtime',
  'thr',
  'attendance_deductions',
  'loan_installment',
  'deposit',
  'bruto',
  'bpjs_employee',
  'bpjs_company',
  'pph21',
  'thp',
] as const;
export type NumberColumn = (typeof numberColumns)[number];

/** A figure column of any kind of run (the kind's table, runKinds.ts, names which it shows). */
export const kindFigures = ['days_worked', 'daily_rate', 'thr_months', 'thr_share', 'thr_wage'] as const;
export type SheetFigure = NumberColumn | (typeof kindFigures)[number];

/** The totals row pinned at the bottom: the sum of each of `summed` (every other figure 0). */
export function totalsRow(
  rows: readonly RunRow[],
  label: string,
  summed: readonly SheetFigure[] = numberColumns,
): RunRow {
  const zero = Object.fromEntries([...numberColumns, ...kindFigures].map((c) => [c, 0]));
  const total = Object.fromEntries(summed.map((c) => [c, rows.reduce((sum, row) => sum + row[c], 0)]));
  return {
    ...(zero as Record<SheetFigure, number>),
    _id: 'total',
    employee_id: '',
    fullname: label,
    department: null,
    department_name: '',
    location: null,
    location_name: '',
    changed: false,
    payslip: null,
    ...(total as Record<SheetFigure, number>),
  };
}

/** Each column's label key, spelled out (the locale test finds keys by their literal text). */
export const columnLabels = {
  overtime_hours: 'payrollRun.columns.overtime_hours',
  allowance: 'payrollRun.columns.allowance',
  incentive: 'payrollRun.columns.incentive',
  bonus: 'payrollRun.columns.bonus',
  deduction: 'payrollRun.columns.deduction',
  basic_salary: 'payrollRun.columns.basic_salary',
  fixed_allowances: 'payrollRun.columns.fixed_allowances',
  overtime: 'payrollRun.columns.overtime',
  thr: 'payrollRun.columns.thr',
  attendance_deductions: 'payrollRun.columns.attendance_deductions',
  loan_installment: 'payrollRun.columns.loan_installment',
  deposit: 'payrollRun.columns.deposit',
  bruto: 'payrollRun.columns.bruto',
  bpjs_employee: 'payrollRun.columns.bpjs_employee',
  bpjs_company: 'payrollRun.columns.bpjs_company',
  pph21: 'payrollRun.columns.pph21',
  thp: 'payrollRun.columns.thp',
  fullname: 'payrollRun.columns.fullname',
  employee_id: 'payrollRun.columns.employee_id',
  department_name: 'payrollRun.columns.department',
  location_name: 'payrollRun.columns.location',
} as const satisfies Record<NumberColumn | 'fullname' | 'employee_id' | 'department_name' | 'location_name', string>;
export type ColumnKey = keyof typeof columnLabels;
