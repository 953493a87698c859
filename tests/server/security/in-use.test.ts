/**
 * Issue 10 section 4: deleting a record that other records use is refused (409 `in_use`, how many rows use it and
 * where), for every relation at once: RESTRICT-like keys in the schema and one check in the repository. Bulk deletes
 * are all or nothing; sub-records owned by their parent still go with it (docs/decisions/0016).
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeFamily, employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
const departments = '/v1/refs/employees/orgs/departments';

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 30, CJ: 3 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

async function usedDepartment() {
  const staff = (await t.call(admin, 'GET', '/v1/employees?limit=1000')).body.data as Json[];
  const id = staff.find((row) => row.department)!.department as string;
  const [{ n } = { n: 0 }] = await t.database.db
    .select({ n: count() })
    .from(employees)
    .where(eq(employees.department, id));
  return { id, users: Number(n) };
}

describe('deleting what is in use', () => {
  it('V2.2.3 refuses to delete a department its employees use, saying how many and where', async () => {
    const { id, users } = await usedDepartment();
    expect(users).toBeGreaterThan(0);
    const reply = await t.call(admin, 'DELETE', `${departments}/${id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('in_use');
    expect(reply.body.used_by).toContainEqual(expect.objectContaining({ resource: 'employees', count: users }));
    expect(reply.body.message).toContain(`${users} employees`);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(employees)
      .where(eq(employees.department, id));
    expect(Number(n)).toBe(users);
    expect((await t.call(admin, 'GET', `${departments}/${id}`)).status).toBe(200);
  });

  it('V2.2.3 makes a bulk delete all or nothing: an unused row goes only with the used one', async () => {
    const { id } = await usedDepartment();
    const unused = (await t.call(admin, 'POST', departments, { code: 'UNUSED-1', name: 'Unused' })).body.data;
    for (const request of [
      t.call(admin, 'DELETE', departments, { ids: [unused._id, id] }),
      t.call(admin, 'POST', `${departments}/bulk`, { delete: [unused._id, id] }),
    ]) {
      const reply = await request;
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('in_use');
    }
    expect((await t.call(admin, 'GET', `${departments}/${unused._id}`)).status).toBe(200);
    expect((await t.call(admin, 'DELETE', `${departments}/${unused._id}`)).status).toBe(200);
  });

  it('V2.2.3 applies to every relation: job titles, locations, roles, payroll references', async () => {
    const staff = (await t.call(admin, 'GET', '/v1/employees?limit=1000')).body.data as Json[];
    const cases = [
      ['/v1/refs/employees/orgs/job-titles', 'job_title'],
      ['/v1/refs/employees/orgs/locations', 'location'],
    ] as const;
    for (const [path, field] of cases) {
      const used = staff.find((row) => row[field])?.[field];
      expect(used, path).toEqual(expect.any(String));
      const reply = await t.call(admin, 'DELETE', `${path}/${used}`);
      expect(reply.status, path).toBe(409);
      expect(reply.body.used_by[0].resource, path).toBe('employees');
    }
    // A department used by a sub-department and nothing else.
    const parent = (await t.call(admin, 'POST', departments, { code: 'PARENT-1', name: 'Parent' })).body.data;
    const child = await t.call(admin, 'POST', '/v1/refs/employees/orgs/sub-departments', {
      code: 'CHILD-1',
      name: 'Child',
      department: parent._id,
    });
    expect(child.status).toBe(201);
    const refused = await t.call(admin, 'DELETE', `${departments}/${parent._id}`);
    expect(refused.status).toBe(409);
    // Named, with what opens it, for a caller who may read the sub-departments (issue 25, section 5).
    expect(refused.body.used_by).toEqual([
      {
        resource: 'sub-departments',
        count: 1,
        menu: 'employee-organization',
        rows: [{ _id: child.body.data._id, title: expect.stringContaining('Child'), search: expect.any(String) }],
      },
    ]);
    expect(refused.body.message).toContain('Child');
  });

  it('V2.2.3 the database refuses it too (a RESTRICT-like key), whatever path a delete takes', async () => {
    const { id } = await usedDepartment();
    await expect(t.database.db.execute(sql`delete from departments where id = ${id}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
  });

  it('V2.2.3 keeps ownership cascades: an employee’s family rows go with the employee', async () => {
    const hire = (await t.call(admin, 'POST', '/v1/employees', { employee_id: 'GONE-1', fullname: 'Short Stay' })).body
      .data;
    const family = await t.call(admin, 'POST', '/v1/employees/family', {
      employee: hire._id,
      name: 'Relative',
      relationship: 'Child',
    });
    expect(family.status).toBe(201);
    expect((await t.call(admin, 'DELETE', `/v1/employees/${hire._id}`)).status).toBe(200);
    const left = await t.database.db.select().from(employeeFamily).where(eq(employeeFamily.employee, hire._id));
    expect(left).toEqual([]);
  });
});
