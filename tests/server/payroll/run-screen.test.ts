/**
 * Issue 27 sections 5 and 6 on a real database: a pending run whose inputs changed shows its rows out of date,
 * completing never recalculates silently (it refuses, and refuses totals other than those confirmed), the
 * recalculation is explicit; a completed run's bank transfers total its take-home pay and refuse, naming them,
 * employees without a bank account (decisions 0175, 0176).
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFileCsv } from '../../../common/bank-file.ts';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
const YEAR = 2025;
let staff: (typeof employees.$inferSelect)[] = [];

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  [admin, otherAdmin] = await Promise.all([t.login('admin'), t.login('admin.cj')]);
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  staff = (await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
    a.employee_id.localeCompare(b.employee_id),
  );
}, 180_000);
afterAll(async () => t?.close());

const run = async (month: number) => {
  const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month });
  expect(created.status).toBe(201);
  return created.body.data as Json;
};
const summary = async (id: string) => (await t.call(admin, 'GET', `/v1/payroll-summary/${id}`)).body.data as Json;
const expectedOf = (s: Json) => ({
  employee_count: s.employee_count,
  total_bruto: s.total_bruto,
  total_pph21: s.total_pph21,
  total_thp: s.total_thp,
});

describe('a run that never surprises', () => {
  const runs: Record<number, Json> = {};

  it('a fresh run has no row out of date; completing with the shown totals saves exactly them', async () => {
    runs[1] = await run(1);
    runs[2] = await run(2);
    const stale = await t.call(admin, 'GET', `/v1/payroll-summary/${runs[1]._id}/out-of-date`);
    expect(stale.status).toBe(200);
    expect(stale.body.data).toEqual({ count: 0, rows: [] });
    const done = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[1]._id}/complete`, {
      expected: expectedOf(runs[1]),
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', total_thp: runs[1].total_thp });
    // February's rows are not in their last tax period: January's completion leaves them up to date.
    const february = await t.call(admin, 'GET', `/v1/payroll-summary/${runs[2]._id}/out-of-date`);
    expect(february.body.data.count).toBe(0);
  });

  it('a loan added after the calculation: the row is out of date, completing refuses until it is recalculated', async () => {
    const who = staff[1]!;
    const loan = await t.call(admin, 'POST', '/v1/loans', {
      name: 'Laptop',
      employee: who.id,
      effective_date: `${YEAR}-02-01`,
      amount: 1_200_000,
      installment: 12,
      interest_rate: 0,
    });
    expect(loan.status).toBe(201);
    const stale = await t.call(admin, 'GET', `/v1/payroll-summary/${runs[2]._id}/out-of-date`);
    expect(stale.body.data.count).toBe(1);
    expect(stale.body.data.rows[0]).toMatchObject({ employee: who.id, fullname: who.fullname, sources: ['finance'] });

    const before = await summary(runs[2]._id);
    const refused = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/complete`, {
      expected: expectedOf(before),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'payroll_run_out_of_date', count: 1, names: [who.fullname] });
    // Nothing changed by the refusal.
    expect(await summary(runs[2]._id)).toMatchObject({ status: 'pending', total_thp: before.total_thp });

    const recalculated = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/recalculate`);
    expect(recalculated.status).toBe(200);
    const { payslips, summary: after, sources } = recalculated.body.data;
    expect(payslips).toHaveLength(1);
    expect(payslips[0].lines.find((l: Json) => l.code === 'loan_installment').amount).toBe(100_000);
    expect(sources[payslips[0]._id]).toEqual(['finance']);
    expect(after.total_thp).toBe(before.total_thp - 100_000);
    // Nothing left out of date; a second recalculation changes nothing.
    expect((await t.call(admin, 'GET', `/v1/payroll-summary/${runs[2]._id}/out-of-date`)).body.data.count).toBe(0);
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/recalculate`)).body.data.payslips).toEqual(
      [],
    );

    // The totals shown before the recalculation are not the run's: refused, never completed with other figures.
    const old = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/complete`, {
      expected: expectedOf(before),
    });
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('payroll_run_totals_changed');
    const done = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/complete`, {
      expected: expectedOf(after),
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      total_thp: after.total_thp,
      total_bruto: after.total_bruto,
    });
  });

  it('out-of-date and recalculate: another company is a 404, a bad body a 400, a completed run has nothing', async () => {
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${runs[2]._id}/out-of-date`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'POST', `/v1/payroll-summary/${runs[2]._id}/recalculate`)).status).toBe(404);
    expect((await t.call(admin, 'GET', `/v1/payroll-summary/${runs[2]._id}/out-of-date`)).body.data.count).toBe(0);
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/recalculate`)).status).toBe(409);
    const bad = await t.call(admin, 'POST', `/v1/payroll-summary/${runs[2]._id}/complete`, {
      expected: { total_thp: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('bank transfer files', () => {
  let completed: Json;
  let pending: Json;

  it('a completed run: transfers total its take-home pay, per receiving bank, as the generic CSV', async () => {
    completed = (await t.call(admin, 'GET', '/v1/payroll-summary?type=payroll_run&status=completed')).body.data.find(
      (s: Json) => s.year === YEAR && s.month === 2,
    );
    const reply = await t.call(admin, 'GET', `/v1/payroll-summary/${completed._id}/bank-transfers?paying_bank=BCA`);
    expect(reply.status).toBe(200);
    const file = reply.body.data;
    expect(file.paying_bank).toBe('BCA');
    expect(file.layout).toBeNull();
    expect(file.total).toBe(completed.total_thp);
    expect(file.count).toBe(completed.employee_count);
    expect(file.banks.reduce((sum: number, b: Json) => sum + b.total, 0)).toBe(completed.total_thp);
    const slips = (await t.call(admin, 'GET', `/v1/payroll-summary/${completed._id}/payslips`)).body.data as Json[];
    for (const transfer of file.transfers) {
      const slip = slips.find((s) => s.employee._id === transfer.employee._id);
      expect(transfer.amount).toBe(slip.thp);
      expect(transfer.account).toMatch(/^\d+$/);
      expect(transfer.reference.length).toBeLessThanOrEqual(35);
    }
    const csv = bankFileCsv(file.transfers).trimEnd().split('\r\n');
    expect(csv[0]).toBe('account,name,bank,amount,reference');
    expect(csv).toHaveLength(file.count + 1);
    expect(csv.slice(1).reduce((sum, line) => sum + Number(line.split(',')[3]), 0)).toBe(completed.total_thp);

    const same = (
      await t.call(
        admin,
        'GET',
        `/v1/payroll-summary/${completed._id}/bank-transfers?paying_bank=BCA&recipients=same_bank`,
      )
    ).body.data;
    expect(same.transfers.every((row: Json) => row.bank === 'BCA')).toBe(true);
    expect(same.total).toBe(file.banks.find((b: Json) => b.bank === 'BCA')?.total ?? 0);
  });

  it('refuses, naming them, employees with pay and no bank account; a pending run; another company', async () => {
    const who = staff[2]!;
    await t.database.db.update(employees).set({ account_number: null }).where(eq(employees.id, who.id));
    const refused = await t.call(admin, 'GET', `/v1/payroll-summary/${completed._id}/bank-transfers`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('bank_account_missing');
    expect(refused.body.names).toEqual([`${who.fullname} (${who.employee_id})`]);
    await t.database.db.update(employees).set({ account_number: who.account_number }).where(eq(employees.id, who.id));

    pending = await run(3);
    const early = await t.call(admin, 'GET', `/v1/payroll-summary/${pending._id}/bank-transfers`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('bank_file_run_pending');
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${completed._id}/bank-transfers`)).status).toBe(404);
    expect(
      (await t.call(admin, 'GET', `/v1/payroll-summary/${completed._id}/bank-transfers?paying_bank=Citi`)).status,
    ).toBe(400);
  });
});
