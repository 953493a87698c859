/**
 * Recording through the real app: clock in and out (late, early, second clock-in refused, offsite refused,
 * concurrent clock-ins), today's view, the import (all or nothing, night shift), the daily screen, admin corrections
 * (logged, originals kept, statuses recomputed), the monthly report's totals against the records, and tenancy.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jakartaInstant } from '../../../server/attendance/status.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

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
  [admin, employee, approver, cjAdmin] = await Promise.all(
    ['admin', 'employee', 'approver', 'admin.cj'].map((login) => t.login(login)),
  );
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
  vi.useFakeTimers({ toFake: ['Date'] });
});
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
    // Up to 2026-03-20 (now): 15 weekdays begun; present on 5th, 9th, 10th, 11th.
    expect(approverRow.totals).toMatchObject({
      scheduled_days: 22,
      present: 4,
      late: 0,
      early: 1,
      early_minutes: 30,
      missed: 2,
      absent: 11,
    });
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
