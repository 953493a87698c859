/**
 * `fields` on the generic list (issue 11 section 7): a grid asks for its columns only, and the reply is that much
 * smaller. Tenancy and payroll privacy hold as without it; an unknown field is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 30, CJ: 5 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('list fields', () => {
  it('sends only the fields asked for, with _id and version, the same rows in the same order', async () => {
    const all = await t.call(admin, 'GET', '/v1/employees?sort=fullname');
    const some = await t.call(admin, 'GET', '/v1/employees?sort=fullname&fields=fullname,basic_salary');
    expect(some.status).toBe(200);
    expect(some.body.meta).toEqual(all.body.meta);
    expect(some.body.data.length).toBe(all.body.data.length);
    for (const [i, row] of some.body.data.entries()) {
      expect(Object.keys(row).sort()).toEqual(['_id', 'basic_salary', 'fullname', 'version']);
      const full = all.body.data[i];
      expect(row).toEqual({
        _id: full._id,
        version: full.version,
        fullname: full.fullname,
        basic_salary: full.basic_salary,
      });
    }
    expect(JSON.stringify(some.body).length).toBeLessThan(JSON.stringify(all.body).length / 4);
  });

  it('populates a relation it was asked for', async () => {
    const reply = await t.call(admin, 'GET', '/v1/employees?fields=department&populate=department&limit=5');
    expect(reply.status).toBe(200);
    const withDepartment = reply.body.data.find((row: { department: unknown }) => row.department);
    expect(withDepartment.department).toHaveProperty('_id');
  });

  it('still leaves out private fields the caller may not read, and other companies rows', async () => {
    const custom = await t.login('custom');
    const reply = await t.call(custom, 'GET', '/v1/employees?fields=fullname,basic_salary');
    expect(reply.status).toBe(200);
    expect(reply.body.data.length).toBeGreaterThan(0);
    for (const row of reply.body.data) expect(Object.keys(row).sort()).toEqual(['_id', 'fullname', 'version']);

    const cj = await t.login('admin.cj');
    const theirs = await t.call(cj, 'GET', '/v1/employees?fields=fullname');
    const ours = await t.call(admin, 'GET', '/v1/employees?fields=fullname');
    const ourIds = new Set(ours.body.data.map((row: { _id: string }) => row._id));
    expect(theirs.body.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.some((row: { _id: string }) => ourIds.has(row._id))).toBe(false);
  });

  it('refuses an unknown field with 400 and the allowed names', async () => {
    for (const fields of ['fullname,password_hash', 'company_id', 'nope']) {
      const reply = await t.call(admin, 'GET', `/v1/employees?fields=${fields}`);
      expect(reply.status, fields).toBe(400);
      expect(reply.body.fields.fields.code).toBe('enum');
      expect(reply.body.fields.fields.params.allowedValues).toContain('fullname');
    }
  });
});
