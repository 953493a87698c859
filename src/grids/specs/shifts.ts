import { shiftFieldApplies, shiftTypeValues } from '../../../common/shifts.ts';
import { defineGrid } from '../types.ts';

/**
 * attendance → shift: the company's shifts. Start and finish apply to full_day and long_shift only, allowed attendance
 * not to long_shift nor free_working_day (spec 4, decision 0031): elsewhere the cells are blank and not editable.
 */
export const shiftsGrid = defineGrid({
  resource: 'shifts',
  path: '/v1/shifts',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'code',
  title: (row) => `${row.name ?? ''} (${row.code ?? ''})`,
  columns: [
    { field: 'code', kind: 'text', width: 110, pinned: 'left', required: true },
    { field: 'name', kind: 'text', width: 220, required: true },
    { field: 'type', kind: 'enum', width: 170, required: true, enum: { key: 'shift_type', values: shiftTypeValues } },
    {
      field: 'start_time',
      kind: 'time',
      required: true,
      editable: (row) => shiftFieldApplies(row.type, 'start_time'),
    },
    {
      field: 'finish_time',
      kind: 'time',
      required: true,
      editable: (row) => shiftFieldApplies(row.type, 'finish_time'),
    },
    { field: 'minimum_working_hour', kind: 'number', width: 150, min: 0, max: 24 },
    { field: 'working_days', kind: 'number', width: 130, min: 0, max: 9 },
    {
      field: 'allowed_attendance',
      kind: 'boolean',
      width: 150,
      editable: (row) => shiftFieldApplies(row.type, 'allowed_attendance'),
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
