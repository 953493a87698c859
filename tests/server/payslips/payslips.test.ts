/**
 * Payslip PDFs: one payslip of a run (menu payslips), the run as a zip (a job), and the employee's own payslips of
 * completed runs. The PDFs' text is extracted and checked for names and figures, in English, Indonesian and Chinese.
 */

import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import { companies, employees, payrollSummaries, payslips, users } from '../../../server/db/schema.ts';
import { rupiahText } from '../../../server/payslips/view.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { pdfText } from '../../support/pdf.ts';

let t: TestApp;
let admin: string;
let adminCj: string;
let employee: string;
let demoId: string;
let ownEmployee: { id: string; fullname: string; employee_id: string };
let otherEmployee: { id: string; fullname: string; employee_id: string };
let completedRun: string;
let pendingRun: string;

async function insertRun(status: 'pending' | 'completed', month: number) {
  const [run] = await t.database.db
    .insert(payrollSummaries)
    .values({ company_id: demoId, title: `Payroll 2026-${month}`, type: 'payroll_run', year: 2026, month, status })
    .returning({ id: payrollSummaries.id });
  for (const person of [ownEmployee, otherEmployee]) {
    const input = {
      period: { year: 2026, month },
      employee: { ptkp_status: 'k/1' as const },
      salary: { basic_salary: 9_000_000, transport_allowance: 500_000 },
      items: { allowances: [{ name: 'Housing Allowance', amount: 750_000 }] },
      bpjs: { tk_registered: true, ks_registered: true },
    };
    const result = computePayslip(input, { umk: 5_396_761, jkk_percentage: 0.24 });
    await t.database.db.insert(payslips).values({
      company_id: demoId,
      summary: run!.id,
      employee: person.id,
      employee_number: person.employee_id,
      fullname: person.fullname,
      department_name: 'Finance',
      job_title_name: 'Staff',
      location_name: 'Jakarta',
      input,
      lines: result.lines,
      bruto: result.bruto,
      pph21: result.pph21,
      thp: result.thp,
    });
  }
  return run!.id;
}

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 1 } });
  [admin, adminCj, employee] = await Promise.all([t.login('admin'), t.login('admin.cj'), t.login('employee')]);
  const db = t.database.db;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'));
  demoId = demo!.id;
  const [own] = await db
    .select({ id: employees.id, fullname: employees.fullname, employee_id: employees.employee_id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user))
    .where(eq(users.username, 'employee'));
  ownEmployee = own!;
  const others = await db
    .select({ id: employees.id, fullname: employees.fullname, employee_id: employees.employee_id })
    .from(employees)
    .where(eq(employees.company_id, demoId));
  otherEmployee = others.find((row) => row.id !== ownEmployee.id)!;
  completedRun = await insertRun('completed', 3);
  pendingRun = await insertRun('pending', 4);
});
afterAll(() => t?.close());

const pdf = async (token: string, url: string) => {
  const reply = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return reply;
};

describe('a payslip as PDF', () => {
  it('renders the employee, the company and the figures, in Indonesian', async () => {
    const reply = await pdf(admin, `/v1/payroll-summary/${completedRun}/payslips/${otherEmployee.id}/pdf?lang=id`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(reply.rawPayload);
    const [slip] = await t.database.db
      .select()
      .from(payslips)
      .where(and(eq(payslips.employee, otherEmployee.id), eq(payslips.summary, completedRun)));
    expect(text).toContain('Slip Gaji');
    expect(text).toContain('Maret 2026');
    expect(text).toContain(otherEmployee.fullname);
    expect(text).toContain('PT Demo Nusantara');
    expect(text).toContain('Gaji pokok');
    expect(text).toContain(rupiahText(9_000_000));
    expect(text).toContain('Tunjangan: Housing Allowance');
    expect(text).toContain(rupiahText(slip!.thp));
  });

  it('in English and in Chinese (CJK glyphs embedded)', async () => {
    const en = await pdfText(
      (await pdf(admin, `/v1/payroll-summary/${completedRun}/payslips/${otherEmployee.id}/pdf?lang=en`)).rawPayload,
    );
    expect(en).toContain('Take-home pay');
    expect(en).toContain('March 2026');
    const zh = await pdfText(
      (await pdf(admin, `/v1/payroll-summary/${completedRun}/payslips/${otherEmployee.id}/pdf?lang=zh`)).rawPayload,
    );
    expect(zh).toContain('工资单');
    expect(zh).toContain('实发工资');
    expect(zh).toContain(otherEmployee.fullname);
  }, 60_000);

  it("is 404 for another company's admin and 400 for an unknown language", async () => {
    expect(
      (await pdf(adminCj, `/v1/payroll-summary/${completedRun}/payslips/${otherEmployee.id}/pdf`)).statusCode,
    ).toBe(404);
    expect(
      (await pdf(admin, `/v1/payroll-summary/${completedRun}/payslips/${otherEmployee.id}/pdf?lang=fr`)).statusCode,
    ).toBe(400);
  });
});

describe("an employee's own payslips", () => {
  it('lists only completed runs and downloads only their own', async () => {
    const list = await t.call(employee, 'GET', '/v1/payslips/me');
    expect(list.status).toBe(200);
    // The demo's own completed runs are listed too; never a pending one.
    const listed = list.body.data.map((row: { summary: string }) => row.summary);
    expect(listed).toContain(completedRun);
    expect(listed).not.toContain(pendingRun);
    const own = await pdf(employee, `/v1/payslips/me/${completedRun}/pdf?lang=en`);
    expect(own.statusCode).toBe(200);
    expect(await pdfText(own.rawPayload)).toContain(ownEmployee.fullname);
    expect((await pdf(employee, `/v1/payslips/me/${pendingRun}/pdf`)).statusCode).toBe(404);
    // A payslip without severance has no severance slip (decision 0207; the slip itself: tests/server/severance).
    expect(list.body.data.find((row: { summary: string }) => row.summary === completedRun).severance).toBe(false);
    expect((await pdf(employee, `/v1/payslips/me/${completedRun}/severance-pdf`)).statusCode).toBe(404);
    // The run's screen is not theirs.
    expect((await pdf(employee, `/v1/payroll-summary/${completedRun}/payslips/${ownEmployee.id}/pdf`)).statusCode).toBe(
      403,
    );
  });
});

describe('a run as one zip', () => {
  it('is built by a job with progress and downloaded as a company file', async () => {
    const started = await t.call(admin, 'POST', `/v1/payroll-summary/${completedRun}/payslips/zip?lang=id`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let job = (await t.call(admin, 'GET', started.body.data.url)).body.data;
    for (let i = 0; i < 600 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await t.call(admin, 'GET', started.body.data.url)).body.data;
    }
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', done: 2, total: 2 });
    const file = await pdf(admin, job.result.url);
    expect(file.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    const names = Object.keys(entries);
    expect(names).toHaveLength(2);
    const texts = await Promise.all(names.map((name) => pdfText(entries[name]!)));
    expect(texts.join('\n')).toContain(otherEmployee.fullname);
    expect(texts.join('\n')).toContain(ownEmployee.fullname);
  }, 90_000);
});
