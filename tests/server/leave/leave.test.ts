import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let demo: string;
let cj: string;
let dept: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 4 } });
  demo = await t.login('admin');
  cj = await t.login('admin.cj');
  dept = await t.login('deptadmin');
}, 400_000);
afterAll(() => t?.close());

const ok = (reply: { status: number; body: Json }, status = 200) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body;
};
const rules = async (token = demo) => ok(await t.call(token, 'GET', '/v1/leave-rules?limit=1000')).data as Json[];
const employees = async (token = demo) => ok(await t.call(token, 'GET', '/v1/employees?limit=1000')).data as Json[];

/** The first weekday of this year at or after `from` that is not a holiday of the company. */
async function freeWeekday(companyToken: string, from: string): Promise<string> {
  const holidays = ok(await t.call(companyToken, 'GET', '/v1/refs/mass-leave?limit=1000')).data as Json[];
  for (let time = Date.parse(`${from}T00:00:00Z`); ; time += 86_400_000) {
    const date = new Date(time).toISOString().slice(0, 10);
    const day = new Date(time).getUTCDay();
    if (day === 0 || day === 6) continue;
    if (holidays.some((h) => h.start_date <= date && date <= h.end_date)) continue;
    return date;
  }
}

describe('leave rules', () => {
  it('every company has the statutory annual leave: 12 working days after 12 months of service', async () => {
    for (const token of [demo, cj]) {
      const annual = (await rules(token)).find((rule) => rule.type === 'Annual Leave');
      expect(annual).toMatchObject({
        distribution: 'annual',
        calculation: 'work_day',
        amount: 12,
        quota_type: 'fixed',
        unit: 'day',
        service_months: 12,
      });
    }
  });

  it('a monthly rule stores no distribution nor expiration date; a fixed quota needs an amount', async () => {
    const created = ok(
      await t.call(demo, 'POST', '/v1/leave-rules', {
        type: 'Monthly Rest',
        distribution: 'monthly',
        amount: 1,
        distribution_date: '2026-01-01',
        expiration_date: '2026-12-31',
        employment_status: ['pkwtt', 'pkwt'],
      }),
      201,
    ).data;
    expect(created).toMatchObject({
      distribution_date: null,
      expiration_date: null,
      employment_status: ['pkwtt', 'pkwt'],
    });
    const zero = await t.call(demo, 'POST', '/v1/leave-rules', { type: 'Nothing', amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.amount.code).toBe('exclusiveMinimum');
    ok(await t.call(demo, 'POST', '/v1/leave-rules', { type: 'Nothing', amount: 0, quota_type: 'unlimited' }), 201);
    const duplicate = await t.call(demo, 'POST', '/v1/leave-rules', { type: 'annual leave', amount: 3 });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields.type.code).toBe('unique');
    const badStatus = await t.call(demo, 'POST', '/v1/leave-rules', {
      type: 'Odd',
      amount: 1,
      employment_status: ['boss'],
    });
    expect(badStatus.status).toBe(400);
    // Switching an annual rule to monthly clears its dates.
    const annual = ok(
      await t.call(demo, 'POST', '/v1/leave-rules', {
        type: 'Study Leave',
        amount: 5,
        distribution_date: '2026-04-01',
      }),
      201,
    ).data;
    const updated = ok(
      await t.call(demo, 'PUT', `/v1/leave-rules/${annual._id}`, { distribution: 'monthly', version: annual.version }),
    ).data;
    expect(updated.distribution_date).toBeNull();
  });

  it("another company's rule is a 404", async () => {
    const [rule] = await rules(cj);
    expect((await t.call(demo, 'GET', `/v1/leave-rules/${rule._id}`)).status).toBe(404);
  });
});

