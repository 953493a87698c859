/**
 * The reports menu (issue 29): each report's totals equal their source, read through the API where the source has
 * one (the month's run payslips, the daily payrolls' totals) and from the source tables otherwise; the period rule;
 * the reach of a department admin and of an approver; the filters; man-power behind its company setting.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let adminCj: string;
let deptadmin: string;
let approver: string;

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

/** The latest month with a completed monthly run that paid overtime (the demo's history), and one with daily payrolls. */
let overtimeMonth: { year: number; month: number };
let dailyMonth: { year: number; month: number };

beforeAll(async () => {
  t = await startTestApp();
  [admin, adminCj, deptadmin, approver] = await Promise.all([
    t.login('admin'),
    t.login('admin.cj'),
    t.login('deptadmin'),
    t.login('approver'),
  ]);
  const [paid] = await rows<{ year: number; month: number }>(sql`
    select s.year, s.month from payroll_summaries s join companies c on c.id = s.company_id and c.code = 'DEMO'
    where s.type = 'payroll_run' and s.status = 'completed' and exists (select 1 from payslips p,
      jsonb_array_elements(p.lines) l where p.summary_id = s.id and l->>'code' = 'overtime' and (l->>'amount')::int > 0)
    order by s.year desc, s.month desc limit 1`);
  const [daily] = await rows<{ year: number; month: number }>(sql`
    select s.year, s.month from payroll_summaries s join companies c on c.id = s.company_id and c.code = 'DEMO'
    where s.type = 'weekly' and s.status = 'completed' order by s.year desc, s.month desc limit 1`);
  if (!paid || !daily) throw new Error('the demo history has no paid overtime or no completed daily payroll');
  overtimeMonth = paid;
  dailyMonth = daily;
}, 300_000);
afterAll(() => t.close());

const get = (token: string, report: string, query: Record<string, string | number>) =>
  t.call(
    token,
    'GET',
    `/v1/reports/${report}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, `${v}`]))}`,
  );

const reports = [
  'duty-report',
  'clock-correction-report',
  'job-report',
  'overtime-report',
  'daily-payroll-report',
  'man-power',
];

describe('the period', () => {
  it.each(reports)('%s without a month or a year is the translated period error', async (report) => {
    const noMonth = await get(admin, report, { year: 2026 });
    expect(noMonth.status).toBe(400);
    expect(noMonth.body.code).toBe('report_period_required');
    expect(noMonth.body.message).toBe('Fill in the Month and Year of the Report!');
    expect((await get(admin, report, { month: 3 })).body.code).toBe('report_period_required');
  });
});

