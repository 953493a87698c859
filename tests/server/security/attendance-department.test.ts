/**
 * Issue 24 finding "the roster leaks across departments": a department admin reads and writes the attendance of their
 * own department's employees only, on every attendance route (roster, group membership, overrides, daily, report,
 * corrections, import). Another department's employee is refused without being named (404, or the import's
 * per-row not_found for the code the caller sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let dept: string;
let own: Json[];
let others: Json[];
let group: string;

const month = '?year=2026&month=12';

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 30, CJ: 3 } });
  [admin, dept] = (await Promise.all(['admin', 'deptadmin'].map((login) => t.login(login)))) as [string, string];
  const mine = (await t.call(dept, 'GET', '/v1/employees/me')).body.data.department;
  const everyone = (await t.call(admin, 'GET', '/v1/employees?limit=100&sort=employee_id')).body.data as Json[];
  own = everyone.filter((e) => e.department === mine).slice(0, 2);
  others = everyone.filter((e) => e.department && e.department !== mine).slice(0, 2);
  for (const g of (await t.call(admin, 'GET', '/v1/attendance-groups?limit=100')).body.data)
    await t.call(admin, 'PUT', `/v1/attendance-groups/${g._id}/members`, { members: [] });
  const created = await t.call(admin, 'POST', '/v1/attendance-groups', { name: 'Mixed shifts', type: 'working_shift' });
  group = created.body.data._id;
  const members = [...own, ...others].map((e) => e._id);
  expect((await t.call(admin, 'PUT', `/v1/attendance-groups/${group}/members`, { members })).status).toBe(200);
  await t.call(admin, 'POST', '/v1/shifts', {
    code: 'DM',
    name: 'Dept morning',
    start_time: '07:00',
    finish_time: '15:00',
  });
}, 400_000);
afterAll(() => t?.close());

const rosterIds = async (token: string) =>
  (
    (await t.call(token, 'GET', `/v1/attendance/roster?group=${group}&year=2026&month=12`)).body.data.rows as Json[]
  ).map((r) => r.employee._id);

describe('a department admin and the attendance of other departments', () => {
  it('reads roster rows of their own department only', async () => {
    expect(own).toHaveLength(2);
    expect(others).toHaveLength(2);
    expect((await rosterIds(admin)).sort()).toEqual([...own, ...others].map((e) => e._id).sort());
    expect((await rosterIds(dept)).sort()).toEqual(own.map((e) => e._id).sort());
  });

  it("refuses roster cells of another department's employee without naming them, and writes nothing", async () => {
    const other = others[0];
    const refused = await t.call(dept, 'PUT', `/v1/attendance/roster?group=${group}&year=2026&month=12`, {
      cells: [
        { employee: own[0]._id, date: '2026-12-01', code: 'DM' },
        { employee: other._id, date: '2026-12-01', code: 'DM' },
      ],
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(other._id);
    expect(JSON.stringify(refused.body)).not.toContain(other.fullname);
    const roster = (await t.call(admin, 'GET', `/v1/attendance/roster?group=${group}${month.replace('?', '&')}`)).body
      .data;
    for (const row of roster.rows) expect(row.codes[0]).toBeNull();
    const allowed = await t.call(dept, 'PUT', `/v1/attendance/roster?group=${group}&year=2026&month=12`, {
      cells: [{ employee: own[0]._id, date: '2026-12-01', code: 'DM' }],
    });
    expect(allowed.status).toBe(200);
  });

  it('reads and sets the group membership of their own department only, keeping the others', async () => {
    const read = await t.call(dept, 'GET', `/v1/attendance-groups/${group}/members`);
    expect(read.status).toBe(200);
    expect(read.body.data.members.sort()).toEqual(own.map((e) => e._id).sort());
    const refused = await t.call(dept, 'PUT', `/v1/attendance-groups/${group}/members`, {
      members: [own[0]._id, others[0]._id],
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(others[0]._id);
    const narrowed = await t.call(dept, 'PUT', `/v1/attendance-groups/${group}/members`, { members: [own[0]._id] });
    expect(narrowed.status).toBe(200);
    const after = (await t.call(admin, 'GET', `/v1/attendance-groups/${group}/members`)).body.data.members;
    expect(after.sort()).toEqual([own[0]._id, ...others.map((e) => e._id)].sort());
  });

  it("refuses shift overrides of another department's employee", async () => {
    const shift = (await t.call(admin, 'GET', '/v1/shifts?limit=9999999')).body.data.find((s: Json) => s.code === 'DM');
    const refused = await t.call(dept, 'POST', '/v1/shift-overrides', {
      employee: others[0]._id,
      date: '2026-12-02',
      shift: shift._id,
    });
    expect([403, 404, 400]).toContain(refused.status);
    const made = await t.call(admin, 'POST', '/v1/shift-overrides', {
      employee: others[1]._id,
      date: '2026-12-03',
      shift: shift._id,
    });
    expect(made.status).toBe(201);
    const list = (await t.call(dept, 'GET', '/v1/shift-overrides?limit=100')).body.data as Json[];
    expect(list.some((o) => o.employee === others[1]._id || o.employee?._id === others[1]._id)).toBe(false);
    expect((await t.call(dept, 'DELETE', `/v1/shift-overrides/${made.body.data._id}`)).status).toBe(404);
  });

  it('sees their own department on the daily screen and the report', async () => {
    const otherIds = others.map((e) => e._id);
    const daily = (await t.call(dept, 'GET', '/v1/attendance/daily?date=2026-12-01')).body.data as Json[];
    expect(daily.length).toBeGreaterThan(0);
    expect(daily.some((r) => otherIds.includes(r._id))).toBe(false);
    const filtered = await t.call(dept, 'GET', `/v1/attendance/daily?date=2026-12-01&group=${group}`);
    expect(filtered.body.data.map((r: Json) => r._id)).not.toContain(others[0]._id);
    const report = (await t.call(dept, 'GET', `/v1/attendance/report${month}`)).body.data.rows as Json[];
    expect(report.length).toBeGreaterThan(0);
    expect(report.some((r) => otherIds.includes(r.employee._id))).toBe(false);
  });

  it("refuses corrections and imports of another department's employee", async () => {
    const correction = await t.call(dept, 'POST', '/v1/attendance/corrections', {
      employee: others[0]._id,
      date: '2026-12-01',
      clock_in: '08:00',
    });
    expect(correction.status).toBe(404);
    const imported = await t.call(dept, 'POST', '/v1/attendance/import', {
      rows: [{ employee_id: others[0].employee_id, date: '2026-12-01', clock_in: '08:00', clock_out: '17:00' }],
    });
    expect(imported.status).toBe(400);
    expect(imported.body.rows[0].fields.employee_id.code).toBe('not_found');
    const ownImport = await t.call(dept, 'POST', '/v1/attendance/import', {
      rows: [{ employee_id: own[0].employee_id, date: '2026-12-01', clock_in: '08:00', clock_out: '17:00' }],
    });
    expect(ownImport.status).toBe(200);
  });
});
