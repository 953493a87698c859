/**
 * Company settings (spec 2.3 company-settings → company-info, admin only; spec 7 companies children company-details and
 * tax-details): the signed-in admin's own company, in two sections saved on their own. Each save names the company
 * row's version (a stale save is 409 with the section as it is now) and is logged with its changes.
 *
 * - Profile: logo, size, letterhead (kop_template), industry, cut-off day, HQ initials, the regional minimum wages and
 *   the company's BPJS Ketenagakerjaan number and JKK rate.
 * - Tax: the company's NPWP, the tax person (an employee of the company who signs the tax forms), the taxable date, and
 *   the tax person's number, read-only: the employee's NPWP, or their NIK (KTP number) when they have no NPWP.
 */
import { type Static, Type } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyJkkPercentages, companySizes, kopTemplates } from '../../common/company.ts';
import { diff, writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companies, employees, files } from '../db/schema.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';

const MENU = 'company-info';
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
type Profile = Static<typeof ProfileBody>;

const TaxPerson = Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() });
export const CompanyTax = Type.Object(
  {
    npwp_number: Nullable(Type.String()),
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
    tax_person: Nullable(Type.String({ format: 'uuid' })),
    taxable_date: Nullable(Type.String({ format: 'date' })),
    version,
  },
  { additionalProperties: false },
);
type Tax = Static<typeof TaxBody>;

export const companySettingsSchemas = [CompanyProfile, CompanyTax];

const profileColumns = {
  logo_url: companies.logo_url,
  company_size: companies.company_size,
  kop_template: companies.kop_template,
  industry: companies.industry,
  cut_off_days: companies.cut_off_days,
  hq_initial: companies.hq_initial,
  umk: companies.umk,
  umr: companies.umr,
  ump: companies.ump,
  bpjs_tk_no: companies.bpjs_tk_no,
  jkk_percentage: companies.jkk_percentage,
  version: companies.version,
};

async function readProfile(db: Executor, companyId: string) {
  const [row] = await db.select(profileColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return row as Profile;
}

async function readTax(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      npwp_number: companies.npwp_number,
      taxable_date: companies.taxable_date,
      version: companies.version,
      person_id: employees.id,
      person_name: employees.fullname,
      person_code: employees.employee_id,
      person_npwp: employees.npwp_number,
      person_ktp: employees.ktp_number,
    })
    .from(companies)
    .leftJoin(employees, and(eq(employees.id, companies.tax_person), eq(employees.company_id, companies.id)))
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return {
    npwp_number: row.npwp_number,
    tax_person: row.person_id
      ? { _id: row.person_id, fullname: row.person_name!, employee_id: row.person_code! }
      : null,
    taxable_date: row.taxable_date,
    tax_person_number: row.person_id ? (row.person_npwp ?? row.person_ktp ?? null) : null,
    version: row.version,
  };
}

/** The company row locked for a section save; a stale version is 409 with the section as it is now. */
async function lockCompany(tx: Executor, scope: Scope, expected: number, current: () => Promise<unknown>) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, scope.companyId)).for('update');
  if (!row) throw notFound('Company');
  if (row.version !== expected) {
    throw new AppError(
      409,
      'conflict',
      'The company settings were changed by someone else. Reload them to see the changes.',
      undefined,
      { current: await current() },
    );
  }
  return row;
}

async function saveSection(
  db: Db,
  scope: Scope,
  section: 'profile' | 'tax',
  input: { version: number } & Record<string, unknown>,
  read: (db: Executor) => Promise<unknown>,
) {
  const { version: expected, ...changes } = input;
  return db.transaction(async (tx) => {
    const before = await lockCompany(tx, scope, expected, () => read(tx));
    const changed = diff(before as Record<string, unknown>, changes);
    if (Object.keys(changed).length) {
      await tx
        .update(companies)
        .set({ ...changes, updated_at: new Date().toISOString(), version: sql`${companies.version} + 1` })
        .where(eq(companies.id, scope.companyId));
      await writeLog(tx, {
        actor: scope.actor,
        companyId: scope.companyId,
        action: 'update',
        menu: MENU,
        resource: 'companies',
        recordId: scope.companyId,
        detail: `Updated the company ${section === 'profile' ? 'profile' : 'tax details'}: ${Object.keys(changed).join(', ')}`,
        changes: changed,
      });
    }
    return read(tx);
  });
}

export function companySettingsRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/company/profile', {
    config: { access: access('read') },
    schema: {
      operationId: 'getCompanyProfile',
      tags: ['company'],
      response: { 200: one(Type.Ref(CompanyProfile)), ...errorResponses },
    },
    handler: async (request) => ({ data: await readProfile(db, scopeOf(request).companyId) }),
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
      const body = request.body as Profile;
      if (body.logo_url) {
        const name = body.logo_url.slice('/v1/files/'.length);
        const [file] = await db
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.name, name), eq(files.company_id, scope.companyId)));
        if (!file) {
          throw invalid({ logo_url: { code: 'not_found', message: 'Upload the logo first' } });
        }
      }
      return { data: await saveSection(db, scope, 'profile', body, (tx) => readProfile(tx, scope.companyId)) };
    },
  });

  app.get('/v1/company/tax', {
    config: { access: access('read') },
    schema: {
      operationId: 'getCompanyTax',
      tags: ['company'],
      response: { 200: one(Type.Ref(CompanyTax)), ...errorResponses },
    },
    handler: async (request) => ({ data: await readTax(db, scopeOf(request).companyId) }),
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
      const body = request.body as Tax;
      if (body.tax_person) {
        const [person] = await db
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.id, body.tax_person), eq(employees.company_id, scope.companyId)));
        if (!person) {
          throw invalid({ tax_person: { code: 'not_found', message: 'Choose an employee of this company' } });
        }
      }
      return { data: await saveSection(db, scope, 'tax', body, (tx) => readTax(tx, scope.companyId)) };
    },
  });
}