describe('totals equal their source', () => {
  it("overtime-report: the pay column is the month's completed run's overtime lines (the payslips API)", async () => {
    const { body } = await get(admin, 'overtime-report', overtimeMonth);
    const runs = await t.call(
      admin,
      'GET',
      `/v1/payroll-summary?type=payroll_run&status=completed&year=${overtimeMonth.year}`,
    );
    const run = runs.body.data.find((s: Json) => s.month === overtimeMonth.month);
    const payslips = await t.call(admin, 'GET', `/v1/payroll-summary/${run._id}/payslips`);
    const lines = payslips.body.data.flatMap((p: Json) => p.lines.filter((l: Json) => l.code === 'overtime'));
    const paid = lines.reduce((sum: number, l: Json) => sum + l.amount, 0);
    expect(paid).toBeGreaterThan(0);
    expect(body.data.totals.pay).toBe(paid);
    expect(body.data.rows.reduce((sum: number, r: Json) => sum + r.pay, 0)).toBe(paid);
    // Per employee too.
    for (const p of payslips.body.data as Json[]) {
      const own = p.lines.filter((l: Json) => l.code === 'overtime').reduce((s: number, l: Json) => s + l.amount, 0);
      const row = body.data.rows.find((r: Json) => r.employee._id === (p.employee._id ?? p.employee));
      expect(row?.pay ?? 0).toBe(own);
    }
  });

  it('overtime-report: the hours are the approved overtime of the month by day type', async () => {
    const { body } = await get(admin, 'overtime-report', overtimeMonth);
    const [source] = await rows<{ hours: number; requests: number }>(sql`
      select coalesce(sum(o.hours), 0)::float8 as hours, count(*)::int as requests from overtimes o
      join companies c on c.id = o.company_id and c.code = 'DEMO'
      where extract(year from o.date) = ${overtimeMonth.year} and extract(month from o.date) = ${overtimeMonth.month}`);
    expect(body.data.totals.hours).toBeCloseTo(source!.hours, 2);
    expect(body.data.totals.requests).toBe(source!.requests);
    expect(body.data.totals.working_day + body.data.totals.rest_day + body.data.totals.holiday).toBeCloseTo(
      body.data.totals.hours,
      2,
    );
  });

  it("daily-payroll-report: the totals are the month's completed daily payrolls' totals (the payroll-summary API)", async () => {
    const { body } = await get(admin, 'daily-payroll-report', dailyMonth);
    const list = await t.call(admin, 'GET', `/v1/payroll-summary?type=weekly&status=completed&year=${dailyMonth.year}`);
    const payrolls = list.body.data.filter((s: Json) => s.month === dailyMonth.month);
    expect(payrolls.length).toBeGreaterThan(0);
    const sum = (key: string) => payrolls.reduce((s: number, p: Json) => s + p[key], 0);
    expect(body.data.totals.payrolls).toBe(payrolls.length);
    expect(body.data.totals.bruto).toBe(sum('total_bruto'));
    expect(body.data.totals.pph21).toBe(sum('total_pph21'));
    expect(body.data.totals.thp).toBe(sum('total_thp'));
    expect(body.data.totals.wages + body.data.totals.incentives).toBe(body.data.totals.bruto);
    expect(body.data.totals.days).toBeGreaterThan(0);
    // The payrolls are listed once, and each row names one of them; per payroll, the rows are its totals.
    expect(body.data.payrolls.map((p: Json) => p._id).sort()).toEqual(payrolls.map((p: Json) => p._id).sort());
    for (const payroll of payrolls) {
      const own = body.data.rows.filter((r: Json) => r.payroll === payroll._id);
      expect(own.reduce((s: number, r: Json) => s + r.bruto, 0)).toBe(payroll.total_bruto);
      expect(own.reduce((s: number, r: Json) => s + r.thp, 0)).toBe(payroll.total_thp);
    }
    expect(new Set(body.data.rows.map((r: Json) => r.employee)).size).toBe(body.data.totals.workers);
  });

  it('duty-report: the days are the approved business trips inside the month, by duty type', async () => {
    const month = { year: overtimeMonth.year, month: overtimeMonth.month };
    const { body } = await get(admin, 'duty-report', month);
    const from = `${month.year}-${String(month.month).padStart(2, '0')}-01`;
    const [source] = await rows<{ days: number; trips: number }>(sql`
      select coalesce(sum(least(t.end_date, (${from}::date + interval '1 month' - interval '1 day')::date)
        - greatest(t.start_date, ${from}::date) + 1), 0)::int as days, count(*)::int as trips
      from business_trips t join companies c on c.id = t.company_id and c.code = 'DEMO'
      where t.start_date < ${from}::date + interval '1 month' and t.end_date >= ${from}::date`);
    expect(source!.days).toBeGreaterThan(0);
    expect(body.data.totals.days).toBe(source!.days);
    expect(body.data.totals.trips).toBe(source!.trips);
    expect(body.data.totals.amount).toBe(source!.days * body.data.daily_amount);
    expect(body.data.rows.every((r: Json) => r.duty_type !== null)).toBe(true);
  });

  it('job-report: counts and hours are the job reports of the month', async () => {
    const { body } = await get(admin, 'job-report', overtimeMonth);
    const [source] = await rows<{ reports: number; minutes: number }>(sql`
      select count(*)::int as reports, coalesce(sum(j.duration_minutes), 0)::int as minutes from job_reports j
      join companies c on c.id = j.company_id and c.code = 'DEMO'
      where extract(year from j.date) = ${overtimeMonth.year} and extract(month from j.date) = ${overtimeMonth.month}`);
    expect(source!.reports).toBeGreaterThan(0);
    expect(body.data.totals.reports).toBe(source!.reports);
    expect(body.data.totals.hours).toBeCloseTo(source!.minutes / 60, 2);
    // One row per employee, the categories as columns: each category's column and total are its job reports.
    const byCategory = await rows<{ category: string | null; reports: number; minutes: number }>(sql`
      select j.category_id as category, count(*)::int as reports, coalesce(sum(j.duration_minutes), 0)::int as minutes
      from job_reports j join companies c on c.id = j.company_id and c.code = 'DEMO'
      where extract(year from j.date) = ${overtimeMonth.year} and extract(month from j.date) = ${overtimeMonth.month}
      group by 1`);
    const categories = body.data.categories as Json[];
    for (const source of byCategory) {
      const i = categories.findIndex((c) => c._id === source.category);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(categories[i]!.reports).toBe(source.reports);
      expect(categories[i]!.hours).toBeCloseTo(source.minutes / 60, 2);
      expect(body.data.rows.reduce((s: number, r: Json) => s + r.category_reports[i], 0)).toBe(source.reports);
    }
    expect(new Set(body.data.rows.map((r: Json) => r._id)).size).toBe(body.data.rows.length);
    expect(body.data.rows.length).toBe(body.data.totals.employees);
    for (const row of body.data.rows as Json[]) {
      expect(row.category_reports).toHaveLength(categories.length);
      expect(row.category_reports.reduce((s: number, n: number) => s + n, 0)).toBe(row.reports);
    }
  });

  it('clock-correction-report: requested, approved and rejected are the requests about the month', async () => {
    const { body } = await get(admin, 'clock-correction-report', overtimeMonth);
    const source = await rows<{ status: string; n: number }>(sql`
      select a.status::text as status, count(*)::int as n from approvals a
      join companies c on c.id = a.company_id and c.code = 'DEMO'
      where a.context = 'clock_correction' and extract(year from a.start_date) = ${overtimeMonth.year}
        and extract(month from a.start_date) = ${overtimeMonth.month} group by 1`);
    const n = (status: string) => source.find((s) => s.status === status)?.n ?? 0;
    expect(body.data.totals.requested).toBe(source.reduce((s, r) => s + r.n, 0));
    expect(body.data.totals.approved).toBe(n('approved'));
    expect(body.data.totals.rejected).toBe(n('rejected'));
    expect(n('approved')).toBeGreaterThan(0);
    // An approved correction shows the time it replaced and the time asked for.
    const approved = body.data.rows.find((r: Json) => r.status === 'approved');
    expect(approved.before.clock_in).toMatch(/^\d\d:\d\d$/);
    expect(approved.after.clock_in).toMatch(/^\d\d:\d\d$/);
    expect(approved.before.clock_in).not.toBe(approved.after.clock_in);
  });

  it('man-power: the headcount is the employees employed at month end; joiners and leavers of the month', async () => {
    const { body } = await get(admin, 'man-power', overtimeMonth);
    const end = new Date(Date.UTC(overtimeMonth.year, overtimeMonth.month, 0)).toISOString().slice(0, 10);
    const [source] = await rows<{ n: number }>(sql`
      select count(*)::int as n from employees e join companies c on c.id = e.company_id and c.code = 'DEMO'
      where (e.join_date is null or e.join_date <= ${end}::date) and (e.exit_date is null or e.exit_date >= ${end}::date)`);
    expect(body.data.totals.headcount).toBe(source!.n);
    expect(body.data.months).toHaveLength(12);
    const last = body.data.months[11];
    expect(last).toMatchObject({
      year: overtimeMonth.year,
      month: overtimeMonth.month,
      headcount: source!.n,
      joiners: body.data.totals.joiners,
      leavers: body.data.totals.leavers,
    });
  });
});

