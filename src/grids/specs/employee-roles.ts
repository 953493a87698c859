import { defineGrid } from '../types.ts';

/** employee-personal: employee roles, a role name with a hierarchy level (0 is the top) and an optional department. */
export const employeeRolesGrid = defineGrid({
  resource: 'employee-roles',
  path: '/v1/refs/employees/assigns/roles',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'level,role',
  title: (row) => `${row.role ?? ''} (${row.code ?? ''})`,
  populate: ['department'],
  columns: [
    { field: 'code', kind: 'text', width: 140, pinned: 'left', required: true },
    { field: 'role', kind: 'text', width: 240, required: true },
    { field: 'level', kind: 'number', width: 100, min: 0, max: 999 },
    {
      field: 'department',
      kind: 'reference',
      width: 240,
      reference: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code' },
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
