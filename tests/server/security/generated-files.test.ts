/**
 * Issue 24: a generated file (a run's payslips zip) is readable by who may read all of its contents, and a job by its
 * starter and who outranks them over its reach. Before: an employee downloaded the admin's company-wide zip by its
 * name, and a department admin followed the admin's job and downloaded its zip.
 */
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import { companies, employees, payrollSummaries, payslips } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let dept: string;
let employee: string;
let run: string;
let ownDepartment: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 20, CJ: 3 } });
  [admin, dept, employee] = await Promise.all([t.login('admin'), t.login('deptadmin'), t.login('employee')]);
  ownDepartment = (await t.call(dept, 'GET', '/v1/employees/me')).body.data.department;
  const db = t.database.db;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'));
  const people = await db
    .select({ id: employees.id, fullname: employees.fullname, employee_id: employees.employee_id })
    .from(employees)
    .where(eq(employees.company_id, demo!.id))
    .limit(3);
  const [summary] = await db
    .insert(payrollSummaries)
    .values({ company_id: demo!.id, title: 'Payroll 2026-05', type: 'payroll_run', year: 2026, month: 5 })
    .returning({ id: payrollSummaries.id });
  run = summary!.id;
  // Two payslips of another department, one of the department admin's.
  for (const [i, person] of people.entries()) {
    const input = {
      period: { year: 2026, month: 5 },
      employee: { ptkp_status: 'tk/0' as const },
      salary: { basic_salary: 8_000_000 },
    };
    const result = computePayslip(input, { umk: 5_396_761, jkk_percentage: 0.24 });
    await db.insert(payslips).values({
      company_id: demo!.id,
      summary: run,
      employee: person.id,
      employee_number: person.employee_id,
      fullname: person.fullname,
      department: i === 0 ? ownDepartment : null,
      input,
      lines: result.lines,
      bruto: result.bruto,
      pph21: result.pph21,
      thp: result.thp,
    });
  }
});
afterAll(() => t?.close());

/** Starts the run's zip as `token` and waits for the job; returns the job. */
async function zipAs(token: string): Promise<Json> {
  const started = await t.call(token, 'POST', `/v1/payroll-summary/${run}/payslips/zip?lang=en`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  let job = (await t.call(token, 'GET', started.body.data.url)).body.data;
  for (let i = 0; i < 600 && job.status !== 'completed' && job.status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await t.call(token, 'GET', started.body.data.url)).body.data;
  }
  expect(job.status, JSON.stringify(job)).toBe('completed');
  return job;
}

const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('a company-wide zip', () => {
  it('is downloaded by the admin, and by nobody who may not read all of it', async () => {
    const job = await zipAs(admin);
    expect(job.result.count).toBe(3);
    const file = await download(admin, job.result.url);
    expect(file.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toHaveLength(3);
    // An employee reads their own payslips only; a department admin their department's.
    expect((await download(employee, job.result.url)).statusCode).toBe(404);
    expect((await download(dept, job.result.url)).statusCode).toBe(404);
  }, 90_000);

  it("is the admin's job: a department admin does not follow it", async () => {
    const job = await zipAs(admin);
    expect((await t.call(dept, 'GET', `/v1/jobs/${job._id}`)).status).toBe(404);
    expect((await t.call(employee, 'GET', `/v1/jobs/${job._id}`)).status).toBe(404);
  }, 90_000);
});

describe("a department admin's zip", () => {
  it('holds their department, is theirs to follow and download, and the admin (who outranks them) reads it too', async () => {
    const job = await zipAs(dept);
    expect(job.result.count).toBe(1);
    const own = await download(dept, job.result.url);
    expect(own.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(own.rawPayload)))).toHaveLength(1);
    expect((await t.call(admin, 'GET', `/v1/jobs/${job._id}`)).status).toBe(200);
    expect((await download(admin, job.result.url)).statusCode).toBe(200);
    expect((await t.call(employee, 'GET', `/v1/jobs/${job._id}`)).status).toBe(404);
    expect((await download(employee, job.result.url)).statusCode).toBe(404);
  }, 90_000);
});
