import { defineGrid } from '../types.ts';
import { periodTitle } from './employee-payroll-items.ts';

/**
 * sales → sales-objective: an employee's targets for a month (visits, new stores, order value). The screen fixes the
 * year and month; targets are typed or pasted from Excel (the grid's paste: preview, checks, undo).
 */
export const salesObjectivesGrid = defineGrid({
  resource: 'sales-objectives',
  path: '/v1/sales-objective',
  create: true,
  remove: true,
  defaultSort: '-year,-month,created_at',
  title: periodTitle,
  populate: ['employee'],
  columns: [
    {
      field: 'employee',
      kind: 'reference',
      width: 260,
      pinned: 'left',
      required: true,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'year', kind: 'number', width: 110, required: true, min: 2000, max: 2100, grouping: false },
    { field: 'month', kind: 'number', width: 110, required: true, min: 1, max: 12 },
    { field: 'visits_target', kind: 'number', width: 150, required: true, min: 0 },
    { field: 'new_stores_target', kind: 'number', width: 170, required: true, min: 0 },
    // Whole rupiah: the money parser refuses decimals.
    { field: 'order_value_target', kind: 'money', width: 200, required: true, min: 0 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
