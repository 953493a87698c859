import { defineGrid } from '../types.ts';

/**
 * store-location (issue 29): the stores the sales team visits, with their position and radius (metres within which a
 * visit counts as on site). The assigned employees are edited beside the grid with the employee picker
 * (src/screens/sales/StoreLocations.tsx), as live-tracking groups' members are.
 */
export const storeLocationGrid = defineGrid({
  resource: 'store-location',
  path: '/v1/store-location',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'code',
  title: (row) => `${row.code ?? ''} ${row.name ?? ''}`.trim(),
  columns: [
    { field: 'code', kind: 'text', width: 120, pinned: 'left', required: true },
    { field: 'name', kind: 'text', width: 240, required: true },
    { field: 'address', kind: 'longText', width: 320 },
    { field: 'latitude', kind: 'number', width: 130, min: -90, max: 90, grouping: false },
    { field: 'longitude', kind: 'number', width: 130, min: -180, max: 180, grouping: false },
    { field: 'radius', kind: 'number', width: 110, min: 1, max: 100_000 },
    { field: 'active', kind: 'boolean', width: 100 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
