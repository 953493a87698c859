/**
 * Issue 10 section 7: a bulk row that updates an existing record carries the version it edited, or the row is refused;
 * a stale version is that row's conflict. Reported per row, nothing written (docs/decisions/0015).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
const departments = '/v1/refs/employees/orgs/departments';

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const create = async (code: string) =>
  (await t.call(admin, 'POST', departments, { code, name: code })).body.data as Json;

describe('bulk rows that update carry their version', () => {
  it('V2.3.3 refuses a row that updates by _id without its version, and writes nothing', async () => {
    const row = await create('BV-1');
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { _id: row._id, name: 'No version' },
        { code: 'BV-NEW', name: 'New' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows).toEqual([
      expect.objectContaining({
        index: 0,
        status: 'invalid',
        fields: { version: expect.objectContaining({ code: 'version_required' }) },
      }),
    ]);
    expect((await t.call(admin, 'GET', `${departments}/${row._id}`)).body.data).toMatchObject({
      name: 'BV-1',
      version: 1,
    });
    expect((await t.call(admin, 'GET', `${departments}?code=BV-NEW`)).body.meta.total).toBe(0);
  });

  it('V2.3.3 refuses a row that reaches a record by its natural key without its version', async () => {
    await create('BV-2');
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, { rows: [{ code: 'bv-2', name: 'By key' }] });
    expect(reply.status).toBe(400);
    expect(reply.body.rows[0].fields.version.code).toBe('version_required');
  });

  it('V2.3.3 reports each stale row as a conflict with the current version, and saves rows with theirs', async () => {
    const a = await create('BV-3');
    const b = await create('BV-4');
    expect((await t.call(admin, 'PUT', `${departments}/${b._id}`, { name: 'Changed', version: 1 })).status).toBe(200);
    const stale = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { _id: a._id, version: 1, name: 'A2' },
        { _id: b._id, version: 1, name: 'B2' },
      ],
    });
    expect(stale.status).toBe(400);
    expect(stale.body.rows).toEqual([
      expect.objectContaining({
        index: 1,
        fields: { version: expect.objectContaining({ code: 'conflict', params: { current: 2 } }) },
      }),
    ]);
    const fresh = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { _id: a._id, version: 1, name: 'A2' },
        { code: 'BV-4', version: 2, name: 'B2' },
      ],
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.rows.map((row: Json) => [row.status, row.version])).toEqual([
      ['updated', 2],
      ['updated', 3],
    ]);
  });

  it('V2.3.3 the employee import reports a matched row without its version, per row', async () => {
    const staff = (await t.call(admin, 'GET', '/v1/employees?limit=2')).body.data as Json[];
    const reply = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: staff[0].employee_id, nickname: 'No version' },
        { employee_id: staff[1].employee_id, nickname: 'With version', version: staff[1].version },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows).toEqual([
      expect.objectContaining({ index: 0, fields: { version: expect.objectContaining({ code: 'version_required' }) } }),
    ]);
    const ok = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: staff[1].employee_id, nickname: 'With version', version: staff[1].version }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.updated).toBe(1);
  });
});
