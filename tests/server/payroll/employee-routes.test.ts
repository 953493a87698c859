import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

/** GET /v1/payroll-employees/{id}/payslip: the run's payslip of the month, else a preview by the engine. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 } });
  admin = await t.login('admin');
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
}, 180_000);
afterAll(async () => t?.close());

const payslipOf = (id: string, year: number, month: number, token = admin) =>
  t.call(token, 'GET', `/v1/payroll-employees/${id}/payslip?year=${year}&month=${month}`);

describe("one employee's payslip of a month", () => {
  it('previews with the engine, follows an added bonus, then reads the run once there is one', async () => {
    const [person] = (await t.call(admin, 'GET', '/v1/employees?limit=1')).body.data as Json[];
    const before = await payslipOf(person._id, 2024, 3);
    expect(before.status).toBe(200);
    expect(before.body.data.source).toBe('preview');
    expect(before.body.data.run).toBeNull();
    expect(before.body.data.payslip.thp).toBeGreaterThan(0);

    const added = await t.call(admin, 'POST', '/v1/employees/bonuses', {
      employee: person._id,
      year: 2024,
      month: 3,
      amount: 1_000_000,
      description: 'Target',
    });
    expect(added.status).toBe(201);
    const after = await payslipOf(person._id, 2024, 3);
    expect(after.body.data.payslip.bruto).toBe(before.body.data.payslip.bruto + 1_000_000);

    const run = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2024, month: 3 });
    expect(run.status).toBe(201);
    const fromRun = await payslipOf(person._id, 2024, 3);
    expect(fromRun.body.data.source).toBe('run');
    expect(fromRun.body.data.run).toMatchObject({ _id: run.body.data._id, status: 'pending' });
    expect(fromRun.body.data.payslip.thp).toBe(after.body.data.payslip.thp);
  });

  it("another company's employee is a 404; bad months are a 400", async () => {
    const other = await t.login('admin.cj');
    const [person] = (await t.call(admin, 'GET', '/v1/employees?limit=1')).body.data as Json[];
    expect((await payslipOf(person._id, 2024, 3, other)).status).toBe(404);
    expect((await payslipOf(person._id, 2024, 13)).status).toBe(400);
  });
});
