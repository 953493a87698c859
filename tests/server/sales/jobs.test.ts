/**
 * Sales (issue 29): an employee's own job reports and the admins' view of them; the job recap's totals equal the
 * job-report's; sales objectives CRUD, paste (bulk upsert), department scope and the achievement computed from
 * visits (stores and visits seeded here); the sales menus refused where the company's feature is off (CJ); a business
 * trip's duty type through the request.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let company: string;
let sales: { id: string; employee_id: string }[];

const rows = async <T = Json>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const employeeOf = async (username: string) =>
  (
    await rows<{ id: string }>(sql`select e.id from employees e join users u on u.id = e.user_id
    where u.username = ${username}`)
  )[0]!.id;
const jakarta = new Date(Date.now() + 7 * 3_600_000);
const thisMonth = { year: jakarta.getUTCFullYear(), month: jakarta.getUTCMonth() + 1 };
const today = jakarta.toISOString().slice(0, 10);
const lastMonth =
  thisMonth.month === 1
    ? { year: thisMonth.year - 1, month: 12 }
    : { year: thisMonth.year, month: thisMonth.month - 1 };
const q = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, `${v}`])).toString();

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['admin', 'employee', 'deptadmin', 'approver', 'admin.cj']) tokens[who] = await t.login(who);
  for (const who of ['employee', 'deptadmin']) ids[who] = await employeeOf(who);
  company = (await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`))[0]!.id;
  sales = await rows(sql`select e.id, e.employee_id from employees e join job_titles jt on jt.id = e.job_title_id
    where e.company_id = ${company} and jt.code = 'SLS-EXEC' and e.exit_date is null order by e.employee_id limit 3`);
}, 300_000);
afterAll(() => t.close());

describe('job reports', () => {
  it('an employee reports a job and lists their own; an admin sees it in the recap drill-down', async () => {
    const mine = await t.call(tokens.employee!, 'GET', `/v1/job-reports/mine?${q(thisMonth)}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.categories.length).toBeGreaterThan(0);
    const category = mine.body.data.categories[0]._id;
    const created = await t.call(tokens.employee!, 'POST', '/v1/job-reports/mine', {
      date: today,
      category,
      description: 'Restocked the display at Toko Makmur',
      duration_minutes: 90,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ date: today, duration_minutes: 90, category: { _id: category } });
    const after = await t.call(tokens.employee!, 'GET', `/v1/job-reports/mine?${q(thisMonth)}`);
    expect(after.body.data.reports.map((r: Json) => r._id)).toContain(created.body.data._id);
    const stored = await rows(sql`select employee_id, company_id from job_reports where id = ${created.body.data._id}`);
    expect(stored[0]).toMatchObject({ employee_id: ids.employee, company_id: company });

    const drill = await t.call(tokens.admin!, 'GET', `/v1/sales/job-recap/${ids.employee}?${q(thisMonth)}`);
    expect(drill.status).toBe(200);
    expect(drill.body.data.reports.map((r: Json) => r._id)).toContain(created.body.data._id);
    // A department admin of another department does not reach this employee.
    const other = await t.call(tokens.deptadmin!, 'GET', `/v1/sales/job-recap/${ids.employee}?${q(thisMonth)}`);
    expect(other.status).toBe(404);
  });

  it('refuses bad input with field errors, and admins cannot report for themselves here', async () => {
    const mine = await t.call(tokens.employee!, 'GET', `/v1/job-reports/mine?${q(thisMonth)}`);
    const category = mine.body.data.categories[0]._id;
    const unknownPhoto = await t.call(tokens.employee!, 'POST', '/v1/job-reports/mine', {
      date: today,
      category,
      description: 'x',
      duration_minutes: 30,
      photo: `${'a'.repeat(32)}.png`,
    });
    expect(unknownPhoto.status).toBe(400);
    expect(unknownPhoto.body.fields.photo.code).toBe('not_found');
    const otherCompany = (
      await rows<{ id: string }>(sql`select c.id from job_report_categories c
      join companies co on co.id = c.company_id and co.code = 'CJ' limit 1`)
    )[0]!.id;
    const foreign = await t.call(tokens.employee!, 'POST', '/v1/job-reports/mine', {
      date: today,
      category: otherCompany,
      description: 'x',
      duration_minutes: 30,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.category.code).toBe('not_found');
    const tooLong = await t.call(tokens.employee!, 'POST', '/v1/job-reports/mine', {
      date: today,
      category,
      description: 'x',
      duration_minutes: 2000,
    });
    expect(tooLong.status).toBe(400);
    expect((await t.call(tokens.admin!, 'POST', '/v1/job-reports/mine', {})).status).toBe(403);
  });

  it("the job recap's totals equal the job-report's for the same month", async () => {
    const recap = await t.call(tokens.admin!, 'GET', `/v1/sales/job-recap?${q(lastMonth)}`);
    const report = await t.call(tokens.admin!, 'GET', `/v1/reports/job-report?${q(lastMonth)}`);
    expect(recap.status).toBe(200);
    expect(report.body.data.totals.reports).toBeGreaterThan(0);
    expect(recap.body.data.totals.reports).toBe(report.body.data.totals.reports);
    expect(recap.body.data.totals.hours).toBe(report.body.data.totals.hours);
    expect(recap.body.data.totals.employees).toBe(report.body.data.totals.employees);
    // By category too.
    expect(recap.body.data.categories.map((c: Json) => c._id)).toEqual(
      report.body.data.categories.map((c: Json) => c._id),
    );
    for (const category of report.body.data.categories as Json[])
      expect(recap.body.data.totals.categories[category._id ?? 'none']?.reports ?? 0).toBe(category.reports);
    // The rows add up to the totals row.
    const sum = recap.body.data.rows.reduce((s: number, r: Json) => s + r.reports, 0);
    expect(sum).toBe(recap.body.data.totals.reports);
    // One employee's filter.
    const first = recap.body.data.rows[0];
    const one = await t.call(tokens.admin!, 'GET', `/v1/sales/job-recap?${q({ ...lastMonth, employee: first._id })}`);
    expect(one.body.data.rows).toHaveLength(1);
    expect(one.body.data.totals.reports).toBe(first.reports);
  });
});

describe('sales objectives', () => {
  it('CRUD and paste (bulk upsert), one row per employee and month', async () => {
    const [a, b] = sales;
    const created = await t.call(tokens.admin!, 'POST', '/v1/sales-objective', {
      employee: a!.id,
      year: 2031,
      month: 1,
      visits_target: 30,
      new_stores_target: 2,
      order_value_target: 50_000_000,
    });
    expect(created.status).toBe(201);
    const updated = await t.call(tokens.admin!, 'PUT', `/v1/sales-objective/${created.body.data._id}`, {
      visits_target: 35,
      version: created.body.data.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.visits_target).toBe(35);
    const twice = await t.call(tokens.admin!, 'POST', '/v1/sales-objective', {
      employee: a!.id,
      year: 2031,
      month: 1,
      visits_target: 1,
      new_stores_target: 0,
      order_value_target: 0,
    });
    expect(twice.status).toBe(400);
    const negative = await t.call(tokens.admin!, 'POST', '/v1/sales-objective', {
      employee: b!.id,
      year: 2031,
      month: 13,
      visits_target: -1,
      new_stores_target: 0,
      order_value_target: 0,
    });
    expect(negative.status).toBe(400);
    // Two targets pasted: one a change of the stored row, one new.
    const pasted = await t.call(tokens.admin!, 'POST', '/v1/sales-objective/bulk', {
      rows: [
        { _id: created.body.data._id, version: updated.body.data.version, visits_target: 40 },
        {
          employee: b!.id,
          year: 2031,
          month: 1,
          visits_target: 25,
          new_stores_target: 1,
          order_value_target: 9_000_000,
        },
      ],
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data).toMatchObject({ created: 1, updated: 1 });
    const list = await t.call(tokens.admin!, 'GET', `/v1/sales-objective?year=2031&month=1`);
    expect(list.body.data.map((r: Json) => r.visits_target).sort()).toEqual([25, 40]);
    const removed = await t.call(tokens.admin!, 'DELETE', `/v1/sales-objective/${created.body.data._id}`);
    expect(removed.status).toBe(200);
    const left = await t.call(tokens.admin!, 'GET', `/v1/sales-objective?year=2031&month=1`);
    expect(left.body.data).toHaveLength(1);
  });

  it("the demo seeds the sales team's objectives; a department admin reaches only their department's", async () => {
    const seeded = await t.call(tokens.admin!, 'GET', `/v1/sales-objective?${q(lastMonth)}`);
    expect(seeded.body.data.length).toBeGreaterThanOrEqual(sales.length);
    const dept = await t.call(tokens.deptadmin!, 'GET', `/v1/sales-objective?${q(lastMonth)}`);
    expect(dept.status).toBe(200);
    const theirs = await rows<{ id: string }>(sql`select e.id from employees e
      where e.department_id = (select department_id from employees where id = ${ids.deptadmin})`);
    const allowed = new Set(theirs.map((r) => r.id));
    expect(dept.body.data.every((r: Json) => allowed.has(r.employee._id ?? r.employee))).toBe(true);
    expect(dept.body.data.length).toBeLessThan(seeded.body.data.length);
    const outside = await t.call(tokens.deptadmin!, 'POST', '/v1/sales-objective', {
      employee: sales[0]!.id,
      year: 2032,
      month: 1,
      visits_target: 1,
      new_stores_target: 0,
      order_value_target: 0,
    });
    expect(outside.status).toBeGreaterThanOrEqual(400);
    expect(outside.status).toBeLessThan(500);
    const achievement = await t.call(tokens.deptadmin!, 'GET', `/v1/sales/achievement?${q(lastMonth)}`);
    expect(achievement.body.data.rows.every((r: Json) => allowed.has(r._id))).toBe(true);
  });

  it('achievement is computed from the visits: count, stores first visited in the month by them, order value', async () => {
    const [a, b] = sales;
    const stores = await rows<{ id: string }>(sql`
      insert into store_locations (company_id, code, name, latitude, longitude, radius)
      values (${company}, 'T-S1', 'Toko Satu', -6.2, 106.8, 100), (${company}, 'T-S2', 'Toko Dua', -6.21, 106.81, 100),
        (${company}, 'T-S3', 'Toko Tiga', -6.22, 106.82, 100)
      returning id`);
    const [s1, s2, s3] = stores.map((s) => s.id);
    const visit = (employee: string, store: string, date: string, value: number) =>
      sql`(${company}, ${employee}, ${store}, ${`${date}T03:00:00Z`}::timestamptz, ${date}::date, true, ${value})`;
    await t.database.db.execute(sql`
      insert into sales_visits (company_id, employee_id, store_location_id, visited_at, date, within_radius, order_value)
      values ${sql.join(
        [
          // S1 first visited by b in February: not new for anyone in March.
          visit(b!.id, s1!, '2031-02-10', 0),
          visit(a!.id, s1!, '2031-03-02', 1_000_000),
          // S2 first visited by a in March: a's new store; b's later visit is not.
          visit(a!.id, s2!, '2031-03-05', 2_500_000),
          visit(b!.id, s2!, '2031-03-06', 500_000),
          // S3 first visited by b in March.
          visit(b!.id, s3!, '2031-03-20', 0),
        ],
        sql`, `,
      )}`);
    await t.call(tokens.admin!, 'POST', '/v1/sales-objective/bulk', {
      rows: [
        {
          employee: a!.id,
          year: 2031,
          month: 3,
          visits_target: 4,
          new_stores_target: 2,
          order_value_target: 7_000_000,
        },
        { employee: b!.id, year: 2031, month: 3, visits_target: 0, new_stores_target: 1, order_value_target: 0 },
      ],
    });
    const reply = await t.call(tokens.admin!, 'GET', '/v1/sales/achievement?year=2031&month=3');
    expect(reply.status).toBe(200);
    const of = (id: string) => reply.body.data.rows.find((r: Json) => r._id === id);
    expect(of(a!.id)).toMatchObject({
      targets: { visits: 4, new_stores: 2, order_value: 7_000_000 },
      actual: { visits: 2, new_stores: 1, order_value: 3_500_000 },
      percent: { visits: 50, new_stores: 50, order_value: 50 },
    });
    expect(of(b!.id)).toMatchObject({
      actual: { visits: 2, new_stores: 1, order_value: 500_000 },
      percent: { visits: null, new_stores: 100, order_value: null },
    });
    expect(reply.body.data.totals.actual).toEqual({ visits: 4, new_stores: 2, order_value: 4_000_000 });
    // Nothing stored: the objectives keep only their targets.
    const columns = await rows<{ column_name: string }>(sql`select column_name from information_schema.columns
      where table_name = 'sales_objectives'`);
    expect(columns.map((c) => c.column_name)).not.toContain('visits');
  });
});

describe('the sales feature', () => {
  it('is refused where the company has it off (CJ)', async () => {
    const admin = tokens['admin.cj']!;
    expect((await t.call(admin, 'GET', `/v1/sales/job-recap?${q(lastMonth)}`)).status).toBe(403);
    expect((await t.call(admin, 'GET', `/v1/sales/achievement?${q(lastMonth)}`)).status).toBe(403);
    expect((await t.call(admin, 'GET', '/v1/sales-objective')).status).toBe(403);
    expect((await t.call(admin, 'GET', '/v1/job-report/category')).status).toBe(403);
  });
});

describe("a business trip's duty type", () => {
  it('is sent with the request and stored with it; an unknown one is a field error', async () => {
    const duty = await t.call(tokens.employee!, 'GET', '/v1/duty/category');
    const type = duty.body.data[0]._id;
    const start = `${thisMonth.year + 1}-02-02`;
    const sent = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'business_trip',
      content: {
        destination: 'Medan',
        start_date: start,
        end_date: `${thisMonth.year + 1}-02-03`,
        purpose: 'Audit',
        duty_type: type,
      },
    });
    expect(sent.status).toBe(201);
    // Stored as the id; replies name it, as they name a leave type (the approvals grid shows the name).
    expect(sent.body.data.content.duty_type).toEqual({ _id: type, name: duty.body.data[0].name });
    const listed = await t.call(tokens.admin!, 'GET', `/v1/approvals?context=business_trip&limit=500`);
    const mine = listed.body.data.find((row: { _id: string }) => row._id === sent.body.data._id);
    expect(mine?.content.duty_type).toEqual({ _id: type, name: duty.body.data[0].name });
    const bad = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'business_trip',
      content: {
        destination: 'Medan',
        start_date: start,
        end_date: start,
        purpose: 'Audit',
        duty_type: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(bad.status).toBe(400);
  });
});

describe("the job recap's PDF", () => {
  it('is printed by the month reports’ PDF route for a level whose only report menu is the job recap', async () => {
    const table = {
      title: 'Job Recap',
      subtitle: 'October 2026',
      header: ['Employee', 'Job reports', 'Hours'],
      rows: [['Budi · EMP-1', 2, 3.5]],
      totals: ['Total (1 employee)', 2, 3.5],
      kinds: ['text', 'count', 'count'],
    };
    const role = await t.call(tokens.admin!, 'POST', '/v1/roles', {
      code: 'RECAP',
      access_level: 'Recap reader',
      permissions: ['job-recap:read', 'home:read'],
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const assigned = await t.call(tokens.admin!, 'POST', '/v1/custom-users', {
      employees: [ids.employee],
      access_role: role.body.data._id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const reader = await t.login('employee');
    expect((await t.call(reader, 'GET', `/v1/sales/job-recap?${q(lastMonth)}`)).status).toBe(200);
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/v1/reports/pdf',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      payload: JSON.stringify(table),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Still no month report of its own.
    expect((await t.call(reader, 'GET', `/v1/reports/duty-report?${q(lastMonth)}`)).status).toBe(403);
  });
});
