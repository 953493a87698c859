import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { companies, users } from '../../../server/db/schema.ts';
import { DEMO_PASSWORD } from '../../../server/seed/demo.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let developer: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 2 } });
  developer = await t.login('developer');
});
afterAll(() => t?.close());

describe('creating a company (developer)', () => {
  it('creates it with its default banks, payroll references and rules, in one transaction', async () => {
    const reply = await t.call(developer, 'POST', '/v1/companies', {
      name: 'PT Baru Makmur',
      code: 'BARU',
      umk: 3_500_000,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const company = reply.body.data;
    expect(company).toMatchObject({ name: 'PT Baru Makmur', code: 'BARU', umk: 3_500_000, version: 1, admin: null });

    const count = async (table: string) =>
      Number(
        (await t.database.pool.query(`select count(*) from ${table} where company_id = $1`, [company._id])).rows[0]
          .count,
      );
    expect(await count('banks')).toBeGreaterThan(10);
    expect(await count('overtime_rules')).toBe(3);
    expect(await count('late_deductions')).toBe(4);
    expect(await count('allowances')).toBeGreaterThan(5);
    // Salary grades follow the company's UMK: the first is the UMK rounded up to Rp 50,000.
    const grades = await t.database.pool.query(
      'select grade, reported_salary from salary_grades where company_id = $1 order by reported_salary',
      [company._id],
    );
    expect([grades.rows[0].grade, Number(grades.rows[0].reported_salary)]).toEqual(['G1', 3_500_000]);
  });

  it("lists the new company's banks and rules to its admin, through the API", async () => {
    const created = (await t.call(developer, 'POST', '/v1/companies', { name: 'PT Lihat', code: 'LIHAT' })).body.data;
    // No API assigns a company admin yet: the account is written directly, then the developer acts as it.
    const [admin] = await t.database.db
      .insert(users)
      .values({
        company_id: created._id,
        fullname: 'Lia Admin',
        username: 'lia.lihat',
        level: 'admin',
        password_hash: await hashPassword(DEMO_PASSWORD),
      })
      .returning({ id: users.id });
    await t.database.db.update(companies).set({ admin: admin!.id }).where(eq(companies.id, created._id));
    const acting = await t.call(developer, 'POST', `/v1/companies/${created._id}/impersonate`);
    expect(acting.status, JSON.stringify(acting.body)).toBe(200);
    const token = acting.body.data.token;
    const banks = (await t.call(token, 'GET', '/v1/refs/employees/legalities/banks?limit=1000')).body.data as Json[];
    expect(banks.map((bank) => bank.code)).toEqual(expect.arrayContaining(['BCA', 'MANDIRI', 'BSI']));
    const rules = (await t.call(token, 'GET', '/v1/refs/payrolls/early-deductions')).body.data as Json[];
    expect(rules.map((rule) => rule.method).sort()).toEqual(['daily', 'percentage', 'prorate']);
    // Without a UMK, the grades start from Jakarta's.
    const grades = (await t.call(token, 'GET', '/v1/refs/payrolls/salary-grades?sort=reported_salary')).body
      .data as Json[];
    expect(grades[0]).toMatchObject({ grade: 'G1', reported_salary: 5_400_000 });
  });

  it('writes nothing when the company is refused', async () => {
    const before = (await t.database.pool.query('select count(*) from banks')).rows[0].count;
    const taken = await t.call(developer, 'POST', '/v1/companies', { name: 'Again', code: 'DEMO' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields.code.code).toBe('unique');
    const invalid = await t.call(developer, 'POST', '/v1/companies', { name: '', code: 'lower' });
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['code', 'name']);
    expect((await t.database.pool.query('select count(*) from banks')).rows[0].count).toBe(before);
  });

  it('updates companies in bulk but adds none that way (they would lack their lists)', async () => {
    const companies = (await t.call(developer, 'GET', '/v1/companies?limit=1000')).body.data;
    const cj = companies.find((company: { code: string }) => company.code === 'CJ');
    const reply = await t.call(developer, 'POST', '/v1/companies/bulk', {
      rows: [
        { code: 'CJ', industry: 'Garments', version: cj.version },
        { code: 'NOPE', name: 'Not created' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows).toEqual([expect.objectContaining({ index: 1, fields: { code: expect.anything() } })]);
    const ok = await t.call(developer, 'POST', '/v1/companies/bulk', {
      rows: [{ code: 'CJ', industry: 'Garments', version: cj.version }],
    });
    expect(ok.body.data).toMatchObject({ updated: 1, created: 0 });
  });

  it('is for developers only', async () => {
    const admin = await t.login('admin');
    expect((await t.call(admin, 'POST', '/v1/companies', { name: 'X', code: 'X' })).status).toBe(403);
    expect((await t.call(null, 'POST', '/v1/companies', { name: 'X', code: 'X' })).status).toBe(401);
  });
});
