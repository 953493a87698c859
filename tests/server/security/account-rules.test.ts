/**
 * Issue 10 section 2: who may change whom. The rule (common/account-rules.ts) against a table written here by hand,
 * every level against every target level and every account field; then the routes that write account fields.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountField, accountChangeRefusal, accountFields } from '../../../common/account-rules.ts';
import { type Level, levels } from '../../../common/menu.ts';
import { issueOneTimeToken } from '../../../server/auth/one-time.ts';
import { employees, users } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

/** Whom each level outranks, by hand: developer > admin > sub_admin > custom = admin_department = approver > employee. */
const outranks: Record<Level, readonly Level[]> = {
  developer: ['admin', 'sub_admin', 'custom', 'admin_department', 'approver', 'employee'],
  admin: ['sub_admin', 'custom', 'admin_department', 'approver', 'employee'],
  sub_admin: ['custom', 'admin_department', 'approver', 'employee'],
  custom: ['employee'],
  admin_department: ['employee'],
  approver: ['employee'],
  employee: [],
};

/** A value each field may be set to; a new level is the lowest one, which any outranking actor may give. */
const values: Record<AccountField, unknown> = {
  email: 'new@example.test',
  username: 'new.name',
  phone: '0811111111',
  password: 'a-new-password-1',
  blocked: true,
  level: 'employee',
  access_role: '00000000-0000-4000-8000-000000000000',
};

describe('the account rule, every level against every target level and field', () => {
  const cases = levels.flatMap((actor) =>
    levels.flatMap((target) => accountFields.map((field) => [actor, target, field] as const)),
  );
  it.each(cases)('V8.2.3 %s changing a %s account’s %s', (actor, target, field) => {
    const refusal = accountChangeRefusal(
      { id: 'actor', level: actor },
      { id: 'target', level: target },
      field,
      values[field],
    );
    expect(refusal).toBe(outranks[actor].includes(target) ? null : 'outranked');
  });

  it.each(levels)('V8.2.3 a %s never gives a level equal to or above their own', (actor) => {
    for (const level of levels) {
      const refusal = accountChangeRefusal({ id: 'a', level: actor }, { id: 't', level: 'employee' }, 'level', level);
      const below = outranks[actor].includes(level);
      if (actor === 'employee') expect(refusal).toBe('outranked');
      else expect(refusal).toBe(below ? null : 'level_too_high');
    }
  });

  it.each(levels)('V8.2.3 a %s never raises their own level nor blocks themselves', (level) => {
    const self = { id: 'me', level };
    for (const field of accountFields) {
      const refusal = accountChangeRefusal(self, self, field, values[field]);
      if (field === 'blocked') expect(refusal).toBe('self_block');
      else if (field === 'access_role') expect(refusal).toBe('self_raise');
      else expect(refusal).toBeNull(); // a new level of 'employee' is no raise
    }
    for (const higher of levels.filter((other) => outranks[other].includes(level)))
      expect(accountChangeRefusal(self, self, 'level', higher)).toBe('self_raise');
    expect(accountChangeRefusal(self, self, 'blocked', false)).toBeNull();
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
});
afterAll(() => t?.close());

async function employeeOf(username: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [employee] = await db.select().from(employees).where(eq(employees.user, user!.id));
  return { user: user!, employee: employee! };
}

describe('the routes that write account fields', () => {
  it('V8.2.3 a sub_admin cannot take over the admin: email, username, blocked and password are refused', async () => {
    const sub = await t.login('subadmin');
    const { user, employee } = await employeeOf('admin');
    for (const [field, value] of Object.entries({
      email: 'thief@evil.example',
      username: 'taken.over',
      blocked: true,
      phone: '0899999999',
    })) {
      const reply = await t.call(sub, 'PUT', `/v1/employees/${employee.id}/account`, { [field]: value });
      expect(reply.status, field).toBe(403);
      expect(reply.body.fields[field].code, field).toBe('outranked');
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ email: user.email, username: user.username, blocked: false, phone: user.phone });
    // The department admin cannot change a sub_admin either, but may change an employee's contact data.
    const dept = await t.login('deptadmin');
    const subAccount = await employeeOf('subadmin');
    const refused = await t.call(dept, 'PUT', `/v1/employees/${subAccount.employee.id}/account`, {
      email: 'x@example.test',
    });
    expect([403, 404]).toContain(refused.status);
    const admin = await t.login('admin');
    const staff = await employeeOf('employee');
    const allowed = await t.call(admin, 'PUT', `/v1/employees/${staff.employee.id}/account`, { phone: '0812345678' });
    expect(allowed.status).toBe(200);
  });

  it('V8.2.3 nobody blocks their own account', async () => {
    const admin = await t.login('admin');
    const { employee } = await employeeOf('admin');
    const reply = await t.call(admin, 'PUT', `/v1/employees/${employee.id}/account`, { blocked: true });
    expect(reply.status).toBe(403);
    expect(reply.body.fields.blocked.code).toBe('self_block');
    // Unchanged values are no change: the own account's form may send them.
    expect((await t.call(admin, 'PUT', `/v1/employees/${employee.id}/account`, { blocked: false })).status).toBe(200);
  });

  it('V8.2.3 the generic users resource applies the rule too: a developer cannot change another developer', async () => {
    const db = t.database.db;
    const [other] = await db
      .insert(users)
      .values({ fullname: 'Second Developer', username: 'dev.two', level: 'developer', email: 'two@example.test' })
      .returning();
    // Invited, so the invited-users list holds it.
    await issueOneTimeToken(db, 'activation', { userId: other!.id });
    const developer = await t.login('developer');
    const reply = await t.call(developer, 'PUT', `/v1/invited-users/${other!.id}`, {
      email: 'thief@evil.example',
      version: other!.version,
    });
    expect(reply.status).toBe(403);
    expect(reply.body.fields.email.code).toBe('outranked');
    const bulk = await t.call(developer, 'POST', '/v1/invited-users/bulk', {
      rows: [{ _id: other!.id, version: other!.version, phone: '0811111111' }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.rows[0].fields.phone.code).toBe('outranked');
    const [after] = await db.select().from(users).where(eq(users.id, other!.id));
    expect(after).toMatchObject({ email: 'two@example.test', phone: null, version: other!.version });
  });
});
