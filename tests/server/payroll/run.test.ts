import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, employees, payrollSummaries } from '../../../server/db/schema.ts';
import { computeRun } from '../../../server/payroll/run.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let subadmin: string;
let otherAdmin: string;
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  [admin, subadmin, otherAdmin] = await Promise.all([t.login('admin'), t.login('subadmin'), t.login('admin.cj')]);
  // Everyone employed the whole year, except one leaver in May.
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
}, 180_000);
afterAll(async () => t?.close());

const run = async (month: number, token = admin, extra: Record<string, unknown> = {}) =>
  t.call(token, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month, ...extra });
const complete = (id: string, token = admin) => t.call(token, 'POST', `/v1/payroll-summary/${id}/complete`);
const slips = async (id: string): Promise<Json[]> =>
  (await t.call(admin, 'GET', `/v1/payroll-summary/${id}/payslips`)).body.data;
const line = (slip: Json, code: string) => slip.lines.find((l: Json) => l.code === code);

describe('payroll runs', () => {
  let leaverId = '';
  let headcount = 0;
  const runs: Record<number, string> = {};

  it('runs a month: one payslip per employee with bruto, PPh 21, THP, BPJS and lines', async () => {
    // The last DEMO employee: not one of the demo logins (a resigned login could no longer sign in).
    const demo = await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'));
    const leaver = demo.sort((a, b) => a.employee_id.localeCompare(b.employee_id)).at(-1);
    leaverId = leaver?.id ?? '';
    expect(leaverId).not.toBe('');
    await t.database.db
      .update(employees)
      .set({ exit_date: `${YEAR}-05-20`, exit_reason: 'resign' })
      .where(eq(employees.id, leaverId));

    const created = await run(1);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'payroll_run', year: YEAR, month: 1, status: 'pending' });
    runs[1] = created.body.data._id;
    const rows = await slips(runs[1] as string);
    headcount = rows.length;
    expect(headcount).toBeGreaterThan(2);
    for (const row of rows) {
      expect(row.bruto).toBeGreaterThan(0);
      expect(row.thp).toBeGreaterThan(0);
      expect(line(row, 'basic_salary').amount).toBeGreaterThan(0);
      expect(row.employee.fullname).toBeTruthy();
    }
    expect(created.body.data.total_thp).toBe(rows.reduce((sum, row) => sum + row.thp, 0));
  });

  it('refuses a second run of the same month, and completing out of order', async () => {
    expect((await run(1)).status).toBe(409);
    const feb = await run(2);
    runs[2] = feb.body.data._id;
    const refused = await complete(runs[2] as string);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payroll_run_out_of_order');
  });

  it('edits an input of one payslip and returns the row recalculated', async () => {
    const [row] = await slips(runs[1] as string);
    const edited = await t.call(admin, 'PATCH', `/v1/payroll-summary/${runs[1]}/payslips/${row._id}`, {
      edits: { bonus: 1_000_000 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.bruto).toBe(row.bruto + 1_000_000);
    expect(edited.body.data.edits).toEqual({ bonus: 1_000_000 });
    const back = await t.call(admin, 'PATCH', `/v1/payroll-summary/${runs[1]}/payslips/${row._id}`, {
      edits: { bonus: null },
    });
    expect(back.body.data.bruto).toBe(row.bruto);
    const bad = await t.call(admin, 'PATCH', `/v1/payroll-summary/${runs[1]}/payslips/${row._id}`, {
      edits: { bonus: -5 },
    });
    expect(bad.status).toBe(400);
  });

  it('completes January to December in order; December settles the year (PPh withheld = the months before)', async () => {
    expect((await complete(runs[1] as string)).status).toBe(200);
    expect((await complete(runs[2] as string)).status).toBe(200);
    for (let month = 3; month <= 12; month++) {
      const created = await run(month);
      expect(created.status).toBe(201);
      runs[month] = created.body.data._id;
      if (month === 5) {
        const may = await slips(runs[5] as string);
        const leaver = may.find((row) => row.employee._id === leaverId);
        expect(leaver.input.last_period).toBe(true);
        expect(line(leaver, 'pph21')?.explain.method ?? 'pasal17').toBe('pasal17');
      }
      if (month === 6) {
        expect((await slips(runs[6] as string)).some((row) => row.employee._id === leaverId)).toBe(false);
      }
      const done = await complete(runs[month] as string);
      expect(done.status).toBe(200);
      expect(done.body.data.status).toBe('completed');
    }
    const byEmployee = new Map<string, number>();
    for (let month = 1; month <= 11; month++) {
      for (const row of await slips(runs[month] as string)) {
        byEmployee.set(row.employee._id, (byEmployee.get(row.employee._id) ?? 0) + row.pph21);
      }
    }
    const december = await slips(runs[12] as string);
    expect(december.length).toBe(headcount - 1);
    for (const row of december) {
      const settlement = line(row, 'pph21')?.explain.settlement;
      if (!settlement) continue;
      expect(settlement.withheld).toBe(byEmployee.get(row.employee._id));
      expect(row.pph21).toBe(settlement.tax_year - settlement.previous_pph - settlement.withheld);
    }
  }, 120_000);

  it('locks completed runs: no edit, no delete; re-opening is the admin only, latest first, logged', async () => {
    const [row] = await slips(runs[12] as string);
    expect(
      (await t.call(admin, 'PATCH', `/v1/payroll-summary/${runs[12]}/payslips/${row._id}`, { edits: { bonus: 1 } }))
        .status,
    ).toBe(409);
    expect((await t.call(admin, 'DELETE', `/v1/payroll-summary/${runs[12]}`)).status).toBe(409);
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${runs[11]}/reopen`)).status).toBe(409);
    expect((await t.call(subadmin, 'POST', `/v1/payroll-summary/${runs[12]}/reopen`)).status).toBe(403);
    const reopened = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[12]}/reopen`);
    expect(reopened.body.data.status).toBe('pending');
    const logs = await t.call(admin, 'GET', '/v1/logs?search=Re-opened');
    expect(logs.body.data.length).toBeGreaterThan(0);
    expect((await t.call(admin, 'DELETE', `/v1/payroll-summary/${runs[12]}`)).status).toBe(204);
    expect((await t.call(admin, 'GET', `/v1/payroll-summary/${runs[12]}`)).status).toBe(404);
  });

  it("hides another company's runs (404) and lists with filters", async () => {
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${runs[1]}`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${runs[1]}/payslips`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'POST', `/v1/payroll-summary/${runs[2]}/complete`)).status).toBe(404);
    const list = await t.call(admin, 'GET', `/v1/payroll-summary?year=${YEAR}&status=completed&type=payroll_run`);
    expect(list.body.data.length).toBe(11);
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary?year=${YEAR}`)).body.data.length).toBe(0);
  });

  it('runs THR for a holiday: a month of wage after 12 months, prorated before', async () => {
    const [person] = await t.database.db.select().from(employees).where(eq(employees.employee_id, 'DEMO-0003'));
    await t.database.db
      .update(employees)
      .set({ join_date: '2023-09-01' })
      .where(eq(employees.id, person?.id ?? ''));
    const thr = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'thr',
      year: 2024,
      month: 3,
      holiday_date: '2024-03-20',
    });
    expect(thr.status).toBe(201);
    const rows = await slips(thr.body.data._id);
    const prorated = rows.find((row) => row.employee._id === person?.id);
    const full = rows.find((row) => row.employee._id !== person?.id);
    expect(line(full, 'thr').explain.reason).toBe('full');
    expect(line(prorated, 'thr').explain.reason).toBe('prorated');
    expect(prorated.thr ?? line(prorated, 'thr').amount).toBeLessThan(line(full, 'thr').explain.wage + 1);
    const missing = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'thr', year: 2024, month: 3 });
    expect(missing.status).toBe(400);
  });

  it('lists pre-run warnings with links, and stores acknowledged warnings', async () => {
    await t.database.db.update(employees).set({ account_number: null }).where(eq(employees.employee_id, 'DEMO-0001'));
    const check = await t.call(admin, 'GET', '/v1/payroll-summary/pre-check?year=2024&month=1');
    expect(check.status).toBe(200);
    const warning = check.body.data.warnings.find((w: Json) => w.code === 'no_bank_account');
    expect(warning.employee.employee_id).toBe('DEMO-0001');
    expect(warning.link).toMatch(/^\/dashboard\/edit\/active-employees\//);
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'payroll_run',
      year: 2024,
      month: 1,
      acknowledged_warnings: ['no_bank_account'],
    });
    expect(created.body.data.acknowledged_warnings).toEqual(['no_bank_account']);
  });

  it('runs a large company as a job the client follows', async () => {
    const threshold = t.config.payrollJobThreshold;
    t.config.payrollJobThreshold = 0;
    try {
      const queued = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2024, month: 2 });
      expect(queued.status).toBe(202);
      let job: Json = { status: 'queued' };
      for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await t.call(admin, 'GET', queued.body.data.job.url)).body.data;
      }
      expect(job.status).toBe('completed');
      const summary = await t.call(admin, 'GET', `/v1/payroll-summary/${job.result.summary_id}`);
      expect(summary.body.data).toMatchObject({ year: 2024, month: 2, status: 'pending' });
      const again = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2024, month: 2 });
      let failed: Json = { status: 'queued' };
      for (let i = 0; i < 300 && (failed.status === 'queued' || failed.status === 'running'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        failed = (await t.call(admin, 'GET', again.body.data.job.url)).body.data;
      }
      expect(failed).toMatchObject({ status: 'failed', error: { code: 'payroll_run_exists' } });
      expect((await t.call(otherAdmin, 'GET', queued.body.data.job.url)).status).toBe(404);
    } finally {
      t.config.payrollJobThreshold = threshold;
    }
    const count = await t.database.db.select().from(payrollSummaries);
    expect(count.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('payroll-import (payroll-summary/template and /import)', () => {
  const period = { year: 2027, month: 1 };
  const template = async (token = admin) =>
    (await t.call(token, 'GET', `/v1/payroll-summary/template?year=${period.year}&month=${period.month}`)).body.data;
  const importRows = (rows: Json[], token = admin) =>
    t.call(token, 'POST', '/v1/payroll-summary/import', { rows: rows.map((row) => ({ ...period, ...row })) });
  let runId = '';

  it("answers the template: the components, the month's employees with their amounts, and the run", async () => {
    const created = await run(period.month, admin, { year: period.year });
    expect(created.status).toBe(201);
    runId = created.body.data._id;
    const data = await template();
    const keys = data.components.map((c: Json) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['allowance:HOUSING', 'deduction:COOPERATIVE', 'thr', 'yearly_bonus']));
    expect(data.run).toMatchObject({ _id: runId, status: 'pending' });
    expect(data.employees.length).toBeGreaterThan(2);
    expect(data.employees[0].amounts).toEqual({});
  });

  it('saves the rows at once and recalculates the pending run; the same file again changes nothing', async () => {
    const [a, b] = (await template()).employees as Json[];
    const before = new Map((await slips(runId)).map((row) => [row.employee._id, row]));
    const rows = [
      {
        employee_id: a.employee_id,
        amounts: { 'allowance:HOUSING': 500_000, 'deduction:COOPERATIVE': 100_000, thr: 2_000_000 },
      },
      { employee_id: b.employee_id.toLowerCase(), amounts: { 'bonus:PERFORMANCE': 1_000_000 } },
    ];
    const done = await importRows(rows);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ saved: 2, unchanged: 0, runs: [{ _id: runId, payslips: 2 }] });
    const after = new Map((await slips(runId)).map((row) => [row.employee._id, row]));
    expect(after.get(a._id).bruto).toBe(before.get(a._id).bruto + 2_500_000);
    expect(after.get(b._id).bruto).toBe(before.get(b._id).bruto + 1_000_000);
    expect(line(after.get(a._id), 'thr').amount).toBe(2_000_000);
    const summary = (await t.call(admin, 'GET', `/v1/payroll-summary/${runId}`)).body.data;
    expect(summary.total_thp).toBe([...after.values()].reduce((sum, row) => sum + row.thp, 0));
    const amounts = new Map((await template()).employees.map((e: Json) => [e._id, e.amounts]));
    expect(amounts.get(a._id)).toEqual({
      'allowance:HOUSING': 500_000,
      'deduction:COOPERATIVE': 100_000,
      thr: 2_000_000,
    });
    const again = await importRows(rows);
    expect(again.body.data).toMatchObject({ saved: 0, unchanged: 2, runs: [] });
    // 0 removes a component; an absent one is left as it is.
    await importRows([{ employee_id: a.employee_id, amounts: { 'allowance:HOUSING': 0 } }]);
    const left = (await template()).employees.find((e: Json) => e._id === a._id).amounts;
    expect(left).toEqual({ 'deduction:COOPERATIVE': 100_000, thr: 2_000_000 });
    const logs = await t.call(admin, 'GET', '/v1/logs?search=Imported payroll components');
    expect(logs.body.data.length).toBeGreaterThan(0);
  });

  it('refuses the whole file with reasons per row and cell; nothing is written', async () => {
    const [a] = (await template()).employees as Json[];
    const before = await template();
    const [cj] = await t.database.db.select().from(employees).where(like(employees.employee_id, 'CJ-%'));
    const refused = await importRows([
      { employee_id: a.employee_id, amounts: { 'allowance:HOUSING': 1 } },
      { employee_id: 'NOBODY-1', amounts: {} },
      { employee_id: a.employee_id, amounts: { 'allowance:NOPE': 5 } },
      { employee_id: cj?.employee_id ?? 'CJ', amounts: {} },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bulk_invalid');
    const byIndex = new Map(refused.body.rows.map((row: Json) => [row.index, row.fields]));
    expect(byIndex.get(1)).toMatchObject({ employee_id: { code: 'not_found' } });
    expect(byIndex.get(2)).toMatchObject({
      employee_id: { code: 'duplicate' },
      'allowance:NOPE': { code: 'unknown_field' },
    });
    expect(byIndex.get(3)).toMatchObject({ employee_id: { code: 'not_found' } });
    expect(await template()).toEqual(before);
    const negative = await importRows([{ employee_id: a.employee_id, amounts: { 'allowance:HOUSING': -1 } }]);
    expect(negative.status).toBe(400);
    const fraction = await importRows([{ employee_id: a.employee_id, amounts: { 'allowance:HOUSING': 1.5 } }]);
    expect(fraction.status).toBe(400);
  });

  it('keeps a department admin to their department, and refuses a month whose payroll is saved', async () => {
    const mine = new Set((await template(await t.login('deptadmin'))).employees.map((e: Json) => e._id));
    const outsider = (await template()).employees.find((e: Json) => !mine.has(e._id));
    if (outsider) {
      const refused = await importRows(
        [{ employee_id: outsider.employee_id, amounts: {} }],
        await t.login('deptadmin'),
      );
      expect(refused.body.rows[0].fields).toMatchObject({ employee_id: { code: 'not_found' } });
    }
    expect((await complete(runId)).status).toBe(200);
    const [a] = (await template()).employees as Json[];
    const locked = await importRows([{ employee_id: a.employee_id, amounts: { 'bonus:PERFORMANCE': 1 } }]);
    expect(locked.status).toBe(400);
    expect(locked.body.rows[0].fields).toMatchObject({ month: { code: 'payroll_completed' } });
    expect((await template()).run.status).toBe('completed');
  });
});

describe('a run computed in batches', () => {
  it('gives the same payslips, in the same order, whatever the batch size', async () => {
    const [demo] = await t.database.db.select().from(companies).where(eq(companies.code, 'DEMO'));
    // A year without stored runs (the seed has runs up to this month).
    const body = { type: 'payroll_run' as const, year: 2030, month: 6 };
    const shape = (run: Awaited<ReturnType<typeof computeRun>>) =>
      run.rows.map((row) => ({
        id: row.person.id,
        lines: row.lines,
        bruto: row.bruto,
        pph21: row.pph21,
        thp: row.thp,
      }));
    const progress: number[] = [];
    const whole = await computeRun(t.database.db, demo?.id as string, body);
    const batched = await computeRun(
      t.database.db,
      demo?.id as string,
      body,
      async (done) => {
        progress.push(done);
      },
      2,
    );
    expect(whole.rows.length).toBeGreaterThan(4);
    expect(shape(batched)).toEqual(shape(whole));
    // Progress after each batch of 2, up to every employee.
    expect(progress.at(-1)).toBe(whole.rows.length);
    expect(progress.length).toBe(Math.ceil(whole.rows.length / 2));
  });
});
