/**
 * The run grid's instant recalculation: an edited payslip recomputed in the browser with the server's engine
 * (`computePayslip(applyEdits(input, edits), settings)`, common/payroll-run.ts), so the row shows its new figures at
 * once; the PATCH's reply then confirms it (the server's figures win; a difference is shown as a mismatch).
 */
import { computePayslip } from '../../../common/payroll/payslip.ts';
import type { CompanyPayrollSettings, PayslipInput } from '../../../common/payroll/types.ts';
import { applyEdits, bpjsSplit, type PayslipEditField, type PayslipEdits } from '../../../common/payroll-run.ts';
import type { Payslip } from './api.ts';

/** `edits` merged over the payslip's own (null: back to the loaded value), as the PATCH merges them. */
export function mergeEdits(current: PayslipEdits, change: Partial<Record<PayslipEditField, number | null>>) {
  const merged: PayslipEdits = { ...current };
  for (const [field, value] of Object.entries(change) as [PayslipEditField, number | null | undefined][]) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/** The payslip recomputed with `edits` (its stored input unchanged), shaped like the server's reply. */
export function recalculate(payslip: Payslip, edits: PayslipEdits, settings: CompanyPayrollSettings): Payslip {
  const input = payslip.input as unknown as PayslipInput;
  const result = computePayslip(applyEdits(input, edits), settings);
  return {
    ...payslip,
    edits: edits as Record<string, number>,
    lines: result.lines as unknown as Payslip['lines'],
    bruto: result.bruto,
    pph21: result.pph21,
    thp: result.thp,
    bpjs_employee: result.bpjs.total_employee,
    bpjs_company: result.bpjs.total_employer,
    bpjs: bpjsSplit(result),
  };
}

/** The figures the grid shows, compared: the names of those the server computed differently. */
const compared = ['bruto', 'pph21', 'thp', 'bpjs_employee', 'bpjs_company'] as const;
export function mismatches(local: Payslip, server: Payslip): (typeof compared)[number][] {
  return compared.filter((key) => local[key] !== server[key]);
}
