/**
 * Company settings' data (./settings.ts): the profile and tax sections of the caller's own company, read and saved
 * with optimistic concurrency and logged, and the checks of what a section names (an uploaded file, an employee).
 */

import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { sectorOfKlu } from '../../common/payroll/dtp.ts';
import { diff, writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companies, type companyCertificates, companySignatures, employees, files } from '../db/schema.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { inCompany, ownedBy, type Scope } from '../scope/scope.ts';
import { MENU, type Profile } from './settings.ts';

/** The caller's own company row. */
const ownCompany = (scope: Scope) => eq(companies.id, scope.companyId);

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

export async function readProfile(db: Executor, scope: Scope) {
  const [row] = await db.select(profileColumns).from(companies).where(ownCompany(scope));
  if (!row) throw notFound('Company');
  return row as Profile;
}

export async function readTax(db: Executor, scope: Scope) {
  const [row] = await db
    .select({
      npwp_number: companies.npwp_number,
      nitku: companies.nitku,
      klu_code: companies.klu_code,
      taxable_date: companies.taxable_date,
      version: companies.version,
      person_id: employees.id,
      person_name: employees.fullname,
      person_code: employees.employee_id,
      person_npwp: employees.npwp_number,
      person_ktp: employees.ktp_number,
    })
    .from(companies)
    .leftJoin(employees, and(eq(employees.id, companies.tax_person), inCompany(scope, employees)))
    .where(ownCompany(scope));
  if (!row) throw notFound('Company');
  return {
    npwp_number: row.npwp_number,
    nitku: row.nitku,
    klu_code: row.klu_code,
    dtp_sector: sectorOfKlu(row.klu_code),
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
  const [row] = await tx.select().from(companies).where(ownCompany(scope)).for('update');
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

export async function saveSection<T>(
  db: Db,
  scope: Scope,
  section: 'profile' | 'tax',
  input: { version: number } & Record<string, unknown>,
  read: (db: Executor) => Promise<T>,
): Promise<T> {
  const { version: expected, ...changes } = input;
  return db.transaction(async (tx) => {
    const before = await lockCompany(tx, scope, expected, () => read(tx));
    const changed = diff(before as Record<string, unknown>, changes);
    if (Object.keys(changed).length) {
      await tx
        .update(companies)
        .set({ ...changes, updated_at: new Date().toISOString(), version: sql`${companies.version} + 1` })
        .where(ownCompany(scope));
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

/** A logo must be an upload of the caller's company. */
export async function requireOwnFile(db: Executor, scope: Scope, url: string) {
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, url.slice('/v1/files/'.length)), inCompany(scope, files)));
  if (!file) throw invalid({ logo_url: { code: 'not_found', message: 'Upload the logo first' } });
}

/** The tax person must be an employee of the caller's company. */
export async function requireTaxPerson(db: Executor, scope: Scope, id: string) {
  const [person] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), inCompany(scope, employees)));
  if (!person) throw invalid({ tax_person: { code: 'not_found', message: 'Choose an employee of this company' } });
}

// ---- Company documents (./signatures.ts): digital signatures and certificates, one route family over both tables ----

export type DocumentTable = typeof companySignatures | typeof companyCertificates;
type DocumentRow = Record<string, unknown>;

/** A document's file must be an upload of the caller's company (not a record's attachment). */
export async function requireOwnUpload(db: Executor, scope: Scope, url: string | undefined) {
  if (!url) return;
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.name, url.slice('/v1/files/'.length)), inCompany(scope, files), eq(files.attachment, false)));
  if (!file) throw invalid({ file: { code: 'not_found', message: 'Upload the file first' } });
}

/** The company's documents of one list, oldest first. */
export function listDocuments(db: Executor, scope: Scope, list: DocumentTable, columns: Record<string, PgColumn>) {
  const table = list as typeof companySignatures;
  return db.select(columns).from(table).where(inCompany(scope, table)).orderBy(asc(table.created_at));
}

/** One document of the caller's company (another company's id is a 404 `noun`). */
export async function readDocument(
  db: Executor,
  scope: Scope,
  list: DocumentTable,
  columns: Record<string, PgColumn>,
  id: string,
  noun: string,
) {
  const table = list as typeof companySignatures;
  const [row] = await db
    .select(columns)
    .from(table)
    .where(and(eq(table.id, id), inCompany(scope, table)));
  if (!row) throw notFound(noun);
  return row as unknown as DocumentRow & { version: number };
}

export async function insertDocument(tx: Executor, scope: Scope, list: DocumentTable, values: DocumentRow) {
  const table = list as typeof companySignatures;
  const [created] = await tx
    .insert(table)
    .values({ ...values, ...ownedBy(scope), created_by: scope.actor.userId } as never)
    .returning({ id: table.id });
  return created!.id;
}

/** Saves a document's changes as the next version (read first by the caller, in its transaction). */
export async function updateDocument(
  tx: Executor,
  scope: Scope,
  list: DocumentTable,
  id: string,
  values: DocumentRow,
  version: number,
) {
  const table = list as typeof companySignatures;
  await tx
    .update(table)
    .set({ ...values, updated_at: new Date().toISOString(), version } as never)
    .where(and(eq(table.id, id), inCompany(scope, table)));
}

export async function deleteDocument(tx: Executor, scope: Scope, list: DocumentTable, id: string) {
  const table = list as typeof companySignatures;
  await tx.delete(table).where(and(eq(table.id, id), inCompany(scope, table)));
}

/** Unselects the company's selected signature other than `id` (one selected per company: a partial unique index). */
export async function unselectOtherSignatures(tx: Executor, scope: Scope, id: string | null) {
  await tx
    .update(companySignatures)
    .set({ selected: false })
    .where(
      and(
        inCompany(scope, companySignatures),
        eq(companySignatures.selected, true),
        ...(id ? [ne(companySignatures.id, id)] : []),
      ),
    );
}
