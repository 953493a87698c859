/**
 * Daily-worker payroll (issue 15): a payroll summary of type weekly for a date range, days worked (attendance) ×
 * the daily rate (daily payroll components) + incentives − PPh 21 by the daily rule, cumulative over the month;
 * edits, completion, overlap and range refusals, another company's 404, the developer's list across companies.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let developer: string;
let workerA: string;
let workerB: string;
let week1: string;
let week2: string;

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];

const clockIns = (employee: string, company: string, dates: string[]) =>
  t.database.db.execute(sql`
    insert into attendances (company_id, employee_id, date, clock_in)
    select ${company}::uuid, ${employee}::uuid, d::date, (d || 'T01:00:00Z')::timestamptz
    from unnest(${sql.raw(`array[${dates.map((d) => `'${d}'`).join(',')}]`)}::text[]) d
    on conflict do nothing`);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 2 } });
  [admin, otherAdmin, developer] = await Promise.all([t.login('admin'), t.login('admin.cj'), t.login('developer')]);
  const [company] = await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`);
  const companyId = company!.id;
  // Two daily workers, no others; a daily rate of 450,000 (400,000 wage + 50,000 meal).
  await t.database.db.execute(sql`update employees set status = 'pkwtt' where status = 'freelance'`);
  const picked = await rows<{ id: string }>(sql`
    select e.id from employees e left join users u on u.id = e.user_id
    where e.company_id = ${companyId} and (u.username is null or u.username not in
      ('admin', 'subadmin', 'custom', 'deptadmin', 'approver', 'employee'))
    order by e.fullname limit 2`);
  [workerA, workerB] = picked.map((p) => p.id) as [string, string];
  await t.database.db.execute(sql`
    update employees set status = 'freelance', payroll_active = true, join_date = '2020-01-01', exit_date = null,
      tax_id_valid = true
    where id in (${workerA}, ${workerB})`);
  await t.database.db.execute(sql`update daily_payroll_components set amount = case upper(code)
      when 'DAILY-WAGE' then 400000 when 'MEAL' then 50000 else 0 end where company_id = ${companyId}`);
  await t.database.db.execute(
    sql`delete from attendances where employee_id in (${workerA}, ${workerB}) and date between '2024-03-01' and '2024-03-31'`,
  );
  await clockIns(workerA, companyId, [
    '2024-03-04',
    '2024-03-05',
    '2024-03-06',
    '2024-03-07',
    '2024-03-08',
    '2024-03-11',
    '2024-03-12',
    '2024-03-13',
    '2024-03-14',
    '2024-03-15',
  ]);
  await clockIns(workerB, companyId, ['2024-03-04', '2024-03-05', '2024-03-06']);
}, 400_000);
afterAll(async () => t?.close());

const slipOf = (slips: Json[], employee: string) => slips.find((slip) => slip.employee._id === employee);

describe('daily payroll', () => {
  it('pays days worked × the daily rate, plus an edited incentive, less the daily PPh 21', async () => {
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-03-04',
      period_end: '2024-03-10',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'weekly',
      status: 'pending',
      year: 2024,
      month: 3,
      period_start: '2024-03-04',
      period_end: '2024-03-10',
      employee_count: 2,
    });
    week1 = created.body.data._id;
    let slips: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${week1}/payslips`)).body.data;
    expect(slipOf(slips, workerA)).toMatchObject({ bruto: 2_250_000, pph21: 0, thp: 2_250_000 });
    expect(slipOf(slips, workerB)).toMatchObject({ bruto: 1_350_000, pph21: 0, thp: 1_350_000 });
    expect(slipOf(slips, workerA).input).toMatchObject({ days_worked: 5, incentive: 0 });

    // An incentive lifts the average day above 450,000: 0.5 % of the whole gross.
    const edited = await t.call(admin, 'PATCH', `/v1/payroll-summary/${week1}/payslips/${slipOf(slips, workerA)._id}`, {
      edits: { incentive: 100_000 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ bruto: 2_350_000, pph21: 11_750, thp: 2_338_250 });
    // Days and the daily rate are inputs too; null puts the loaded value back.
    const days = await t.call(admin, 'PATCH', `/v1/payroll-summary/${week1}/payslips/${slipOf(slips, workerB)._id}`, {
      edits: { days_worked: 4, daily_rate: 500_000 },
    });
    expect(days.body.data).toMatchObject({ bruto: 2_000_000, pph21: 10_000 });
    const back = await t.call(admin, 'PATCH', `/v1/payroll-summary/${week1}/payslips/${slipOf(slips, workerB)._id}`, {
      edits: { days_worked: null, daily_rate: null },
    });
    expect(back.body.data).toMatchObject({ bruto: 1_350_000, pph21: 0 });
    // A monthly run's input is not a daily payroll's.
    const wrong = await t.call(admin, 'PATCH', `/v1/payroll-summary/${week1}/payslips/${slipOf(slips, workerB)._id}`, {
      edits: { bonus: 1 },
    });
    expect(wrong.status).toBe(400);

    const summary = (await t.call(admin, 'GET', `/v1/payroll-summary/${week1}`)).body.data;
    expect(summary).toMatchObject({ total_bruto: 3_700_000, total_pph21: 11_750, total_thp: 3_688_250 });
    const done = await t.call(admin, 'POST', `/v1/payroll-summary/${week1}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    slips = (await t.call(admin, 'GET', `/v1/payroll-summary/${week1}/payslips`)).body.data;
    expect(slipOf(slips, workerA)).toMatchObject({ bruto: 2_350_000, pph21: 11_750 });
    // Its payslip PDF, as the payslips screen serves every run's.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/payroll-summary/${week1}/payslips/${workerA}/pdf`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
  });

  it("taxes the month cumulatively: the month's tax less what earlier weeks withheld", async () => {
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-03-11',
      period_end: '2024-03-17',
      title: 'Week 11',
    });
    expect(created.status).toBe(201);
    const slips: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${created.body.data._id}/payslips`)).body
      .data;
    // Month: 4,600,000 over 10 days (460,000 a day) → 23,000; week 1 withheld 11,750.
    expect(slipOf(slips, workerA)).toMatchObject({ bruto: 2_250_000, pph21: 11_250, thp: 2_238_750 });
    // B worked no day this week: paid nothing.
    expect(slipOf(slips, workerB)).toMatchObject({ bruto: 0, pph21: 0 });
    expect(created.body.data.title).toBe('Week 11');
    week2 = created.body.data._id;
  });

  it("exports and imports the payroll's inputs through the payroll-summary template and import", async () => {
    const template = await t.call(admin, 'GET', `/v1/payroll-summary/template?type=weekly&summary=${week2}`);
    expect(template.status).toBe(200);
    expect(template.body.data.components.map((c: Json) => c.key)).toEqual(['days_worked', 'daily_rate', 'incentive']);
    const rowA = template.body.data.employees.find((e: Json) => e._id === workerA);
    expect(rowA.amounts).toEqual({ days_worked: 5, daily_rate: 450_000, incentive: 0 });
    // The monthly contract is unchanged: a month's template still needs its month.
    expect((await t.call(admin, 'GET', '/v1/payroll-summary/template')).status).toBe(400);

    const bad = await t.call(admin, 'POST', '/v1/payroll-summary/import', {
      type: 'weekly',
      summary: week2,
      rows: [
        { employee_id: rowA.employee_id, year: 2024, month: 3, amounts: { incentive: 200_000 } },
        { employee_id: 'NOBODY', year: 2024, month: 3, amounts: { days_worked: 2 } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bulk_invalid');
    const imported = await t.call(admin, 'POST', '/v1/payroll-summary/import', {
      type: 'weekly',
      summary: week2,
      rows: [{ employee_id: rowA.employee_id, year: 2024, month: 3, amounts: { days_worked: 6, incentive: 200_000 } }],
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.saved).toBe(1);
    const slips: Json[] = (await t.call(admin, 'GET', `/v1/payroll-summary/${week2}/payslips`)).body.data;
    // 6 × 450,000 + 200,000 = 2,900,000; the month: 5,250,000 over 11 days → 0.5 % = 26,250, less 11,750.
    expect(slipOf(slips, workerA)).toMatchObject({ bruto: 2_900_000, pph21: 14_500 });
    // Another company's payroll is a 404 to the template and the import.
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/template?type=weekly&summary=${week2}`)).status).toBe(
      404,
    );
  });

  it('refuses an overlapping range, a reversed or too long range, with translated errors', async () => {
    const overlap = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-03-10',
      period_end: '2024-03-12',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('weekly_payroll_overlap');
    const reversed = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-04-10',
      period_end: '2024-04-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.period_end.code).toBe('after_start');
    const long = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-04-01',
      period_end: '2024-05-15',
    });
    expect(long.status).toBe(400);
    const missing = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'weekly' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.period_start.code).toBe('required');
    const monthly = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run' });
    expect(monthly.status).toBe(400);
    expect(monthly.body.fields.year.code).toBe('required');
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from payroll_summaries where type = 'weekly' and period_start between '2024-04-01' and '2024-05-31'`,
    );
    expect(n).toBe(0);
  });

  it("is another company's 404", async () => {
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${week1}`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'GET', `/v1/payroll-summary/${week1}/payslips`)).status).toBe(404);
    expect((await t.call(otherAdmin, 'POST', `/v1/payroll-summary/${week1}/complete`)).status).toBe(404);
  });

  it("lists every company's runs and daily payrolls to the developer, and a company's own to its admin", async () => {
    const other = await t.call(otherAdmin, 'POST', '/v1/payroll-summary', {
      type: 'weekly',
      period_start: '2024-03-04',
      period_end: '2024-03-10',
    });
    expect(other.status).toBe(201);
    const all = await t.call(developer, 'GET', '/v1/dev/payroll-summary?type=weekly');
    expect(all.status).toBe(200);
    const ids = all.body.data.map((row: Json) => row._id);
    expect(ids).toEqual(expect.arrayContaining([week1, other.body.data._id]));
    const codes = new Set(all.body.data.map((row: Json) => row.company.code));
    expect(codes.has('DEMO') && codes.has('CJ')).toBe(true);
    const completed = await t.call(developer, 'GET', '/v1/dev/payroll-summary?status=completed&type=weekly');
    expect(completed.body.data.every((row: Json) => row.status === 'completed')).toBe(true);
    expect(completed.body.data.map((row: Json) => row._id)).toContain(week1);
    // The admin's finance → payroll-summary (issue 26): the same list, of their own company only.
    const own = await t.call(otherAdmin, 'GET', '/v1/dev/payroll-summary');
    expect(own.status).toBe(200);
    expect(own.body.data.map((row: Json) => row._id)).toContain(other.body.data._id);
    expect(own.body.data.every((row: Json) => row.company.code === 'CJ')).toBe(true);
    // Naming another company gives nothing of it.
    const demoId = all.body.data.find((row: Json) => row.company.code === 'DEMO').company._id;
    const asked = await t.call(otherAdmin, 'GET', `/v1/dev/payroll-summary?company=${demoId}`);
    expect(asked.body.data).toEqual([]);
  });

  it('goes through the daily_payroll approval when the company has a flow for it', async () => {
    const [company] = await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`);
    await t.database.db.execute(sql`
      insert into approval_flows (company_id, name, context, leave_type, members, levels)
      values (${company!.id}, 'Daily payroll: HR', array['daily_payroll']::approval_context[], '{}'::uuid[],
        '{"employees": [], "departments": []}'::jsonb, '[]'::jsonb)`);
    try {
      const created = await t.call(admin, 'POST', '/v1/payroll-summary', {
        type: 'weekly',
        period_start: '2024-03-18',
        period_end: '2024-03-24',
      });
      const id = created.body.data._id;
      const sent = await t.call(admin, 'POST', `/v1/payroll-summary/${id}/complete`);
      expect(sent.status).toBe(200);
      expect(sent.body.data.status).toBe('pending');
      expect(sent.body.data.approval_number).toMatch(/^DP-\d{4}-\d{5}$/);
      // While it waits: not edited, completed again or deleted.
      const [slip] = (await t.call(admin, 'GET', `/v1/payroll-summary/${id}/payslips`)).body.data;
      const edit = await t.call(admin, 'PATCH', `/v1/payroll-summary/${id}/payslips/${slip._id}`, {
        edits: { incentive: 1 },
      });
      expect(edit.status).toBe(409);
      expect(edit.body.code).toBe('daily_payroll_in_approval');
      expect((await t.call(admin, 'POST', `/v1/payroll-summary/${id}/complete`)).status).toBe(409);
      expect((await t.call(admin, 'DELETE', `/v1/payroll-summary/${id}`)).status).toBe(409);
      // The review grid's list (approval → daily-payroll) and a batch decision by another admin.
      const subadmin = await t.login('subadmin');
      const listed = await t.call(subadmin, 'GET', '/v1/approvals?context=daily_payroll&status=pending');
      expect(listed.status).toBe(200);
      const request = listed.body.data.find((row: Json) => row.content.summary_id === id);
      expect(request.content).toMatchObject({ start_date: '2024-03-18', end_date: '2024-03-24', employee_count: 2 });
      const decided = await t.call(subadmin, 'POST', '/v1/approvals/decisions', {
        ids: [request._id],
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
      const after = (await t.call(admin, 'GET', `/v1/payroll-summary/${id}`)).body.data;
      expect(after.status).toBe('completed');
      // An employee cannot ask for it.
      const employee = await t.login('employee');
      const asked = await t.call(employee, 'POST', '/v1/approvals', {
        context: 'daily_payroll',
        content: { summary_id: id },
      });
      expect(asked.status).toBe(403);
    } finally {
      await t.database.db.execute(sql`delete from approval_flows where name = 'Daily payroll: HR'`);
    }
  });
});
