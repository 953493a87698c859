import { relationshipValues } from '../../../common/relationships.ts';
import { defineGrid } from '../types.ts';

/** An employee's family members; `bpjs_ks_additional` counts towards the BPJS Kesehatan additional family fee. */
export const employeeFamilyGrid = defineGrid({
  resource: 'employee-family',
  path: '/v1/employees/family',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => row.name ?? '',
  columns: [
    { field: 'name', kind: 'text', width: 240, required: true },
    // Text on the server; chosen from the known relationships, labelled in the user's language.
    {
      field: 'relationship',
      kind: 'enum',
      width: 160,
      required: true,
      enum: { key: 'relationship', values: relationshipValues },
    },
    { field: 'phone', kind: 'phone' },
    { field: 'birth_date', kind: 'date' },
    { field: 'bpjs_ks_additional', kind: 'boolean', width: 190 },
  ],
});