describe('reach and filters', () => {
  it("a department admin reads their department's rows only", async () => {
    const all = await get(admin, 'man-power', overtimeMonth);
    const own = await get(deptadmin, 'man-power', overtimeMonth);
    expect(own.status).toBe(200);
    const departments = new Set(own.body.data.rows.map((r: Json) => r.department?._id));
    expect(departments.size).toBe(1);
    expect(own.body.data.totals.headcount).toBeLessThan(all.body.data.totals.headcount);
  });

  it('the department and location filters narrow the rows', async () => {
    const all = await get(admin, 'man-power', overtimeMonth);
    const department = all.body.data.rows[0].department._id;
    const location = all.body.data.rows[0].location._id;
    const one = await get(admin, 'man-power', { ...overtimeMonth, department });
    expect(one.body.data.rows.every((r: Json) => r.department._id === department)).toBe(true);
    const both = await get(admin, 'man-power', { ...overtimeMonth, department, location });
    expect(both.body.data.rows.every((r: Json) => r.location._id === location)).toBe(true);
    expect(both.body.data.totals.headcount).toBeLessThanOrEqual(one.body.data.totals.headcount);
    const other = await get(admin, 'duty-report', { ...overtimeMonth, department });
    expect(other.status).toBe(200);
  });

  it('an approver reads the rows of the employees of their flows only', async () => {
    const mine = await get(approver, 'clock-correction-report', overtimeMonth);
    expect(mine.status).toBe(200);
    const members = await rows<{ id: string }>(sql`
      select e.id from employees e join users u on u.id = e.user_id and u.username = 'approver'`);
    const me = members[0]!.id;
    const reachable = new Set(
      (
        await rows<{ id: string }>(sql`
          select r.id from employees r where r.supervisor_id = ${me}
          union select a.employee_id from approvals a where ${me}::uuid = any(a.participants)
          union select fe.id from employees fe join approval_flows f on f.company_id = fe.company_id
            where f.members->'departments' ? fe.department_id::text
              and jsonb_path_exists(f.levels, '$[*].approvers[*] ? (@.employee == $me)', jsonb_build_object('me', ${me}::text))`)
      ).map((r) => r.id),
    );
    const all = await get(admin, 'man-power', overtimeMonth);
    const theirs = await get(approver, 'man-power', overtimeMonth);
    expect(theirs.body.data.totals.headcount).toBeLessThan(all.body.data.totals.headcount);
    expect(mine.body.data.rows.every((r: Json) => reachable.has(r.employee._id))).toBe(true);
  });

  it("man-power answers only where the company's man_power_report setting is on", async () => {
    expect((await get(adminCj, 'man-power', overtimeMonth)).status).toBe(403);
    expect((await get(adminCj, 'duty-report', overtimeMonth)).status).toBe(200);
    const developer = await t.login('developer');
    const cj = (await t.call(developer, 'GET', '/v1/companies?code=CJ')).body.data[0];
    const on = await t.call(developer, 'PUT', `/v1/companies/${cj._id}`, {
      version: cj.version,
      features: { ...cj.features, man_power_report: { enabled: true } },
    });
    expect(on.status).toBe(200);
    const again = await t.login('admin.cj');
    expect((await get(again, 'man-power', overtimeMonth)).status).toBe(200);
  });

  it('another company reads its own rows, never DEMO’s', async () => {
    const cj = await get(adminCj, 'job-report', overtimeMonth);
    const demo = await get(admin, 'job-report', overtimeMonth);
    const demoIds = new Set(demo.body.data.rows.map((r: Json) => r._id));
    expect(cj.body.data.rows.some((r: Json) => demoIds.has(r._id))).toBe(false);
  });

  it('a business trip requested with a duty type counts under that type once approved', async () => {
    const employee = await t.login('employee');
    const types = (await t.call(employee, 'GET', '/v1/duty/category')).body.data as Json[];
    const training = types.find((d) => d.code === 'TRAINING');
    const bad = await t.call(employee, 'POST', '/v1/approvals', {
      context: 'business_trip',
      content: {
        destination: 'Medan',
        start_date: '2026-02-02',
        end_date: '2026-02-03',
        purpose: 'x',
        duty_type: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.duty_type.code).toBe('not_found');
    const asked = await t.call(employee, 'POST', '/v1/approvals', {
      context: 'business_trip',
      content: {
        destination: 'Medan',
        start_date: '2026-02-02',
        end_date: '2026-02-03',
        purpose: 'Training',
        duty_type: training._id,
      },
    });
    expect(asked.status).toBe(201);
    const before = await get(admin, 'duty-report', { year: 2026, month: 2 });
    // Every level (the admin decides each as an admin).
    for (let level = 0; level < 3; level++) {
      const decided = await t.call(admin, 'POST', '/v1/approvals/decisions', {
        ids: [asked.body.data._id],
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
      if (decided.body.data[0].status === 'approved') break;
    }
    const after = await get(admin, 'duty-report', { year: 2026, month: 2 });
    const days = (report: Json) =>
      report.data.rows
        .filter((r: Json) => r.duty_type?._id === training._id)
        .reduce((n: number, r: Json) => n + r.days, 0);
    expect(days(after.body) - days(before.body)).toBe(2);
  });

  it('duty/category lists the duty types', async () => {
    const { status, body } = await t.call(admin, 'GET', '/v1/duty/category');
    expect(status).toBe(200);
    expect(body.data.map((d: Json) => d.code)).toContain('TRAINING');
  });
});
