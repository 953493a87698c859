import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let demo: string;
let cj: string;
let demoEmployees: Json[];
let cjEmployees: Json[];

beforeAll(async () => {
  t = await startTestApp({
    employees: { DEMO: 6, CJ: 2 },
    config: { mapTiles: { url: 'https://{s}.tiles.example.co.id/{z}/{x}/{y}.png', attribution: 'Example' } },
  });
  [demo, cj] = [await t.login('admin'), await t.login('admin.cj')];
  demoEmployees = (await t.call(demo, 'GET', '/v1/employees?limit=100&sort=fullname')).body.data;
  cjEmployees = (await t.call(cj, 'GET', '/v1/employees?limit=100&sort=fullname')).body.data;
});
afterAll(() => t?.close());

const locations = '/v1/refs/employees/orgs/locations';

describe('locations carry coordinates', () => {
  it('accepts a located site and refuses coordinates out of range, half a pair, or a radius of 0', async () => {
    const ok = await t.call(demo, 'POST', locations, {
      code: 'TST-JKT',
      name: 'Test Jakarta',
      latitude: -6.2088,
      longitude: 106.8456,
      radius: 150,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ latitude: -6.2088, longitude: 106.8456, radius: 150 });
    for (const [body, field] of [
      [{ latitude: 91, longitude: 0 }, 'latitude'],
      [{ latitude: 0, longitude: -180.5 }, 'longitude'],
      [{ latitude: -6.2, longitude: 106.8, radius: 0 }, 'radius'],
      [{ latitude: -6.2 }, 'longitude'],
    ] as const) {
      const bad = await t.call(demo, 'POST', locations, { code: `BAD${field}`, name: 'Bad', ...body });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(Object.keys(bad.body.fields)).toContain(field);
    }
  });
});

describe('live-tracking groups and positions', () => {
  it('keeps groups per company, with members as employee ids', async () => {
    const members = demoEmployees.slice(0, 3).map((e) => e._id);
    const created = await t.call(demo, 'POST', '/v1/live-tracking-group', { name: 'Couriers', members });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.members).toEqual(members);
    const again = await t.call(demo, 'POST', '/v1/live-tracking-group', { name: 'couriers' });
    expect(again.status, JSON.stringify(again.body)).toBe(400);
    expect(again.body.fields.name.code).toBe('unique');
    const bad = await t.call(demo, 'POST', '/v1/live-tracking-group', { name: 'X', members: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    const theirs = await t.call(cj, 'GET', `/v1/live-tracking-group/${created.body.data._id}`);
    expect(theirs.status).toBe(404);
    const updated = await t.call(demo, 'PUT', `/v1/live-tracking-group/${created.body.data._id}`, {
      members: members.slice(0, 2),
      version: created.body.data.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.members).toHaveLength(2);
    expect((await t.call(demo, 'DELETE', `/v1/live-tracking-group/${created.body.data._id}`)).status).toBe(200);
  });

  it("shows each member's latest positioned clock, only of the caller's company, with the tile server", async () => {
    const [a, b, c] = demoEmployees;
    const stranger = cjEmployees[0];
    // Another company's employee is refused as a member, never stored (so never echoed back).
    const foreign = await t.call(demo, 'POST', '/v1/live-tracking-group', {
      name: 'Field sales foreign',
      members: [a._id, stranger._id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.members.code).toBe('not_found');
    const group = (
      await t.call(demo, 'POST', '/v1/live-tracking-group', {
        name: 'Field sales test',
        members: [a._id, b._id, c._id],
      })
    ).body.data;
    const company = (
      await t.database.db.execute<{ company_id: string }>(sql`select company_id from employees where id = ${a._id}`)
    ).rows[0]!.company_id;
    const insert = (
      employee: string,
      date: string,
      clockIn: string,
      lat: number | null,
      lon: number | null,
      out?: [string, number, number, boolean],
    ) =>
      t.database.db.execute(sql`
        insert into attendances (company_id, employee_id, date, clock_in, clock_in_latitude, clock_in_longitude,
          clock_out, clock_out_latitude, clock_out_longitude, clock_out_offsite)
        values (${company}, ${employee}, ${date}, ${clockIn}, ${lat}, ${lon}, ${out?.[0] ?? null}, ${out?.[1] ?? null},
          ${out?.[2] ?? null}, ${out?.[3] ?? false})
        on conflict (employee_id, date) do nothing`);
    // The demo seed's year of attendance would be later than these days: start these three from nothing.
    await t.database.db.execute(sql`delete from attendances where employee_id in (${a._id}, ${b._id}, ${c._id})`);
    // a: an older day with a position, the latest day with clock-out positioned (offsite).
    await insert(a._id, '2026-01-05', '2026-01-05T01:00:00Z', -6.2, 106.8);
    await insert(a._id, '2026-01-06', '2026-01-06T01:02:00Z', -6.21, 106.81, [
      '2026-01-06T10:00:00Z',
      -6.3,
      106.9,
      true,
    ]);
    // b: the latest day has no position: the earlier positioned day shows.
    await insert(b._id, '2026-01-05', '2026-01-05T00:55:00Z', -7.25, 112.75);
    await insert(b._id, '2026-01-06', '2026-01-06T00:58:00Z', null, null);
    // c: never positioned.
    const reply = await t.call(demo, 'GET', `/v1/live-tracking?group=${group._id}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.tiles).toEqual({
      url: 'https://{s}.tiles.example.co.id/{z}/{x}/{y}.png',
      attribution: 'Example',
    });
    const byId = new Map(reply.body.data.map((row: Json) => [row.employee._id, row]));
    expect(byId.size).toBe(3);
    expect(byId.has(stranger._id)).toBe(false);
    expect((byId.get(a._id) as Json).position).toMatchObject({
      date: '2026-01-06',
      type: 'out',
      time: '2026-01-06T10:00:00.000Z',
      latitude: -6.3,
      longitude: 106.9,
      offsite: true,
    });
    expect((byId.get(b._id) as Json).position).toMatchObject({
      date: '2026-01-05',
      type: 'in',
      latitude: -7.25,
      offsite: false,
    });
    expect((byId.get(c._id) as Json).position).toBeNull();
    // Another company's admin cannot read the group; a bad id is a 400.
    expect((await t.call(cj, 'GET', `/v1/live-tracking?group=${group._id}`)).status).toBe(404);
    expect((await t.call(demo, 'GET', '/v1/live-tracking?group=nope')).status).toBe(400);
    expect((await t.call(demo, 'GET', '/v1/live-tracking')).status).toBe(400);
  });

  it('lets the page load tiles from the configured server only', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain('img-src');
    expect(csp).toContain('https://*.tiles.example.co.id');
  });
});
