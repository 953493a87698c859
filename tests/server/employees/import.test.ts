/** Employee import (create and update by natural key, all or nothing), bulk invitation and account activation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaToday } from '../../../common/employment.ts';
import { actorForToken } from '../../../server/auth/repository.ts';
import { users } from '../../../server/db/schema.ts';
import { importEmployees } from '../../../server/employees/import.ts';
import { AppError } from '../../../server/http/errors.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { lastLink, tokenOf } from '../../support/outbox.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 20, CJ: 3 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const employees = async () => (await t.call(admin, 'GET', '/v1/employees?limit=10000')).body.data as Json[];

describe('employee import', () => {
  it('updates by employee id, NIK or email and creates the rest with their accounts, in one go', async () => {
    const [a, b, c] = (await employees()).filter((row: Json) => row.email);
    await t.call(admin, 'PUT', `/v1/employees/${b._id}`, { version: b.version, ktp_number: '3174012345678901' });
    const before = (await employees()).length;
    const reply = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: a.employee_id.toLowerCase(), nickname: 'By id', version: a.version },
        { ktp_number: '3174012345678901', nickname: 'By NIK', version: b.version + 1 },
        { email: c.email.toUpperCase(), nickname: 'By email', version: c.version },
        { employee_id: 'IMP-001', fullname: 'Imported Person', email: 'imported@example.test', status: 'pkwt' },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ created: 1, updated: 3 });
    const after = await employees();
    expect(after.length).toBe(before + 1);
    const byId = new Map(after.map((row: Json) => [row._id, row]));
    expect(byId.get(a._id).nickname).toBe('By id');
    expect(byId.get(b._id).nickname).toBe('By NIK');
    expect(byId.get(c._id).nickname).toBe('By email');
    const created = after.find((row: Json) => row.employee_id === 'IMP-001');
    expect(created).toMatchObject({ fullname: 'Imported Person', status: 'pkwt' });
    const account = (await t.call(admin, 'GET', `/v1/employees/${created._id}/account`)).body.data;
    expect(account).toMatchObject({ username: 'imp-001', level: 'employee', email: 'imported@example.test' });

    // The new account cannot sign in until it is activated with the link mailed to it (never in the reply).
    expect(reply.body.data.rows[3].link).toBeUndefined();
    const link = await lastLink(t, 'imported@example.test');
    expect(link).toMatch(/\/verification\?activation=/);
    const activated = await t.call(null, 'POST', '/v1/auth/activate', {
      token: tokenOf(link),
      password: 'welcome-123',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.data.user.username).toBe('imp-001');
    expect(await t.login('imp-001', 'welcome-123')).toBeTruthy();
    const again = await t.call(null, 'POST', '/v1/auth/activate', { token: tokenOf(link), password: 'other-pass-1' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
  });

  it('refuses to activate the account of someone who left before activating, writing nothing', async () => {
    const reply = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: 'IMP-LEFT', fullname: 'Left Early', email: 'left.early@example.test' }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { _id: id } = reply.body.data.rows[0] as { _id: string };
    const link = await lastLink(t, 'left.early@example.test');
    const employee = (await t.call(admin, 'GET', `/v1/employees/${id}`)).body.data;
    const exited = await t.call(admin, 'POST', `/v1/employees/${id}/exit`, {
      version: employee.version,
      exit_reason: 'resign',
      exit_date: jakartaToday(),
    });
    expect(exited.status, JSON.stringify(exited.body)).toBe(200);

    const refused = await t.call(null, 'POST', '/v1/auth/activate', { token: tokenOf(link), password: 'welcome-123' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_token');
    // Nothing was written: after a rehire the same link still activates the account.
    await t.call(admin, 'POST', `/v1/employees/${id}/rehire`, { version: exited.body.data.version });
    const activated = await t.call(null, 'POST', '/v1/auth/activate', {
      token: tokenOf(link),
      password: 'welcome-123',
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  });

  it('writes nothing when any row is invalid, and says which rows and why', async () => {
    const [a] = await employees();
    const before = (await employees()).length;
    const reply = await t.call(admin, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: 'IMP-002', fullname: 'Good Row' },
        { employee_id: a.employee_id, ktp_number: '12' },
        { fullname: 'No id' },
        { employee_id: 'IMP-003', fullname: 'Bad email', email: 'not-an-email' },
        { employee_id: a.employee_id, nickname: 'twice' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bulk_invalid');
    const byIndex = new Map(reply.body.rows.map((row: Json) => [row.index, row]));
    expect([...byIndex.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect((byIndex.get(1) as Json).fields).toHaveProperty('ktp_number');
    expect((byIndex.get(2) as Json).fields).toHaveProperty('employee_id');
    expect((byIndex.get(3) as Json).fields).toHaveProperty('email');
    expect((byIndex.get(4) as Json).fields.employee_id.code).toBe('duplicate');
    expect((await employees()).length).toBe(before);
    expect((await employees()).some((row: Json) => row.employee_id === 'IMP-002')).toBe(false);
  });
});

describe('bulk invitation', () => {
  it('creates only new employees with an email, each with an activation link', async () => {
    const [a] = (await employees()).filter((row: Json) => row.email);
    const refused = await t.call(admin, 'POST', '/v1/employees/import-invitation', {
      rows: [
        { employee_id: a.employee_id, fullname: 'Existing', email: 'x1@example.test' },
        { employee_id: 'INV-001', fullname: 'No Email' },
        { employee_id: 'INV-002', fullname: 'Same Email', email: 'same@example.test' },
        { employee_id: 'INV-003', fullname: 'Same Email Too', email: 'SAME@example.test' },
        { employee_id: 'INV-004', fullname: 'Taken', email: a.email },
      ],
    });
    expect(refused.status).toBe(400);
    const fields = Object.fromEntries(refused.body.rows.map((row: Json) => [row.index, row.fields]));
    // The existing employee's email matches them first (`email` is a natural key too).
    expect(Object.values(fields[0]).map((f: Json) => f.code)).toContain('exists');
    expect(fields[1].email.code).toBe('required');
    expect(fields[3].email.code).toBe('unique');
    expect(Object.values(fields[4]).map((f: Json) => f.code)).toContain('exists');

    const invited = await t.call(admin, 'POST', '/v1/employees/import-invitation', {
      rows: [
        { employee_id: 'INV-010', fullname: 'Invited One', email: 'invited1@example.test' },
        { employee_id: 'INV-011', fullname: 'Invited Two', email: 'invited2@example.test', phone: '081234567000' },
      ],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.data.created).toBe(2);
    for (const row of invited.body.data.rows) expect(row.link).toMatch(/activation=/);
    const login = await t.call(null, 'POST', '/v1/auth/login', { username: 'inv-010', password: 'anything-1' });
    expect(login.status).toBe(401);

    // The developer's invited-user list: newest first, photo, name, email and phone editable, nothing else.
    const developer = await t.login('developer');
    const list = (await t.call(developer, 'GET', '/v1/invited-users')).body.data as Json[];
    expect(
      list
        .slice(0, 2)
        .map((row: Json) => row.username)
        .sort(),
    ).toEqual(['inv-010', 'inv-011']);
    expect(list[0]).not.toHaveProperty('password_hash');
    const first = list[0];
    const renamed = await t.call(developer, 'PUT', `/v1/invited-users/${first._id}`, {
      version: first.version,
      fullname: 'Renamed Invitee',
      phone: '081299998888',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ fullname: 'Renamed Invitee', phone: '081299998888' });
    const level = await t.call(developer, 'PUT', `/v1/invited-users/${first._id}`, {
      version: renamed.body.data.version,
      level: 'admin',
    });
    expect(level.status).toBe(400);
    expect((await t.call(developer, 'POST', '/v1/invited-users', { fullname: 'x' })).status).toBe(404);
  });

  it('is refused to callers who may not write employees', async () => {
    const custom = await t.login('custom');
    const reply = await t.call(custom, 'POST', '/v1/employees/import-invitation', {
      rows: [{ employee_id: 'INV-020', fullname: 'Nope', email: 'nope@example.test' }],
    });
    expect(reply.status).toBe(403);
  });
});

describe('employee onboarding', () => {
  it('keeps new hires with their contract dates, imports them by email and completes them with a link', async () => {
    const bulk = await t.call(admin, 'POST', '/v1/employee-onboarding/bulk', {
      rows: [
        {
          fullname: 'Calon Satu',
          email: 'calon1@example.test',
          contract_start_date: '2026-12-01',
          contract_end_date: '2027-11-30',
        },
        { fullname: 'Calon Dua', email: 'calon2@example.test', contract_start_date: '2027-01-01' },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data.created).toBe(2);
    const again = await t.call(admin, 'POST', '/v1/employee-onboarding/bulk', {
      rows: [
        { fullname: 'Calon Satu', email: 'CALON1@example.test', link: 'https://sign.example.test/c1', version: 1 },
      ],
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    const december = (
      await t.call(
        admin,
        'GET',
        '/v1/employee-onboarding?contract_start_date=2026-12-01&contract_start_date=2026-12-31',
      )
    ).body.data as Json[];
    expect(december.map((row: Json) => row.email.toLowerCase())).toEqual(['calon1@example.test']);
    expect(december[0].link).toBe('https://sign.example.test/c1');
    // The Pending and Completed tabs: whether a link exists.
    const pending = (await t.call(admin, 'GET', '/v1/employee-onboarding?empty=link')).body.data as Json[];
    const completed = (await t.call(admin, 'GET', '/v1/employee-onboarding?filled=link')).body.data as Json[];
    expect(pending.map((row: Json) => row.email)).toEqual(['calon2@example.test']);
    expect(completed.map((row: Json) => row.email.toLowerCase())).toEqual(['calon1@example.test']);
    expect((await t.call(admin, 'GET', '/v1/employee-onboarding?empty=nonsense')).status).toBe(400);
    const bad = await t.call(admin, 'POST', '/v1/employee-onboarding', {
      fullname: 'Bad Dates',
      email: 'bad@example.test',
      contract_start_date: '2027-01-01',
      contract_end_date: '2026-01-01',
      link: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['link']);
  });
});

/**
 * Issue 11 section 7 and decision 0052: on the embedded database a large import goes in short transactions, so other
 * requests are answered while it runs, and it stays all or nothing. On PostgreSQL it is one transaction, whose
 * readers never wait (MVCC): the read case holds there too.
 */
