import { relationshipValues } from '../../../common/relationships.ts';
import { defineGrid } from '../types.ts';

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
    // Text on the server; chosen from the known relationships, labelled in the user's language.
    {
      field: 'relationship',
      kind: 'enum',
      width: 180,
      required: true,
      enum: { key: 'relationship', values: relationshipValues },
    },
    { field: 'phone', kind: 'phone' },
  ],
});
