import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let people: Json[];

const post = (path: string, body: unknown) => t.call(admin, 'POST', path, body);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 3 } });
  admin = await t.login('admin');
  otherAdmin = await t.login('admin.cj');
  people = (await t.call(admin, 'GET', '/v1/employees?limit=100&sort=employee_id')).body.data;
  // Free the employees the demo seed placed in groups, so each test decides membership.
  for (const group of (await t.call(admin, 'GET', '/v1/attendance-groups')).body.data)
    await t.call(admin, 'PUT', `/v1/attendance-groups/${group._id}/members`, { members: [] });
});
afterAll(() => t?.close());

describe('shifts', () => {
  it('creates a shift with the spec defaults and validates HH:mm', async () => {
    const created = await post('/v1/shifts', {
      code: 'TMORN',
      name: 'T Morning',
      start_time: '07:00',
      finish_time: '15:00',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'full_day',
      minimum_working_hour: 0,
      working_days: 1,
      allowed_attendance: true,
    });
    const bad = await post('/v1/shifts', { code: 'TBAD', name: 'Bad', start_time: '24:00', finish_time: '7:5' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.start_time.code).toBe('pattern');
    expect(bad.body.fields.finish_time.code).toBe('pattern');
  });

  it('requires start and finish for full_day and clears them where the type hides them', async () => {
    const missing = await post('/v1/shifts', { code: 'TFULL', name: 'No times', type: 'full_day' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.start_time.code).toBe('required');
    const off = await post('/v1/shifts', {
      code: 'TOFF',
      name: 'T Off',
      type: 'off_day',
      start_time: '08:00',
      finish_time: '17:00',
    });
    expect(off.status).toBe(201);
    expect(off.body.data).toMatchObject({ start_time: null, finish_time: null });
  });

  it('answers the spec list call with limit 9999999', async () => {
    const { status, body } = await t.call(admin, 'GET', '/v1/shifts?limit=9999999&skip=0');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect((await t.call(admin, 'GET', '/v1/employees?limit=9999999')).body.meta.limit).toBe(10_000);
  });
});

describe('attendance groups, members and the weekly schedule', () => {
  let office: string;
  let off: string;
  let groupA: Json;
  let groupB: Json;

  beforeAll(async () => {
    const shifts = (await t.call(admin, 'GET', '/v1/shifts?limit=9999999&skip=0')).body.data as Json[];
    office = shifts.find((s) => s.code === 'TMORN')._id;
    off = shifts.find((s) => s.code === 'TOFF')._id;
  });

  it('creates a fixed_schedule group with a weekly pattern of the company shifts', async () => {
    const created = await post('/v1/attendance-groups', {
      name: 'T Office',
      type: 'fixed_schedule',
      manager: people[0]._id,
      schedule: { mon: office, tue: office, wed: office, thu: office, fri: office, sat: off, sun: off },
    });
    expect(created.status).toBe(201);
    groupA = created.body.data;
    const b = await post('/v1/attendance-groups', { name: 'T Warehouse', type: 'working_shift' });
    expect(b.status).toBe(201);
    groupB = b.body.data;
  });

  it("refuses another company's shift and unknown weekdays in the schedule", async () => {
    const theirs = await t.call(otherAdmin, 'POST', '/v1/shifts', {
      code: 'CJX',
      name: 'Theirs',
      start_time: '08:00',
      finish_time: '16:00',
    });
    expect(theirs.status).toBe(201);
    const bad = await post('/v1/attendance-groups', { name: 'T Bad', schedule: { mon: theirs.body.data._id } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.schedule.code).toBe('not_found');
    const update = await t.call(admin, 'PUT', `/v1/attendance-groups/${groupA._id}`, {
      version: groupA.version,
      schedule: { mon: theirs.body.data._id },
    });
    expect(update.status).toBe(400);
    expect((await post('/v1/attendance-groups', { name: 'T Bad2', schedule: { monday: office } })).status).toBe(400);
  });

  it('keeps an employee in at most one group, naming the other group', async () => {
    const put = (group: Json, members: string[]) =>
      t.call(admin, 'PUT', `/v1/attendance-groups/${group._id}/members`, { members });
    expect((await put(groupA, [people[1]._id, people[2]._id])).status).toBe(200);
    const clash = await put(groupB, [people[2]._id, people[3]._id]);
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('in_other_group');
    expect(clash.body.fields.members.params.group).toBe('T Office');
    expect((await t.call(admin, 'GET', `/v1/attendance-groups/${groupB._id}/members`)).body.data.members).toEqual([]);
    expect((await put(groupB, [people[3]._id, people[4]._id])).status).toBe(200);
    const listed = (await t.call(admin, 'GET', `/v1/attendance-groups/${groupA._id}/members`)).body.data;
    expect(listed.members).toHaveLength(2);
    // Who they are, for the members editor: id, code and name of each member.
    expect(listed.employees.map((e: Json) => e._id).sort()).toEqual([people[1]._id, people[2]._id].sort());
    expect(listed.employees[0]).toEqual({
      _id: expect.any(String),
      employee_id: expect.any(String),
      fullname: expect.any(String),
    });
  });

  it("keeps tenancy: another company's group and employees are not found", async () => {
    expect((await t.call(otherAdmin, 'GET', `/v1/attendance-groups/${groupA._id}/members`)).status).toBe(404);
    const cjPeople = (await t.call(otherAdmin, 'GET', '/v1/employees?limit=5')).body.data as Json[];
    const foreign = await t.call(admin, 'PUT', `/v1/attendance-groups/${groupA._id}/members`, {
      members: [cjPeople[0]._id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.members.code).toBe('not_found');
    expect(
      (await t.call(otherAdmin, 'GET', `/v1/attendance/roster?group=${groupB._id}&month=3&year=2026`)).status,
    ).toBe(404);
  });

  it('reads and writes the roster all or nothing', async () => {
    const url = `/v1/attendance/roster?group=${groupB._id}&month=2&year=2023`;
    const [p3, p4] = [people[3]._id, people[4]._id];
    const ok = await t.call(admin, 'PUT', url, {
      cells: [
        { employee: p3, date: '2023-02-01', code: 'tmorn' },
        { employee: p3, date: '2023-02-28', code: 'TOFF' },
        { employee: p4, date: '2023-02-02', code: 'TMORN' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ set: 3, cleared: 0 });
    const read = (await t.call(admin, 'GET', url)).body.data;
    expect(read.days).toHaveLength(28);
    const row3 = read.rows.find((r: Json) => r.employee._id === p3);
    expect(row3.codes[0]).toBe('TMORN');
    expect(row3.codes[27]).toBe('TOFF');
    expect(row3.codes[1]).toBeNull();

    const bad = await t.call(admin, 'PUT', url, {
      cells: [
        { employee: p3, date: '2023-02-01', code: null },
        { employee: p3, date: '2023-02-03', code: 'NOPE' },
        { employee: people[1]._id, date: '2023-02-03', code: 'TMORN' },
        { employee: p3, date: '2023-03-01', code: 'TMORN' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.rows.map((r: Json) => [r.index, r.code])).toEqual([
      [1, 'unknown_shift'],
      [2, 'not_member'],
      [3, 'outside_month'],
    ]);
    // Nothing was written: the first cell is still set.
    expect((await t.call(admin, 'GET', url)).body.data.rows.find((r: Json) => r.employee._id === p3).codes[0]).toBe(
      'TMORN',
    );
    // Writing a cell's own code again leaves the row alone (set-based write skips unchanged cells).
    const stamp = async () =>
      (
        await t.database.db.execute(
          sql`select updated_at from roster_entries where employee_id = ${p4} and date = '2023-02-02'`,
        )
      ).rows[0]?.updated_at;
    const first = await stamp();
    const again = await t.call(admin, 'PUT', url, { cells: [{ employee: p4, date: '2023-02-02', code: 'tmorn' }] });
    expect(again.status).toBe(200);
    expect(await stamp()).toEqual(first);
    const cleared = await t.call(admin, 'PUT', url, { cells: [{ employee: p3, date: '2023-02-01', code: '' }] });
    expect(cleared.body.data).toEqual({ set: 0, cleared: 1 });
    const fixed = await t.call(admin, 'PUT', `/v1/attendance/roster?group=${groupA._id}&month=2&year=2023`, {
      cells: [{ employee: people[1]._id, date: '2023-02-01', code: 'TMORN' }],
    });
    expect(fixed.status).toBe(409);
  });

  it('refuses to delete a shift a schedule, a roster or an override uses', async () => {
    const byPattern = await t.call(admin, 'DELETE', `/v1/shifts/${office}`);
    expect(byPattern.status).toBe(409);
    expect(byPattern.body.code).toBe('in_use');
    expect((await t.call(admin, 'DELETE', '/v1/shifts', { ids: [off] })).status).toBe(409);
    const night = await post('/v1/shifts', { code: 'TN', name: 'T Night', start_time: '23:00', finish_time: '07:00' });
    const override = await post('/v1/shift-overrides', {
      employee: people[1]._id,
      date: '2026-02-10',
      shift: night.body.data._id,
      reason: 'swap',
    });
    expect(override.status).toBe(201);
    const byOverride = await t.call(admin, 'DELETE', `/v1/shifts/${night.body.data._id}`);
    expect(byOverride.status).toBe(409);
    expect(byOverride.body.code).toBe('in_use');
    const unused = await post('/v1/shifts', { code: 'TUNUSED', name: 'Unused', type: 'standby' });
    expect((await t.call(admin, 'DELETE', `/v1/shifts/${unused.body.data._id}`)).status).toBe(200);
  });
});
