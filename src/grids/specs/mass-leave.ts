import { defineGrid } from '../types.ts';

/**
 * Holidays (mass-leave, labelled Holiday): public holidays and collective leave. A collective leave the company takes
 * from a leave balance names that leave rule.
 */
export const massLeaveGrid = defineGrid({
  resource: 'mass-leave',
  path: '/v1/refs/mass-leave',
  create: true,
  remove: true,
  defaultSort: '-start_date,name',
  title: (row) => `${row.name ?? ''} (${row.start_date ?? ''})`,
  populate: ['deduct_leave_rule'],
  dateRange: 'start_date',
  columns: [
    { field: 'name', kind: 'text', width: 300, pinned: 'left', required: true },
    { field: 'start_date', kind: 'date', width: 175, required: true },
    { field: 'end_date', kind: 'date', width: 175, required: true },
    {
      field: 'deduct_leave_rule',
      kind: 'reference',
      width: 220,
      reference: { path: '/v1/leave-rules', label: 'type' },
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
