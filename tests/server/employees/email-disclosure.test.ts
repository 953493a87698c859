/**
 * Issue 24: a CJ import using a DEMO address answered "is already used", disclosing another company's email. Sign-in
 * emails stay unique across the platform, but another company's is never disclosed (docs/decisions/0126): the
 * employee is created, their record keeps the address, and their account gets no sign-in email.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, users } from '../../../server/db/schema.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
});
afterAll(() => t?.close());

describe('another company’s email', () => {
  it('is not disclosed by an import or a create', async () => {
    const [demoAdmin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const email = demoAdmin!.email!;
    const cj = await t.login('admin.cj');
    const imported = await t.call(cj, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: 'CJ-MAIL-1', fullname: 'Same Address', email }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const id = imported.body.data.rows[0]._id;
    const [record] = await t.database.db.select().from(employees).where(eq(employees.id, id));
    expect(record!.email).toBe(email);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, record!.user));
    expect(account!.email).toBeNull();
    const created = await t.call(cj, 'POST', '/v1/employees', {
      employee_id: 'CJ-MAIL-2',
      fullname: 'Same Address Two',
      email: email.toUpperCase(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [second] = await t.database.db.select().from(users).where(eq(users.username, 'cj-mail-2'));
    expect(second!.email).toBeNull();
  });
});

/** A CJ employee with an account other than the CJ admin's own. */
async function cjEmployee() {
  const db = t.database.db;
  const [cjAdmin] = await db.select().from(users).where(eq(users.username, 'admin.cj'));
  const [employee] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.company_id, cjAdmin!.company_id!), ne(employees.user, cjAdmin!.id)))
    .limit(1);
  return { cjAdmin: cjAdmin!, employee: employee! };
}

describe('an account’s email set to another company’s address', () => {
  it('is not disclosed: the record keeps it, the account has no sign-in email, the reply is as for a free one', async () => {
    const db = t.database.db;
    const [demoAdmin] = await db.select().from(users).where(eq(users.username, 'admin'));
    const email = demoAdmin!.email!;
    const { employee } = await cjEmployee();
    const cj = await t.login('admin.cj');
    const free = await t.call(cj, 'PUT', `/v1/employees/${employee.id}/account`, { email: 'free.address@cj.example' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.data.email).toBe('free.address@cj.example');

    const foreign = await t.call(cj, 'PUT', `/v1/employees/${employee.id}/account`, { email });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(200);
    expect(foreign.body.data.email).toBe(email);
    const read = await t.call(cj, 'GET', `/v1/employees/${employee.id}/account`);
    expect(read.body.data.email).toBe(email);
    const [record] = await db.select().from(employees).where(eq(employees.id, employee.id));
    expect(record!.email).toBe(email);
    const [account] = await db.select().from(users).where(eq(users.id, employee.user));
    expect(account!.email).toBeNull();
    // The DEMO admin still signs in with their address.
    await t.login(email);
  });

  it('within the company an address in use is still "already used"', async () => {
    const { cjAdmin, employee } = await cjEmployee();
    const cj = await t.login('admin.cj');
    const taken = await t.call(cj, 'PUT', `/v1/employees/${employee.id}/account`, { email: cjAdmin.email });
    expect(taken.status, JSON.stringify(taken.body)).toBe(400);
    expect(JSON.stringify(taken.body)).toContain('already used');
  });
});
