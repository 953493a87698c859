/**
 * Who sees which payroll: a department admin reads their own department's payslips of a run (list, totals, PDF,
 * pre-check) and does not run, edit or save the company's payroll (decision 0071); a weekly run without its range is
 * a translated 400, also for a company whose runs are jobs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let deptadmin: string;
let department: string;
let runId: string;

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 2 } });
  [admin, deptadmin] = await Promise.all([t.login('admin'), t.login('deptadmin')]);
  const [own] = await rows<{ department: string }>(sql`
    select e.department_id as department from employees e join users u on u.id = e.user_id
    where u.username = 'deptadmin'`);
  department = own!.department;
  // The demo's history: the latest run of the year (pending or completed).
  const list = await t.call(admin, 'GET', '/v1/payroll-summary?type=payroll_run');
  runId = list.body.data[0]._id;
}, 400_000);
afterAll(async () => t?.close());

describe('department scope on payroll', () => {
  it("lists only the department's payslips, with the run's count and totals over them", async () => {
    const all: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${runId}/payslips`)).body.data;
    const mine: Json[] = (await t.call(deptadmin, 'GET', `/v1/payroll-summary/${runId}/payslips`)).body.data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((row) => row.employee.department === department)).toBe(true);
    expect(mine.map((row) => row._id).sort()).toEqual(
      all
        .filter((row) => row.employee.department === department)
        .map((row) => row._id)
        .sort(),
    );

    const summary = (await t.call(deptadmin, 'GET', `/v1/payroll-summary/${runId}`)).body.data;
    expect(summary.employee_count).toBe(mine.length);
    expect(summary.total_thp).toBe(mine.reduce((sum, row) => sum + row.thp, 0));
    expect(summary.total_pph21).toBe(mine.reduce((sum, row) => sum + row.pph21, 0));
    const listed = (await t.call(deptadmin, 'GET', '/v1/payroll-summary?type=payroll_run')).body.data;
    expect(listed.find((run: Json) => run._id === runId)).toMatchObject({
      employee_count: mine.length,
      total_bruto: mine.reduce((sum, row) => sum + row.bruto, 0),
    });
    const whole = (await t.call(admin, 'GET', `/v1/payroll-summary/${runId}`)).body.data;
    expect(whole.employee_count).toBe(all.length);
  });

  it("serves the department's payslip PDFs and 404s the others", async () => {
    const all: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${runId}/payslips`)).body.data;
    const own = all.find((row) => row.employee.department === department);
    const other = all.find((row) => row.employee.department !== department);
    const pdf = (employee: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/payroll-summary/${runId}/payslips/${employee}/pdf`,
        headers: { authorization: `Bearer ${deptadmin}` },
      });
    const ownPdf = await pdf(own.employee._id);
    expect(ownPdf.statusCode).toBe(200);
    expect(ownPdf.headers['content-type']).toMatch(/pdf/);
    expect((await pdf(other.employee._id)).statusCode).toBe(404);
  }, 120_000);

  it("checks only the department's employees before a run", async () => {
    await t.database.db.execute(sql`update employees set account_number = null where company_id =
      (select company_id from employees where department_id = ${department} limit 1)`);
    const everyone = (await t.call(admin, 'GET', '/v1/payroll-summary/pre-check?year=2025&month=6')).body.data;
    const mine = (await t.call(deptadmin, 'GET', '/v1/payroll-summary/pre-check?year=2025&month=6')).body.data;
    const ids = new Set(
      (await rows<{ id: string }>(sql`select id from employees where department_id = ${department}`)).map((r) => r.id),
    );
    const noBank = (warnings: Json[]) => warnings.filter((w) => w.code === 'no_bank_account');
    expect(noBank(mine.warnings).length).toBeGreaterThan(0);
    expect(noBank(mine.warnings).length).toBeLessThan(noBank(everyone.warnings).length);
    expect(mine.warnings.every((w: Json) => w.employee === null || ids.has(w.employee._id))).toBe(true);
  });

  it("does not run, edit, save or delete the company's payroll", async () => {
    const [slip] = (await t.call(deptadmin, 'GET', `/v1/payroll-summary/${runId}/payslips`)).body.data;
    const attempts = [
      await t.call(deptadmin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2025, month: 6 }),
      await t.call(deptadmin, 'PATCH', `/v1/payroll-summary/${runId}/payslips/${slip._id}`, { edits: { bonus: 1 } }),
      await t.call(deptadmin, 'POST', `/v1/payroll-summary/${runId}/complete`),
      await t.call(deptadmin, 'DELETE', `/v1/payroll-summary/${runId}`),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403]);
  });
});

describe('weekly runs', () => {
  it('need their date range (tests/server/payroll/weekly.test.ts), whether the company runs jobs or not', async () => {
    const weekly = { type: 'weekly', year: 2025, month: 6 };
    const direct = await t.call(admin, 'POST', '/v1/payroll-summary', weekly);
    expect(direct.status).toBe(400);
    expect(direct.body.fields.period_start.code).toBe('required');
    const threshold = t.config.payrollJobThreshold;
    t.config.payrollJobThreshold = 0;
    try {
      const large = await t.call(admin, 'POST', '/v1/payroll-summary', weekly);
      expect(large.status).toBe(400);
    } finally {
      t.config.payrollJobThreshold = threshold;
    }
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from payroll_summaries where type = 'weekly' and year = 2025 and month = 6`,
    );
    expect(n).toBe(0);
  });
});
