/**
 * Department scope (docs/decisions/0010) through every path that reaches employees or their records: an
 * admin_department caller (`deptadmin`, Finance) reads and writes only rows of their own department, whichever route
 * they take. Each test proves both sides: the own department's row is reachable (so the path works for them), the
 * other department's row is not, and it is exactly as it was afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let dept: string;
/** deptadmin's department, and two active employees of Finance and two elsewhere (none of them demo logins). */
let fin: string;
let own: Json[];
let others: Json[];
/** Every employee of Finance, on any list. */
const finEmployees = new Set<string>();
const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 20, CJ: 2 } });
  admin = await t.login('admin');
  dept = await t.login('deptadmin');
  const me = (await t.call(dept, 'GET', '/v1/employees/me')).body.data;
  fin = me.department;
  // Three employees of Finance and three of another department, made here (a small seed may have none in Finance).
  const elsewhere = (await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments?code=HRD')).body.data[0]._id;
  const hire = async (n: number, department: string) => {
    const reply = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: `SCOPE-${n}`,
      fullname: `Scope Person ${n}`,
      email: `scope.${n}@example.co.id`,
      ktp_number: `32010112345600${String(n).padStart(2, '0')}`,
      department,
      join_date: '2020-01-01',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data as Json;
  };
  own = [await hire(1, fin), await hire(2, fin), await hire(3, fin)];
  others = [await hire(4, elsewhere), await hire(5, elsewhere), await hire(6, elsewhere)];
  for (const path of ['/v1/employees', '/v1/employees/exit-employee', '/v1/employees/freelance']) {
    const rows = (await t.call(admin, 'GET', `${path}?limit=10000&department=${fin}`)).body.data as Json[];
    for (const row of rows) finEmployees.add(row._id);
  }
});
afterAll(() => t?.close());

const read = async (token: string, url: string) => {
  const reply = await t.call(token, 'GET', url);
  expect(reply.status, `GET ${url}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data as Json;
};
/** The record as an admin sees it: compared before and after each attempt. */
const employee = (id: string) => read(admin, `/v1/employees/${id}`);
const userCount = async (username: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where lower(username) = lower(${username})`,
    )
  ).rows[0]!.n;
