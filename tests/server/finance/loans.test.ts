/**
 * Loans and deposits through payroll (issue 15) on a real database: a loan deducted over twelve completed runs to
 * settled (re-opening reverses), one capped by the take-home pay and carried over, a skipped month, an early
 * settlement, a leaver's balance and deposit in the last run, the loan rules, tenancy by id, and fuzzed bodies.
 */

import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let employee: string;
let staff: Json[] = [];
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 8, CJ: 1 } });
  [admin, otherAdmin, employee] = await Promise.all([t.login('admin'), t.login('admin.cj'), t.login('employee')]);
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  staff = (await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
    a.employee_id.localeCompare(b.employee_id),
  );
}, 180_000);
afterAll(async () => t?.close());

const createLoan = (body: Record<string, unknown>, token = admin) => t.call(token, 'POST', '/v1/loans', body);
const run = async (month: number) => {
  const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month });
  expect(created.status).toBe(201);
  return created.body.data._id as string;
};
const complete = async (id: string) => {
  const done = await t.call(admin, 'POST', `/v1/payroll-summary/${id}/complete`);
  expect(done.status).toBe(200);
};
const slipOf = async (runId: string, employeeId: string): Promise<Json> =>
  (await t.call(admin, 'GET', `/v1/payroll-summary/${runId}/payslips`)).body.data.find(
    (row: Json) => row.employee._id === employeeId,
  );
const lineOf = (slip: Json, code: string) => slip?.lines.find((l: Json) => l.code === code);
const loan = async (id: string) => (await t.call(admin, 'GET', `/v1/loans/${id}`)).body.data;

