/**
 * Issue 10 section 2: every row rule of a list (tenancy, `rows`, department scope) holds for read, update, delete and
 * bulk by id too. Walks every registered resource: for each caller who may use it, the rows of its table outside that
 * caller's list (found in the database with the repository's own condition) are 404 through every by-id route.
 */
import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowances,
  bonuses,
  companies,
  deductions,
  departments,
  employees,
  incentives,
  users,
} from '../../../server/db/schema.ts';
import type { Resource } from '../../../server/resources/define.ts';
import { resources } from '../../../server/resources/index.ts';
import { type Caller, withTenancy } from '../../../server/resources/repository.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
interface Who {
  token: string;
  caller: Caller;
}
let admin: Who;
let deptAdmin: Who;
let developer: Who;

async function who(username: string): Promise<Who> {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [own] = await db
    .select({ department: employees.department })
    .from(employees)
    .where(eq(employees.user, user!.id));
  const actor = { userId: user!.id, level: user!.level, departmentId: own?.department ?? null } as Caller['actor'];
  return { token: await t.login(username), caller: { actor, companyId: user!.company_id } };
}

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 10 } });
  admin = await who('admin');
  deptAdmin = await who('deptadmin');
  developer = await who('developer');
  // Rows every list rule leaves out: a resigned employee and a daily worker in each company.
  const db = t.database.db;
  for (const [code] of [['DEMO'], ['CJ']] as const) {
    const [company] = await db.select().from(companies).where(eq(companies.code, code));
    const staff = await db
      .select({ id: employees.id })
      .from(employees)
      // Staff who are not a demo login: resigning a login's own record would sign that login out.
      .where(
        and(
          eq(employees.company_id, company!.id),
          sql`${employees.user} is null or ${employees.user} not in (select id from users where level <> 'employee')`,
        ),
      )
      .orderBy(employees.employee_id)
      .limit(2);
    await db
      .update(employees)
      .set({ exit_date: '2020-01-31', exit_reason: 'resign' })
      .where(eq(employees.id, staff[0]!.id));
    await db.update(employees).set({ status: 'freelance' }).where(eq(employees.id, staff[1]!.id));
    // One row of every list the seed leaves empty, for an employee outside the department admin's department.
    const [person] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(
        and(
          eq(employees.company_id, company!.id),
          sql`${employees.department} is distinct from ${deptAdmin.caller.actor.departmentId}`,
        ),
      )
      .limit(1);
    const [department] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.company_id, company!.id),
          sql`${departments.id} is distinct from ${deptAdmin.caller.actor.departmentId}`,
        ),
      )
      .limit(1);
    const first = async (table: typeof allowances | typeof bonuses | typeof incentives | typeof deductions) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.company_id, company!.id)).limit(1))[0]!.id;
    const employee = person!.id;
    const period = { employee, year: 2026, month: 1, amount: 1000 };
    const fixtures: Record<string, Record<string, unknown>> = {
      'employee-emergency-contacts': { employee, name: 'Contact', relationship: 'Sibling' },
      'employee-family': { employee, name: 'Family', relationship: 'Child' },
      'employee-work-experiences': { employee, company_name: 'Before' },
      'employee-educations': { employee, institute_name: 'School' },
      'employee-attachments': { employee, name: 'Contract' },
      'employee-histories': { employee, title: 'Award', type: 'achievement' },
      'employee-allowances': { ...period, reference: await first(allowances) },
      'employee-incentives': { ...period, reference: await first(incentives) },
      'employee-bonuses': { ...period, reference: await first(bonuses) },
      'employee-deductions': { ...period, reference: await first(deductions) },
      'employee-thr-bonuses': { employee, year: 2026, month: 3 },
      'previous-pph': { employee, year: 2026, previous_netto: 1000, previous_pph: 0 },
      loans: { employee, name: 'Loan', effective_date: '2026-01-01', amount: 1_200_000, installment: 12 },
      deposits: { employee, name: 'Uniform', amount: 50_000, target: 300_000, start_date: '2026-01-01' },
      'employee-onboarding': { fullname: 'New Hire', email: `new.${code}@example.test`, department: department!.id },
      // Issue 26 and 28: custom access levels, the portal's lists, KPI indicators.
      roles: { code: `ROW_${code}`, access_level: 'Row rules', permissions: [] },
      announcements: {
        title: 'Row rules',
        content: '<p>Row rules</p>',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
      },
      'useful-links': { display: 'Row rules', link: 'https://example.test/row-rules' },
      'warning-letters': { employee, type: 'sp_1', start_date: '2026-01-01', end_date: '2026-03-31' },
      'kpi-indicators': { category: 'Row rules', indicator: 'Row rules' },
      // Issue 29: the sales lists.
      'store-location': { code: `ROW_${code}`, name: 'Row rules store' },
      'job-report-categories': { code: `ROW_${code}`, name: 'Row rules' },
      'sales-objectives': { employee, year: 2026, month: 1, visits_target: 10 },
    };
    for (const resource of resources) {
      const values = fixtures[resource.name];
      if (values) await db.insert(resource.table).values({ ...values, company_id: company!.id } as never);
    }
  }
});
afterAll(() => t?.close());

