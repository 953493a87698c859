import { defineGrid } from './types.ts';

/** An employee's emergency contacts (detail editor; mounted fixed to the employee, `SubRecords.tsx`). */
export const employeeEmergencyContactsGrid = defineGrid({
  resource: 'employee-emergency-contacts',
  path: '/v1/employees/emergency-contacts',
  create: true,
  remove: true,
  defaultSort: 'created_at',
  title: (row) => row.name ?? '',
  columns: [
    { field: 'name', kind: 'text', width: 240, required: true },
    // Free text on the server; the relationships reference list names the usual ones.
    { field: 'relationship', kind: 'text', width: 180, required: true },
    { field: 'phone', kind: 'phone' },
  ],
});
