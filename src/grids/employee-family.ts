import { defineGrid } from './types.ts';

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
    // Free text on the server; the relationships reference list names the usual ones.
    { field: 'relationship', kind: 'text', width: 160, required: true },
    { field: 'phone', kind: 'phone' },
    { field: 'birth_date', kind: 'date' },
    { field: 'bpjs_ks_additional', kind: 'boolean', width: 190 },
  ],
});
