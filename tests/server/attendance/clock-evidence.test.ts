/**
 * Issue 24 finding "clock-in position is whatever the device says": the clock records the reported accuracy and the
 * request's address, refuses a position less precise than the nearest site's radius (where the group does not allow
 * offsite clocks), and marks a clock that cannot follow the previous one at a plausible speed for the admin's daily
 * screen.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jakartaInstant } from '../../../server/attendance/status.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let employee: string;
let approver: string;
const ids: Record<string, string> = {};

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)).rows as T[];
const at = (date: string, time: string) =>
  vi.setSystemTime(new Date(jakartaInstant(date, +time.slice(0, 2) * 60 + +time.slice(3, 5))));

const monas = { latitude: -6.1755, longitude: 106.8272 };
const surabaya = { latitude: -7.2575, longitude: 112.7521 };

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 8, CJ: 2 } });
  [admin, employee, approver] = (await Promise.all(['admin', 'employee', 'approver'].map((l) => t.login(l)))) as [
    string,
    string,
    string,
  ];
  const [demo] = await rows<{ id: string }>(sql`select id from companies where code = 'DEMO'`);
  const company = demo!.id;
  for (const login of ['employee', 'approver']) {
    const [row] = await rows<{ id: string }>(sql`
      select e.id from employees e join users u on u.id = e.user_id where u.username = ${login}`);
    ids[login] = row!.id;
  }
  const [day] = await rows<{
    id: string;
  }>(sql`insert into shifts (company_id, code, name, type, start_time, finish_time)
    values (${company}, 'EV', 'Evidence day', 'full_day', '08:00', '17:00') returning id`);
  const week = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, day!.id]));
  for (const table of ['attendance_group_members', 'roster_entries', 'shift_overrides', 'attendances'])
    await t.database.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${company}`);
  const [group] = await rows<{ id: string }>(sql`insert into attendance_groups (company_id, name, type, schedule)
    values (${company}, 'Evidence office', 'fixed_schedule', ${JSON.stringify(week)}::jsonb) returning id`);
  await t.database.db.execute(sql`insert into attendance_group_members (company_id, group_id, employee_id)
    select ${company}, ${group!.id}, id from employees where company_id = ${company}`);
  // Two located sites 660 km apart, 300 m each.
  const locations = await rows<{ id: string }>(sql`select id from locations where company_id = ${company} limit 2`);
  expect(locations).toHaveLength(2);
  await t.database.db.execute(
    sql`update locations set latitude = null, longitude = null where company_id = ${company}`,
  );
  for (const [index, site] of [monas, surabaya].entries())
    await t.database.db.execute(sql`update locations set latitude = ${site.latitude}, longitude = ${site.longitude},
      radius = 300 where id = ${locations[index]!.id}`);
  vi.useFakeTimers({ toFake: ['Date'] });
}, 400_000);
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('what a clock records about its position', () => {
  it('refuses a position less precise than the site radius, with the numbers to translate', async () => {
    at('2026-05-04', '07:55'); // a Monday
    const refused = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...monas, accuracy: 350 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('position_imprecise');
    expect(refused.body.message).toContain('±350 m');
    expect(refused.body.fields.accuracy.params).toEqual({ accuracy: 350, radius: 300 });
    expect(await rows(sql`select 1 from attendances where employee_id = ${ids.employee}`)).toHaveLength(0);
  });

  it("records the reported accuracy and the request's address, not a forged forwarding header", async () => {
    at('2026-05-04', '07:56');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/attendance/clock',
      headers: { authorization: `Bearer ${employee}`, 'x-forwarded-for': '203.0.113.9' },
      payload: { type: 'in', ...monas, accuracy: 18.4 },
    });
    expect(reply.statusCode).toBe(200);
    const [row] = await rows<{ clock_in_accuracy: number; clock_in_ip: string; clock_in_travel: unknown }>(sql`
      select clock_in_accuracy, clock_in_ip, clock_in_travel from attendances
      where employee_id = ${ids.employee} and date = '2026-05-04'`);
    expect(row).toMatchObject({ clock_in_accuracy: 18, clock_in_ip: '127.0.0.1', clock_in_travel: null });
  });

  it('marks a clock-out 660 km from the clock-in twenty minutes earlier, and shows it on the daily screen', async () => {
    at('2026-05-04', '08:16');
    const out = await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'out', ...surabaya, accuracy: 10 });
    expect(out.status).toBe(200);
    at('2026-05-04', '07:58');
    await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'in', ...monas, accuracy: 12 });
    at('2026-05-04', '17:05');
    await t.call(approver, 'POST', '/v1/attendance/clock', { type: 'out', ...monas, accuracy: 40 });
    const daily = (await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-05-04')).body.data as Json[];
    const moved = daily.find((r) => r._id === ids.employee);
    expect(moved.evidence).toMatchObject({
      implausible: true,
      clock_in_accuracy: 18,
      clock_out_accuracy: 10,
      clock_in_ip: '127.0.0.1',
      clock_in_travel: null,
      clock_out_travel: { minutes: 20 },
    });
    expect(moved.evidence.clock_out_travel.km).toBeGreaterThan(600);
    expect(moved.evidence.clock_out_travel.kmh).toBeGreaterThan(1500);
    const stayed = daily.find((r) => r._id === ids.approver);
    expect(stayed.evidence).toMatchObject({ implausible: false, clock_out_accuracy: 40 });
  });

  it("measures the next day's clock-in from the last clock with a position", async () => {
    at('2026-05-05', '07:30');
    // Surabaya at 08:16 yesterday, Jakarta this morning: 23 hours, a plausible flight.
    expect((await t.call(employee, 'POST', '/v1/attendance/clock', { type: 'in', ...monas })).status).toBe(200);
    const daily = (await t.call(admin, 'GET', '/v1/attendance/daily?date=2026-05-05')).body.data as Json[];
    expect(daily.find((r) => r._id === ids.employee).evidence).toMatchObject({ implausible: false });
  });
});
