/**
 * GET /v1/dashboard (issue 16): its figures equal what the lists behind them say (the people employed today, the
 * daily screen's rows per status, the approvals inbox per context), a department admin's figures cover their
 * department only, and sections follow the caller's menus.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const statuses = ['present', 'late', 'early', 'missed', 'absent', 'not_in', 'leave', 'holiday', 'off'] as const;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  for (const who of ['admin', 'deptadmin', 'custom', 'approver', 'employee', 'admin.cj', 'developer']) {
    tokens[who] = await t.login(who);
  }
}, 300_000);
afterAll(() => t?.close());

const dashboard = async (who: string) => {
  const reply = await t.call(tokens[who]!, 'GET', '/v1/dashboard');
  expect(reply.status).toBe(200);
  return reply.body.data as Json;
};

describe.each(['admin', 'deptadmin'])('the figures of %s equal the lists behind them', (who) => {
  it("headcount: the people employed today, the daily attendance's rows (docs/decisions/0105)", async () => {
    const home = await dashboard(who);
    const daily = await t.call(tokens[who]!, 'GET', `/v1/attendance/daily?date=${home.date}`);
    expect(daily.status).toBe(200);
    expect(home.people.headcount).toBe(daily.body.meta.total);
    expect(home.people.headcount).toBeGreaterThan(0);
  });

  it("today's attendance: the daily screen's rows per status", async () => {
    const home = await dashboard(who);
    for (const status of statuses) {
      const daily = await t.call(tokens[who]!, 'GET', `/v1/attendance/daily?date=${home.date}&status=${status}`);
      expect(daily.status).toBe(200);
      expect({ status, count: home.today[status] }).toEqual({ status, count: daily.body.meta.total });
    }
  });

  it('waiting: the approvals inbox per context, oldest first', async () => {
    const home = await dashboard(who);
    let sum = 0;
    for (const { context, count } of home.waiting.contexts) {
      const inbox = await t.call(tokens[who]!, 'GET', `/v1/approvals?box=inbox&context=${context}&limit=1`);
      expect(inbox.body.total).toBe(count);
      sum += count;
    }
    const all = await t.call(tokens[who]!, 'GET', '/v1/approvals?box=inbox&limit=1');
    expect(home.waiting.total).toBe(all.body.total);
    expect(sum).toBe(all.body.total);
    const oldest = home.waiting.contexts.map((c: Json) => c.oldest);
    expect(oldest).toEqual([...oldest].sort());
  });
});

describe('scope', () => {
  it("a department admin's figures cover their department only", async () => {
    const admin = await dashboard('admin');
    const dept = await dashboard('deptadmin');
    const department = (
      await t.database.db.execute(
        sql`select e.department_id from employees e join users u on u.id = e.user_id where u.username = 'deptadmin'`,
      )
    ).rows[0]!.department_id as string;
    const inDept = (
      await t.database.db.execute(sql`select count(*)::int as n from employees e join companies c on c.id = e.company_id
        where c.code = 'DEMO' and e.department_id = ${department} and e.status <> 'freelance'
          and (e.exit_date is null or e.exit_date > ${admin.date}::date)`)
    ).rows[0]!.n as number;
    expect(dept.people.headcount).toBe(inDept);
    expect(dept.people.headcount).toBeLessThan(admin.people.headcount);
    const months = (rows: Json[], month: string) =>
      rows.filter((row) => row.month === month).reduce((sum, row) => sum + row.count, 0);
    const thisMonth = admin.date.slice(0, 7);
    expect(months(admin.people.by_department, thisMonth)).toBe(admin.people.headcount);
    expect(dept.people.by_department.every((row: Json) => row.department === department)).toBe(true);
    expect(dept.today.scheduled).toBeLessThanOrEqual(admin.today.scheduled);
  });

  it('another company sees its own figures', async () => {
    const demo = await dashboard('admin');
    const cj = await dashboard('admin.cj');
    const list = await t.call(tokens['admin.cj']!, 'GET', '/v1/employees?limit=1');
    expect(cj.people.headcount).toBe(list.body.meta.total);
    expect(cj.people.headcount).not.toBe(demo.people.headcount);
  });

  it("sections follow the caller's menus", async () => {
    const employee = await dashboard('employee');
    expect(Object.keys(employee).sort()).toEqual(['banners', 'date', 'me', 'week']);
    expect(employee.me.balances.length).toBeGreaterThan(0);
    const approver = await dashboard('approver');
    expect(approver.waiting).toBeDefined();
    expect(approver.people).toBeUndefined();
    const all = await t.call(tokens.approver!, 'GET', '/v1/approvals?box=inbox&limit=1');
    expect(approver.waiting.total).toBe(all.body.total);
    // The demo custom role reads employees, not attendance, approvals or payroll.
    const custom = await dashboard('custom');
    expect(custom.today).toBeUndefined();
    expect(custom.payroll).toBeUndefined();
    expect(custom.waiting).toBeUndefined();
  });

  it("an admin's payroll section has this and last month", async () => {
    const admin = await dashboard('admin');
    expect(admin.payroll.year).toBe(Number(admin.date.slice(0, 4)));
    expect(admin.loans.ending).toBeGreaterThanOrEqual(admin.loans.items.length);
  });

  it('stray query parameters change nothing and never fail', async () => {
    for (const query of ['?x=%00', '?date=2026-02-30', `?department=${'a'.repeat(5000)}`, '?%ff=1']) {
      const reply = await t.call(tokens.admin!, 'GET', `/v1/dashboard${query}`);
      expect(reply.status).toBeLessThan(500);
    }
  });
});

describe("a developer's home", () => {
  it('is today and its week, without a company error', async () => {
    const home = await dashboard('developer');
    expect(Object.keys(home).sort()).toEqual(['date', 'week']);
    expect(home.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
