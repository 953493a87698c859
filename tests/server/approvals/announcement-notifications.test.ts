/**
 * The bell (decision 0188): a current portal announcement reaches its audience's bell once, as a notification that
 * names it; a current developer's company announcement reaches the bell of the admins and sub-admins of its
 * companies once; no one else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 12, CJ: 3 } });
  for (const who of ['developer', 'admin', 'subadmin', 'employee', 'deptadmin', 'admin.cj']) {
    tokens[who] = await t.login(who);
  }
});
afterAll(() => t?.close());

const bell = async (who: string) => {
  const reply = await t.call(tokens[who]!, 'GET', '/v1/notifications');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { data: Json[]; unread: number };
};

describe('announcements in the bell', () => {
  it('delivers a portal announcement to its department once, and to no one else', async () => {
    const portal = await t.call(tokens.employee!, 'GET', '/v1/portal');
    const department = portal.body.data.employee?.department_id ?? portal.body.data.employee?.department?._id;
    const departments = (await t.call(tokens.admin!, 'GET', '/v1/refs/employees/orgs/departments?limit=100')).body
      .data as Json[];
    const target = department ?? departments.find((d) => d.code === 'SLS')?._id;
    const created = await t.call(tokens.admin!, 'POST', '/v1/announcements', {
      title: 'Bell briefing',
      content: '<p>Targets</p>',
      start_date: today,
      end_date: today,
      departments: [target],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    const first = await bell('employee');
    const mine = first.data.filter((n) => n.announcement?._id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'announcement', announcement: { title: 'Bell briefing' }, read_at: null });
    const again = await bell('employee');
    expect(again.data.filter((n) => n.announcement?._id === id)).toHaveLength(1);
    expect(again.unread).toBe(first.unread);
    // Opening it marks it read.
    const read = await t.call(tokens.employee!, 'POST', '/v1/notifications/read', { ids: [mine[0]!._id] });
    expect(read.status).toBe(200);
    expect(read.body.data.unread).toBe(first.unread - 1);
    expect((await bell('employee')).data.filter((n) => n.announcement?._id === id)).toHaveLength(1);
    // The Finance department admin and the other company are not its audience.
    expect((await bell('deptadmin')).data.some((n) => n.announcement?._id === id)).toBe(false);
    expect((await bell('admin.cj')).data.some((n) => n.announcement?._id === id)).toBe(false);
  });

  it('delivers a company announcement to the admins and sub-admins of its companies once', async () => {
    const companies = await t.call(tokens.developer!, 'GET', '/v1/companies?limit=100');
    const demo = (companies.body.data as Json[]).find((c) => c.code === 'DEMO');
    const created = await t.call(tokens.developer!, 'POST', '/v1/dev/announcement-company', {
      title: 'Maintenance tonight',
      content: 'Down 22:00–23:00.',
      start_date: today,
      end_date: today,
      companies: [demo!._id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    for (const who of ['admin', 'subadmin']) {
      const mine = (await bell(who)).data.filter((n) => n.company_announcement?._id === id);
      expect(mine, who).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: 'company_announcement',
        company_announcement: { title: 'Maintenance tonight' },
      });
      expect(
        (await bell(who)).data.filter((n) => n.company_announcement?._id === id),
        who,
      ).toHaveLength(1);
    }
    for (const who of ['employee', 'deptadmin', 'admin.cj']) {
      expect(
        (await bell(who)).data.some((n) => n.company_announcement?._id === id),
        who,
      ).toBe(false);
    }
  });
});
