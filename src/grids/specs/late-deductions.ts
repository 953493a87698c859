import { lateDeductionMethods } from '../../../common/payroll-rules.ts';
import { defineGrid } from '../types.ts';
import { byCode, codeNameColumns, updatedColumn } from './code-name-lists.ts';

/** payroll-rules: late deductions: minutes late before it applies, the deduction, and how it is counted. */
export const lateDeductionsGrid = defineGrid({
  resource: 'late-deductions',
  path: '/v1/refs/payrolls/late-deductions',
  ...byCode,
  create: false,
  remove: false,
  columns: [
    ...codeNameColumns,
    { field: 'limit', kind: 'number', width: 130, required: true, min: 0, max: 1440 },
    { field: 'deduction', kind: 'money', width: 160, required: true, min: 0 },
    {
      field: 'method',
      kind: 'enum',
      width: 160,
      required: true,
      enum: { key: 'late_deduction_method', values: lateDeductionMethods },
    },
    updatedColumn,
  ],
});