describe('loans through payroll', () => {
  const ids: Record<string, string> = {};
  const runs: Record<number, string> = {};
  const who = () => ({
    main: staff[1].id as string,
    capped: staff[2].id as string,
    skip: staff[3].id as string,
    // Not a demo login (a leaver's sessions end with the exit).
    leaver: staff[7].id as string,
  });

  it('creates loans with the total computed, and refuses bad terms with field errors', async () => {
    const main = await createLoan({
      name: 'Motorbike',
      employee: who().main,
      effective_date: `${YEAR}-01-10`,
      amount: 12_000_000,
      installment: 12,
      interest_rate: 6,
      description: 'Honda Beat',
    });
    expect(main.status).toBe(201);
    // 12,000,000 × 6 % × 12 / 12 = 720,000 flat.
    expect(main.body.data).toMatchObject({ total_amount: 12_720_000, amount_paid: 0, remaining_installment: 12 });
    expect(main.body.data.status).toBe('active');
    ids.main = main.body.data._id;
    const basic = staff[2].basic_salary as number;
    const capped = await createLoan({
      name: 'Emergency',
      employee: who().capped,
      effective_date: `${YEAR}-01-01`,
      amount: basic * 3,
      installment: 1,
    });
    expect(capped.status).toBe(201);
    ids.capped = capped.body.data._id;
    const skip = await createLoan({
      name: 'School fees',
      employee: who().skip,
      effective_date: `${YEAR}-01-01`,
      amount: 3_000_000,
      installment: 3,
    });
    ids.skip = skip.body.data._id;
    const leaver = await createLoan({
      name: 'Salary advance',
      employee: who().leaver,
      effective_date: `${YEAR}-01-01`,
      amount: 6_000_000,
      installment: 12,
    });
    ids.leaver = leaver.body.data._id;
    const deposit = await t.call(admin, 'POST', '/v1/deposits', {
      name: 'Uniform',
      employee: who().leaver,
      amount: 100_000,
      target: 1_000_000,
      start_date: `${YEAR}-01-01`,
    });
    expect(deposit.status).toBe(201);
    ids.deposit = deposit.body.data._id;

    for (const installment of [0, 13, 1.5]) {
      const bad = await createLoan({
        name: 'x',
        employee: who().main,
        effective_date: '2025-01-01',
        amount: 1,
        installment,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.installment).toBeDefined();
    }
    const flat = await createLoan({
      name: 'x',
      employee: who().main,
      effective_date: '2025-01-01',
      amount: 1,
      installment: 1,
      interest_type: 'effective',
    });
    expect(flat.status).toBe(400);
    const badDeposit = await t.call(admin, 'POST', '/v1/deposits', {
      name: 'x',
      employee: who().main,
      amount: 200_000,
      target: 100_000,
      start_date: '2025-01-01',
    });
    expect(badDeposit.status).toBe(400);
    expect(badDeposit.body.fields.target.code).toBe('minimum');
  });

  it('a skipped month moves the schedule; the employee of a loan cannot be changed', async () => {
    const skipped = await t.call(admin, 'POST', `/v1/loans/${ids.skip}/skip`, { month: `${YEAR}-02` });
    expect(skipped.status).toBe(200);
    expect(skipped.body.data.installments.map((i: Json) => i.month)).toEqual([1, 3, 4]);
    expect(
      (await t.call(admin, 'POST', `/v1/loans/${ids.skip}/skip`, { month: `${YEAR}-09` })).body.fields.month.code,
    ).toBe('not_scheduled');
    const stored = await loan(ids.main as string);
    const moved = await t.call(admin, 'PUT', `/v1/loans/${ids.main}`, {
      employee: who().skip,
      version: stored.version,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.employee.code).toBe('immutable');
    const renamed = await t.call(admin, 'PUT', `/v1/loans/${ids.main}`, {
      employee: who().main,
      name: 'Motorbike (Honda)',
      version: stored.version,
    });
    expect(renamed.status).toBe(200);
    const bulk = await t.call(admin, 'POST', '/v1/loans/bulk', {
      rows: [{ _id: ids.main, employee: who().skip, version: renamed.body.data.version }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.fields['rows.0.employee'].code).toBe('immutable');
  });

  it('deducts twelve months to settled; caps by the take-home pay and carries the rest; a leaver pays from the last run', async () => {
    await t.database.db
      .update(employees)
      .set({ exit_date: `${YEAR}-05-20`, exit_reason: 'resign' })
      .where(eq(employees.id, who().leaver));
    for (let month = 1; month <= 12; month++) {
      runs[month] = await run(month);
      if (month === 1) {
        const slip = await slipOf(runs[1] as string, who().capped);
        const capped = lineOf(slip, 'loan_installment');
        expect(capped.explain.carried).toBeGreaterThan(0);
        expect(capped.amount + capped.explain.carried).toBe(staff[2].basic_salary * 3);
        expect(slip.thp).toBe(0);
      }
      if (month === 2) {
        expect(lineOf(await slipOf(runs[2] as string, who().skip), 'loan_installment')).toBeUndefined();
      }
      if (month === 5) {
        const slip = await slipOf(runs[5] as string, who().leaver);
        // The last run: the whole remaining balance asked, the deposit withheld so far paid back.
        expect(lineOf(slip, 'loan_installment').amount + (lineOf(slip, 'loan_installment').explain.carried ?? 0)).toBe(
          6_000_000 - 4 * 500_000,
        );
        expect(lineOf(slip, 'deposit_return').amount).toBe(400_000);
        expect(lineOf(slip, 'deposit')).toBeUndefined();
      }
      await complete(runs[month] as string);
      if (month === 1) {
        const early = await t.call(admin, 'POST', `/v1/loans/${ids.skip}/skip`, { month: `${YEAR}-01` });
        expect(early.body.fields.month.code).toBe('already_paid');
        const terms = await t.call(admin, 'PUT', `/v1/loans/${ids.main}`, {
          amount: 1_000_000,
          version: (await loan(ids.main as string)).version,
        });
        expect(terms.status).toBe(409);
        expect(terms.body.code).toBe('loan_has_payments');
      }
      if (month === 3) {
        const settled = await t.call(admin, 'POST', `/v1/loans/${ids.skip}/settle`, { paid_on: `${YEAR}-03-28` });
        expect(settled.status).toBe(200);
        expect(settled.body.data.loan.status).toBe('settled');
        expect(settled.body.data.remaining).toBe(0);
        expect(settled.body.data.payments.at(-1)).toMatchObject({ kind: 'settlement', amount: 1_000_000 });
        expect(
          (await t.call(admin, 'POST', `/v1/loans/${ids.skip}/settle`, { paid_on: `${YEAR}-03-29` })).body.code,
        ).toBe('loan_settled');
      }
    }
    const main = await loan(ids.main as string);
    expect(main).toMatchObject({ status: 'settled', amount_paid: 12_720_000, remaining_installment: 0 });
    const schedule = (await t.call(admin, 'GET', `/v1/loans/${ids.main}/schedule`)).body.data;
    expect(schedule.installments).toHaveLength(12);
    for (const item of schedule.installments) {
      expect(item.status).toBe('paid');
      expect(item.run.deducted).toBe(1_060_000);
      expect(item.run.line.amount).toBe(1_060_000);
    }
    // The capped loan was finished by the carry-over in February.
    expect((await loan(ids.capped as string)).status).toBe('settled');
    // The leaver: paid what the pay allowed; what is left stays on the loan, shown; the deposit is back to zero.
    const left = await loan(ids.leaver as string);
    const mayLine = lineOf(await slipOf(runs[5] as string, who().leaver), 'loan_installment');
    expect(left.amount_paid).toBe(4 * 500_000 + mayLine.amount);
    expect(left.status).toBe(left.amount_paid >= 6_000_000 ? 'settled' : 'active');
    expect(await slipOf(runs[6] as string, who().leaver)).toBeUndefined();
    const deposit = (await t.call(admin, 'GET', `/v1/deposits/${ids.deposit}`)).body.data;
    expect(deposit).toMatchObject({ balance: 0, returned_amount: 400_000 });
  }, 240_000);

  it('re-opening the last run reverses its installments; completing again records them', async () => {
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${runs[12]}/reopen`)).status).toBe(200);
    expect(await loan(ids.main as string)).toMatchObject({
      status: 'active',
      amount_paid: 11 * 1_060_000,
      remaining_installment: 1,
    });
    await complete(runs[12] as string);
    expect((await loan(ids.main as string)).status).toBe('settled');
  });

  it("another company's loan is a 404 by id; an employee is refused; the developer lists every company's", async () => {
    for (const [method, url, body] of [
      ['GET', `/v1/loans/${ids.main}`, undefined],
      ['GET', `/v1/loans/${ids.main}/schedule`, undefined],
      ['POST', `/v1/loans/${ids.main}/settle`, { paid_on: '2025-12-31' }],
      ['POST', `/v1/loans/${ids.main}/skip`, { month: '2025-12' }],
      ['PUT', `/v1/loans/${ids.main}`, { name: 'mine', version: 1 }],
      ['DELETE', `/v1/loans/${ids.main}`, undefined],
    ] as const) {
      expect((await t.call(otherAdmin, method, url, body)).status).toBe(404);
    }
    expect((await t.call(otherAdmin, 'GET', '/v1/loans')).body.data).toHaveLength(0);
    expect((await t.call(employee, 'GET', '/v1/loans')).status).toBe(403);
    const developer = await t.login('developer');
    const all = await t.call(developer, 'GET', '/v1/dev/loans');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(4);
    expect(all.body.data[0].company.name).toBeTruthy();
    // A loan with payments is in use: not deleted.
    expect((await t.call(admin, 'DELETE', `/v1/loans/${ids.main}`)).status).toBe(409);
  });

  it('fuzz: bad bodies always get a translated 4xx, never a 5xx', async () => {
    const codes = new Set(Object.keys(en.errors.codes));
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.constantFrom('2025-02-30', '9999-99-99', '\u0000', '-1', '1e308', 'a'.repeat(3000)),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const body = fc.record(
      {
        name: value,
        employee: fc.oneof(value, fc.constant(staff[0].id), fc.uuid()),
        effective_date: value,
        amount: value,
        installment: value,
        interest_rate: value,
        interest_type: value,
        amount_paid: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('loans', 'deposits'), async (payload, path) => {
        const reply = await t.call(admin, 'POST', `/v1/${path}`, payload);
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        if (reply.status >= 400) expect(codes.has(reply.body.code), reply.body.code).toBe(true);
      }),
      { numRuns: 60, seed: 15 },
    );
    const skips = await Promise.all(
      ['2025-13', '', '2025-1', null].map((month) => t.call(admin, 'POST', `/v1/loans/${ids.main}/skip`, { month })),
    );
    for (const reply of skips) expect(reply.status).toBe(400);
  });
});
