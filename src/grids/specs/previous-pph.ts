import { defineGrid } from '../types.ts';

/**
 * finance → employees-payroll (tax record): each employee's previous employer of a tax year, from that employer's
 * 1721-A1: neto (previous_netto) and PPh 21 withheld (previous_pph). The year's last tax period adds them (lines 14
 * and 19 of this employer's 1721-A1). One row per employee and year.
 */
export const previousPphGrid = defineGrid({
  resource: 'previous-pph',
  path: '/v1/pph-a1/previous-pph',
  create: true,
  remove: true,
  defaultSort: '-year',
  title: (row) => `${row.year ?? ''}`,
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
    { field: 'year', kind: 'number', width: 100, required: true, min: 2000, max: 2100 },
    { field: 'previous_netto', kind: 'money', width: 180, required: true, min: 0 },
    { field: 'previous_pph', kind: 'money', width: 180, required: true, min: 0 },
    { field: 'employer_name', kind: 'text', width: 240 },
    { field: 'employer_npwp', kind: 'text', width: 200 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
