/**
 * A transaction is one connection: the payroll's writes send its queries one at a time (server/db/sql.ts
 * `loadTogether`), never several at once with `Promise.all`, which node-postgres queues with a deprecation warning
 * ("Calling client.query() when the client is already executing a query"; an error from pg 9). Through the real
 * routes: a December run with a loan and a deposit (the year settled, finance recorded and reversed), an import into
 * it, an edit, complete, re-open; a daily payroll made, edited, completed and re-opened.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { watchQueryOverlap } from '../../support/one-query-a-client.ts';

// From the file's first line: the driver warns once a process.
const watch = watchQueryOverlap();
let t: TestApp;
let admin: string;
let staff: (typeof employees.$inferSelect)[] = [];
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 1 } });
  admin = await t.login('admin');
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  staff = (await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
    a.employee_id.localeCompare(b.employee_id),
  );
  // One daily worker for the daily payroll.
  await t.database.db
    .update(employees)
    .set({ status: 'freelance' })
    .where(eq(employees.id, (staff.at(-1) as Json).id));
  watch.take();
}, 180_000);
afterAll(async () => {
  watch.stop();
  await t?.close();
});

/** The call succeeded, and no query of it waited behind another on the same connection. */
async function inTurn(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const reply = await t.call(admin, method, url, body);
  expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  expect(watch.take(), `${method} ${url}: queries sent while the connection was busy`).toEqual([]);
  return reply.body.data as Json;
}

describe('payroll writes on one connection', () => {
  it('a monthly run: import, edit, complete (year settled, loan and deposit recorded), re-open', async () => {
    const person = staff[1] as Json;
    const loan = await inTurn('POST', '/v1/loans', {
      name: 'Motorbike',
      employee: person.id,
      effective_date: `${YEAR}-12-01`,
      amount: 6_000_000,
      installment: 6,
      interest_rate: 0,
    });
    await inTurn('POST', '/v1/deposits', {
      name: 'Uniform',
      employee: person.id,
      amount: 100_000,
      target: 1_000_000,
      start_date: `${YEAR}-12-01`,
    });
    const run = await inTurn('POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month: 12 });
    const [slip] = (await inTurn('GET', `/v1/payroll-summary/${run._id}/payslips`)) as Json[];
    expect(slip.input.last_period).toBe(true);
    await inTurn('POST', '/v1/payroll-summary/import', {
      rows: [{ employee_id: slip.employee.employee_id, year: YEAR, month: 12, amounts: { thr: 1_000_000 } }],
    });
    await inTurn('PATCH', `/v1/payroll-summary/${run._id}/payslips/${slip._id}`, { edits: { bonus: 500_000 } });
    expect((await inTurn('POST', `/v1/payroll-summary/${run._id}/complete`)).status).toBe('completed');
    expect((await inTurn('GET', `/v1/loans/${loan._id}`)).amount_paid).toBe(1_000_000);
    expect((await inTurn('POST', `/v1/payroll-summary/${run._id}/reopen`)).status).toBe('pending');
    expect((await inTurn('GET', `/v1/loans/${loan._id}`)).amount_paid).toBe(0);
  });

  it('a daily payroll: create, edit, complete, re-open', async () => {
    const week = await inTurn('POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: `${YEAR}-11-03`,
      period_end: `${YEAR}-11-09`,
    });
    expect(week.employee_count).toBe(1);
    const [slip] = (await inTurn('GET', `/v1/payroll-summary/${week._id}/payslips`)) as Json[];
    await inTurn('PATCH', `/v1/payroll-summary/${week._id}/payslips/${slip._id}`, { edits: { incentive: 50_000 } });
    expect((await inTurn('POST', `/v1/payroll-summary/${week._id}/complete`)).status).toBe('completed');
    expect((await inTurn('POST', `/v1/payroll-summary/${week._id}/reopen`)).status).toBe('pending');
  });

  it("left the driver's warning unprinted", () => {
    expect(watch.warnings).toEqual([]);
  });
});