/** Up to two rows of the resource's table that the caller's list does not hold: one of their own company if any. */
async function outside(resource: Resource, caller: Caller): Promise<{ id: string; version: number; why: string }[]> {
  const reach = withTenancy(resource, caller);
  if (!reach) return [];
  const table = resource.table;
  const own = resource.scope === 'company' ? eq(resource.columns.company_id!, caller.companyId!) : (sql`true` as SQL);
  const pick = async (where: SQL | undefined, why: string) =>
    (
      await t.database.db.execute<{ id: string; version: number }>(
        sql`select id, version from ${table} where (${reach}) is not true and ${where ?? sql`true`} order by id limit 1`,
      )
    ).rows.map((row) => ({ ...row, why }));
  return [
    ...(await pick(own, 'own company, outside the list')),
    ...(resource.scope === 'company' ? await pick(sql`not (${own})`, 'another company') : []),
  ];
}

/** The callers each resource is tried with: those whose row rules differ, among the levels that may use it. */
function callersOf(resource: Resource): [string, Who][] {
  if (resource.scope === 'platform') return [['developer', developer]];
  const list: [string, Who][] = [['admin', admin]];
  if (resource.department) list.push(['admin_department', deptAdmin]);
  return list;
}

describe('row rules on every operation', () => {
  it('V8.2.2 every registered resource answers 404 for an id outside the caller’s list: get, update, delete, bulk', async () => {
    const failures: string[] = [];
    let proven = 0;
    for (const resource of resources) {
      const base = `/v1${resource.path}`;
      for (const [level, caller] of callersOf(resource)) {
        const rows = await outside(resource, caller.caller);
        if (rows.length === 0) {
          // Only a platform list without a row rule reaches every row of its table (companies, for the developer).
          if (resource.scope !== 'platform' || resource.rows)
            failures.push(`${resource.name} as ${level}: no row to try`);
          continue;
        }
        for (const row of rows) {
          const what = `${resource.name} as ${level} (${row.why}, ${getTableName(resource.table)} ${row.id})`;
          const expectStatus = async (
            label: string,
            reply: Promise<{ status: number; body: unknown }>,
            status: number,
          ) => {
            const got = await reply;
            if (got.status !== status) failures.push(`${what}: ${label} gave ${got.status}, expected ${status}`);
          };
          await expectStatus('GET', t.call(caller.token, 'GET', `${base}/${row.id}`), 404);
          await expectStatus('PUT', t.call(caller.token, 'PUT', `${base}/${row.id}`, { version: row.version }), 404);
          if (resource.remove) {
            await expectStatus('DELETE', t.call(caller.token, 'DELETE', `${base}/${row.id}`), 404);
            await expectStatus('bulk DELETE', t.call(caller.token, 'DELETE', base, { ids: [row.id] }), 404);
            await expectStatus('bulk delete', t.call(caller.token, 'POST', `${base}/bulk`, { delete: [row.id] }), 404);
          }
          const upsert = await t.call(caller.token, 'POST', `${base}/bulk`, {
            rows: [{ _id: row.id, version: row.version }],
          });
          const code = (upsert.body as { rows?: { fields?: { _id?: { code: string } } }[] }).rows?.[0]?.fields?._id
            ?.code;
          if (upsert.status !== 400 || code !== 'not_found')
            failures.push(`${what}: bulk upsert by _id gave ${upsert.status} ${code}, expected 400 not_found`);
          // Still there, unchanged.
          const [stored] = (
            await t.database.db.execute<{ version: number }>(
              sql`select version from ${resource.table} where id = ${row.id}`,
            )
          ).rows;
          if (stored?.version !== row.version) failures.push(`${what}: the row was changed or deleted`);
          proven++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(proven).toBeGreaterThanOrEqual(resources.length);
  });

  it('V8.2.2 a developer reads and changes invited users only, never another developer by id', async () => {
    const [main] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'developer')));
    expect((await t.call(developer.token, 'GET', `/v1/invited-users/${main!.id}`)).status).toBe(404);
    const put = await t.call(developer.token, 'PUT', `/v1/invited-users/${main!.id}`, {
      email: 'thief@evil.example',
      version: main!.version,
    });
    expect(put.status).toBe(404);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, main!.id));
    expect(after!.email).toBe(main!.email);
  });
});
