import { defineGrid } from '../types.ts';

/** employee-organization: sub-departments, each in a department, with their supervisor (an employee). */
export const subDepartmentsGrid = defineGrid({
  resource: 'sub-departments',
  path: '/v1/refs/employees/orgs/sub-departments',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => `${row.name ?? ''} (${row.code ?? ''})`,
  populate: ['department', 'supervisor'],
  columns: [
    { field: 'code', kind: 'text', width: 140, pinned: 'left', required: true },
    { field: 'name', kind: 'text', width: 260, required: true },
    {
      field: 'department',
      kind: 'reference',
      width: 240,
      reference: {
        path: '/v1/refs/employees/orgs/departments',
        label: 'name',
        code: 'code',
        autoCreate: ['code', 'name'],
      },
    },
    {
      field: 'supervisor',
      kind: 'reference',
      width: 240,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
