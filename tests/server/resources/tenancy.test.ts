import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let demoAdmin: string;
let cjAdmin: string;
let cjEmployee: { _id: string; fullname: string; employee_id: string; version: number };
let cjDepartment: { _id: string; code: string };

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 30, CJ: 10 } });
  demoAdmin = await t.login('admin');
  cjAdmin = await t.login('admin.cj');
  cjEmployee = (await t.call(cjAdmin, 'GET', '/v1/employees?limit=1')).body.data[0];
  cjDepartment = (await t.call(cjAdmin, 'GET', '/v1/refs/employees/orgs/departments?limit=1')).body.data[0];
});
afterAll(() => t?.close());

describe('tenant isolation', () => {
  it("gives 404 for another company's record by id: read, update, delete", async () => {
    const url = `/v1/employees/${cjEmployee._id}`;
    expect((await t.call(demoAdmin, 'GET', url)).status).toBe(404);
    expect((await t.call(demoAdmin, 'PUT', url, { nickname: 'x', version: cjEmployee.version })).status).toBe(404);
    expect((await t.call(demoAdmin, 'DELETE', url)).status).toBe(404);
    expect((await t.call(demoAdmin, 'DELETE', '/v1/employees', { ids: [cjEmployee._id] })).status).toBe(404);
    // Still there for its own company.
    expect((await t.call(cjAdmin, 'GET', url)).status).toBe(200);
  });

  it('never lists, searches or populates foreign rows', async () => {
    const all = await t.call(demoAdmin, 'GET', '/v1/employees?limit=10000&populate=department,user,supervisor');
    expect(all.body.meta.total).toBeGreaterThan(0);
    expect(all.body.data.some((e: { _id: string }) => e._id === cjEmployee._id)).toBe(false);
    expect(all.body.data.every((e: { employee_id: string }) => e.employee_id.startsWith('DEMO'))).toBe(true);

    const search = await t.call(demoAdmin, 'GET', `/v1/employees?search=${encodeURIComponent(cjEmployee.employee_id)}`);
    expect(search.body.data).toEqual([]);
    const byFilter = await t.call(demoAdmin, 'GET', `/v1/employees?department=${cjDepartment._id}`);
    expect(byFilter.body).toMatchObject({ data: [], meta: { total: 0 } });
    const departments = await t.call(demoAdmin, 'GET', `/v1/refs/employees/orgs/departments?limit=10000`);
    expect(departments.body.data.some((d: { _id: string }) => d._id === cjDepartment._id)).toBe(false);
  });

  it("refuses to point a record at another company's record", async () => {
    const own = (await t.call(demoAdmin, 'GET', '/v1/employees?limit=1')).body.data[0];
    const reply = await t.call(demoAdmin, 'PUT', `/v1/employees/${own._id}`, {
      department: cjDepartment._id,
      version: own.version,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields.department.code).toBe('not_found');
  });

  it("cannot update another company's rows through bulk upsert, by id or by natural key", async () => {
    const byId = await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments/bulk', {
      rows: [{ _id: cjDepartment._id, name: 'Taken over' }],
    });
    expect(byId.status).toBe(400);
    expect(byId.body.rows[0].fields._id.code).toBe('not_found');
    // The same code in another company is a new row here, and leaves CJ's untouched.
    const byKey = await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments/bulk', {
      rows: [{ code: `${cjDepartment.code}-X`, name: 'Mine' }],
    });
    expect(byKey.status).toBe(200);
    const cjAfter = await t.call(cjAdmin, 'GET', `/v1/refs/employees/orgs/departments/${cjDepartment._id}`);
    expect(cjAfter.body.data.name).not.toBe('Taken over');
  });

  it('keeps activity logs per company', async () => {
    const cjLogs = await t.call(cjAdmin, 'GET', '/v1/logs');
    expect(cjLogs.body.data.some((log: { detail: string }) => log.detail.includes('Mine'))).toBe(false);
  });
});

describe('tenant isolation in bulk deletions', () => {
  it("refuses another company's id in a bulk delete, and rolls back the rest", async () => {
    const own = (
      await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments', { code: 'OWN-DEL', name: 'Own' })
    ).body.data;
    const reply = await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments/bulk', {
      delete: [own._id, cjDepartment._id],
      rows: [{ code: 'OWN-NEW', name: 'New' }],
    });
    expect(reply.status).toBe(404);
    expect(reply.body.missing).toEqual([cjDepartment._id]);
    expect((await t.call(demoAdmin, 'GET', `/v1/refs/employees/orgs/departments/${own._id}`)).status).toBe(200);
    expect((await t.call(cjAdmin, 'GET', `/v1/refs/employees/orgs/departments/${cjDepartment._id}`)).status).toBe(200);
  });
});
