/**
 * Access levels through the real app on a real database (issue 26): the level lists (add, department, remove, the
 * rank rule, the log, taking effect on the next request), custom access levels (permission-list, validation, enforcement
 * of `{menu}:read|write`, 409 in use), assigning custom users several at once, and access requests end to end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as Json[];
/** Staff of a company who hold no level yet, able to sign in (the admin's demo password). */
async function staff(company: string, n: number) {
  const found = (
    await rows(sql`select e.id, u.id as user_id, u.username from employees e join users u on u.id = e.user_id
      join companies c on c.id = e.company_id
      where c.code = ${company} and u.level = 'employee' and e.exit_date is null and u.username <> 'employee'
        and not u.blocked
      order by e.employee_id limit ${n}`)
  ).map((row) => ({ employee: row.id as string, user: row.user_id as string, username: row.username as string }));
  for (const person of found) {
    await t.database.db.execute(sql`update users set password_hash = (select password_hash from users
      where username = 'admin') where id = ${person.user}`);
  }
  return found;
}

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 10 } });
  for (const who of ['admin', 'subadmin', 'deptadmin', 'approver', 'employee', 'custom', 'developer', 'admin.cj']) {
    tokens[who] = await t.login(who);
  }
}, 600_000);
afterAll(() => t?.close());

describe('level lists', () => {
  it('lists the holders of each level with their employee and department', async () => {
    for (const [path, username] of [
      ['sub-admins', 'subadmin'],
      ['admin-department', 'deptadmin'],
      ['approver', 'approver'],
    ] as const) {
      const reply = await t.call(tokens.admin!, 'GET', `/v1/${path}`);
      expect(reply.status).toBe(200);
      const row = reply.body.data.find((holder: Json) => holder.username === username);
      expect(row).toMatchObject({ employee: expect.any(String), fullname: expect.any(String) });
    }
    const dept = await t.call(tokens.admin!, 'GET', '/v1/admin-department');
    expect(dept.body.data.find((h: Json) => h.username === 'deptadmin').department.name).toBeTruthy();
  });

  it('gives an employee a level, takes effect on their next request, logs it, and takes it back', async () => {
    const [person] = await staff('DEMO', 1);
    const token = await t.login(person!.username);
    expect((await t.call(token, 'GET', '/v1/approvals/history')).status).toBe(403);

    const added = await t.call(tokens.admin!, 'POST', '/v1/approver', { employee: person!.employee });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ _id: person!.user, level: 'approver' });
    // The same session: the new level holds on the next request, and `me` says so.
    expect((await t.call(token, 'GET', '/v1/approvals/history')).status).toBe(200);
    expect((await t.call(token, 'GET', '/v1/auth/me')).body.data.level).toBe('approver');
    const again = await t.call(tokens.admin!, 'POST', '/v1/approver', { employee: person!.employee });
    expect(again.status).toBe(409);

    const log = await rows(
      sql`select menu, action, changes from activity_logs where record_id = ${person!.user} order by created_at`,
    );
    expect(log.at(-1)).toMatchObject({
      menu: 'approver',
      action: 'update',
      changes: { level: { from: 'employee', to: 'approver' } },
    });

    const removed = await t.call(tokens.admin!, 'DELETE', `/v1/approver/${person!.user}`);
    expect(removed.status).toBe(200);
    expect((await t.call(token, 'GET', '/v1/approvals/history')).status).toBe(403);
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/approver/${person!.user}`)).status).toBe(404);
  });

  it('sets a department admin with a department and changes it', async () => {
    const [person] = await staff('DEMO', 2).then((list) => list.slice(1));
    const departments = await rows(
      sql`select d.id from departments d join companies c on c.id = d.company_id where c.code = 'DEMO' order by d.code limit 2`,
    );
    const added = await t.call(tokens.admin!, 'POST', '/v1/admin-department', {
      employee: person!.employee,
      department: departments[0].id,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.department._id).toBe(departments[0].id);
    const moved = await t.call(tokens.admin!, 'PUT', `/v1/admin-department/${person!.user}`, {
      department: departments[1].id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.department._id).toBe(departments[1].id);
    const [other] = await rows(
      sql`select d.id from departments d join companies c on c.id = d.company_id where c.code = 'CJ' limit 1`,
    );
    const foreign = await t.call(tokens.admin!, 'PUT', `/v1/admin-department/${person!.user}`, {
      department: other.id,
    });
    expect(foreign.status).toBe(400);
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/admin-department/${person!.user}`)).status).toBe(200);
  });

  it('follows the rank rule and the tenancy', async () => {
    const [admin] = await rows(
      sql`select e.id, u.id as user_id from employees e join users u on u.id = e.user_id where u.username = 'admin'`,
    );
    // Nobody takes the admin's own level or moves themselves.
    const self = await t.call(tokens.admin!, 'POST', '/v1/sub-admins', { employee: admin.id });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('self_access');
    // Another company's employee is not this company's to pick.
    const [foreign] = await staff('CJ', 1);
    expect((await t.call(tokens.admin!, 'POST', '/v1/sub-admins', { employee: foreign!.employee })).status).toBe(400);
    expect(
      (await t.call(tokens['admin.cj']!, 'GET', '/v1/sub-admins')).body.data.map((h: Json) => h.username),
    ).not.toContain('subadmin');
    // Only the admin names sub-admins: the menu is the admin's, and a sub-admin is refused.
    const [person] = await staff('DEMO', 1);
    expect((await t.call(tokens.subadmin!, 'POST', '/v1/sub-admins', { employee: person!.employee })).status).toBe(403);
  });
});

