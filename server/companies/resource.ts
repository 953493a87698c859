import { Type } from '@sinclair/typebox';
import { companies } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import { companyAdminRef } from '../resources/relations.ts';

/**
 * Developer area (spec 2.2): every company on the platform. A new company comes with its default lists, so it is
 * created by its own route (./routes.ts), not the generic create; bulk upsert updates companies but adds none.
 */
export const companiesResource = defineResource({
  name: 'companies',
  path: '/companies',
  table: companies,
  menu: 'companies',
  scope: 'platform',
  label: 'Company',
  title: (row) => `${row.name} (${row.code})`,
  search: ['name', 'code', 'email', 'address'],
  filters: ['code', 'company_size', 'created_at'],
  sort: ['name', 'code', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'code',
  relations: { admin: companyAdminRef },
  readOnly: ['admin', 'tax_person'],
  create: false,
  refine: {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.String({ pattern: '^[A-Z0-9]{1,20}$', description: 'Letters and digits, upper case' }),
    email: Type.Union([Type.String({ format: 'email' }), Type.Null()]),
    website: Type.Union([Type.String({ maxLength: 300 }), Type.Null()]),
    phone: Type.Union([Type.String({ pattern: '^\\+?[0-9 ()-]{6,20}$' }), Type.Null()]),
    cut_off_days: Type.Union([Type.Integer({ minimum: 1, maximum: 31 }), Type.Null()]),
    umk: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    jkk_percentage: Type.Union([
      Type.Enum({ a: '0', b: '0.24', c: '0.54', d: '0.89', e: '1.27', f: '1.74' }),
      Type.Null(),
    ]),
  },
});
