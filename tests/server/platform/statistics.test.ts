import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employedOn } from '../../../common/employment.ts';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

/** The developer's platform figures (issue 26): BPJS Kesehatan across companies, employees per company over time. */
let t: TestApp;
let developer: string;
let admin: string;
let adminCj: string;
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  [developer, admin, adminCj] = await Promise.all([t.login('developer'), t.login('admin'), t.login('admin.cj')]);
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
}, 180_000);
afterAll(async () => t?.close());

const completedRun = async (token: string, month: number) => {
  const created = await t.call(token, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month });
  expect(created.status).toBe(201);
  const id = created.body.data._id as string;
  expect((await t.call(token, 'POST', `/v1/payroll-summary/${id}/complete`)).status).toBe(200);
  return (await t.call(token, 'GET', `/v1/payroll-summary/${id}/payslips`)).body.data as Json[];
};
const sum = (rows: Json[], key: string) => rows.reduce((total, row) => total + (row.bpjs?.[key] ?? 0), 0);

describe('dev-bpjs: BPJS Kesehatan per company and month', () => {
  it('adds up the completed runs of each company, counting only registered employees and their family', async () => {
    // One DEMO employee not registered with BPJS Kesehatan: neither counted nor charged.
    const demo = await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'));
    const unregistered = demo.sort((a, b) => a.employee_id.localeCompare(b.employee_id)).at(-1)!;
    await t.database.db.update(employees).set({ bpjs_ks_registered: false }).where(eq(employees.id, unregistered.id));
    const demoSlips = await completedRun(admin, 1);
    const cjSlips = await completedRun(adminCj, 1);
    // A pending run is not counted.
    expect(
      (await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month: 2 })).status,
    ).toBe(201);

    const reply = await t.call(developer, 'GET', `/v1/dev/bpjs?year=${YEAR}`);
    expect(reply.status).toBe(200);
    const byCode = new Map(reply.body.data.map((row: Json) => [row.company.code, row]));
    expect(reply.body.data.every((row: Json) => row.year === YEAR && row.month === 1)).toBe(true);
    for (const [code, slips] of [
      ['DEMO', demoSlips],
      ['CJ', cjSlips],
    ] as const) {
      const row = byCode.get(code) as Json;
      expect(row).toBeDefined();
      const registered = slips.filter((slip) => (slip.bpjs?.ks_employer ?? 0) > 0);
      expect(row.registered).toBe(registered.length);
      expect(row.employer).toBe(sum(slips, 'ks_employer'));
      expect(row.employee).toBe(sum(slips, 'ks_employee'));
      expect(row.additional).toBe(sum(slips, 'ks_additional_employee'));
      expect(row.wage_base).toBe(sum(registered, 'base_ks'));
      expect(row.employer).toBeGreaterThan(0);
    }
    const unregisteredSlip = demoSlips.find((slip) => (slip.employee._id ?? slip.employee) === unregistered.id);
    expect(unregisteredSlip).toBeDefined();
    expect(unregisteredSlip!.bpjs.ks_employer ?? 0).toBe(0);
    expect((byCode.get('DEMO') as Json).registered).toBeLessThan(demoSlips.length);

    // One company, one month; another month has nothing.
    const cjId = (byCode.get('CJ') as Json).company._id;
    const one = await t.call(developer, 'GET', `/v1/dev/bpjs?year=${YEAR}&month=1&company=${cjId}`);
    expect(one.body.data.map((row: Json) => row.company.code)).toEqual(['CJ']);
    expect((await t.call(developer, 'GET', `/v1/dev/bpjs?year=${YEAR}&month=3`)).body.data).toEqual([]);
  });

  it('refuses a company admin and a bad month with a field error', async () => {
    expect((await t.call(admin, 'GET', `/v1/dev/bpjs?year=${YEAR}`)).status).toBe(403);
    const bad = await t.call(developer, 'GET', `/v1/dev/bpjs?year=${YEAR}&month=13`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.month.code).toBe('maximum');
  });
});

describe('statistics: employees per company and month', () => {
  it('counts the headcount at each month end by the one rule of employment, with joiners and leavers', async () => {
    // Generated employees, not the demo logins (an exit closes a login's account).
    const generated = await t.database.db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'));
    const sorted = generated.sort((a, b) => a.employee_id.localeCompare(b.employee_id)).slice(-3);
    // Joins and exits spread over the first half of the year, one on a month's last day.
    const changes = [
      { join_date: '2025-02-14', exit_date: null },
      { join_date: '2020-01-06', exit_date: '2025-03-31' },
      { join_date: '2025-04-01', exit_date: '2025-05-10' },
    ];
    for (const [index, change] of changes.entries()) {
      await t.database.db.update(employees).set(change).where(eq(employees.id, sorted[index]!.id));
    }
    const reply = await t.call(developer, 'GET', '/v1/dev/statistics/employees?from=2025-01&to=2025-06');
    expect(reply.status).toBe(200);
    const after = await t.database.db.select().from(employees);
    const companyIds = new Set(after.map((row) => row.company_id));
    const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];
    const monthEnd = (month: string) => {
      const [year, m] = month.split('-').map(Number) as [number, number];
      return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
    };
    for (const companyId of companyIds) {
      const staff = after.filter((row) => row.company_id === companyId);
      for (const month of months) {
        const row = reply.body.data.find((r: Json) => r.company._id === companyId && r.month === month);
        expect(row, `${companyId} ${month}`).toBeDefined();
        expect(row.headcount).toBe(staff.filter((person) => employedOn(person, monthEnd(month))).length);
        expect(row.joiners).toBe(staff.filter((person) => person.join_date?.startsWith(month)).length);
        expect(row.leavers).toBe(staff.filter((person) => person.exit_date?.startsWith(month)).length);
      }
    }
    // The employee who left on 31 March is still counted at March's end, not at April's.
    const firstCompany = sorted[1]!.company_id;
    const march = reply.body.data.find((r: Json) => r.company._id === firstCompany && r.month === '2025-03');
    const april = reply.body.data.find((r: Json) => r.company._id === firstCompany && r.month === '2025-04');
    expect(march.leavers).toBeGreaterThanOrEqual(1);
    expect(april.headcount).toBeLessThanOrEqual(march.headcount);

    // Chosen companies only (compare-total).
    const chosen = await t.call(
      developer,
      'GET',
      `/v1/dev/statistics/employees?from=2025-01&to=2025-02&company=${firstCompany}`,
    );
    expect(new Set(chosen.body.data.map((r: Json) => r.company._id))).toEqual(new Set([firstCompany]));
    expect(chosen.body.data).toHaveLength(2);
  });

  it('refuses a span that ends before it starts, or is longer than five years, beside the "to" field', async () => {
    const backwards = await t.call(developer, 'GET', '/v1/dev/statistics/employees?from=2025-06&to=2025-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.to.code).toBe('after_start');
    const long = await t.call(developer, 'GET', '/v1/dev/statistics/employees?from=2015-01&to=2025-01');
    expect(long.status).toBe(400);
    expect(long.body.fields.to).toMatchObject({ code: 'months_at_most', params: { limit: 60 } });
    const shape = await t.call(developer, 'GET', '/v1/dev/statistics/employees?from=2025-13&to=2025-14');
    expect(shape.status).toBe(400);
    expect((await t.call(admin, 'GET', '/v1/dev/statistics/employees?from=2025-01&to=2025-02')).status).toBe(403);
  });
});
