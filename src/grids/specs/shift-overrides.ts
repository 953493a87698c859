import { defineGrid } from '../types.ts';

/** attendance → shift-overrides: one employee's shift on one date, winning over the group's schedule and roster. */
export const shiftOverridesGrid = defineGrid({
  resource: 'shift-overrides',
  path: '/v1/shift-overrides',
  create: true,
  remove: true,
  defaultSort: '-date',
  title: (row) => String(row.date ?? ''),
  populate: ['employee', 'shift'],
  dateRange: 'date',
  columns: [
    {
      field: 'employee',
      kind: 'reference',
      width: 260,
      pinned: 'left',
      required: true,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'date', kind: 'date', required: true },
    {
      field: 'shift',
      kind: 'reference',
      width: 220,
      required: true,
      reference: { path: '/v1/shifts', label: 'name', code: 'code' },
    },
    { field: 'reason', kind: 'text', width: 320 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
