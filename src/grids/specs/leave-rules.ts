import { defineGrid } from '../types.ts';

/** A monthly distribution hides the distribution and expiration dates (spec 4): blank and not editable there. */
const annualOnly = (row: { distribution?: string | null }) => row.distribution !== 'monthly';

/** leave rules (spec 3 "Leave rule"): one row per leave type. */
export const leaveRulesGrid = defineGrid({
  resource: 'leave-rules',
  path: '/v1/leave-rules',
  naturalKey: 'type',
  create: true,
  remove: true,
  defaultSort: 'type',
  title: (row) => row.type ?? '',
  columns: [
    { field: 'type', kind: 'text', width: 220, pinned: 'left', required: true },
    {
      field: 'distribution',
      kind: 'enum',
      width: 140,
      enum: { key: 'leave_distribution', values: ['annual', 'monthly'] },
    },
    {
      field: 'calculation',
      kind: 'enum',
      width: 150,
      enum: { key: 'leave_calculation', values: ['work_day', 'calendar_day'] },
    },
    { field: 'amount', kind: 'number', width: 110, min: 0, max: 9999 },
    { field: 'unit', kind: 'enum', width: 120, enum: { key: 'leave_unit', values: ['day', 'half_day', 'hour'] } },
    {
      field: 'quota_type',
      kind: 'enum',
      width: 130,
      enum: { key: 'leave_quota_type', values: ['fixed', 'unlimited'] },
    },
    { field: 'service_months', kind: 'number', width: 130, min: 0, max: 600 },
    // Unpaid leave: its approved days are deducted by the company's absent rule in the payroll run (decision 0206).
    { field: 'unpaid', kind: 'boolean', width: 110 },
    { field: 'distribution_date', kind: 'date', width: 150, editable: annualOnly },
    { field: 'expiration_date', kind: 'date', width: 150, editable: annualOnly },
    {
      field: 'employment_status',
      kind: 'enumList',
      width: 240,
      enum: {
        key: 'employment_status',
        values: ['pkwtt', 'pkwt', 'probation', 'intern', 'freelance', 'regular', 'not_set'],
      },
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
