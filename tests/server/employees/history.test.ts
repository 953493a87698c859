/**
 * Issue 24: deleting an employee rewrote completed payroll and tax history (payslips cascaded away, the PPh 21 report
 * lost its row). An employee with payroll, attendance or request history cannot be deleted (409 `has_history`, what
 * holds them counted); they are exited. Completed runs, their payslips and the tax reports keep every figure when
 * employees are deleted, exited and edited and when references are renamed afterwards.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, payrollSummaries, payslips } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

/** The numbers of a reply, by path: what "every figure" means for a report that also names people. */
function figures(value: Json, path = ''): Record<string, number> {
  if (typeof value === 'number') return { [path]: value };
  if (value === null || typeof value !== 'object') return {};
  return Object.assign({}, ...Object.entries(value).map(([key, inner]) => figures(inner, `${path}.${key}`)));
}

async function lastCompletedRun() {
  const [run] = await t.database.db
    .select({ id: payrollSummaries.id, year: payrollSummaries.year, month: payrollSummaries.month })
    .from(payrollSummaries)
    .innerJoin(companies, eq(companies.id, payrollSummaries.company_id))
    .where(
      and(
        eq(companies.code, 'DEMO'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.type, 'payroll_run'),
      ),
    )
    .orderBy(desc(payrollSummaries.year), desc(payrollSummaries.month))
    .limit(1);
  return run!;
}

async function history(run: { id: string; year: number; month: number }) {
  const get = async (url: string) => {
    const reply = await t.call(admin, 'GET', url);
    expect(reply.status, url).toBe(200);
    return reply.body;
  };
  return {
    run: (await get(`/v1/payroll-summary/${run.id}`)).data,
    payslips: (await get(`/v1/payroll-summary/${run.id}/payslips?limit=1000`)).data,
    pph: await get(`/v1/pph-report?year=${run.year}&month=${run.month}`),
    a1: await get(`/v1/pph-a1/employees?year=${run.year}`),
    stored: await t.database.db.select().from(payslips).where(eq(payslips.summary, run.id)),
  };
}

describe('an employee with history', () => {
  it('cannot be deleted (409 has_history, counted), alone, with others or in bulk; the run keeps every figure', async () => {
    const run = await lastCompletedRun();
    const before = await history(run);
    expect(before.payslips.length).toBeGreaterThan(2);
    const [first, second] = before.stored.map((slip) => slip.employee);
    const [{ n: slips } = { n: 0 }] = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payslips where employee_id = ${first}`,
      )
    ).rows;

    const one = await t.call(admin, 'DELETE', `/v1/employees/${first}`);
    expect(one.status).toBe(409);
    expect(one.body.code).toBe('has_history');
    expect(one.body.used_by).toContainEqual({ resource: 'payslips', count: slips });
    expect(one.body.message).toMatch(/payslips/);
    expect((await t.call(admin, 'DELETE', '/v1/employees', { ids: [first, second] })).body.code).toBe('has_history');
    expect((await t.call(admin, 'POST', '/v1/employees/bulk', { delete: [second] })).body.code).toBe('has_history');

    // Exit one, edit another's pay, name and department, rename the references the payslips name.
    const current = (await t.call(admin, 'GET', `/v1/employees/${first}`)).body.data;
    const exit = await t.call(admin, 'POST', `/v1/employees/${first}/exit`, {
      version: current.version,
      exit_reason: 'resign',
      exit_date: `${run.year}-${String(run.month).padStart(2, '0')}-28`,
    });
    expect(exit.status).toBe(200);
    const other = (await t.call(admin, 'GET', `/v1/employees/${second}`)).body.data;
    const departments = (await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments')).body.data;
    const moved = departments.find((d: Json) => d._id !== other.department);
    const edit = await t.call(admin, 'PUT', `/v1/employees/${second}`, {
      version: other.version,
      basic_salary: Number(other.basic_salary ?? 0) + 1_000_000,
      department: moved._id,
    });
    expect(edit.status).toBe(200);
    for (const path of [
      '/v1/refs/employees/orgs/departments',
      '/v1/refs/employees/orgs/job-titles',
      '/v1/refs/payrolls/allowances',
    ]) {
      const rows = (await t.call(admin, 'GET', path)).body.data;
      for (const row of rows.slice(0, 3)) {
        const renamed = await t.call(admin, 'PUT', `${path}/${row._id}`, {
          version: row.version,
          name: `${row.name} (renamed)`,
        });
        expect(renamed.status, path).toBe(200);
      }
    }

    const after = await history(run);
    expect(after.stored).toEqual(before.stored);
    expect(after.payslips).toEqual(before.payslips);
    expect(after.run).toEqual(before.run);
    expect(figures(after.pph)).toEqual(figures(before.pph));
    expect(figures(after.a1)).toEqual(figures(before.a1));
    expect(after.pph.data.rows.map((row: Json) => row._id)).toEqual(before.pph.data.rows.map((row: Json) => row._id));
  }, 120_000);

  it('the database refuses the delete too: history never cascades away', async () => {
    const run = await lastCompletedRun();
    const [slip] = await t.database.db.select().from(payslips).where(eq(payslips.summary, run.id)).limit(1);
    await expect(t.database.db.execute(sql`delete from employees where id = ${slip!.employee}`)).rejects.toThrow();
  });

  it('an employee without history is still deleted', async () => {
    const created = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: 'NEW-0001',
      fullname: 'New Hire',
      join_date: '2026-01-05',
    });
    expect(created.status).toBe(201);
    expect((await t.call(admin, 'DELETE', `/v1/employees/${created.body.data._id}`)).status).toBe(200);
  });
});
