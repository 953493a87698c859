import { Type } from '@sinclair/typebox';
import { storeLocations } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

/**
 * store-location (spec 7, issue 29): the stores a company's sales team visits. A store has a code (unique per company,
 * case-insensitive), a name, an address, a position and a radius (metres) within which a visit counts as on site.
 * The employees assigned to a store are a separate list (`store_location_employees`), edited through
 * `PUT /v1/store-location/{id}/employees` (server/sales/routes.ts). The sales group's `sales_menu` feature gates it.
 */
export const storeLocationsResource = defineResource({
  name: 'store-location',
  path: '/store-location',
  table: storeLocations,
  menu: 'store-location',
  scope: 'company',
  label: 'Store location',
  title: (row) => `${String(row.code ?? '')} ${String(row.name ?? '')}`.trim(),
  search: ['code', 'name', 'address'],
  filters: ['code', 'name', 'active', 'radius', 'created_at'],
  sort: ['code', 'name', 'radius', 'active', 'created_at', 'updated_at'],
  defaultSort: 'code',
  naturalKey: 'code',
  refine: {
    code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,30}$', description: 'Letters, digits, dot, dash, underscore' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    address: Type.String({ maxLength: 500 }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    radius: Type.Integer({ minimum: 1, maximum: 100_000 }),
  },
  // Coordinates come in pairs: a store with one of the two cannot be measured against.
  check: (row) => {
    const lat = row.latitude ?? null;
    const lon = row.longitude ?? null;
    if ((lat === null) === (lon === null)) return null;
    const missing = lat === null ? 'latitude' : 'longitude';
    return { errors: { [missing]: { code: 'required', message: 'is required with the other coordinate' } } };
  },
});
