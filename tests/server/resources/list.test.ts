import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

type Employee = Record<string, unknown> & { _id: string; basic_salary: number; status: string; fullname: string };
let t: TestApp;
let admin: string;
let everyone: Employee[];

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 80, CJ: 5 } });
  admin = await t.login('admin');
  everyone = (await t.call(admin, 'GET', '/v1/employees')).body.data;
});
afterAll(() => t?.close());

const get = async (query: string) => {
  const reply = await t.call(admin, 'GET', `/v1/employees?${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { data: Employee[]; meta: { total: number; limit: number; skip: number } };
};

describe('the list contract (spec 5 and 7)', () => {
  it('defaults to limit 9999 and skip 0, with meta.total', async () => {
    const reply = await get('');
    expect(reply.meta).toEqual({ total: everyone.length, limit: 9999, skip: 0 });
    // The active list: the seed also makes resigned employees and daily workers, who have their own lists.
    expect(everyone.length).toBeGreaterThanOrEqual(50);
    expect(everyone[0]).toHaveProperty('_id');
    expect(everyone[0]).not.toHaveProperty('id');
    expect(everyone[0]).not.toHaveProperty('company_id');
  });

  it('pages with limit and skip, keeping meta.total', async () => {
    const page = await get('limit=10&skip=20&sort=fullname');
    expect(page.meta).toEqual({ total: everyone.length, limit: 10, skip: 20 });
    const sorted = (await get('sort=fullname')).data;
    expect(page.data.map((e) => e._id)).toEqual(sorted.slice(20, 30).map((e) => e._id));
  });

  it('takes a limit above the documented maximum as the maximum, and says so in meta (issue 24)', async () => {
    const reply = await t.call(admin, 'GET', '/v1/employees?limit=10001');
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toMatchObject({ limit: 10_000, skip: 0 });
  });

  it('reads two numbers as an inclusive range', async () => {
    const salaries = everyone.map((e) => e.basic_salary).sort((a, b) => a - b);
    const low = salaries[10]!;
    const high = salaries[40]!;
    const reply = await get(`basic_salary=${low}&basic_salary=${high}`);
    const expected = everyone.filter((e) => e.basic_salary >= low && e.basic_salary <= high);
    expect(reply.meta.total).toBe(expected.length);
    expect(reply.data.every((e) => e.basic_salary >= low && e.basic_salary <= high)).toBe(true);
    // The order of the two ends does not matter.
    expect((await get(`basic_salary=${high}&basic_salary=${low}`)).meta.total).toBe(expected.length);
  });

  it('reads several values as any of them, and drops duplicates', async () => {
    const statuses = [...new Set(everyone.map((e) => e.status))].slice(0, 2);
    const reply = await get(statuses.map((s) => `status=${s}`).join('&'));
    expect(reply.meta.total).toBe(everyone.filter((e) => statuses.includes(e.status)).length);
    const dup = await get(`status=${statuses[0]}&status=${statuses[0]}`);
    expect(dup.meta.total).toBe(everyone.filter((e) => e.status === statuses[0]).length);
  });

  it('drops null values', async () => {
    expect((await get('department=null&status=')).meta.total).toBe(everyone.length);
  });

  it('reads a date-shaped value on a timestamp as that whole day', async () => {
    const day = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10); // today in Jakarta
    expect((await get(`created_at=${day}`)).meta.total).toBe(everyone.length);
    expect((await get('created_at=2001-01-01')).meta.total).toBe(0);
    expect((await get(`created_at=2001-01-01&created_at=${day}`)).meta.total).toBe(everyone.length);
  });

  it('filters date columns by day and by range', async () => {
    const withJoin = everyone.filter((e) => typeof e.join_date === 'string');
    const someDay = withJoin[0]!.join_date as string;
    expect((await get(`join_date=${someDay}`)).meta.total).toBe(withJoin.filter((e) => e.join_date === someDay).length);
    const range = await get('join_date=2020-01-01&join_date=2022-12-31');
    expect(range.meta.total).toBe(
      withJoin.filter((e) => (e.join_date as string) >= '2020-01-01' && (e.join_date as string) <= '2022-12-31').length,
    );
  });

  it('sorts ascending and descending on declared fields only', async () => {
    const desc = (await get('sort=-basic_salary')).data.map((e) => e.basic_salary);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const bad = await t.call(admin, 'GET', '/v1/employees?sort=password_hash');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort.code).toBe('enum');
  });

  it('populates named relations', async () => {
    const reply = await get('populate=department,user&limit=5');
    const first = reply.data.find((e) => e.department !== null)!;
    expect(first.department).toMatchObject({
      _id: expect.any(String),
      code: expect.any(String),
      name: expect.any(String),
    });
    expect(first.user).toMatchObject({ _id: expect.any(String), username: expect.any(String) });
    expect(first.user).not.toHaveProperty('password_hash');
    expect((await t.call(admin, 'GET', '/v1/employees?populate=company')).status).toBe(400);
  });

  it('searches case-insensitively on declared fields, with wildcards taken literally', async () => {
    const target = everyone[3]!;
    const part = target.fullname.split(' ')[0]!.toUpperCase();
    const reply = await get(`search=${encodeURIComponent(part)}`);
    expect(reply.data.map((e) => e._id)).toContain(target._id);
    expect(
      reply.data.every((e) =>
        JSON.stringify([e.fullname, e.employee_id, e.email, e.phone, e.nickname]).toUpperCase().includes(part),
      ),
    ).toBe(true);
    expect((await get('search=%25')).meta.total).toBe(0);
  });

  it('narrows the search to one of the search fields with search_in, and refuses any other field', async () => {
    const target = everyone.find((e) => typeof e.email === 'string' && e.email.includes('@'))!;
    const domain = (target.email as string).split('@')[1]!.toUpperCase();
    // The e-mail domain matches on email, but on no employee's name.
    expect(everyone.some((e) => e.fullname.toUpperCase().includes(domain))).toBe(false);
    const everywhere = await get(`search=${encodeURIComponent(domain)}`);
    expect(everywhere.data.map((e) => e._id)).toContain(target._id);
    expect((await get(`search=${encodeURIComponent(domain)}&search_in=fullname`)).meta.total).toBe(0);
    const inEmail = await get(`search=${encodeURIComponent(domain)}&search_in=email`);
    expect(inEmail.meta.total).toBe(everywhere.meta.total);

    const part = target.fullname.split(' ')[0]!.toLowerCase();
    const byName = await get(`search=${encodeURIComponent(part)}&search_in=fullname`);
    expect(byName.data.map((e) => e._id)).toContain(target._id);
    expect(byName.meta.total).toBe(everyone.filter((e) => e.fullname.toLowerCase().includes(part)).length);
    // Without a search, search_in changes nothing.
    expect((await get('search_in=fullname')).meta.total).toBe(everyone.length);

    for (const field of ['basic_salary', 'password_hash']) {
      const bad = await t.call(admin, 'GET', `/v1/employees?search=a&search_in=${field}`);
      expect(bad.status).toBe(400);
      expect(bad.body.fields.search_in).toMatchObject({
        code: 'enum',
        params: { allowedValues: ['fullname', 'employee_id', 'email', 'phone', 'nickname'] },
      });
    }
    const refs = await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments?search=a&search_in=fullname');
    expect(refs.status).toBe(400);
    expect(refs.body.fields.search_in.code).toBe('enum');
  });

  it('refuses unknown query keys and malformed filter values with field errors', async () => {
    const unknown = await t.call(admin, 'GET', '/v1/employees?salary=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.salary.code).toBe('unknown_field');
    const badNumber = await t.call(admin, 'GET', '/v1/employees?basic_salary=abc');
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.fields.basic_salary.code).toBe('integer');
    const badEnum = await t.call(admin, 'GET', '/v1/employees?status=retired');
    expect(badEnum.body.fields.status.code).toBe('enum');
    const badId = await t.call(admin, 'GET', '/v1/employees?department=42');
    expect(badId.body.fields.department.code).toBe('uuid');
  });
});
