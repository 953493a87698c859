/**
 * The platform's management fee (issue 15, decision 0073) and the negative take-home pay guard (decision 0075) on a
 * real database: fee rules kept by the developer, the fee stored when a monthly run is completed and removed when it
 * is re-opened, the monthly and annual reports equal to the runs, who may read them, and fuzzed bodies and queries.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { employees, payrollSummaries, payslips } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let developer: string;
let admin: string;
let adminCj: string;
const company: Record<string, string> = {};
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 6, CJ: 3 } });
  [developer, admin, adminCj] = await Promise.all([t.login('developer'), t.login('admin'), t.login('admin.cj')]);
  await t.database.db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  const list = await t.call(developer, 'GET', '/v1/companies');
  for (const row of list.body.data as Json[]) company[row.code] = row._id;
}, 180_000);
afterAll(async () => t?.close());

const runOf = async (token: string, month: number) => {
  const created = await t.call(token, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Json;
};
const complete = async (token: string, id: string) => {
  const done = await t.call(token, 'POST', `/v1/payroll-summary/${id}/complete`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.data as Json;
};
const stored = async (id: string): Promise<Json> =>
  (await t.database.db.select().from(payrollSummaries).where(eq(payrollSummaries.id, id)))[0] as Json;
const monthly = async (month: number) =>
  (await t.call(developer, 'GET', `/v1/dev/man-fee/monthly?year=${YEAR}&month=${month}`)).body.data as Json;

describe('man-fee', () => {
  const runs: { DEMO: Json; CJ: Json } = { DEMO: {}, CJ: {} };

  it('keeps fee rules per company and effective date; a rule needs its method’s figure', async () => {
    const rules = [
      { company: company.DEMO, effective_date: `${YEAR}-01-01`, method: 'percentage', percentage: 2.5 },
      { company: company.DEMO, effective_date: `${YEAR}-03-15`, method: 'per_employee', amount_per_employee: 50_000 },
      { company: company.CJ, effective_date: `${YEAR}-01-01`, method: 'per_employee', amount_per_employee: 30_000 },
    ];
    // Through the bulk upsert, as the import screen's preview sends them.
    const bulk = await t.call(developer, 'POST', '/v1/man-fee-rules/bulk', { rows: rules });
    expect(bulk.status, JSON.stringify(bulk.body)).toBeLessThan(300);
    const list = await t.call(developer, 'GET', '/v1/man-fee-rules?populate=company');
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.map((row: Json) => row.company.code).sort()).toEqual(['CJ', 'DEMO', 'DEMO']);

    const missing = await t.call(developer, 'POST', '/v1/man-fee-rules', {
      company: company.DEMO,
      effective_date: `${YEAR}-06-01`,
      method: 'percentage',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.percentage.code).toBe('required');
    const twice = await t.call(developer, 'POST', '/v1/man-fee-rules', rules[0]);
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect(twice.status).toBeLessThan(500);
    // The other method's figure is dropped.
    const mixed = await t.call(developer, 'POST', '/v1/man-fee-rules', {
      company: company.CJ,
      effective_date: `${YEAR}-12-01`,
      method: 'per_employee',
      amount_per_employee: 10_000,
      percentage: 3,
    });
    expect(mixed.status).toBe(201);
    expect(mixed.body.data.percentage).toBeNull();
    expect((await t.call(developer, 'DELETE', `/v1/man-fee-rules/${mixed.body.data._id}`)).status).toBeLessThan(300);
  });

  it('stores the fee when a monthly run is completed and removes it when re-opened', async () => {
    runs.DEMO[1] = await runOf(admin, 1);
    expect((await stored(runs.DEMO[1]._id)).man_fee_calculation).toBeNull();
    await complete(admin, runs.DEMO[1]._id);
    const jan = await stored(runs.DEMO[1]._id);
    const fee = Math.round((jan.total_bruto * 250) / 10_000);
    expect(jan.man_fee_calculation).toMatchObject({
      method: 'percentage',
      percentage: 2.5,
      base_bruto: jan.total_bruto,
      employee_count: jan.employee_count,
      fee,
    });
    runs.CJ[1] = await runOf(adminCj, 1);
    await complete(adminCj, runs.CJ[1]._id);
    const cj = await stored(runs.CJ[1]._id);
    expect(cj.man_fee_calculation).toMatchObject({ method: 'per_employee', fee: 30_000 * cj.employee_count });

    const report = await monthly(1);
    expect(report.rows.map((row: Json) => row.company.code).sort()).toEqual(['CJ', 'DEMO']);
    expect(report.totals.fee).toBe(fee + 30_000 * cj.employee_count);
    expect(report.totals.bruto).toBe(jan.total_bruto + cj.total_bruto);
    expect(report.pending).toBe(0);

    const reopened = await t.call(admin, 'POST', `/v1/payroll-summary/${runs.DEMO[1]._id}/reopen`);
    expect(reopened.status).toBe(200);
    expect((await stored(runs.DEMO[1]._id)).man_fee_calculation).toBeNull();
    const without = await monthly(1);
    expect(without.rows.map((row: Json) => row.company.code)).toEqual(['CJ']);
    expect(without.pending).toBe(1);
    await complete(admin, runs.DEMO[1]._id);
    expect((await stored(runs.DEMO[1]._id)).man_fee_calculation).toMatchObject({ fee });
  });

  it('effective-dated: March takes the rule that starts mid-March; the annual report equals the runs', async () => {
    for (const month of [2, 3]) {
      runs.DEMO[month] = await runOf(admin, month);
      await complete(admin, runs.DEMO[month]._id);
    }
    const feb = await stored(runs.DEMO[2]._id);
    const mar = await stored(runs.DEMO[3]._id);
    expect(feb.man_fee_calculation).toMatchObject({ method: 'percentage' });
    expect(mar.man_fee_calculation).toMatchObject({ method: 'per_employee', fee: 50_000 * mar.employee_count });
    const annual = (await t.call(developer, 'GET', `/v1/dev/man-fee/annual?year=${YEAR}`)).body.data as Json;
    const demo = annual.rows.find((row: Json) => row.company.code === 'DEMO');
    const fees = [];
    for (const month of [1, 2, 3]) {
      const row = (await monthly(month)).rows.find((r: Json) => r.company.code === 'DEMO');
      fees.push(row.fee);
      expect(demo.months[month - 1]).toBe(row.fee);
    }
    expect(demo.months.slice(3)).toEqual(Array(9).fill(null));
    expect(demo.fee).toBe(fees.reduce((a, b) => a + b, 0));
    expect(annual.totals.fee).toBe(annual.rows.reduce((sum: number, row: Json) => sum + row.fee, 0));
    expect(annual.totals.months[0]).toBe((await monthly(1)).totals.fee);
  });

  it('is the developer’s: company users get 403 on the rules and the reports', async () => {
    for (const token of [admin, adminCj, await t.login('employee')]) {
      expect((await t.call(token, 'GET', '/v1/man-fee-rules')).status).toBe(403);
      expect((await t.call(token, 'GET', `/v1/dev/man-fee/monthly?year=${YEAR}&month=1`)).status).toBe(403);
      expect((await t.call(token, 'GET', `/v1/dev/man-fee/annual?year=${YEAR}`)).status).toBe(403);
    }
  });

  it('fuzz: bad rule bodies and report queries get a translated 4xx, never a 5xx', async () => {
    const codes = new Set(Object.keys(en.errors.codes));
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.constantFrom('2025-02-30', '9999-99-99', 'percentage', 'per_employee', '-1', '1e308', 'a'.repeat(3000)),
    );
    const body = fc.record(
      {
        company: fc.oneof(value, fc.constant(company.DEMO), fc.uuid()),
        effective_date: value,
        method: value,
        percentage: value,
        amount_per_employee: value,
        note: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const reply = await t.call(developer, 'POST', '/v1/man-fee-rules', payload);
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        if (reply.status >= 400) expect(codes.has(reply.body.code), reply.body.code).toBe(true);
        if (reply.status === 201) await t.call(developer, 'DELETE', `/v1/man-fee-rules/${reply.body.data._id}`);
      }),
      { numRuns: 60, seed: 73 },
    );
    const query = fc.record({ year: fc.oneof(fc.string(), fc.integer()), month: fc.oneof(fc.string(), fc.integer()) });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const path = `/v1/dev/man-fee/monthly?year=${encodeURIComponent(String(q.year))}&month=${encodeURIComponent(String(q.month))}`;
        const reply = await t.call(developer, 'GET', path);
        expect(reply.status).toBeLessThan(500);
      }),
      { numRuns: 40, seed: 73 },
    );
  });
});

describe('negative take-home pay (decision 0075)', () => {
  it('refuses to save a run with a take-home pay below zero, naming the employee; saves once resolved', async () => {
    const run = await runOf(admin, 4);
    const [slip] = await t.database.db
      .select()
      .from(payslips)
      .where(eq(payslips.summary, run._id))
      .orderBy(payslips.employee_number)
      .limit(1);
    if (!slip) throw new Error('no payslip');
    // As when BPJS and PPh 21 alone exceed a joiner's one paid day (the engine does not cap statutory amounts).
    await t.database.db
      .update(payslips)
      .set({ thp: -125_000 })
      .where(and(eq(payslips.id, slip.id)));
    const grid = await t.call(admin, 'GET', `/v1/payroll-summary/${run._id}/payslips`);
    expect(grid.body.data.find((row: Json) => row._id === slip.id).thp).toBe(-125_000);
    const refused = await t.call(admin, 'POST', `/v1/payroll-summary/${run._id}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payroll_negative_thp');
    expect(refused.body.employees).toEqual([
      { _id: slip.employee, fullname: slip.fullname, employee_id: slip.employee_number, thp: -125_000 },
    ]);
    // Nothing half-written: still pending, no fee.
    expect((await stored(run._id)).status).toBe('pending');
    expect((await stored(run._id)).man_fee_calculation).toBeNull();
    // Resolved: the admin gives the employee an allowance (the payslip is recalculated from its inputs).
    const edited = await t.call(admin, 'PATCH', `/v1/payroll-summary/${run._id}/payslips/${slip.id}`, {
      edits: { allowance: 200_000 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.thp).toBeGreaterThan(0);
    await complete(admin, run._id);
  });
});
