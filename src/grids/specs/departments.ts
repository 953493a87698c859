import { defineGrid } from '../types.ts';

/** employee-organization: departments, with their head (an employee). */
export const departmentsGrid = defineGrid({
  resource: 'departments',
  path: '/v1/refs/employees/orgs/departments',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => `${row.name ?? ''} (${row.code ?? ''})`,
  populate: ['head'],
  columns: [
    { field: 'code', kind: 'text', width: 140, pinned: 'left', required: true },
    { field: 'name', kind: 'text', width: 260, required: true },
    {
      field: 'head',
      kind: 'reference',
      width: 240,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'description', kind: 'longText', width: 280 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
