/**
 * `/v1/pph-a1/previous-pph`: the previous employer's neto and PPh 21 of an employee's tax year, added to the year by
 * the last tax period (PMK 168/2023): a joiner's December settles with them.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let joiner: string;

const settlementOf = (slip: Json) => slip.lines.find((l: Json) => l.code === 'pph21')?.explain.settlement;
const december = async () => {
  const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: 2025, month: 12 });
  expect(created.status).toBe(201);
  const slips: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${created.body.data._id}/payslips`)).body.data;
  await t.call(admin, 'DELETE', `/v1/payroll-summary/${created.body.data._id}`);
  return slips.find((slip) => slip.employee._id === joiner);
};

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 } });
  [admin, otherAdmin] = await Promise.all([t.login('admin'), t.login('admin.cj')]);
  const [row] = (
    await t.database.db.execute<{ id: string }>(
      sql`select e.id from employees e join companies c on c.id = e.company_id
        where c.code = 'DEMO' and e.status <> 'freelance' order by e.employee_id limit 1`,
    )
  ).rows;
  joiner = row!.id;
  // Joined on 1 December 2025 from another employer: December is their only month here and the last tax period;
  // paid enough that the month alone is taxed (a zero PPh 21 line would be left out).
  await t.database.db
    .update(employees)
    .set({
      join_date: '2025-12-01',
      exit_date: null,
      payroll_active: true,
      tax_id_valid: true,
      pph_deduction: 'gross',
      basic_salary: 80_000_000,
    })
    .where(eq(employees.id, joiner));
}, 400_000);
afterAll(async () => t?.close());

describe('previous employer (pph-a1/previous-pph)', () => {
  it("settles a joiner's December with the previous employer's neto and PPh 21", async () => {
    const without = await december();
    const before = settlementOf(without);
    expect(before).toMatchObject({ previous_neto: 0, previous_pph: 0, withheld: 0 });

    const created = await t.call(admin, 'POST', '/v1/pph-a1/previous-pph', {
      employee: joiner,
      year: 2025,
      previous_netto: 110_000_000,
      previous_pph: 4_200_000,
      employer_name: 'PT Sebelumnya Jaya',
      employer_npwp: '01.234.567.8-901.000',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ year: 2025, previous_netto: 110_000_000, previous_pph: 4_200_000 });

    const withPrevious = await december();
    const after = settlementOf(withPrevious);
    expect(after).toMatchObject({ previous_neto: 110_000_000, previous_pph: 4_200_000, withheld: 0 });
    expect(after.tax_year).toBeGreaterThan(before.tax_year);
    expect(withPrevious.pph21).toBe(after.tax_year - 4_200_000);
    expect(withPrevious.input.previous_employer).toEqual({ neto: 110_000_000, pph: 4_200_000 });
  });

  it('is one record per employee and year, in the company only, with clear refusals', async () => {
    const again = await t.call(admin, 'POST', '/v1/pph-a1/previous-pph', { employee: joiner, year: 2025 });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const negative = await t.call(admin, 'POST', '/v1/pph-a1/previous-pph', {
      employee: joiner,
      year: 2024,
      previous_pph: -1,
    });
    expect(negative.status).toBe(400);
    const list = await t.call(admin, 'GET', `/v1/pph-a1/previous-pph?employee=${joiner}`);
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0]._id;
    expect((await t.call(otherAdmin, 'GET', `/v1/pph-a1/previous-pph/${id}`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'GET', '/v1/pph-a1/previous-pph')).body.data).toHaveLength(0);
    // Another company's employee cannot be named.
    const foreign = await t.call(otherAdmin, 'POST', '/v1/pph-a1/previous-pph', { employee: joiner, year: 2025 });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
  });
});
