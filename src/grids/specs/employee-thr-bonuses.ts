import { defineGrid } from '../types.ts';
import { periodColumns, periodTitle } from './employee-payroll-items.ts';

/** An employee's THR (religious holiday allowance) and yearly bonus, one row per month (payroll permission only). */
export const employeeThrBonusesGrid = defineGrid({
  resource: 'employee-thr-bonuses',
  path: '/v1/employees/payrolls/thr-bonuses',
  create: true,
  remove: true,
  defaultSort: '-year,-month',
  title: periodTitle,
  columns: [
    ...periodColumns,
    // Whole rupiah: the money parser refuses decimals.
    { field: 'thr', kind: 'money', required: true, min: 0 },
    { field: 'yearly_bonus', kind: 'money', required: true, min: 0 },
  ],
});
