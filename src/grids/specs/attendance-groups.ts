import { defineGrid } from '../types.ts';

/** attendance → attendance-group: the groups; members and the weekly schedule are edited beside the grid. */
export const attendanceGroupsGrid = defineGrid({
  resource: 'attendance-groups',
  path: '/v1/attendance-groups',
  naturalKey: 'name',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => row.name ?? '',
  populate: ['manager'],
  columns: [
    { field: 'name', kind: 'text', width: 240, pinned: 'left', required: true },
    {
      field: 'type',
      kind: 'enum',
      width: 170,
      required: true,
      enum: { key: 'attendance_group_type', values: ['fixed_schedule', 'working_shift', 'free_shift'] },
    },
    { field: 'auto_closed', kind: 'boolean', width: 150 },
    { field: 'allowed_offsite_clock_in', kind: 'boolean', width: 215 },
    { field: 'allowed_offsite_clock_out', kind: 'boolean', width: 225 },
    {
      field: 'manager',
      kind: 'reference',
      width: 240,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
