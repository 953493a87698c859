import { defineGrid } from './types.ts';

/** An employee's THR (religious holiday allowance) and yearly bonus, one row per month (payroll permission only). */
export const employeeThrBonusesGrid = defineGrid({
  resource: 'employee-thr-bonuses',
  path: '/v1/employees/payrolls/thr-bonuses',
  create: true,
  remove: true,
  defaultSort: '-year,-month',
  title: (row) => `${row.year ?? ''}-${String(row.month ?? '').padStart(2, '0')}`,
  columns: [
    { field: 'year', kind: 'number', width: 110, required: true, min: 2000, max: 2100, grouping: false },
    { field: 'month', kind: 'number', width: 110, required: true, min: 1, max: 12 },
    // Whole rupiah: the money parser refuses decimals.
    { field: 'thr', kind: 'money', required: true, min: 0 },
    { field: 'yearly_bonus', kind: 'money', required: true, min: 0 },
  ],
});
