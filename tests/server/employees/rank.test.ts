/**
 * Issue 24: a sub_admin locked the company admin out (exit, delete). Exit, rehire, delete (single, many and bulk),
 * record updates and account changes of an employee follow the rank rule of server/scope: only a user of a higher
 * level than the employee's account acts on it, and nobody exits or deletes themselves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, users } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
});
afterAll(() => t?.close());

async function employeeOf(username: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [employee] = await db.select().from(employees).where(eq(employees.user, user!.id));
  return employee!;
}

describe('the rank rule on employee records', () => {
  it('a sub_admin cannot exit, rehire, delete, bulk-delete or edit the admin’s employee', async () => {
    const sub = await t.login('subadmin');
    const admin = await employeeOf('admin');
    const exit = await t.call(sub, 'POST', `/v1/employees/${admin.id}/exit`, {
      version: admin.version,
      exit_reason: 'resign',
      exit_date: '2026-01-01',
    });
    expect(exit.status).toBe(403);
    expect(exit.body.code).toBe('outranked');
    const rehire = await t.call(sub, 'POST', `/v1/employees/${admin.id}/rehire`, { version: admin.version });
    expect(rehire.status).toBe(403);
    const one = await t.call(sub, 'DELETE', `/v1/employees/${admin.id}`);
    expect(one.status).toBe(403);
    expect(one.body.code).toBe('outranked');
    const many = await t.call(sub, 'DELETE', '/v1/employees', { ids: [admin.id] });
    expect(many.status).toBe(403);
    const bulkDelete = await t.call(sub, 'POST', '/v1/employees/bulk', { delete: [admin.id] });
    expect(bulkDelete.status).toBe(403);
    const edit = await t.call(sub, 'PUT', `/v1/employees/${admin.id}`, { version: admin.version, nickname: 'x' });
    expect(edit.status).toBe(403);
    const bulkEdit = await t.call(sub, 'POST', '/v1/employees/bulk', {
      rows: [{ _id: admin.id, version: admin.version, nickname: 'x' }],
    });
    expect(bulkEdit.status).toBe(400);
    expect(bulkEdit.body.rows[0].fields._id.code).toBe('outranked');
    const imported = await t.call(sub, 'POST', '/v1/employees/import', {
      rows: [{ _id: admin.id, version: admin.version, nickname: 'x' }],
    });
    expect(imported.status).toBe(400);
    // Nothing changed, and the admin still signs in and their token works.
    const [after] = await t.database.db.select().from(employees).where(eq(employees.id, admin.id));
    expect(after).toMatchObject({ exit_date: null, version: admin.version, nickname: admin.nickname });
    const token = await t.login('admin');
    expect((await t.call(token, 'GET', '/v1/employees/me')).status).toBe(200);
  });

  it('nobody exits or deletes their own employee record', async () => {
    const admin = await t.login('admin');
    const own = await employeeOf('admin');
    const exit = await t.call(admin, 'POST', `/v1/employees/${own.id}/exit`, {
      version: own.version,
      exit_reason: 'resign',
      exit_date: '2026-01-01',
    });
    expect(exit.status).toBe(403);
    expect(exit.body.code).toBe('self_access');
    expect((await t.call(admin, 'DELETE', `/v1/employees/${own.id}`)).body.code).toBe('self_access');
    // Editing one's own record stays allowed.
    const edit = await t.call(admin, 'PUT', `/v1/employees/${own.id}`, { version: own.version, nickname: 'Boss' });
    expect(edit.status).toBe(200);
  });

  it('the admin still exits and rehires a sub_admin, and a sub_admin an employee', async () => {
    const admin = await t.login('admin');
    const target = await employeeOf('subadmin');
    const exit = await t.call(admin, 'POST', `/v1/employees/${target.id}/exit`, {
      version: target.version,
      exit_reason: 'resign',
      exit_date: '2099-01-01',
    });
    expect(exit.status).toBe(200);
    const rehire = await t.call(admin, 'POST', `/v1/employees/${target.id}/rehire`, {
      version: exit.body.data.version,
    });
    expect(rehire.status).toBe(200);
    const sub = await t.login('subadmin');
    const staff = await employeeOf('employee');
    const edit = await t.call(sub, 'PUT', `/v1/employees/${staff.id}`, { version: staff.version, nickname: 'Staff' });
    expect(edit.status).toBe(200);
  });
});
