import { defineGrid } from '../types.ts';

/**
 * role-permission (issue 26): the company's custom access levels. Code and name are edited in place; the permissions
 * are ticked in the matrix beside the grid (src/screens/access/RolePermission.tsx), the grid shows how many there are.
 * Deleting a level still held by users is refused with their count.
 */
export const rolesGrid = defineGrid({
  resource: 'roles',
  path: '/v1/roles',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'code',
  title: (row) => `${row.access_level ?? ''} (${row.code ?? ''})`,
  columns: [
    { field: 'code', kind: 'text', width: 160, pinned: 'left', required: true },
    { field: 'access_level', kind: 'text', width: 260, required: true },
    { field: 'permissions', kind: 'computed', width: 140, compute: (row) => row.permissions?.length ?? 0 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
