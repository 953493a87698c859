/**
 * One definition of "employed on a day" (common/employment.ts `employedOn`, docs/decisions/0105): over every day of
 * the demo year, home's headcount (and its 12-month chart), the daily attendance's rows, the attendance report's
 * cells, the payroll run's employees and the leave balance's employees count the people that function counts.
 *
 * The demo company gets joiners and leavers inside the year (one joining and one leaving on the same day, one leaving
 * on the first of a month, a daily worker), so the edges are walked: the exit date is the last day employed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employedOn } from '../../../common/employment.ts';
import { loadDashboard } from '../../../server/home/dashboard.ts';
import type { Scope } from '../../../server/http/access.ts';
import { listBalances } from '../../../server/leave/balance.ts';
import { loadRunEmployees } from '../../../server/payroll/inputs.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

type Person = {
  id: string;
  join_date: string | null;
  exit_date: string | null;
  status: string;
  payroll_active: boolean;
};

let t: TestApp;
let token: string;
let scope: Scope;
let people: Person[];
const year = new Date().getUTCFullYear();
const days: string[] = [];
for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day.setUTCDate(day.getUTCDate() + 1)) {
  days.push(day.toISOString().slice(0, 10));
}
const monthDays = (month: number) => days.filter((day) => Number(day.slice(5, 7)) === month);
const employedCount = (day: string) => people.filter((person) => employedOn(person, day)).length;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  token = await t.login('admin');
  const { db } = t.database;
  const company = (await db.execute<{ id: string }>(sql`select id from companies where code = 'DEMO'`)).rows[0]!.id;
  const ids = (
    await db.execute<{ id: string }>(sql`
      select e.id from employees e join users u on u.id = e.user_id
      where e.company_id = ${company} and u.username not in ('admin', 'employee', 'approver', 'deptadmin', 'custom')
      order by e.employee_id`)
  ).rows.map((row) => row.id);
  // The year's movements, on the edges the rule decides.
  const moves: [string | null, string | null, string | null][] = [
    [`${year}-03-10`, null, null], // joins in March
    [null, `${year}-05-01`, null], // leaves on the first of May (employed that day)
    [`${year}-07-15`, `${year}-07-15`, null], // a one-day employment
    [`${year - 1}-06-01`, `${year}-10-31`, null], // leaves at a month's end
    [`${year}-02-01`, null, 'freelance'], // a daily worker
  ];
  for (const [i, [join, exit, status]] of moves.entries()) {
    const id = ids[i];
    if (!id) throw new Error('the demo company has too few staff for the movements');
    await db.execute(sql`
      update employees set join_date = ${join}::date, exit_date = ${exit}::date
        ${status ? sql`, status = ${status}` : sql``}
      where id = ${id}`);
  }
  people = (
    await db.execute<Person>(sql`
      select id, join_date::text as join_date, exit_date::text as exit_date, status::text as status, payroll_active
      from employees where company_id = ${company}`)
  ).rows;
  const actor = (
    await db.execute<{ id: string; fullname: string }>(sql`select id, fullname from users where username = 'admin'`)
  ).rows[0]!;
  scope = {
    companyId: company,
    actor: {
      userId: actor.id,
      sessionId: 'test',
      level: 'admin',
      username: 'admin',
      fullname: actor.fullname,
      companyId: company,
      companyCode: 'DEMO',
      features: {},
      permissions: [],
      impersonatorId: null,
      departmentId: null,
    },
  };
}, 300_000);
afterAll(() => t?.close());

describe('every screen counts the people employed on a day by one rule', () => {
  it('the demo year has joiners and leavers on its edges', () => {
    const counts = new Set(days.map(employedCount));
    expect(counts.size).toBeGreaterThanOrEqual(3);
    expect(employedCount(`${year}-07-15`)).toBe(employedCount(`${year}-07-14`) + 1);
    expect(employedCount(`${year}-05-01`)).toBe(employedCount(`${year}-05-02`) + 1);
  });

  it("home's headcount, every day; its chart at each month's end", { timeout: 600_000 }, async () => {
    for (const day of days) {
      // 09:00 in Jakarta on that day.
      const home = await loadDashboard(t.database.db, scope, Date.parse(`${day}T02:00:00Z`));
      expect({ day, headcount: home.people?.headcount }).toEqual({ day, headcount: employedCount(day) });
      if (day.endsWith('-12-31')) {
        const byMonth = new Map<string, number>();
        for (const row of home.people?.by_department ?? []) {
          byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.count);
        }
        for (let month = 1; month <= 12; month++) {
          const end = monthDays(month).at(-1)!;
          expect({ end, count: byMonth.get(end.slice(0, 7)) }).toEqual({ end, count: employedCount(end) });
        }
      }
    }
  });

  it("the daily attendance's rows, every day", { timeout: 600_000 }, async () => {
    for (const day of days) {
      const reply = await t.call(token, 'GET', `/v1/attendance/daily?date=${day}`);
      expect(reply.status).toBe(200);
      expect({ day, rows: reply.body.meta.total }).toEqual({ day, rows: employedCount(day) });
    }
  });

  it("the attendance report's cells, every day; its rows, who was employed in the month", async () => {
    for (let month = 1; month <= 12; month++) {
      const reply = await t.call(token, 'GET', `/v1/attendance/report?year=${year}&month=${month}`);
      expect(reply.status).toBe(200);
      const report = reply.body.data as Json;
      const inMonth = monthDays(month);
      expect(report.rows.length).toBe(people.filter((p) => employedOn(p, inMonth[0]!, inMonth.at(-1)!)).length);
      report.days.forEach((day: string, index: number) => {
        const withCell = report.rows.filter((row: Json) => row.cells[index] !== null).length;
        expect({ day, withCell }).toEqual({ day, withCell: employedCount(day) });
      });
    }
  });

  it("the payroll run's employees each month: the monthly staff employed in it", async () => {
    for (let month = 1; month <= 12; month++) {
      const inMonth = monthDays(month);
      const run = await loadRunEmployees(t.database.db, scope.companyId, { year, month });
      const expected = people.filter(
        (p) => p.payroll_active && p.status !== 'freelance' && employedOn(p, inMonth[0]!, inMonth.at(-1)!),
      );
      expect(run.map((row) => row.id).sort()).toEqual(expected.map((p) => p.id).sort());
    }
  });

  it("the leave balance's employees: those employed in the year", async () => {
    const rows = await listBalances(t.database.db, scope, { year });
    const listed = new Set(rows.map((row) => row.employee._id));
    const expected = people.filter((p) => employedOn(p, days[0]!, days.at(-1)!)).map((p) => p.id);
    expect([...listed].sort()).toEqual(expected.sort());
  });
});
