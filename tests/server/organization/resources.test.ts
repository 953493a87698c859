import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

const personal = [
  '/v1/refs/employees/personal/nationalities',
  '/v1/refs/employees/personal/religions',
  '/v1/refs/employees/personal/titles',
  '/v1/refs/employees/personal/majors',
  '/v1/refs/employees/personal/relationships',
  '/v1/refs/employees/legalities/banks',
  '/v1/refs/employees/assigns/roles',
];
const banks = '/v1/refs/employees/legalities/banks';
const roles = '/v1/refs/employees/assigns/roles';
const departments = '/v1/refs/employees/orgs/departments';

let t: TestApp;
let demo: string;
let cj: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  demo = await t.login('admin');
  cj = await t.login('admin.cj');
});
afterAll(() => t?.close());

const list = async (token: string, path: string) => {
  const reply = await t.call(token, 'GET', `${path}?limit=10000`);
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data as Json[];
};

describe('employee-personal reference lists', () => {
  it.each(personal)("%s lists each company's seeded rows, never the other's", async (path) => {
    const [demoRows, cjRows] = [await list(demo, path), await list(cj, path)];
    expect(demoRows.length).toBeGreaterThan(3);
    expect(cjRows.length).toBeGreaterThan(3);
    const demoIds = new Set(demoRows.map((row) => row._id));
    expect(cjRows.some((row) => demoIds.has(row._id))).toBe(false);
    // The same list by code in both companies, as separate records.
    expect(cjRows.map((row) => row.code)).toEqual(expect.arrayContaining(demoRows.slice(0, 3).map((row) => row.code)));
    expect((await t.call(demo, 'GET', `${path}/${cjRows[0]._id}`)).status).toBe(404);
  });

  it('seeds the common Indonesian banks and the religions employees hold', async () => {
    const codes = (await list(demo, banks)).map((bank) => bank.code);
    expect(codes).toEqual(
      expect.arrayContaining(['BCA', 'BRI', 'BNI', 'MANDIRI', 'BSI', 'CIMB', 'DANAMON', 'PERMATA', 'BTN', 'OCBC']),
    );
    const religions = (await list(demo, '/v1/refs/employees/personal/religions')).map((row) => row.name);
    const held = (await list(demo, '/v1/employees')).map((employee) => employee.religion);
    expect(religions).toEqual(expect.arrayContaining([...new Set(held)]));
  });

  it('adds to the lists that allow it', async () => {
    const reply = await t.call(demo, 'POST', '/v1/refs/employees/personal/majors', {
      code: 'ARCH',
      name: 'Architecture',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ code: 'ARCH', name: 'Architecture', version: 1 });
    const duplicate = await t.call(demo, 'POST', '/v1/refs/employees/personal/majors', { code: 'arch', name: 'Again' });
    expect(duplicate.body.fields.code.code).toBe('unique');
  });

  it('never adds a bank, by create or by bulk, but edits and bulk-updates them', async () => {
    const create = await t.call(demo, 'POST', banks, { code: 'NEWBANK', name: 'New Bank' });
    expect(create.status).toBe(404);
    const bulkNew = await t.call(demo, 'POST', `${banks}/bulk`, { rows: [{ code: 'NEWBANK', name: 'New Bank' }] });
    expect(bulkNew.status).toBe(400);
    expect(bulkNew.body.rows[0].fields.code.code).toBe('not_found');

    const bca = (await list(demo, banks)).find((bank) => bank.code === 'BCA');
    const updated = await t.call(demo, 'PUT', `${banks}/${bca._id}`, { name: 'BCA', version: bca.version });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'BCA', version: bca.version + 1 });
    // Nor deletes one: no DELETE routes, and a bulk deletion is refused whole.
    expect((await t.call(demo, 'DELETE', `${banks}/${bca._id}`)).status).toBe(404);
    const bulkDelete = await t.call(demo, 'POST', `${banks}/bulk`, {
      delete: [bca._id],
      rows: [{ code: 'bri', name: 'Not saved' }],
    });
    expect(bulkDelete.status).toBe(403);
    expect((await list(demo, banks)).find((bank) => bank.code === 'BRI').name).not.toBe('Not saved');
    const bri = (await list(demo, banks)).find((bank) => bank.code === 'BRI');
    const bulk = await t.call(demo, 'POST', `${banks}/bulk`, {
      rows: [{ code: 'bri', name: 'BRI', version: bri.version }],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toMatchObject({ created: 0, updated: 1 });
    expect((await list(cj, banks)).find((bank) => bank.code === 'BRI').name).toBe('Bank Rakyat Indonesia (BRI)');
  });
});

