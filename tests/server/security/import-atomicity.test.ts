/**
 * An employee import is one transaction: accounts, employees, activation tokens and log entries are all written or
 * none. The database is made to refuse a write part-way (a trigger, after earlier batches were written), and the
 * import then leaves nothing behind. An import larger than one write batch (250 rows per statement:
 * `WRITE_BATCH` in server/resources/repository.ts, `ACCOUNT_BATCH` in server/employees/repository.ts) works.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

/** More than two batches of 250. */
const ROWS = 600;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 8, CJ: 2 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const counts = async () =>
  (
    await t.database.db.execute<{ users: number; tokens: number; employees: number; logs: number }>(sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from one_time_tokens) as tokens,
      (select count(*)::int from employees) as employees,
      (select count(*)::int from activity_logs) as logs`)
  ).rows[0]!;

const rows = (prefix: string, special?: { index: number; fullname: string }) =>
  Array.from({ length: ROWS }, (_, i) => ({
    employee_id: `${prefix}-${String(i).padStart(4, '0')}`,
    fullname: special?.index === i ? special.fullname : `Batch Person ${i}`,
    email: `${prefix.toLowerCase()}.${i}@example.co.id`,
  }));

/** Makes the database refuse a row of `table` whose `column` equals `value`, as a unique violation would. */
async function refuse(table: string, column: string, value: string, work: () => Promise<void>) {
  await t.database.db.execute(
    sql.raw(`create function refuse_row() returns trigger language plpgsql as $$
      begin
        if new.${column} like '%${value}%' then
          raise exception 'refused' using errcode = 'unique_violation', constraint = 'employees_employee_id_key';
        end if;
        return new;
      end $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger refuse_row before insert on ${table} for each row execute function refuse_row()`),
  );
  try {
    await work();
  } finally {
    await t.database.db.execute(sql.raw(`drop trigger refuse_row on ${table}`));
    await t.database.db.execute(sql.raw('drop function refuse_row'));
  }
}

describe('V2.3.3 an employee import is all or nothing', () => {
  it('V2.3.3 a failure writing the employees, after the accounts were inserted, leaves no account and no token', async () => {
    const before = await counts();
    // Row 400 is in the second batch of employees: every account and the first 250 employees are written by then.
    await refuse('employees', 'fullname', 'Boom Employee', async () => {
      const reply = await t.call(admin, 'POST', '/v1/employees/import', {
        rows: rows('ATOM', { index: 400, fullname: 'Boom Employee' }),
      });
      expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(400);
      expect(reply.body.fields.employee_id.code).toBe('unique');
    });
    expect(await counts()).toEqual(before);
    const accounts = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where username like 'atom-%'`,
    );
    expect(accounts.rows[0]!.n).toBe(0);
  });

  it('V2.3.3 a failure writing the log, after accounts, employees and activation tokens, leaves none of them', async () => {
    const before = await counts();
    await refuse('activity_logs', 'detail', 'Boom Log', async () => {
      const reply = await t.call(admin, 'POST', '/v1/employees/import-invitation', {
        rows: rows('ATOML', { index: ROWS - 1, fullname: 'Boom Log' }),
      });
      expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(400);
    });
    expect(await counts()).toEqual(before);
  });

  it('V2.3.3 an import larger than one write batch creates, then updates, every row', async () => {
    const before = await counts();
    const created = await t.call(admin, 'POST', '/v1/employees/import', { rows: rows('BIG') });
    expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(200);
    expect(created.body.data).toMatchObject({ created: ROWS, updated: 0, unchanged: 0 });
    expect(created.body.data.rows.map((row: { index: number }) => row.index)).toEqual([...Array(ROWS).keys()]);
    const after = await counts();
    expect(after.users - before.users).toBe(ROWS);
    expect(after.employees - before.employees).toBe(ROWS);
    expect(after.tokens - before.tokens).toBe(ROWS);
    // Each new account has its employee and exactly one activation token.
    const linked = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users u
      join employees e on e.user_id = u.id
      join one_time_tokens o on o.user_id = u.id and o.purpose = 'activation'
      where u.username like 'big-%'`);
    expect(linked.rows[0]!.n).toBe(ROWS);

    // Each row updating an existing employee carries the version it was loaded at.
    const loaded = (await t.call(admin, 'GET', '/v1/employees?search=BIG-&limit=10000')).body.data as {
      employee_id: string;
      version: number;
    }[];
    const versionOf = new Map(loaded.map((row) => [row.employee_id, row.version]));
    expect(versionOf.size).toBeGreaterThanOrEqual(ROWS);
    const updated = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: rows('BIG').map((row, i) => ({
        employee_id: row.employee_id,
        nickname: `Nick ${i}`,
        version: versionOf.get(row.employee_id),
      })),
    });
    expect(updated.status, JSON.stringify(updated.body).slice(0, 500)).toBe(200);
    expect(updated.body.data).toMatchObject({ created: 0, updated: ROWS });
    const last = await t.call(admin, 'GET', `/v1/employees?search=BIG-0599&limit=1`);
    expect(last.body.data[0]).toMatchObject({ nickname: 'Nick 599', version: 2 });
  });
});
