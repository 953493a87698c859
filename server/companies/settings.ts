/**
 * Company settings (spec 2.3 company-settings → company-info, admin only; spec 7 companies children company-details and
 * tax-details): the signed-in admin's own company, in two sections saved on their own. Each save names the company
 * row's version (a stale save is 409 with the section as it is now) and is logged with its changes.
 *
 * - Profile: logo, size, letterhead (kop_template), industry, cut-off day, HQ initials, the regional minimum wages and
 *   the company's BPJS Ketenagakerjaan number and JKK rate.
 * - Tax: the company's NPWP, its ID TKU (NITKU) and main KLU code (Coretax uploads and the PPh 21 DTP sector,
 *   decisions 0165-0166), the tax person (an employee of the company who signs the tax forms), the taxable date, and
 *   the tax person's number, read-only: the employee's NPWP, or their NIK (KTP number) when they have no NPWP.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { companyJkkPercentages, companySizes, kopTemplates } from '../../common/company.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { readProfile, readTax, requireOwnFile, requireTaxPerson, saveSection } from './repository.ts';

export const MENU = 'company-info';
const access = (action: 'read' | 'write') => ({ kind: 'menu', menu: MENU, action, company: true }) as const;

const rupiah = Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }));

const ProfileFields = {
  logo_url: Nullable(
    Type.String({
      pattern: '^/v1/files/[a-f0-9]{32}\\.(png|jpg|gif)$',
      description: 'An uploaded image (POST /v1/files)',
    }),
  ),
  company_size: Nullable(Type.Union(companySizes.map((size) => Type.Literal(size)))),
  kop_template: Type.Union(kopTemplates.map((kop) => Type.Literal(kop))),
  industry: Nullable(Type.String({ maxLength: 200 })),
  cut_off_days: Nullable(Type.Integer({ minimum: 1, maximum: 31 })),
  hq_initial: Nullable(Type.String({ pattern: '^[A-Za-z0-9]{1,10}$', description: 'Letters and digits' })),
  umk: rupiah,
  umr: rupiah,
  ump: rupiah,
  bpjs_tk_no: Nullable(Type.String({ pattern: '^[0-9]{8,13}$', description: '8 to 13 digits' })),
  jkk_percentage: Nullable(Type.Union(companyJkkPercentages.map((rate) => Type.Literal(rate)))),
};
const version = Type.Integer({ minimum: 1 });

export const CompanyProfile = Type.Object({ ...ProfileFields, version }, { $id: 'CompanyProfile' });
const ProfileBody = Type.Object({ ...ProfileFields, version }, { additionalProperties: false });
export type Profile = Static<typeof ProfileBody>;

const TaxPerson = Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() });
export const CompanyTax = Type.Object(
  {
    npwp_number: Nullable(Type.String()),
    nitku: Nullable(
      Type.String({ description: 'ID TKU: the NPWP and a 6-digit place of business (000000: head office)' }),
    ),
    klu_code: Nullable(Type.String({ description: 'The main KLU code (5 digits) the tax office holds' })),
    dtp_sector: Nullable(
      Type.String({ description: 'Read-only: the PPh 21 DTP sector of the KLU code (decision 0165), null for none' }),
    ),
    tax_person: Nullable(TaxPerson),
    taxable_date: Nullable(Type.String({ format: 'date' })),
    tax_person_number: Nullable(Type.String({ description: "Read-only: the tax person's NPWP, else their NIK" })),
    version,
  },
  { $id: 'CompanyTax' },
);
const TaxBody = Type.Object(
  {
    npwp_number: Nullable(Type.String({ pattern: '^[0-9]{15,16}$', description: '15 or 16 digits' })),
    nitku: Type.Optional(
      Nullable(Type.String({ pattern: '^[0-9]{22}$', description: '22 digits: the 16-digit NPWP and 6 digits' })),
    ),
    klu_code: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{5}$', description: '5 digits' }))),
    tax_person: Nullable(Type.String({ format: 'uuid' })),
    taxable_date: Nullable(Type.String({ format: 'date' })),
    version,
  },
  { additionalProperties: false },
);

export const companySettingsSchemas = [CompanyProfile, CompanyTax];

export function companySettingsRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/company/profile', {
    config: { access: access('read') },
    schema: {
      operationId: 'getCompanyProfile',
      tags: ['company'],
      response: { 200: one(Type.Ref(CompanyProfile)), ...errorResponses },
    },
    handler: async (request) => ({ data: await readProfile(db, scopeOf(request)) }),
  });

  app.put('/v1/company/profile', {
    config: { access: access('write') },
    schema: {
      operationId: 'updateCompanyProfile',
      tags: ['company'],
      body: ProfileBody,
      response: { 200: one(Type.Ref(CompanyProfile)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      if (body.logo_url) await requireOwnFile(db, scope, body.logo_url);
      return { data: await saveSection(db, scope, 'profile', body, (tx) => readProfile(tx, scope)) };
    },
  });

  app.get('/v1/company/tax', {
    config: { access: access('read') },
    schema: {
      operationId: 'getCompanyTax',
      tags: ['company'],
      response: { 200: one(Type.Ref(CompanyTax)), ...errorResponses },
    },
    handler: async (request) => ({ data: await readTax(db, scopeOf(request)) }),
  });

  app.put('/v1/company/tax', {
    config: { access: access('write') },
    schema: {
      operationId: 'updateCompanyTax',
      tags: ['company'],
      body: TaxBody,
      response: { 200: one(Type.Ref(CompanyTax)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      if (body.tax_person) await requireTaxPerson(db, scope, body.tax_person);
      return { data: await saveSection(db, scope, 'tax', body, (tx) => readTax(tx, scope)) };
    },
  });
}
