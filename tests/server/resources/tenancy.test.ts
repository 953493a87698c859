import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let demoAdmin: string;
let cjAdmin: string;
let cjEmployee: { _id: string; fullname: string; employee_id: string; version: number };
let cjDepartment: { _id: string; code: string };
/** What the natural-key bulk wrote: DEMO's records; and the CJ record created alongside. */
let demoWritten: string[] = [];
let cjCreated = '';

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

  it("V8.4.1 cannot update another company's rows through bulk upsert, by id or by its actual natural key", async () => {
    const byId = await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments/bulk', {
      rows: [{ _id: cjDepartment._id, name: 'Taken over' }],
    });
    expect(byId.status).toBe(400);
    expect(byId.body.rows[0].fields._id.code).toBe('not_found');

    // CJ's actual natural keys: a code only CJ has, and a code both companies have (FIN).
    const cjOnly = (
      await t.call(cjAdmin, 'POST', '/v1/refs/employees/orgs/departments', { code: 'CJ-ONLY', name: 'Only in CJ' })
    ).body.data;
    const cjFin = (await t.call(cjAdmin, 'GET', '/v1/refs/employees/orgs/departments?code=FIN')).body.data[0];
    const demoFin = (await t.call(demoAdmin, 'GET', '/v1/refs/employees/orgs/departments?code=FIN')).body.data[0];
    expect(cjOnly?._id && cjFin?._id && demoFin?._id).toBeTruthy();
    const byKey = await t.call(demoAdmin, 'POST', '/v1/refs/employees/orgs/departments/bulk', {
      rows: [
        { code: 'cj-only', name: 'Mine' },
        // DEMO's own FIN is updated: the row carries the version DEMO loaded (a version-less row is refused).
        { code: 'fin', name: 'Mine too', version: demoFin.version },
      ],
    });
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    // A new row of DEMO's own for the CJ-only code; DEMO's own FIN for the shared one.
    expect(byKey.body.data.rows[0]).toMatchObject({ status: 'created', version: 1 });
    expect(byKey.body.data.rows[0]._id).not.toBe(cjOnly._id);
    expect(byKey.body.data.rows[1]).toMatchObject({ status: 'updated', _id: demoFin._id });
    demoWritten = [byKey.body.data.rows[0]._id, demoFin._id];
    cjCreated = cjOnly._id;
    // CJ's rows are exactly as they were.
    for (const before of [cjOnly, cjFin]) {
      const after = await t.call(cjAdmin, 'GET', `/v1/refs/employees/orgs/departments/${before._id}`);
      expect(after.body.data).toEqual(before);
    }
  });

  it('V8.4.1 keeps activity logs per company: the own company holds the entry, the other company does not', async () => {
    expect(demoWritten.length).toBe(2);
    const records = (logs: { record_id: string }[]) => new Set(logs.map((log) => log.record_id));
    const demoLogs = records((await t.call(demoAdmin, 'GET', '/v1/logs?limit=10000')).body.data);
    const cjLogs = records((await t.call(cjAdmin, 'GET', '/v1/logs?limit=10000')).body.data);
    for (const id of demoWritten) {
      expect(demoLogs.has(id)).toBe(true);
      expect(cjLogs.has(id)).toBe(false);
    }
    expect(cjLogs.has(cjCreated)).toBe(true);
    expect(demoLogs.has(cjCreated)).toBe(false);
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
