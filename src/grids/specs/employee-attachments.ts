import { defineGrid } from '../types.ts';

/**
 * An employee's attachments: a name and the stored file's name (`POST /v1/files`). The file cell is shown, not
 * edited, in a grid (file columns never are); the name is edited in place.
 */
export const employeeAttachmentsGrid = defineGrid({
  resource: 'employee-attachments',
  path: '/v1/employees/attachments',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => row.name ?? '',
  columns: [
    { field: 'name', kind: 'text', width: 260, required: true },
    { field: 'attachment', kind: 'file', width: 280 },
  ],
});
