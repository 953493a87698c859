/**
 * The activity log (spec 2.3, issue 26): the company's entries newest first, filtered by user, action type, a date
 * range and a search on the detail, with the changed fields before and after; the demo opens on a realistic log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin = '';
let cj = '';
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 4, CJ: 2 } });
  admin = await t.login('admin');
  cj = await t.login('admin.cj');
}, 300_000);
afterAll(() => t?.close());

const logs = async (query = '', token = admin) => {
  const reply = await t.call(token, 'GET', `/v1/logs${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { data: Json[]; meta: { total: number; capped: boolean; limit: number; skip: number } };
};

describe('the activity log', () => {
  it('opens on the demo log, newest first, counted', async () => {
    const page = await logs('?limit=50');
    expect(page.data.length).toBe(50);
    expect(page.meta.total).toBeGreaterThan(50);
    expect(page.meta.capped).toBe(false);
    const times = page.data.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('records an edit with its fields before and after, and finds it by user, action and search', async () => {
    const list = await t.call(admin, 'GET', '/v1/refs/mass-leave?limit=1');
    const holiday = list.body.data[0];
    const renamed = `Renamed ${Date.now()}`;
    const put = await t.call(admin, 'PUT', `/v1/refs/mass-leave/${holiday._id}`, {
      name: renamed,
      version: holiday.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const me = (await t.call(admin, 'GET', '/v1/auth/me')).body.data;
    const found = await logs(`?search=${encodeURIComponent(renamed)}&action=update&user=${me._id}`);
    expect(found.data.length).toBe(1);
    expect(found.data[0]).toMatchObject({
      action: 'update',
      resource: 'mass-leave',
      user: { _id: me._id },
      changes: { name: { from: holiday.name, to: renamed } },
    });
    expect((await logs(`?search=${encodeURIComponent(renamed)}&action=delete`)).data).toEqual([]);
  });

  it('filters by action type and by a date range', async () => {
    for (const action of ['create', 'update', 'delete']) {
      const page = await logs(`?action=${action}&limit=20`);
      expect(page.data.length).toBeGreaterThan(0);
      for (const row of page.data) expect(row.action).toBe(action);
    }
    const newest = (await logs('?limit=1')).data[0].created_at as string;
    const to = new Date(Date.parse(newest) - 20 * 86_400_000).toISOString().slice(0, 10);
    const older = await logs(`?date=2000-01-01&date=${to}&limit=50`);
    expect(older.data.length).toBeGreaterThan(0);
    for (const row of older.data) expect(row.created_at.slice(0, 10) <= to).toBe(true);
  });

  it("lists the company's users for the filter, and never another company's entries", async () => {
    const users = await t.call(admin, 'GET', '/v1/logs/users');
    expect(users.status).toBe(200);
    const names = (users.body.data as Json[]).map((u) => u.username);
    expect(names).toContain('admin');
    expect(names).not.toContain('admin.cj');
    const cjUsers = (await t.call(cj, 'GET', '/v1/logs/users')).body.data as Json[];
    const theirs = await logs(`?user=${cjUsers[0]._id}`);
    expect(theirs.data).toEqual([]);
  });

  it('refuses bad filters with a 400, never a 5xx', async () => {
    for (const query of ['?action=drop', '?date=2026-02-30', '?user=nope', `?search=${'x'.repeat(300)}`]) {
      expect((await t.call(admin, 'GET', `/v1/logs${query}`)).status).toBe(400);
    }
  });
});
