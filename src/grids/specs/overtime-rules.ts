import { fieldApplies, overtimeFields, overtimeMethods } from '../../../common/payroll-rules.ts';
import { defineGrid } from '../types.ts';
import { byCode, codeNameColumns, updatedColumn } from './code-name-lists.ts';

/** payroll-rules: overtime. `government_rule` leaves out the hourly rate and the maximum hours (spec 4). */
export const overtimeRulesGrid = defineGrid({
  resource: 'overtime-rules',
  path: '/v1/refs/payrolls/overtimes',
  ...byCode,
  create: false,
  remove: false,
  columns: [
    ...codeNameColumns,
    {
      field: 'method',
      kind: 'enum',
      width: 180,
      required: true,
      enum: { key: 'overtime_method', values: overtimeMethods },
    },
    {
      field: 'hourly_overtime',
      kind: 'money',
      width: 160,
      required: true,
      min: 0,
      editable: (row) => fieldApplies(overtimeFields, row.method, 'hourly_overtime'),
    },
    {
      field: 'maximum_hour',
      kind: 'number',
      width: 130,
      required: true,
      min: 1,
      max: 24,
      editable: (row) => fieldApplies(overtimeFields, row.method, 'maximum_hour'),
    },
    updatedColumn,
  ],
});