const hijackAccounts = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where fullname = 'Hijack'`))
    .rows[0]!.n;

describe('V8.2.2 admin_department stays in their department on every path', () => {
  it('V8.2.2 has employees on both sides of the department line to test with', () => {
    expect(fin).toEqual(expect.any(String));
    expect(own.length).toBe(3);
    expect(others.length).toBe(3);
  });

  it('V8.2.2 import: a row naming another department’s employee by _id, employee id, NIK or email changes nothing of theirs', async () => {
    const [target] = others;
    const before = await employee(target._id);
    const account = await read(admin, `/v1/employees/${target._id}/account`);
    expect(before.ktp_number).toEqual(expect.any(String));
    expect(account.email).toEqual(expect.any(String));

    // The own department's employee is found and updated by employee id: the path works for this caller.
    const mine = await t.call(dept, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: own[0].employee_id, nickname: 'Own Import', version: (await employee(own[0]._id)).version },
      ],
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.rows[0]).toMatchObject({ status: 'updated', _id: own[0]._id });

    const attempts = [
      // The target's own version is sent, so a refusal is the department line, not a missing version.
      { _id: target._id, nickname: 'Hijack', version: before.version },
      {
        employee_id: target.employee_id,
        fullname: 'Hijack',
        nickname: 'Hijack',
        department: fin,
        version: before.version,
      },
      { employee_id: 'FIN-HIJACK-1', fullname: 'Hijack', email: account.email, department: fin },
      {
        employee_id: 'FIN-HIJACK-2',
        fullname: 'Hijack',
        nickname: 'Hijack',
        ktp_number: before.ktp_number,
        department: fin,
      },
    ];
    let created = 0;
    for (const row of attempts) {
      const reply = await t.call(dept, 'POST', '/v1/employees/import', { rows: [row] });
      expect(JSON.stringify(reply.body), JSON.stringify(row)).not.toContain(target._id);
      if (reply.status === 200) {
        // A new employee of their own department who happens to share the NIK: not the other department's record.
        expect(reply.body.data.rows[0].status).toBe('created');
        expect((await employee(reply.body.data.rows[0]._id)).department).toBe(fin);
        created++;
      } else expect(reply.status).toBe(400);
      expect(await employee(target._id), JSON.stringify(row)).toEqual(before);
    }
    // The refused rows left no account behind (the employee-id row reaches the insert of its account).
    expect(await hijackAccounts()).toBe(created);
  });

  it('V8.2.2 bulk invite: cannot reach or invite into another department', async () => {
    const [, target] = others;
    const before = await employee(target._id);
    const account = await read(admin, `/v1/employees/${target._id}/account`);
    const invite = (rows: Json[]) => t.call(dept, 'POST', '/v1/employees/import-invitation', { rows });

    const outside = await invite([
      {
        employee_id: 'FIN-INV-X',
        fullname: 'Elsewhere',
        email: 'elsewhere@example.co.id',
        department: target.department,
      },
    ]);
    expect(outside.status).toBe(403);
    const byKey = await invite([
      { employee_id: target.employee_id, fullname: 'Hijack', email: 'hijack@example.co.id', department: fin },
    ]);
    expect(byKey.status).toBe(400);
    const byEmail = await invite([
      { employee_id: 'FIN-INV-Y', fullname: 'Hijack', email: account.email, department: fin },
    ]);
    expect(byEmail.status).toBe(400);
    expect(await employee(target._id)).toEqual(before);
    expect(await userCount('FIN-INV-X')).toBe(0);
    expect(await userCount('FIN-INV-Y')).toBe(0);

    const ok = await invite([
      { employee_id: 'FIN-INV-1', fullname: 'Invited Finance', email: 'invited.fin@example.co.id', department: fin },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await employee(ok.body.data.rows[0]._id)).department).toBe(fin);
  });

  it('V8.2.2 onboarding: lists, reads, writes and bulk-upserts (by _id and by email) only their department', async () => {
    const path = '/v1/employee-onboarding';
    const make = async (email: string, department: string) => {
      const reply = await t.call(admin, 'POST', path, { fullname: `New ${email}`, email, department });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.data as Json;
    };
    const mine = await make('onboard.fin@example.co.id', fin);
    const theirs = await make('onboard.other@example.co.id', others[0].department);

    const listed = (await t.call(dept, 'GET', `${path}?limit=10000`)).body.data as Json[];
    expect(listed.map((row) => row._id)).toContain(mine._id);
    expect(listed.every((row) => row.department === fin)).toBe(true);
    expect(listed.some((row) => row._id === theirs._id)).toBe(false);
    expect((await t.call(dept, 'GET', `${path}/${theirs._id}`)).status).toBe(404);
    expect((await t.call(dept, 'PUT', `${path}/${theirs._id}`, { note: 'x', version: theirs.version })).status).toBe(
      404,
    );
    expect((await t.call(dept, 'DELETE', `${path}/${theirs._id}`)).status).toBe(404);
    expect((await t.call(dept, 'DELETE', path, { ids: [theirs._id] })).status).toBe(404);
    const byId = await t.call(dept, 'POST', `${path}/bulk`, {
      rows: [{ _id: theirs._id, note: 'Hijack', version: theirs.version }],
    });
    expect(byId.status).toBe(400);
    expect(byId.body.rows[0].fields._id.code).toBe('not_found');
    const byKey = await t.call(dept, 'POST', `${path}/bulk`, {
      rows: [
        {
          email: theirs.email.toUpperCase(),
          fullname: 'Hijack',
          note: 'Hijack',
          department: fin,
          version: theirs.version,
        },
      ],
    });
    expect(byKey.status).toBe(400);
    const ownByKey = await t.call(dept, 'POST', `${path}/bulk`, {
      rows: [{ email: mine.email, note: 'Mine', version: mine.version }],
    });
    expect(ownByKey.status, JSON.stringify(ownByKey.body)).toBe(200);
    expect(ownByKey.body.data.rows[0]).toMatchObject({ status: 'updated', _id: mine._id });
    expect(await read(admin, `${path}/${theirs._id}`)).toEqual(theirs);
  });

  it('V8.2.2 resigned and daily-worker lists: only their department, on the list and by id', async () => {
    // One of each on both sides of the department line.
    const [leaverMine, workerMine] = own.slice(1);
    const [, , leaverTheirs] = others;
    const workerTheirs = others[1];
    const exit = async (row: Json) => {
      const current = await employee(row._id);
      return (
        await t.call(admin, 'POST', `/v1/employees/${row._id}/exit`, {
          version: current.version,
          exit_reason: 'resign',
          exit_date: today,
        })
      ).body.data as Json;
    };
    const freelance = async (row: Json) => {
      const current = await employee(row._id);
      const reply = await t.call(admin, 'PUT', `/v1/employees/${row._id}`, {
        version: current.version,
        status: 'freelance',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    };
    await exit(leaverMine);
    await exit(leaverTheirs);
    await freelance(workerMine);
    await freelance(workerTheirs);

    for (const [path, mine, theirs] of [
      ['/v1/employees/exit-employee', leaverMine, leaverTheirs],
      ['/v1/employees/freelance', workerMine, workerTheirs],
    ] as const) {
      const adminRows = (await read(admin, `${path}?limit=10000`)) as Json[];
      expect(adminRows.map((row) => row._id)).toEqual(expect.arrayContaining([mine._id, theirs._id]));
      const rows = (await read(dept, `${path}?limit=10000`)) as Json[];
      expect(rows.map((row) => row._id)).toContain(mine._id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.department === fin)).toBe(true);
      const search = (await read(dept, `${path}?search=${encodeURIComponent(theirs.employee_id)}`)) as Json[];
      expect(search).toEqual([]);
      // Resigned and daily-worker records are read through their own list (decision 0015).
      const before = await read(admin, `${path}/${theirs._id}`);
      expect((await t.call(dept, 'GET', `${path}/${theirs._id}`)).status).toBe(404);
      expect((await t.call(dept, 'GET', `${path}/${mine._id}`)).status).toBe(200);
      const put = await t.call(dept, 'PUT', `${path}/${theirs._id}`, { nickname: 'x', version: before.version });
      expect(put.status).toBe(404);
      const bulk = await t.call(dept, 'POST', `${path}/bulk`, {
        rows: [{ employee_id: theirs.employee_id, nickname: 'Hijack', version: before.version }],
      });
      expect(bulk.status).toBe(400);
      expect(await read(admin, `${path}/${theirs._id}`)).toEqual(before);
    }
  });

  it('V8.2.2 bulk upsert by natural key: another department’s employee id is not found', async () => {
    const [target] = others;
    const before = await employee(target._id);
    const reply = await t.call(dept, 'POST', '/v1/employees/bulk', {
      rows: [{ employee_id: target.employee_id.toLowerCase(), nickname: 'Hijack', version: before.version }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows[0].fields.employee_id.code).toBe('not_found');
    const byId = await t.call(dept, 'POST', '/v1/employees/bulk', {
      rows: [{ _id: target._id, nickname: 'Hijack', version: before.version }],
    });
    expect(byId.status).toBe(400);
    expect(byId.body.rows[0].fields._id.code).toBe('not_found');
    expect(await employee(target._id)).toEqual(before);

    const mine = await t.call(dept, 'POST', '/v1/employees/bulk', {
      rows: [
        {
          employee_id: own[0].employee_id.toLowerCase(),
          nickname: 'Own Bulk',
          version: (await employee(own[0]._id)).version,
        },
      ],
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.rows[0]).toMatchObject({ status: 'updated', _id: own[0]._id });
  });

  it('V8.2.2 payroll items: only items of their department’s employees, on every operation', async () => {
    for (const path of [
      '/v1/employees/allowances',
      '/v1/employees/incentives',
      '/v1/employees/bonuses',
      '/v1/employees/deductions',
      '/v1/employees/payrolls/thr-bonuses',
    ]) {
      const item = (employeeId: string) =>
        path.endsWith('thr-bonuses')
          ? { employee: employeeId, year: 2026, month: 6, thr: 1_000_000, yearly_bonus: 0 }
          : { employee: employeeId, year: 2026, month: 6, amount: 250_000 };
      const create = async (token: string, employeeId: string) => t.call(token, 'POST', path, item(employeeId));
      const theirs = (await create(admin, others[0]._id)).body.data as Json;
      const mine = await create(dept, own[0]._id);
      expect(mine.status, `${path}: ${JSON.stringify(mine.body)}`).toBe(201);
      expect(theirs?._id, path).toEqual(expect.any(String));

      const listed = (await read(dept, `${path}?limit=10000`)) as Json[];
      expect(listed.map((row) => row._id)).toContain(mine.body.data._id);
      expect(listed.some((row) => row._id === theirs._id)).toBe(false);
      expect(listed.every((row) => finEmployees.has(row.employee))).toBe(true);
      const filtered = (await read(dept, `${path}?employee=${others[0]._id}`)) as Json[];
      expect(filtered).toEqual([]);

      expect((await t.call(dept, 'GET', `${path}/${theirs._id}`)).status).toBe(404);
      const changes = path.endsWith('thr-bonuses') ? { thr: 1 } : { amount: 1 };
      expect((await t.call(dept, 'PUT', `${path}/${theirs._id}`, { ...changes, version: 1 })).status).toBe(404);
      expect((await t.call(dept, 'DELETE', `${path}/${theirs._id}`)).status).toBe(404);
      const bulk = await t.call(dept, 'POST', `${path}/bulk`, { rows: [{ _id: theirs._id, ...changes }] });
      expect(bulk.status).toBe(400);
      // Attaching an item to another department's employee, alone or in a bulk, is an unknown employee.
      const attach = await create(dept, others[0]._id);
      expect(attach.status).toBe(400);
      expect(attach.body.fields.employee.code).toBe('not_found');
      const moved = await t.call(dept, 'PUT', `${path}/${mine.body.data._id}`, {
        employee: others[0]._id,
        version: mine.body.data.version,
      });
      expect(moved.status).toBe(400);
      expect(await read(admin, `${path}/${theirs._id}`)).toEqual(theirs);
    }
  });
});