describe('employee roles', () => {
  it('are seeded with levels, some in a department of the same company (populated)', async () => {
    const rows = (await t.call(demo, 'GET', `${roles}?populate=department&sort=level,code`)).body.data as Json[];
    expect(rows[0]).toMatchObject({ code: 'DIR', role: 'Director', level: 0, department: null });
    const demoDepartments = new Set((await list(demo, departments)).map((department) => department._id));
    const inDepartment = rows.filter((row) => row.department !== null);
    expect(inDepartment.length).toBeGreaterThan(0);
    for (const row of inDepartment) {
      expect(row.department).toEqual({ _id: expect.any(String), code: expect.any(String), name: expect.any(String) });
      expect(demoDepartments.has(row.department._id)).toBe(true);
    }
    const levels = rows.map((row) => row.level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  it("takes a department of the caller's company only", async () => {
    const own = (await list(demo, departments))[0];
    const foreign = (await list(cj, departments))[0];
    const created = await t.call(demo, 'POST', roles, {
      code: 'QA-LEAD',
      role: 'QA Lead',
      level: 4,
      department: own._id,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ role: 'QA Lead', level: 4, department: own._id });

    const refused = await t.call(demo, 'POST', roles, { code: 'X-LEAD', role: 'X', level: 4, department: foreign._id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.department.code).toBe('not_found');
    const moved = await t.call(demo, 'PUT', `${roles}/${created.body.data._id}`, {
      department: foreign._id,
      version: 1,
    });
    expect(moved.body.fields.department.code).toBe('not_found');
    const bulk = await t.call(demo, 'POST', `${roles}/bulk`, {
      rows: [{ code: 'QA-LEAD', department: foreign._id, version: 1 }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.rows[0].fields.department.code).toBe('not_found');
    // No department is fine.
    const none = await t.call(demo, 'PUT', `${roles}/${created.body.data._id}`, { department: null, version: 1 });
    expect(none.body.data.department).toBeNull();
  });

  it('refuses a negative or fractional level', async () => {
    const negative = await t.call(demo, 'POST', roles, { code: 'NEG', role: 'Negative', level: -1 });
    expect(negative.body.fields.level.code).toBe('minimum');
    const fraction = await t.call(demo, 'POST', roles, { code: 'FRAC', role: 'Fraction', level: 1.5 });
    expect(fraction.body.fields.level.code).toBe('type');
  });
});

describe('departments', () => {
  it('take an optional description of at most 500 characters, seeded for some', async () => {
    const seeded = await list(demo, departments);
    expect(seeded.find((row) => row.code === 'FIN').description).toContain('tax');
    expect(seeded.every((row) => 'description' in row)).toBe(true);

    const created = await t.call(demo, 'POST', departments, { code: 'CSR', name: 'Corporate Social Responsibility' });
    expect(created.status).toBe(201);
    expect(created.body.data.description).toBeNull();
    const text = 'Community programmes and the yearly CSR report.';
    const described = await t.call(demo, 'PUT', `${departments}/${created.body.data._id}`, {
      description: text,
      version: 1,
    });
    expect(described.body.data).toMatchObject({ description: text, version: 2 });
    const tooLong = await t.call(demo, 'PUT', `${departments}/${created.body.data._id}`, {
      description: 'x'.repeat(501),
      version: 2,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.description).toMatchObject({ code: 'maxLength', params: { limit: 500 } });
    const bulk = await t.call(demo, 'POST', `${departments}/bulk`, {
      rows: [
        { code: 'csr', description: null, version: 2 },
        { code: 'RND', name: 'Research', description: 'x'.repeat(500) },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data).toMatchObject({ created: 1, updated: 1 });
    expect((await t.call(demo, 'GET', `${departments}/${created.body.data._id}`)).body.data.description).toBeNull();
  });
});