describe('a large import', () => {
  const newRows = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      employee_id: `${prefix}-${String(i).padStart(4, '0')}`,
      fullname: `${prefix} Person ${i}`,
      email: `${prefix.toLowerCase()}-${i}@example.test`,
      status: 'pkwt',
    }));
  const counts = async () => {
    const n = async (table: string) =>
      Number((await t.database.pool.query(`select count(*) as n from ${table}`)).rows[0].n);
    return {
      users: await n('users'),
      employees: await n('employees'),
      tokens: await n('one_time_tokens'),
      logs: await n('activity_logs'),
      journal: await n('bulk_undo'),
    };
  };

  it('answers one-row reads of an employee while 1,000 employees are imported', { timeout: 300_000 }, async () => {
    const [someone] = await employees();
    let finished = false;
    const started = performance.now();
    const imported = t.call(admin, 'POST', '/v1/employees/import', { rows: newRows('READ', 1000) }).finally(() => {
      finished = true;
    });
    // One user reading one employee again and again: each read counts if it is answered before the import is.
    const during: number[] = [];
    while (!finished) {
      const asked = performance.now();
      const read = await t.call(admin, 'GET', `/v1/employees/${someone._id}`);
      expect(read.status).toBe(200);
      if (!finished) during.push(performance.now() - asked);
    }
    const reply = await imported;
    expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(200);
    expect(reply.body.data).toMatchObject({ created: 1000, updated: 0 });
    // In one transaction on the embedded database (one connection) the first read waits for the whole import and
    // none is answered during it. In chunks of 250, reads go between them.
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...during)).toBeLessThan((performance.now() - started) / 2);
    expect((await counts()).journal).toBe(0);
  });

  it('takes back every written chunk when a later one fails: no account, employee, token or log entry is left', {
    timeout: 300_000,
  }, async () => {
    const actor = await actorForToken(t.database.db, t.config, admin);
    const caller = { actor: actor!, companyId: actor!.companyId! };
    const [someone] = await employees();
    const rows = [{ _id: someone._id, version: someone.version, nickname: 'Half way' }, ...newRows('HALF', 700)];
    const before = await counts();
    let error: unknown;
    try {
      await importEmployees(
        t.database.db,
        caller,
        rows,
        { create: () => null, update: () => null },
        {
          mode: 'import',
          chunked: true,
          activationLink: () => undefined,
          afterChunk: async (chunk) => {
            // After the update and the first 250 new employees: someone takes the username of row 601 meanwhile.
            if (chunk !== 2) return;
            await t.database.db.insert(users).values({
              company_id: caller.companyId,
              fullname: 'Meanwhile',
              username: 'half-0600',
              level: 'employee',
            });
          },
        },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBeLessThan(500);
    // Only the account made meanwhile is new; the update is taken back too.
    expect(await counts()).toEqual({ ...before, users: before.users + 1 });
    const after = (await t.call(admin, 'GET', `/v1/employees/${someone._id}`)).body.data;
    expect(after).toMatchObject({ nickname: someone.nickname ?? null, version: someone.version });
  });

  it('refuses an upload of 600 rows with one invalid row, writing nothing', async () => {
    const before = await counts();
    const rows = newRows('BAD', 600);
    rows[599] = { ...rows[599]!, email: 'not an email' };
    const reply = await t.call(admin, 'POST', '/v1/employees/import', { rows });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bulk_invalid');
    expect(reply.body.rows).toEqual([expect.objectContaining({ index: 599, status: 'invalid' })]);
    expect(await counts()).toEqual(before);
  });
});
