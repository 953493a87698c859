/**
 * THR is paid whole (decision 0075), through the real runs: a completed THR run is paid in the month's monthly run,
 * and a loan installment larger than the pay is taken from the pay other than the THR; the rest carries over.
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let staff: Json[] = [];
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 1 } });
  admin = await t.login('admin');
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  staff = (await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
    a.employee_id.localeCompare(b.employee_id),
  );
}, 180_000);
afterAll(async () => t?.close());

describe('THR and loan installments', () => {
  it('a THR run deducts nothing; the monthly run keeps the THR whole and carries the rest of the installment', async () => {
    const person = staff[1] as Json;
    const loan = await t.call(admin, 'POST', '/v1/loans', {
      name: 'Renovation',
      employee: person.id,
      effective_date: `${YEAR}-03-01`,
      amount: 200_000_000,
      installment: 1,
      interest_rate: 0,
    });
    expect(loan.status, JSON.stringify(loan.body)).toBe(201);

    const thr = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'thr',
      year: YEAR,
      month: 3,
      holiday_date: `${YEAR}-03-31`,
    });
    expect(thr.status, JSON.stringify(thr.body)).toBe(201);
    const thrSlips = (await t.call(admin, 'GET', `/v1/payroll-summary/${thr.body.data._id}/payslips`)).body.data;
    const thrSlip = thrSlips.find((row: Json) => row.employee._id === person.id);
    expect(thrSlip.lines.map((line: Json) => line.code)).toEqual(['thr']);
    const thrAmount = thrSlip.thp as number;
    expect(thrAmount).toBeGreaterThan(0);
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${thr.body.data._id}/complete`)).status).toBe(200);

    const month = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month: 3 });
    expect(month.status, JSON.stringify(month.body)).toBe(201);
    const slips = (await t.call(admin, 'GET', `/v1/payroll-summary/${month.body.data._id}/payslips`)).body.data;
    const slip = slips.find((row: Json) => row.employee._id === person.id);
    const line = (code: string) => slip.lines.find((l: Json) => l.code === code);
    expect(line('thr')?.amount).toBe(thrAmount);
    expect(line('loan_installment')?.explain).toMatchObject({ due: 200_000_000, thr_kept: thrAmount });
    // The pay other than the THR went to the loan; the THR is what the employee takes home.
    expect(slip.thp).toBe(thrAmount);
    expect((await t.call(admin, 'POST', `/v1/payroll-summary/${month.body.data._id}/complete`)).status).toBe(200);
    const after = (await t.call(admin, 'GET', `/v1/loans/${loan.body.data._id}`)).body.data;
    expect(after.amount_paid).toBe(line('loan_installment').amount);
    expect(after.status).toBe('active');
  });
});
