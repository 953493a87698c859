import { deductionFields, fieldApplies, missedDeductionMethods } from '../../../common/payroll-rules.ts';
import { defineGrid } from '../types.ts';
import { byCode, codeNameColumns, updatedColumn } from './code-name-lists.ts';

/**
 * payroll-rules: missed (clock-in or clock-out) deductions. Prorate is the only method, so only the days apply; the
 * other methods' fields are always empty and not shown.
 */
export const missedDeductionsGrid = defineGrid({
  resource: 'missed-deductions',
  path: '/v1/refs/payrolls/missed-deductions',
  ...byCode,
  create: false,
  remove: false,
  columns: [
    ...codeNameColumns,
    {
      field: 'method',
      kind: 'enum',
      width: 160,
      required: true,
      enum: { key: 'deduction_method', values: missedDeductionMethods },
    },
    {
      field: 'pro_rate_day',
      kind: 'number',
      width: 130,
      required: true,
      min: 1,
      max: 31,
      editable: (row) => fieldApplies(deductionFields, row.method, 'pro_rate_day'),
    },
    updatedColumn,
  ],
});
