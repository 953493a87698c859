/**
 * Issue 10 section 3: a department admin stays in their department. Employees they create or import are in it (by
 * default, and refused in another), and the company-wide organization and payroll references are read-only to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let dept: string;
let admin: string;
let own: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 20, CJ: 3 } });
  dept = await t.login('deptadmin');
  admin = await t.login('admin');
  const me = (await t.call(dept, 'GET', '/v1/employees/me')).body.data;
  own = me.department;
  const departments = (await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments?limit=100')).body.data;
  other = departments.find((row: Json) => row._id !== own)._id;
});
afterAll(() => t?.close());

describe('employees a department admin adds', () => {
  it('V8.2.2 are created in their own department when none is given, and refused in another', async () => {
    expect(own).toEqual(expect.any(String));
    const created = await t.call(dept, 'POST', '/v1/employees', { employee_id: 'DEPT-A1', fullname: 'Own Hire' });
    expect(created.status).toBe(201);
    expect(created.body.data.department).toBe(own);
    const refused = await t.call(dept, 'POST', '/v1/employees', {
      employee_id: 'DEPT-A2',
      fullname: 'Elsewhere',
      department: other,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.fields.department.code).toBe('own_department');
    const none = await t.call(dept, 'POST', '/v1/employees', {
      employee_id: 'DEPT-A3',
      fullname: 'Nowhere',
      department: null,
    });
    expect(none.status).toBe(403);
  });

  it('V8.2.2 are imported and invited into their own department, and refused in another', async () => {
    const imported = await t.call(dept, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: 'DEPT-I1', fullname: 'Imported Hire' }],
    });
    expect(imported.status).toBe(200);
    const invited = await t.call(dept, 'POST', '/v1/employees/import-invitation', {
      rows: [{ employee_id: 'DEPT-I2', fullname: 'Invited Hire', email: 'dept.i2@example.test' }],
    });
    expect(invited.status).toBe(200);
    for (const id of [imported.body.data.rows[0]._id, invited.body.data.rows[0]._id]) {
      const row = await t.call(admin, 'GET', `/v1/employees/${id}`);
      expect(row.body.data.department).toBe(own);
    }
    const refused = await t.call(dept, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: 'DEPT-I3', fullname: 'Elsewhere', department: other }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.fields.department.code).toBe('own_department');
    const onboarding = await t.call(dept, 'POST', '/v1/employee-onboarding', {
      fullname: 'Coming Soon',
      email: 'coming.soon@example.test',
    });
    expect(onboarding.status).toBe(201);
    expect(onboarding.body.data.department).toBe(own);
  });
});

describe('company-wide references', () => {
  it('V8.2.1 are read-only to a department admin: create, rename, delete and bulk are refused', async () => {
    const departments = '/v1/refs/employees/orgs/departments';
    const row = (await t.call(dept, 'GET', `${departments}/${own}`)).body.data;
    expect(row._id).toBe(own);
    expect((await t.call(dept, 'POST', departments, { code: 'MINE', name: 'Mine' })).status).toBe(403);
    expect((await t.call(dept, 'PUT', `${departments}/${own}`, { name: 'Renamed', version: row.version })).status).toBe(
      403,
    );
    expect((await t.call(dept, 'DELETE', `${departments}/${other}`)).status).toBe(403);
    expect((await t.call(dept, 'POST', `${departments}/bulk`, { rows: [{ code: 'X', name: 'X' }] })).status).toBe(403);
    for (const path of [
      '/v1/refs/employees/orgs/job-titles',
      '/v1/refs/payrolls/allowances',
      '/v1/refs/payrolls/overtimes',
    ]) {
      const first = (await t.call(dept, 'GET', `${path}?limit=1`)).body.data[0];
      expect(first, path).toBeDefined();
      const put = await t.call(dept, 'PUT', `${path}/${first._id}`, { version: first.version });
      expect(put.status, path).toBe(403);
    }
    const after = (await t.call(admin, 'GET', `${departments}/${own}`)).body.data;
    expect(after.version).toBe(row.version);
  });
});
