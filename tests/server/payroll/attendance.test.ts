/**
 * Attendance in payroll runs (server/payroll/attendance-inputs.ts): the month's late arrivals, absent days and missed
 * clock-outs deducted by the company's payroll rules; months before the company recorded any attendance deduct
 * nothing (decision 0070); the demo's completed runs carry attendance deductions and never a negative take-home pay.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceTotals } from '../../../server/attendance/report.ts';
import { attendanceOfEmployees } from '../../../server/payroll/attendance-inputs.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let demo: string;
let people: { id: string; code: string }[] = [];

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];
const line = (slip: Json, code: string) => slip.lines.find((l: Json) => l.code === code);
const slips = async (id: string): Promise<Json[]> =>
  (await t.call(admin, 'GET', `/v1/payroll-summary/${id}/payslips`)).body.data;
const run = async (year: number, month: number) => {
  const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year, month });
  expect(created.status).toBe(201);
  return slips(created.body.data._id);
};

/** Weekdays of a month ('YYYY-MM-DD'). */
const weekdays = (year: number, month: number) => {
  const days: string[] = [];
  for (let d = 1; d <= new Date(Date.UTC(year, month, 0)).getUTCDate(); d++) {
    const date = new Date(Date.UTC(year, month - 1, d));
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
  }
  return days;
};

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  admin = await t.login('admin');
  demo = (await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`))[0]!.id;
}, 900_000);
afterAll(async () => t?.close());

describe('attendance in payroll runs', () => {
  it("the demo's completed runs show attendance deductions, and no take-home pay below zero", async () => {
    const [counts] = await rows<{ runs: number; deductions: number; negative: number }>(sql`
      select count(distinct s.id)::int as runs,
        count(*) filter (where exists (select 1 from jsonb_array_elements(p.lines) l
          where l->>'code' in ('late_deduction', 'early_deduction', 'absent_deduction', 'missed_deduction')))::int
          as deductions,
        count(*) filter (where p.thp < 0)::int as negative
      from payroll_summaries s join payslips p on p.summary_id = s.id
      where s.company_id = ${demo} and s.status = 'completed'`);
    expect(counts!.runs).toBeGreaterThan(0);
    expect(counts!.deductions).toBeGreaterThan(0);
    expect(counts!.negative).toBe(0);
  });

  it("counts each employee's month as the attendance report does", async () => {
    const ids = (await rows<{ id: string }>(sql`select id from employees where company_id = ${demo}`)).map((r) => r.id);
    const now = Date.now();
    // Last month: complete, and long after the demo's attendance begins (a year back).
    const month = new Date(now - 31 * 86_400_000);
    const [year, number] = [month.getUTCFullYear(), month.getUTCMonth() + 1];
    const payroll = await attendanceOfEmployees(t.database.db, demo, ids, year, number, now);
    const report = await attendanceTotals(t.database.db, demo, { year, month: number, employeeIds: ids }, now);
    expect(payroll.size).toBe(report.size);
    let lateDays = 0;
    for (const [id, totals] of report) {
      const mine = payroll.get(id);
      expect(mine, id).toBeDefined();
      expect({
        present: mine?.present_days,
        late: mine?.late?.length,
        late_minutes: mine?.late?.reduce((sum, l) => sum + l.minutes, 0),
        early: mine?.early,
        missed: mine?.missed,
        absent: mine?.absent_days,
      }).toEqual({
        present: totals.present,
        late: totals.late,
        late_minutes: totals.late_minutes,
        early: totals.early,
        missed: totals.missed,
        absent: totals.absent,
      });
      if (mine?.scheduled_days !== undefined) expect(mine.scheduled_days).toBe(totals.scheduled_days);
      lateDays += totals.late;
    }
    expect(lateDays).toBeGreaterThan(0);
  });

  it('deducts late minutes by the late rule in force, absent days and missed clock-outs', async () => {
    // One office pattern (08:00–17:00, Monday to Friday) for everybody, no holidays, no leave, no demo attendance.
    const [day] = await rows<{
      id: string;
    }>(sql`insert into shifts (company_id, code, name, type, start_time, finish_time)
      values (${demo}, 'PAY-D', 'Payroll test day', 'full_day', '08:00', '17:00') returning id`);
    const [off] = await rows<{ id: string }>(sql`insert into shifts (company_id, code, name, type)
      values (${demo}, 'PAY-O', 'Payroll test off', 'off_day') returning id`);
    const schedule = {
      mon: day!.id,
      tue: day!.id,
      wed: day!.id,
      thu: day!.id,
      fri: day!.id,
      sat: off!.id,
      sun: off!.id,
    };
    for (const table of [
      'attendance_group_members',
      'roster_entries',
      'shift_overrides',
      'attendances',
      'mass_leaves',
    ]) {
      await t.database.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${demo}`);
    }
    await t.database.db.execute(sql`delete from leaves where company_id = ${demo}`);
    const [group] = await rows<{ id: string }>(sql`insert into attendance_groups (company_id, name, type, schedule)
      values (${demo}, 'Payroll test office', 'fixed_schedule', ${JSON.stringify(schedule)}::jsonb) returning id`);
    await t.database.db.execute(sql`insert into attendance_group_members (company_id, group_id, employee_id)
      select ${demo}, ${group!.id}, id from employees where company_id = ${demo}`);
    await t.database.db.execute(sql`update employees set join_date = '2020-01-06', exit_date = null,
      payroll_active = true, work_days = 5 where company_id = ${demo}`);
    people = await rows<{ id: string; code: string }>(
      sql`select id, employee_id as code from employees where company_id = ${demo} and status <> 'freelance'
        order by employee_id`,
    );
    expect(people.length).toBeGreaterThanOrEqual(2);
    const [late, missed] = people as [{ id: string; code: string }, { id: string; code: string }];

    // March and April 2025: everybody on time every weekday, except: `late` 25 minutes late on three days and absent
    // two days; `missed` without a clock-out on one day.
    for (const month of [3, 4]) {
      const days = weekdays(2025, month);
      const imported = people.flatMap((person) =>
        days.flatMap((date, index) => {
          if (person === late && (index === 5 || index === 6)) return [];
          const clockIn = person === late && index < 3 ? '08:25' : '07:55';
          const clockOut = person === missed && index === 4 ? null : '17:05';
          return [{ employee_id: person.code, date, clock_in: clockIn, clock_out: clockOut }];
        }),
      );
      const result = await t.call(admin, 'POST', '/v1/attendance/import', { rows: imported });
      expect(result.status).toBe(200);
    }

    // The company's late rule is the first by code: ACCUMULATIVE, 50,000 per full 60 minutes in the month.
    const march = await run(2025, 3);
    const lateSlip = march.find((row) => row.employee._id === late.id);
    expect(line(lateSlip, 'late_deduction')).toMatchObject({
      amount: 50_000,
      explain: { method: 'accumulative', occurrences: 3, minutes: 75 },
    });
    // Absent: DAILY, 150,000 a day.
    expect(line(lateSlip, 'absent_deduction')).toMatchObject({ amount: 300_000, explain: { count: 2 } });
    expect(lateSlip.input.attendance).toMatchObject({
      absent_days: 2,
      late: [{ minutes: 25 }, { minutes: 25 }, { minutes: 25 }],
    });
    const missedSlip = march.find((row) => row.employee._id === missed.id);
    expect(line(missedSlip, 'missed_deduction')).toMatchObject({ explain: { method: 'prorate', count: 1 } });
    expect(line(missedSlip, 'missed_deduction').amount).toBeGreaterThan(0);
    expect(line(missedSlip, 'late_deduction')).toBeUndefined();
    // Attendance deductions lower the PPh 21 bruto; the take-home pay falls by at least the deductions.
    for (const row of march) {
      if (row.employee._id === late.id || row.employee._id === missed.id) continue;
      expect(row.lines.some((l: Json) => /^(late|early|absent|missed)_deduction$/.test(l.code))).toBe(false);
    }

    // April under another rule: MINUTELY first, 1,000 a minute beyond 5, each arrival on its own: 3 × 20 minutes.
    await t.database.db.execute(
      sql`update late_deductions set code = 'A-MINUTELY' where company_id = ${demo} and method = 'minutely'`,
    );
    const april = await run(2025, 4);
    const aprilLate = april.find((row) => row.employee._id === late.id);
    expect(line(aprilLate, 'late_deduction')).toMatchObject({ amount: 60_000, explain: { method: 'minutely' } });
  }, 120_000);

  it('the pre-run check lists a missed clock-out with a link to the daily screen of its day', async () => {
    const check = await t.call(admin, 'GET', '/v1/payroll-summary/pre-check?year=2025&month=3');
    expect(check.status).toBe(200);
    const missing = check.body.data.warnings.filter((w: Json) => w.code === 'missing_clock_outs');
    const day = weekdays(2025, 3)[4];
    expect(missing).toEqual([
      {
        code: 'missing_clock_outs',
        employee: expect.objectContaining({ _id: people[1]!.id, employee_id: people[1]!.code }),
        date: day,
        link: `/dashboard/daily?date=${day}`,
      },
    ]);
    // Corrected, the warning goes.
    const fixed = await t.call(admin, 'POST', '/v1/attendance/corrections', {
      employee: people[1]!.id,
      date: day,
      clock_out: '17:00',
      reason: 'Forgot to clock out',
    });
    expect(fixed.status).toBe(200);
    const again = await t.call(admin, 'GET', '/v1/payroll-summary/pre-check?year=2025&month=3');
    expect(again.body.data.warnings.filter((w: Json) => w.code === 'missing_clock_outs')).toEqual([]);
  });

  it('deducts nothing for the months before the company recorded any attendance', async () => {
    const january = await run(2025, 1);
    expect(january.length).toBe(people.length);
    for (const row of january) {
      expect(row.lines.some((l: Json) => /^(late|early|absent|missed)_deduction$/.test(l.code))).toBe(false);
    }
  });
});
