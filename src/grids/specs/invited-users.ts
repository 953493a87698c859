import { defineGrid } from '../types.ts';

/**
 * invited-user (developer area, spec 2.2): the accounts bulk invitations and employee imports created, on every
 * company, newest first. No new rows and no deletes (invitations create them); the photo, full name, email and phone
 * are edited in place, the rest is read-only.
 */
export const invitedUsersGrid = defineGrid({
  resource: 'invited-users',
  path: '/v1/invited-users',
  create: false,
  remove: false,
  defaultSort: '-created_at',
  title: (row) => `${row.fullname ?? ''} (${row.username ?? ''})`,
  columns: [
    { field: 'photo_url', kind: 'text', width: 200 },
    { field: 'fullname', kind: 'text', width: 220, pinned: 'left', required: true },
    { field: 'email', kind: 'text', width: 240 },
    { field: 'phone', kind: 'phone' },
    { field: 'username', kind: 'text', width: 160, editable: false },
    {
      field: 'level',
      kind: 'enum',
      width: 150,
      editable: false,
      enum: {
        key: 'level',
        values: ['developer', 'admin', 'sub_admin', 'custom', 'admin_department', 'approver', 'employee'],
      },
    },
    { field: 'blocked', kind: 'boolean', editable: false, hide: true },
    { field: 'created_at', kind: 'date', editable: false },
  ],
});
