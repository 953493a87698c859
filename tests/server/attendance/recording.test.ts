/**
 * Recording through the real app: clock in and out (late, early, second clock-in refused, offsite refused,
 * concurrent clock-ins), today's view, the import (all or nothing, night shift), the daily screen, admin corrections
 * (logged, originals kept, statuses recomputed), the monthly report's totals against the records, and tenancy.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jakartaInstant } from '../../../server/attendance/status.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let employee: string;
let approver: string;
let cjAdmin: string;
let demo: string;
const ids: Record<string, string> = {};
const codes: Record<string, string> = {};

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];
/** Sets the server's clock to a Jakarta date and time. */
const at = (date: string, time: string) =>
  vi.setSystemTime(new Date(jakartaInstant(date, +time.slice(0, 2) * 60 + +time.slice(3, 5))));

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 4 } });
  [admin, employee, approver, cjAdmin] = (await Promise.all(
    ['admin', 'employee', 'approver', 'admin.cj'].map((login) => t.login(login)),
  )) as [string, string, string, string];
  demo = (await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`))[0]!.id;
  for (const login of ['employee', 'approver', 'admin']) {
    const [row] = await rows<{ id: string; code: string }>(sql`
      select e.id, e.employee_id as code from employees e join users u on u.id = e.user_id where u.username = ${login}`);
    ids[login] = row!.id;
    codes[login] = row!.code;
  }
  const [day] = await rows<{
    id: string;
  }>(sql`insert into shifts (company_id, code, name, type, start_time, finish_time)
    values (${demo}, 'TD', 'Test day', 'full_day', '08:00', '17:00') returning id`);
  const [night] = await rows<{
    id: string;
  }>(sql`insert into shifts (company_id, code, name, type, start_time, finish_time)
    values (${demo}, 'TN', 'Test night', 'full_day', '22:00', '06:00') returning id`);
  const [off] = await rows<{ id: string }>(sql`insert into shifts (company_id, code, name, type)
    values (${demo}, 'TO', 'Test off', 'off_day') returning id`);
  const schedule = { mon: day!.id, tue: day!.id, wed: day!.id, thu: day!.id, fri: day!.id, sat: off!.id, sun: off!.id };
  // The demo's schedules are replaced by one office pattern the expectations below count on.
  await t.database.db.execute(sql`delete from attendance_group_members where company_id = ${demo}`);
  await t.database.db.execute(sql`delete from roster_entries where company_id = ${demo}`);
  await t.database.db.execute(sql`delete from shift_overrides where company_id = ${demo}`);
  await t.database.db.execute(sql`delete from attendances where company_id = ${demo}`);
  const [group] = await rows<{ id: string }>(sql`insert into attendance_groups (company_id, name, type, schedule)
    values (${demo}, 'Test office', 'fixed_schedule', ${JSON.stringify(schedule)}::jsonb) returning id`);
  await t.database.db.execute(sql`insert into attendance_group_members (company_id, group_id, employee_id)
    select ${demo}, ${group!.id}, id from employees where company_id = ${demo}`);
  // Night shift for the admin on 2026-03-04 (a Wednesday).
  await t.database.db.execute(sql`insert into shift_overrides (company_id, employee_id, date, shift_id)
    values (${demo}, ${ids.admin}, '2026-03-04', ${night!.id})`);
  // One located site: Monas, Jakarta, 300 m.
  await t.database.db.execute(sql`update locations set latitude = -6.175392, longitude = 106.827153, radius = 300
    where id = (select id from locations where company_id = ${demo} limit 1)`);
  // The demo's holidays and leave are replaced by one of each the totals below count on.
  await t.database.db.execute(sql`delete from mass_leaves where company_id = ${demo}`);
  await t.database.db.execute(sql`delete from leaves where company_id = ${demo}`);
  await t.database.db.execute(sql`insert into mass_leaves (company_id, name, start_date, end_date)
    values (${demo}, 'Test Holiday', '2026-03-12', '2026-03-12')`);
  await t.database.db.execute(sql`insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, total, status)
    select ${demo}, ${ids.approver}, id, '2026-03-13', '2026-03-13', 1, 'approved' from leave_rules
    where company_id = ${demo} order by created_at limit 1`);
  vi.useFakeTimers({ toFake: ['Date'] });
}, 400_000);
afterEach(() => {});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('clock', () => {
  it('records a late clock-in and an early clock-out, and refuses a second of each', async () => {
    at('2026-03-02', '08:10'); // a Monday
    const near = { latitude: -6.1755, longitude: 106.8272 };
    const first = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...near });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ date: '2026-03-02', clock_in_status: 'late', late_minutes: 10 });
    const again = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...near });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_clocked_in');
    at('2026-03-02', '16:45');
    const out = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'out', ...near });
    expect(out.body.data).toMatchObject({ clock_out_status: 'early', early_minutes: 15 });
    expect((await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'out', ...near })).body.code).toBe(
      'already_clocked_out',
    );
    const today = await t.call(employee, 'GET', '/v1/attendance/today');
    expect(today.status).toBe(200);
    expect(today.body.data.shift.code).toBe('TD');
    expect(today.body.data.attendance).toMatchObject({ clock_in_status: 'late', clock_out_status: 'early' });
    expect(today.body.data.week).toHaveLength(7);
    expect(today.body.data.week[0].date).toBe('2026-03-02');
  });

  it('refuses a clock-out without a clock-in, and offsite where the group forbids it', async () => {
    at('2026-03-03', '08:00');
    const outFirst = await t.call(approver, 'POST', '/v1/attendance/clock', {
      type: 'out',
      latitude: -6.1755,
      longitude: 106.8272,
    });
    expect(outFirst.body.code).toBe('not_clocked_in');
    const far = await t.call(approver, 'POST', '/v1/attendance/clock', {
      type: 'in',
      latitude: -6.9,
      longitude: 107.6,
    });
    expect(far.status).toBe(403);
    expect(far.body.code).toBe('offsite');
    expect(await rows(sql`select 1 from attendances where employee_id = ${ids.approver}`)).toHaveLength(0);
  });

  it('makes one record of many simultaneous clock-ins', async () => {
    at('2026-03-05', '07:55');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call(approver, 'POST', '/v1/attendance/clock', { type: 'in', latitude: -6.1755, longitude: 106.8272 }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
    expect(
      await rows(sql`select 1 from attendances where employee_id = ${ids.approver} and date = '2026-03-05'`),
    ).toHaveLength(1);
  });
});

describe('clock: queries, the cache and the night shift', () => {
  /** Statements sent to the database while `run` runs, leaving out the session lookup and the job queue's own. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      if (!/"sessions"|pgboss/i.test(text)) sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = original;
    }
    return sent;
  }
  const near = { latitude: -6.1755, longitude: 106.8272 };
  const far = { latitude: -6.9, longitude: 107.6 };

  it('clocks in with two statements once the company is cached: the context and one INSERT … ON CONFLICT', async () => {
    at('2026-04-06', '07:50'); // a Monday
    // The first clock of the day loads the company's sites and holidays into the cache.
    expect((await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...near })).status).toBe(200);
    let reply: Awaited<ReturnType<TestApp['call']>> | undefined;
    const sent = await statementsOf(async () => {
      reply = await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'in', ...near });
    });
    expect(reply?.status).toBe(200);
    expect(reply?.body.data).toMatchObject({ date: '2026-04-06', clock_in_status: 'on_time', offsite: false });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into attendances/);
  });

  it('sees a new location at once (the cache is dropped on the write)', async () => {
    at('2026-04-07', '07:50');
    expect((await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...far })).body.code).toBe('offsite');
    const site = await t.call(admin, 'POST', '/v1/refs/employees/orgs/locations', {
      code: 'BDG-TEST',
      name: 'Bandung test site',
      ...far,
      radius: 500,
    });
    expect(site.status).toBe(201);
    const again = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...far });
    expect(again.status).toBe(200);
    expect(again.body.data.offsite).toBe(false);
    expect((await t.call(admin, 'DELETE', `/v1/refs/employees/orgs/locations/${site.body.data._id}`)).status).toBe(200);
    at('2026-04-07', '08:30');
    expect((await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'in', ...far })).body.code).toBe('offsite');
  });

  it('closes the night shift of the day before with the morning clock-out', async () => {
    const [night] = await rows<{ id: string }>(sql`select id from shifts where company_id = ${demo} and code = 'TN'`);
    await t.database.db.execute(sql`insert into shift_overrides (company_id, employee_id, date, shift_id)
      values (${demo}, ${ids.approver}, '2026-04-08', ${night!.id})`);
    at('2026-04-08', '21:55');
    const clockIn = await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'in', ...near });
    expect(clockIn.body.data).toMatchObject({ date: '2026-04-08', clock_in_status: 'on_time' });
    at('2026-04-09', '06:05');
    const clockOut = await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'out', ...near });
    expect(clockOut.status).toBe(200);
    expect(clockOut.body.data).toMatchObject({ date: '2026-04-08', clock_out_status: 'on_time' });
    // After a day shift, a clock-out the next morning belongs to that morning's date (and needs its clock-in).
    at('2026-04-10', '06:00');
    expect((await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'out', ...near })).body.code).toBe(
      'not_clocked_in',
    );
  });
});

describe('import', () => {
  it('is all or nothing, with a report per row', async () => {
    const bad = await t.call(admin, 'POST', '/v1/attendance/import', {
      rows: [
        { employee_id: codes.approver, date: '2026-03-09', clock_in: '08:20', clock_out: '17:00' },
        { employee_id: 'NOPE-1', date: '2026-03-09', clock_in: '08:00', clock_out: '17:00' },
        { employee_id: codes.approver, date: '2026-02-30', clock_in: '8:00', clock_out: '' },
        { employee_id: codes.approver, date: '2026-03-10', clock_in: '25:00', clock_out: '17:00' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bulk_invalid');
    expect(bad.body.rows.map((r: { index: number }) => r.index)).toEqual([1, 2, 3]);
    expect(bad.body.rows[0].fields.employee_id.code).toBe('not_found');
    expect(
      await rows(sql`select 1 from attendances where employee_id = ${ids.approver} and date = '2026-03-09'`),
    ).toHaveLength(0);
    const good = await t.call(admin, 'POST', '/v1/attendance/import', {
      rows: [
        { employee_id: codes.approver, date: '2026-03-09', clock_in: '08:20', clock_out: '17:00' },
        { employee_id: codes.approver, date: '2026-03-10', clock_in: '08:00', clock_out: '16:30' },
        { employee_id: codes.approver, date: '2026-03-11', clock_in: '08:00', clock_out: null },
        { employee_id: codes.admin, date: '2026-03-04', clock_in: '22:00', clock_out: '06:10' },
      ],
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ created: 4, updated: 0 });
    const [night] = await rows<{ clock_out: Date }>(
      sql`select clock_out from attendances where employee_id = ${ids.admin} and date = '2026-03-04'`,
    );
    expect(new Date(night!.clock_out).toISOString()).toBe('2026-03-04T23:10:00.000Z');
  });
});

describe('daily, corrections and the report', () => {
  it('shows the day with statuses and filters', async () => {
    at('2026-03-20', '10:00');
    const daily = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-09');
    expect(daily.status).toBe(200);
    const row = daily.body.data.find((r: { _id: string }) => r._id === ids.approver);
    expect(row.today_attendance[0].attendance.clock_in.status).toBe('late');
    expect(row.shift.code).toBe('TD');
    const others = daily.body.data.filter((r: { _id: string }) => r._id !== ids.approver);
    expect(others.every((r: { kind: string }) => r.kind === 'absent')).toBe(true);
    const late = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-09&status=late');
    expect(late.body.data.map((r: { _id: string }) => r._id)).toEqual([ids.approver]);
    // The filter choices are the whole day's, whatever the status (the screen opened as ?status=late offers them).
    const departments = new Set(daily.body.data.map((r: Json) => r.employee.department?.name).filter(Boolean));
    expect(departments.size).toBeGreaterThan(1);
    expect(daily.body.meta.options.department.map((d: Json) => d.name)).toEqual(
      [...departments].sort((a, b) => String(a).localeCompare(String(b))),
    );
    expect(late.body.meta.options).toEqual(daily.body.meta.options);
    const narrowed = daily.body.meta.options.department[0];
    const inOne = await t.call(admin, 'GET', `/v1/attendance/daily?date=2026-03-09&department=${narrowed._id}`);
    expect(inOne.body.meta.options.department).toEqual([narrowed]);
    const saturday = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-07');
    expect(saturday.body.data.every((r: { kind: string }) => r.kind === 'off')).toBe(true);
    const missed = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-11&status=missed');
    expect(missed.body.data.map((r: { _id: string }) => r._id)).toEqual([ids.approver]);
  });

  it('logs a correction, keeps the original and recomputes the status', async () => {
    const corrected = await t.call(admin, 'POST', '/v1/attendance/corrections', {
      employee: ids.approver,
      date: '2026-03-09',
      clock_in: '07:58',
      reason: 'Fingerprint reader was down',
    });
    expect(corrected.status).toBe(200);
    const [record] = await rows<{ clock_in_status: string; late_minutes: number; original_clock_in: Date }>(sql`
      select clock_in_status, late_minutes, original_clock_in from attendances where id = ${corrected.body.data._id}`);
    expect(record).toMatchObject({ clock_in_status: 'on_time', late_minutes: 0 });
    expect(new Date(record!.original_clock_in).toISOString()).toBe('2026-03-09T01:20:00.000Z');
    const log = await rows<{ field: string; reason: string }>(
      sql`select field, reason from attendance_corrections where attendance_id = ${corrected.body.data._id}`,
    );
    expect(log).toEqual([{ field: 'clock_in', reason: 'Fingerprint reader was down' }]);
  });

  it('counts nobody absent today before their shift starts, and everyone without a clock-in after', async () => {
    type Row = { _id: string; kind: string; status: string; shift: { start_time: string | null } | null };
    const day = async (time: string) => {
      at('2026-03-23', time);
      const daily = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-23');
      expect(daily.status).toBe(200);
      return (daily.body.data as Row[]).filter((r) => r.shift?.start_time === '08:00');
    };
    const before = await day('07:59');
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((r) => r.kind === 'none' && r.status === 'not_in')).toBe(true);
    const notIn = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-23&status=not_in');
    expect(notIn.body.data.map((r: Row) => r._id)).toEqual(expect.arrayContaining(before.map((r) => r._id)));
    const after = await day('08:00');
    expect(after.map((r) => r._id)).toEqual(before.map((r) => r._id));
    expect(after.every((r) => r.kind === 'absent' && r.status === 'absent')).toBe(true);
    const absent = await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-03-23&status=absent');
    expect(absent.body.data.length).toBeGreaterThanOrEqual(after.length);
    at('2026-03-20', '10:00'); // the clock of the tests around this one
  });
  it('requires the month and year, and totals what the records say', async () => {
    const missing = await t.call(admin, 'GET', '/v1/attendance/report?year=2026');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('report_period_required');
    const report = await t.call(admin, 'GET', '/v1/attendance/report?month=3&year=2026');
    expect(report.status).toBe(200);
    expect(report.body.data.days).toHaveLength(31);
    const approverRow = report.body.data.rows.find(
      (r: { employee: { _id: string } }) => r.employee._id === ids.approver,
    );
    // Up to 2026-03-20 (now): 15 weekdays begun, one a holiday (12th), one on leave (13th); present on 5th, 9th,
    // 10th and 11th.
    expect(approverRow.totals).toMatchObject({
      scheduled_days: 21,
      holidays: 1,
      present: 4,
      late: 0,
      early: 1,
      early_minutes: 30,
      missed: 2,
      absent: 9,
    });
    expect(Object.values(approverRow.totals.leave)).toEqual([1]);
    expect(approverRow.cells[11]).toMatchObject({ kind: 'holiday', holiday: 'Test Holiday' });
    const employeeRow = report.body.data.rows.find(
      (r: { employee: { _id: string } }) => r.employee._id === ids.employee,
    );
    expect(employeeRow.totals).toMatchObject({ present: 1, late: 1, late_minutes: 10, early: 1, early_minutes: 15 });
    expect(employeeRow.cells[0]).toMatchObject({ kind: 'off', shift: 'TO' });
    expect(employeeRow.cells[1]).toMatchObject({ kind: 'present', in_status: 'late', out_status: 'early' });
  });
});

describe('tenancy', () => {
  it("keeps another company's attendance out of reach", async () => {
    const daily = await t.call(cjAdmin, 'GET', '/v1/attendance/daily?date=2026-03-09');
    expect(daily.status).toBe(200);
    expect(daily.body.data.some((r: { _id: string }) => Object.values(ids).includes(r._id))).toBe(false);
    const correction = await t.call(cjAdmin, 'POST', '/v1/attendance/corrections', {
      employee: ids.approver,
      date: '2026-03-09',
      clock_in: '09:00',
    });
    expect(correction.status).toBe(404);
    const imported = await t.call(cjAdmin, 'POST', '/v1/attendance/import', {
      rows: [{ employee_id: codes.approver, date: '2026-03-12', clock_in: '08:00', clock_out: '17:00' }],
    });
    expect(imported.status).toBe(400);
    expect(imported.body.rows[0].fields.employee_id.code).toBe('not_found');
  });
});
