/**
 * Sales (issue 29): store locations (a generic resource) with their assigned employees, a sales employee's visit
 * checked against the store's radius, the visit report and its totals, and the company's `sales_menu` gate.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaToday } from '../../../common/employment.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(filename: string, content: Buffer) {
  const boundary = `----hrw${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let admin: string;
let cj: string;
let employee: string;
let employeeId: string;
let demoEmployees: Json[];
let cjEmployees: Json[];

/** Grand Indonesia, Jakarta Pusat. */
const store = { latitude: -6.195, longitude: 106.8215 };

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 6, CJ: 2 } });
  [admin, cj, employee] = [await t.login('admin'), await t.login('admin.cj'), await t.login('employee')];
  demoEmployees = (await t.call(admin, 'GET', '/v1/employees?limit=100&sort=fullname')).body.data;
  cjEmployees = (await t.call(cj, 'GET', '/v1/employees?limit=100&sort=fullname')).body.data;
  const me = await t.database.db.execute<{ id: string }>(
    sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'employee'`,
  );
  employeeId = me.rows[0]?.id as string;
});
afterAll(() => t?.close());

async function createStore(body: Record<string, unknown>) {
  const created = await t.call(admin, 'POST', '/v1/store-location', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Json;
}

describe('store-location', () => {
  it('creates, reads, updates and deletes a store; codes are unique per company; coordinates come in pairs', async () => {
    const created = await createStore({ code: 'TST-001', name: 'Toko Test Satu', radius: 120, ...store });
    expect(created).toMatchObject({ code: 'TST-001', radius: 120, latitude: store.latitude, active: true });
    const again = await t.call(admin, 'POST', '/v1/store-location', { code: 'tst-001', name: 'Dup' });
    expect(again.status).toBe(400);
    expect(again.body.fields.code.code).toBe('unique');
    const half = await t.call(admin, 'POST', '/v1/store-location', { code: 'TST-HALF', name: 'Half', latitude: -6.2 });
    expect(half.status).toBe(400);
    expect(Object.keys(half.body.fields)).toContain('longitude');
    const zero = await t.call(admin, 'POST', '/v1/store-location', { code: 'TST-ZERO', name: 'Zero', radius: 0 });
    expect(zero.status).toBe(400);
    const updated = await t.call(admin, 'PUT', `/v1/store-location/${created._id}`, {
      radius: 80,
      version: created.version,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.radius).toBe(80);
    const list = await t.call(admin, 'GET', '/v1/store-location?search=Toko%20Test');
    expect(list.body.data.map((row: Json) => row.code)).toContain('TST-001');
    expect((await t.call(admin, 'DELETE', `/v1/store-location/${created._id}`)).status).toBe(200);
  });

  it("is another company's 404, and absent where the sales feature is off", async () => {
    const ours = await createStore({ code: 'TST-SCOPE', name: 'Scoped store' });
    // PT Contoh Jaya has no `sales_menu`: its admin reaches no sales route at all.
    for (const [method, url] of [
      ['GET', `/v1/store-location/${ours._id}`],
      ['GET', '/v1/store-location'],
      ['GET', '/v1/sales/store-assignments'],
      ['GET', `/v1/sales/visits?from=${jakartaToday()}&to=${jakartaToday()}`],
    ] as const) {
      const theirs = await t.call(cj, method, url);
      expect(theirs.status, url).toBe(403);
      expect(theirs.body.code).toBe('forbidden');
    }
    // With the feature on for CJ too, DEMO's store is still not theirs: 404.
    await t.database.db.execute(
      sql`update companies set features = features || '{"sales_menu":{"enabled":true}}'::jsonb where code = 'CJ'`,
    );
    try {
      const cjAgain = await t.login('admin.cj');
      const theirs = await t.call(cjAgain, 'GET', `/v1/store-location/${ours._id}`);
      expect(theirs.status).toBe(404);
      const put = await t.call(cjAgain, 'PUT', `/v1/store-location/${ours._id}/employees`, { employees: [] });
      expect(put.status).toBe(404);
      const list = await t.call(cjAgain, 'GET', '/v1/store-location?limit=500');
      expect(list.body.data.map((row: Json) => row._id)).not.toContain(ours._id);
    } finally {
      await t.database.db.execute(sql`update companies set features = features - 'sales_menu' where code = 'CJ'`);
    }
  });

  it('assigns employees of the company only, and replaces the list', async () => {
    const s = await createStore({ code: 'TST-ASSIGN', name: 'Assigned store' });
    const [a, b] = demoEmployees;
    const foreign = await t.call(admin, 'PUT', `/v1/store-location/${s._id}/employees`, {
      employees: [a._id, cjEmployees[0]._id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.employees.code).toBe('not_found');
    const set = await t.call(admin, 'PUT', `/v1/store-location/${s._id}/employees`, { employees: [a._id, b._id] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.map((row: Json) => row.employee._id).sort()).toEqual([a._id, b._id].sort());
    const replaced = await t.call(admin, 'PUT', `/v1/store-location/${s._id}/employees`, { employees: [b._id] });
    expect(replaced.body.data.map((row: Json) => row.employee._id)).toEqual([b._id]);
    const all = await t.call(admin, 'GET', '/v1/sales/store-assignments');
    expect(all.body.data.filter((row: Json) => row.store_location === s._id)).toHaveLength(1);
  });
});

describe('recording a visit', () => {
  let near: Json;
  let far: Json;
  let other: Json;
  beforeAll(async () => {
    near = await createStore({ code: 'TST-NEAR', name: 'Toko Dekat', radius: 100, ...store });
    // About 1.1 km north.
    far = await createStore({ code: 'TST-FAR', name: 'Toko Jauh', radius: 100, latitude: -6.185, longitude: 106.8215 });
    other = await createStore({ code: 'TST-OTHER', name: 'Not assigned', radius: 100, ...store });
    for (const s of [near, far])
      expect(
        (await t.call(admin, 'PUT', `/v1/store-location/${s._id}/employees`, { employees: [employeeId] })).status,
      ).toBe(200);
  });

  it("lists the employee's assigned stores nearest first", async () => {
    const mine = await t.call(
      employee,
      'GET',
      `/v1/sales/my-stores?latitude=${store.latitude + 0.0003}&longitude=${store.longitude}`,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const codes = mine.body.data.map((row: Json) => row.code);
    expect(codes.indexOf('TST-NEAR')).toBeLessThan(codes.indexOf('TST-FAR'));
    expect(codes).not.toContain('TST-OTHER');
    expect(mine.body.data[0]).toMatchObject({ code: 'TST-NEAR', within_radius: true });
  });

  it('records a visit on site with note, photo and order value; outside the radius it is flagged', async () => {
    const upload = multipart('shelf.png', PNG);
    const file = await t.app.inject({
      method: 'POST',
      url: '/v1/files?accept=photo',
      headers: { authorization: `Bearer ${employee}`, ...upload.headers },
      payload: upload.payload,
    });
    expect(file.statusCode, file.body).toBe(201);
    const photo = JSON.parse(file.body).data.name;
    const onSite = await t.call(employee, 'POST', '/v1/sales/visits', {
      store_location: near._id,
      latitude: store.latitude + 0.0003,
      longitude: store.longitude,
      note: 'Restocked the shelf',
      photo,
      order_value: 1_250_000,
    });
    expect(onSite.status, JSON.stringify(onSite.body)).toBe(201);
    expect(onSite.body.data).toMatchObject({
      employee: { _id: employeeId },
      store: { _id: near._id },
      within_radius: true,
      note: 'Restocked the shelf',
      photo,
      order_value: 1_250_000,
      date: jakartaToday(),
    });
    expect(onSite.body.data.distance_m).toBeGreaterThan(20);
    expect(onSite.body.data.distance_m).toBeLessThan(50);

    const offSite = await t.call(employee, 'POST', '/v1/sales/visits', {
      store_location: far._id,
      latitude: store.latitude,
      longitude: store.longitude,
      order_value: 0,
    });
    expect(offSite.status).toBe(201);
    expect(offSite.body.data.within_radius).toBe(false);
    expect(offSite.body.data.distance_m).toBeGreaterThan(1000);

    const mine = await t.call(employee, 'GET', '/v1/sales/my-visits');
    expect(mine.body.data.map((row: Json) => row._id)).toEqual(
      expect.arrayContaining([onSite.body.data._id, offSite.body.data._id]),
    );
  });

  it('refuses a store not assigned to the employee, bad input, and sets the employee itself', async () => {
    const notMine = await t.call(employee, 'POST', '/v1/sales/visits', { store_location: other._id, ...store });
    expect(notMine.status).toBe(400);
    expect(notMine.body.fields.store_location.code).toBe('not_found');
    const negative = await t.call(employee, 'POST', '/v1/sales/visits', { store_location: near._id, order_value: -5 });
    expect(negative.status).toBe(400);
    const fraction = await t.call(employee, 'POST', '/v1/sales/visits', { store_location: near._id, order_value: 1.5 });
    expect(fraction.status).toBe(400);
    // Naming someone else is not a field of the body: refused, never stored.
    const forSomeone = await t.call(employee, 'POST', '/v1/sales/visits', {
      store_location: near._id,
      employee: demoEmployees[0]._id,
    });
    expect(forSomeone.status).toBe(400);
    const badPhoto = await t.call(employee, 'POST', '/v1/sales/visits', {
      store_location: near._id,
      photo: `${'a'.repeat(32)}.png`,
    });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.fields.photo.code).toBe('not_found');
    // An admin does not record visits (live-attendance is the employee's).
    expect((await t.call(admin, 'POST', '/v1/sales/visits', { store_location: near._id })).status).toBe(403);
  });

  it('is refused with a translated code where the sales feature is off', async () => {
    await t.database.db.execute(sql`update companies set features = features - 'sales_menu' where code = 'DEMO'`);
    try {
      const off = await t.login('employee');
      for (const [method, url, body] of [
        ['POST', '/v1/sales/visits', { store_location: near._id }],
        ['GET', '/v1/sales/my-stores', undefined],
        ['GET', '/v1/sales/my-visits', undefined],
      ] as const) {
        const refused = await t.call(off, method, url, body);
        expect(refused.status, url).toBe(403);
        expect(refused.body.code).toBe('feature_off');
      }
      const offAdmin = await t.login('admin');
      expect((await t.call(offAdmin, 'GET', '/v1/store-location')).status).toBe(403);
    } finally {
      await t.database.db.execute(
        sql`update companies set features = features || '{"sales_menu":{"enabled":true}}'::jsonb where code = 'DEMO'`,
      );
    }
  });
});

describe('visit report', () => {
  it('lists visits per employee and day with totals equal to the visits, filtered by employee, store and dates', async () => {
    const today = jakartaToday();
    const report = await t.call(admin, 'GET', `/v1/sales/visits?from=${today}&to=${today}`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const { rows } = await t.database.db.execute<{ visits: number; within: number; value: string }>(sql`
      select count(*)::int as visits, count(*) filter (where v.within_radius)::int as within,
        coalesce(sum(v.order_value), 0)::text as value
      from sales_visits v join companies c on c.id = v.company_id where c.code = 'DEMO' and v.date = ${today}::date`);
    expect(report.body.totals).toMatchObject({
      visits: rows[0]?.visits,
      within_radius: rows[0]?.within,
      order_value: Number(rows[0]?.value),
    });
    expect(report.body.data.length).toBe(rows[0]?.visits);
    const sum = report.body.data.reduce((total: number, row: Json) => total + row.order_value, 0);
    expect(sum).toBe(report.body.totals.order_value);
    const mine = await t.call(admin, 'GET', `/v1/sales/visits?from=${today}&to=${today}&employee=${employeeId}`);
    expect(mine.body.data.every((row: Json) => row.employee._id === employeeId)).toBe(true);
    expect(mine.body.data.some((row: Json) => row.note === 'Restocked the shelf')).toBe(true);
    const byStore = await t.call(
      admin,
      'GET',
      `/v1/sales/visits?from=${today}&to=${today}&store=${mine.body.data[0].store._id}`,
    );
    expect(byStore.body.data.every((row: Json) => row.store._id === mine.body.data[0].store._id)).toBe(true);
    // Time order within an employee's day (the route on the map).
    const times = mine.body.data.map((row: Json) => row.visited_at);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a range that ends before it starts or spans more than twelve months', async () => {
    const back = await t.call(admin, 'GET', '/v1/sales/visits?from=2026-03-02&to=2026-03-01');
    expect(back.status).toBe(400);
    expect(back.body.fields.to.code).toBe('after_start');
    const long = await t.call(admin, 'GET', '/v1/sales/visits?from=2024-01-01&to=2026-01-01');
    expect(long.status).toBe(400);
    expect(long.body.fields.to.code).toBe('months_at_most');
    const bad = await t.call(admin, 'GET', '/v1/sales/visits?from=nope&to=2026-01-01');
    expect(bad.status).toBe(400);
  });
});

describe('demo data', () => {
  it('gives the sales company 25 stores, a team on them and a year of working-day visits, 3 to 8 a day', async () => {
    const { rows: stores } = await t.database.db.execute<{ code: string; n: number }>(sql`
      select c.code, count(s.id)::int as n from companies c
      left join store_locations s on s.company_id = c.id and s.code not like 'TST-%'
      group by c.code order by c.code`);
    expect(Object.fromEntries(stores.map((row) => [row.code, row.n]))).toMatchObject({ DEMO: 25, CJ: 0 });
    const { rows: team } = await t.database.db.execute<{ employee_id: string; stores: number }>(sql`
      select a.employee_id, count(*)::int as stores from store_location_employees a
      join store_locations s on s.id = a.store_location_id and s.code not like 'TST-%'
      group by a.employee_id`);
    expect(team.length).toBeGreaterThan(0);
    for (const row of team) expect(row.stores).toBe(8);
    const { rows: days } = await t.database.db.execute<{
      min: number;
      max: number;
      days: number;
      weekend: number;
      outside: number;
      wrong: number;
      unassigned: number;
    }>(sql`
      with per_day as (
        select employee_id, date, count(*) as n from sales_visits where date < ${jakartaToday()}::date
        group by employee_id, date
      )
      select min(n)::int as min, max(n)::int as max, count(*)::int as days,
        (select count(*)::int from sales_visits where extract(isodow from date) > 5 and date < ${jakartaToday()}::date) as weekend,
        (select count(*)::int from sales_visits where not within_radius and date < ${jakartaToday()}::date) as outside,
        (select count(*)::int from sales_visits v join store_locations s on s.id = v.store_location_id
          where (v.distance_m <= s.radius) <> v.within_radius) as wrong,
        (select count(*)::int from sales_visits v where not exists (select 1 from store_location_employees a
          where a.employee_id = v.employee_id and a.store_location_id = v.store_location_id)) as unassigned
      from per_day`);
    const summary = days[0];
    expect(summary?.min).toBeGreaterThanOrEqual(3);
    expect(summary?.max).toBeLessThanOrEqual(8);
    expect(summary?.days).toBeGreaterThan(200 * team.length);
    expect(summary).toMatchObject({ weekend: 0, wrong: 0, unassigned: 0 });
    expect(summary?.outside).toBeGreaterThan(0);
  });
});
