import { defineGrid } from '../types.ts';

/**
 * portal → warning-letter (surat peringatan): one row a letter. The employee is chosen on a new row; the type, dates
 * and description are edited in place (valid at most six months, checked by the server). The letter's PDF, the
 * proposed next level and the attachment are beside the grid (src/screens/portal/WarningLetters.tsx).
 */
export const warningLettersGrid = defineGrid({
  resource: 'warning-letters',
  path: '/v1/employees/surat-peringatan',
  create: true,
  remove: true,
  defaultSort: '-start_date',
  dateRange: 'start_date',
  populate: ['employee'],
  title: (row) => {
    const employee = row.employee as { fullname?: string } | string | undefined;
    return `${String(row.type ?? '').toUpperCase()} ${typeof employee === 'object' ? (employee.fullname ?? '') : ''}`;
  },
  columns: [
    {
      field: 'employee',
      kind: 'reference',
      width: 240,
      pinned: 'left',
      required: true,
      editable: (row) => !row.created_at,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    {
      field: 'type',
      kind: 'enum',
      width: 110,
      required: true,
      enum: { key: 'warning_letter_type', values: ['sp_1', 'sp_2', 'sp_3'] },
    },
    { field: 'start_date', kind: 'date', required: true },
    { field: 'end_date', kind: 'date', required: true },
    { field: 'description', kind: 'longText', width: 360 },
    { field: 'attachment', kind: 'file', width: 200 },
  ],
});