describe('holidays (mass leave)', () => {
  it('creates a holiday, refuses an end before its start, links collective leave to a rule of the company', async () => {
    const annual = (await rules()).find((rule) => rule.type === 'Annual Leave');
    const made = ok(
      await t.call(demo, 'POST', '/v1/refs/mass-leave', {
        name: 'Company anniversary',
        start_date: `${year}-10-05`,
        end_date: `${year}-10-06`,
        deduct_leave_rule: annual._id,
      }),
      201,
    ).data;
    expect(made.deduct_leave_rule).toBe(annual._id);
    const populated = ok(await t.call(demo, 'GET', `/v1/refs/mass-leave/${made._id}?populate=deduct_leave_rule`)).data;
    expect(populated.deduct_leave_rule.type).toBe('Annual Leave');
    const backwards = await t.call(demo, 'POST', '/v1/refs/mass-leave', {
      name: 'Backwards',
      start_date: `${year}-10-06`,
      end_date: `${year}-10-05`,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.end_date.code).toBe('after_start');
    const cjRule = (await rules(cj))[0];
    const foreign = await t.call(demo, 'POST', '/v1/refs/mass-leave', {
      name: 'Foreign',
      start_date: `${year}-10-07`,
      end_date: `${year}-10-07`,
      deduct_leave_rule: cjRule._id,
    });
    expect(foreign.status).toBe(400);
    ok(await t.call(demo, 'DELETE', `/v1/refs/mass-leave/${made._id}`));
  });

  it('the demo company has last and this year’s public holidays and collective leave', async () => {
    const holidays = ok(await t.call(demo, 'GET', '/v1/refs/mass-leave?limit=1000')).data as Json[];
    expect(holidays.some((h) => h.name === 'Independence Day' && h.start_date === '2026-08-17')).toBe(true);
    expect(holidays.some((h) => h.name === 'Independence Day' && h.start_date === '2025-08-17')).toBe(true);
    expect(holidays.filter((h) => h.deduct_leave_rule).length).toBeGreaterThan(5);
  });
});

describe('leave balance', () => {
  let employee: Json;
  let rule: Json;

  beforeAll(async () => {
    employee = (await employees()).find((e) => e.join_date && e.join_date < `${year - 1}-01-01` && !e.exit_date);
    rule = ok(
      await t.call(demo, 'POST', '/v1/leave-rules', { type: 'Balance Test Leave', amount: 10, service_months: 0 }),
      201,
    ).data;
  });

  const balance = async (token = demo) => {
    const rows = ok(
      await t.call(token, 'GET', `/v1/leave-balance?employee=${employee._id}&leave_rule=${rule._id}&year=${year}`),
    ).data as Json[];
    return rows[0];
  };

  it('adds approved and pending leave, adjustments and deducted collective leave', async () => {
    expect(await balance()).toMatchObject({ entitled: 10, used: 0, pending: 0, adjusted: 0, remaining: 10 });
    const db = t.database.db;
    await db.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status)
      select company_id, id, ${rule._id}, ${`${year}-02-02`}::date, ${`${year}-02-03`}::date, 'day', 2, 'approved'
      from employees where id = ${employee._id}`);
    await db.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status)
      select company_id, id, ${rule._id}, ${`${year}-02-10`}::date, ${`${year}-02-10`}::date, 'half_day', 0.5, 'pending'
      from employees where id = ${employee._id}`);
    await db.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status)
      select company_id, id, ${rule._id}, ${`${year}-02-11`}::date, ${`${year}-02-11`}::date, 'day', 1, 'rejected'
      from employees where id = ${employee._id}`);
    expect(await balance()).toMatchObject({ used: 2, pending: 0.5, remaining: 7.5 });

    const adjusted = ok(
      await t.call(demo, 'POST', '/v1/leave-balance', {
        employee: employee._id,
        leave_rule: rule._id,
        year,
        amount: 1.5,
        note: 'Carry-over',
      }),
    ).data;
    expect(adjusted).toMatchObject({ adjusted: 1.5, remaining: 9 });

    // Collective leave on a working day, deducted from this rule.
    const day = await freeWeekday(demo, `${year}-11-02`);
    const holiday = ok(
      await t.call(demo, 'POST', '/v1/refs/mass-leave', {
        name: 'Collective test',
        start_date: day,
        end_date: day,
        deduct_leave_rule: rule._id,
      }),
      201,
    ).data;
    expect(await balance()).toMatchObject({ used: 3, collective: 1, remaining: 8 });
    ok(await t.call(demo, 'DELETE', `/v1/refs/mass-leave/${holiday._id}`));

    const logs = ok(await t.call(demo, 'GET', '/v1/logs?limit=50')).data as Json[];
    expect(logs.some((log) => log.resource === 'leave-balance' && /Carry-over/.test(log.detail))).toBe(true);
  });

  it('refuses an adjustment of zero and one for another company’s employee', async () => {
    const zero = await t.call(demo, 'POST', '/v1/leave-balance', {
      employee: employee._id,
      leave_rule: rule._id,
      year,
      amount: 0,
    });
    expect(zero.status).toBe(400);
    const [cjRule] = await rules(cj);
    const foreign = await t.call(cj, 'POST', '/v1/leave-balance', {
      employee: employee._id,
      leave_rule: cjRule._id,
      year,
      amount: 1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.employee.code).toBe('not_found');
    const cjRows = ok(await t.call(cj, 'GET', `/v1/leave-balance?employee=${employee._id}`)).data;
    expect(cjRows).toEqual([]);
  });

  it('imports remaining balances all or nothing', async () => {
    const before = await balance();
    const bad = await t.call(demo, 'POST', '/v1/leave-balance/import', {
      rows: [
        { employee_id: employee.employee_id, leave_type: 'Balance Test Leave', year, remaining: 4 },
        { employee_id: 'NOBODY-1', leave_type: 'Balance Test Leave', year, remaining: 4 },
        { employee_id: employee.employee_id, leave_type: 'Unpaid Leave', year, remaining: 4 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bulk_invalid');
    expect(bad.body.rows.map((row: Json) => row.index)).toEqual([1, 2]);
    expect(await balance()).toEqual(before);
    const good = ok(
      await t.call(demo, 'POST', '/v1/leave-balance/import', {
        rows: [
          { employee_id: employee.employee_id.toLowerCase(), leave_type: 'balance test leave', year, remaining: 4 },
        ],
      }),
    ).data;
    expect(good.rows[0]).toMatchObject({ status: 'adjusted', amount: 4 - before.remaining });
    expect((await balance()).remaining).toBe(4);
  });

  it('lists every applicable rule per employee, unlimited rules without a figure', async () => {
    const rows = ok(await t.call(demo, 'GET', `/v1/leave-balance?year=${year}`)).data as Json[];
    const sick = rows.find((row) => row.leave_rule.type === 'Sick Leave');
    expect(sick).toMatchObject({ unlimited: true, entitled: null, remaining: null });
    const annual = rows.filter((row) => row.leave_rule.type === 'Annual Leave');
    expect(annual.length).toBeGreaterThan(5);
    expect(annual.some((row) => row.used > 0)).toBe(true);
    for (const row of annual) {
      expect(row.remaining).toBeCloseTo(row.entitled + row.adjusted - row.used - row.pending, 5);
    }
  });

  it("a department admin sees only their department's balances", async () => {
    const mine = ok(await t.call(dept, 'GET', `/v1/leave-balance?year=${year}`)).data as Json[];
    const all = ok(await t.call(demo, 'GET', `/v1/leave-balance?year=${year}`)).data as Json[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(new Set(mine.map((row) => row.department?._id)).size).toBe(1);
  });
});