describe('custom access levels', () => {
  it('lists the permissions a custom level may hold, with write where the menu writes', async () => {
    const reply = await t.call(tokens.admin!, 'GET', '/v1/permission-list');
    expect(reply.status).toBe(200);
    const byMenu = new Map(reply.body.data.map((p: Json) => [p.menu, p]));
    expect(byMenu.get('active-employees')).toMatchObject({ read: true, write: true, parents: ['employees'] });
    expect(byMenu.has('activity-log')).toBe(false);
    expect(byMenu.has('companies')).toBe(false);
  });

  it('refuses permissions outside the list, enforces a role on its users, and keeps a role in use', async () => {
    const bad = await t.call(tokens.admin!, 'POST', '/v1/roles', {
      code: 'BAD',
      access_level: 'Bad',
      permissions: ['activity-log:read'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.permissions.code).toBe('permission_unknown');

    const created = await t.call(tokens.admin!, 'POST', '/v1/roles', {
      code: 'SHIFTS',
      access_level: 'Shift planner',
      permissions: ['shift:read', 'shift:write', 'home:read'],
    });
    expect(created.status).toBe(201);
    const role = created.body.data._id as string;
    const list = await t.call(tokens.admin!, 'GET', '/v1/roles?limit=9999&search=shift');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: Json) => r.code)).toEqual(['SHIFTS']);

    const people = await staff('DEMO', 2);
    const assigned = await t.call(tokens.subadmin!, 'POST', '/v1/custom-users', {
      employees: people.map((p) => p.employee),
      access_role: role,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.map((h: Json) => h.access_role.code)).toEqual(['SHIFTS', 'SHIFTS']);
    const token = await t.login(people[0]!.username);
    expect((await t.call(token, 'GET', '/v1/shifts')).status).toBe(200);
    expect((await t.call(token, 'GET', '/v1/employees')).status).toBe(403);

    // Taking the write away holds on the next request.
    const [before] = (await t.call(tokens.admin!, 'GET', `/v1/roles/${role}`)).body.data
      ? [(await t.call(tokens.admin!, 'GET', `/v1/roles/${role}`)).body.data]
      : [];
    const edited = await t.call(tokens.admin!, 'PUT', `/v1/roles/${role}`, {
      permissions: ['shift:read', 'home:read'],
      version: before.version,
    });
    expect(edited.status).toBe(200);
    const shift = (await t.call(token, 'GET', '/v1/shifts')).body.data[0];
    expect(
      (await t.call(token, 'PUT', `/v1/shifts/${shift._id}`, { name: shift.name, version: shift.version })).status,
    ).toBe(403);

    const inUse = await t.call(tokens.admin!, 'DELETE', `/v1/roles/${role}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('in_use');
    expect(inUse.body.used_by[0].count).toBe(2);

    for (const person of people) {
      expect((await t.call(tokens.subadmin!, 'DELETE', `/v1/custom-users/${person.user}`)).status).toBe(200);
    }
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/roles/${role}`)).status).toBe(200);
  });

  it('assigns all or none, and a department admin may not assign', async () => {
    const roles = await t.call(tokens.admin!, 'GET', '/v1/custom-users/roles');
    const role = roles.body.data[0]._id as string;
    const [admin] = await rows(
      sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'admin'`,
    );
    const [person] = await staff('DEMO', 1);
    const refused = await t.call(tokens.subadmin!, 'POST', '/v1/custom-users', {
      employees: [person!.employee, admin.id],
      access_role: role,
    });
    expect(refused.status).toBe(403);
    expect((await rows(sql`select level from users where id = ${person!.user}`))[0].level).toBe('employee');
    expect(
      (
        await t.call(tokens.deptadmin!, 'POST', '/v1/custom-users', {
          employees: [person!.employee],
          access_role: role,
        })
      ).status,
    ).toBe(403);
  });
});

describe('access requests', () => {
  it('a company user asks, the developer sees it by company and status and changes only its status', async () => {
    const asked = await t.call(tokens.employee!, 'POST', '/v1/requests', { purpose: 'KPI assessment of my team' });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ status: 'todo', company: { code: 'DEMO' } });
    const id = asked.body.data._id as string;
    expect((await t.call(tokens.employee!, 'POST', '/v1/requests', { purpose: '' })).status).toBe(400);

    const own = await t.call(tokens.employee!, 'GET', '/v1/requests');
    expect(own.body.data.every((r: Json) => r.user?._id === own.body.data[0].user._id)).toBe(true);
    expect((await t.call(tokens['admin.cj']!, 'GET', '/v1/requests')).body.data.map((r: Json) => r._id)).not.toContain(
      id,
    );

    const all = await t.call(
      tokens.developer!,
      'GET',
      `/v1/requests?company=${asked.body.data.company._id}&status=todo`,
    );
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: Json) => r._id)).toContain(id);
    expect(all.body.data.every((r: Json) => r.status === 'todo' && r.company.code === 'DEMO')).toBe(true);

    const moved = await t.call(tokens.developer!, 'PUT', `/v1/requests/${id}`, { status: 'progress' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.status).toBe('progress');
    expect(
      (await t.call(tokens.developer!, 'PUT', `/v1/requests/${id}`, { purpose: 'x', status: 'done' })).status,
    ).toBe(400);
    expect((await t.call(tokens.developer!, 'PUT', `/v1/requests/${id}`, { status: 'closed' })).status).toBe(400);
    expect((await t.call(tokens.admin!, 'PUT', `/v1/requests/${id}`, { status: 'done' })).status).toBe(403);
  });
});
