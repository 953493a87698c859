import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPayrollSettings } from '../../../common/payroll/types.ts';
import type { PayslipEdits } from '../../../common/payroll-run.ts';
import { employees } from '../../../server/db/schema.ts';
import type { Payslip } from '../../../src/screens/payroll/api.ts';
import { mergeEdits, recalculate } from '../../../src/screens/payroll/recalc.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

/**
 * The run grid recalculates an edited row in the browser (src/screens/payroll/recalc.ts) before the PATCH answers:
 * with the settings the payslip list carries, the browser's figures equal the server's for every payslip and edit.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 1 } });
  admin = await t.login('admin');
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
}, 180_000);
afterAll(async () => t?.close());

describe('the browser recalculation matches the server', () => {
  it('the payslip list carries the company settings; every edit of every row recalculates to the PATCH reply', async () => {
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2024, month: 12 });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const listed = await t.call(admin, 'GET', `/v1/payroll-summary/${id}/payslips`);
    expect(listed.status).toBe(200);
    const settings = listed.body.settings as CompanyPayrollSettings;
    expect(settings).toHaveProperty('rules');
    const payslips = listed.body.data as Payslip[];
    expect(payslips.length).toBeGreaterThan(0);
    const changes: PayslipEdits[] = [
      { overtime_hours: 7.5 },
      { bonus: 2_500_000 },
      { deduction: 150_000, allowance: 300_000 },
    ];
    for (const [index, payslip] of payslips.entries()) {
      const change = changes[index % changes.length] as PayslipEdits;
      const local = recalculate(payslip, mergeEdits(payslip.edits, change), settings);
      const reply = await t.call(admin, 'PATCH', `/v1/payroll-summary/${id}/payslips/${payslip._id}`, {
        edits: change,
      });
      expect(reply.status).toBe(200);
      const server = reply.body.data as Json;
      for (const key of ['bruto', 'pph21', 'thp', 'bpjs_employee', 'bpjs_company', 'edits', 'lines', 'bpjs'] as const) {
        expect(local[key], `${payslip.employee.fullname}: ${key}`).toEqual(server[key]);
      }
    }
  });

  it("another company's run is a 404", async () => {
    const [run] = (await t.call(admin, 'GET', '/v1/payroll-summary')).body.data as Json[];
    const other = await t.login('admin.cj');
    expect((await t.call(other, 'GET', `/v1/payroll-summary/${run._id}/payslips`)).status).toBe(404);
  });
});
