import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

const departments = '/v1/refs/employees/orgs/departments';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 10, CJ: 3 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const logsFor = async (recordId: string) =>
  (await t.call(admin, 'GET', '/v1/logs?limit=100')).body.data.filter(
    (log: { record_id: string }) => log.record_id === recordId,
  );

describe('create, update and delete', () => {
  it('creates, updates with the version it edited, deletes, and logs each', async () => {
    const created = await t.call(admin, 'POST', departments, { code: 'LEGAL', name: 'Legal' });
    expect(created.status).toBe(201);
    const row = created.body.data;
    expect(row).toMatchObject({ code: 'LEGAL', name: 'Legal', version: 1, _id: expect.any(String) });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const updated = await t.call(admin, 'PUT', `${departments}/${row._id}`, { name: 'Legal & Compliance', version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Legal & Compliance', version: 2 });

    expect((await t.call(admin, 'DELETE', `${departments}/${row._id}`)).status).toBe(200);
    expect((await t.call(admin, 'GET', `${departments}/${row._id}`)).status).toBe(404);

    const logs = await logsFor(row._id);
    expect(logs.map((log: { action: string }) => log.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = logs.find((log: { action: string }) => log.action === 'update');
    expect(update).toMatchObject({
      menu: 'employee-organization',
      resource: 'departments',
      user: { username: 'admin' },
      changes: { name: { from: 'Legal', to: 'Legal & Compliance' } },
    });
    expect(update.detail).toContain('name');
  });

  it('filters the activity log by whole Jakarta days and by action', async () => {
    await t.call(admin, 'POST', departments, { code: 'LOGDAY', name: 'Log day' });
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const todays = await t.call(admin, 'GET', `/v1/logs?date=${today}&action=create`);
    expect(todays.body.data.some((log: { detail: string }) => log.detail.includes('Log day'))).toBe(true);
    expect(todays.body.data.every((log: { action: string }) => log.action === 'create')).toBe(true);
    // A day's entries are its creates, updates and deletes.
    expect((await t.call(admin, 'GET', `/v1/logs?date=${today}`)).body.meta.total).toBe(
      todays.body.meta.total +
        (await t.call(admin, 'GET', `/v1/logs?date=${today}&action=update`)).body.meta.total +
        (await t.call(admin, 'GET', `/v1/logs?date=${today}&action=delete`)).body.meta.total,
    );
    // A range to today holds every entry (the demo's earlier days included; none is in the future).
    expect((await t.call(admin, 'GET', `/v1/logs?date=2001-01-01&date=${today}`)).body.meta.total).toBe(
      (await t.call(admin, 'GET', '/v1/logs')).body.meta.total,
    );
    expect((await t.call(admin, 'GET', '/v1/logs?date=2001-01-01')).body.meta.total).toBe(0);
  });

  it('answers a stale write with 409 and the current row', async () => {
    const row = (await t.call(admin, 'POST', departments, { code: 'AUDIT', name: 'Audit' })).body.data;
    expect(
      (await t.call(admin, 'PUT', `${departments}/${row._id}`, { name: 'Internal Audit', version: 1 })).status,
    ).toBe(200);
    const stale = await t.call(admin, 'PUT', `${departments}/${row._id}`, { name: 'Audit Team', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', current: { name: 'Internal Audit', version: 2 } });
  });

  it('validates input with field errors and refuses unknown or read-only fields', async () => {
    const bad = await t.call(admin, 'POST', departments, { code: 'has space', name: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'name']);
    const readOnly = await t.call(admin, 'POST', departments, { code: 'OK1', name: 'Ok', version: 7 });
    expect(readOnly.body.fields.version.code).toBe('unknown_field');
    const duplicate = await t.call(admin, 'POST', departments, { code: 'audit', name: 'Dup' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields.code.code).toBe('unique');
    const noVersion = await t.call(admin, 'PUT', `${departments}/${crypto.randomUUID()}`, { name: 'x' });
    expect(noVersion.body.fields.version.code).toBe('required');
  });

  it('deletes several rows in one request, all or none', async () => {
    const a = (await t.call(admin, 'POST', departments, { code: 'TMP1', name: 'Temp 1' })).body.data;
    const b = (await t.call(admin, 'POST', departments, { code: 'TMP2', name: 'Temp 2' })).body.data;
    const missing = await t.call(admin, 'DELETE', departments, { ids: [a._id, crypto.randomUUID()] });
    expect(missing.status).toBe(404);
    expect((await t.call(admin, 'GET', `${departments}/${a._id}`)).status).toBe(200);
    const ok = await t.call(admin, 'DELETE', departments, { ids: [a._id, b._id] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.deleted.sort()).toEqual([a._id, b._id].sort());
    expect((await logsFor(a._id))[0].action).toBe('delete');
  });
});

describe('creating an employee', () => {
  it('V2.3.3 creates the account and the employee in one transaction, and refuses a taken username', async () => {
    const department = (await t.call(admin, 'GET', '/v1/refs/employees/orgs/departments?limit=1')).body.data[0];
    const reply = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: 'DEMO-9001',
      fullname: 'Sari Wulandari',
      email: 'sari.w@example.co.id',
      phone: '081234567890',
      department: department._id,
      basic_salary: 6_500_000,
      work_days: 5,
    });
    expect(reply.status).toBe(201);
    const employee = reply.body.data;
    expect(employee).toMatchObject({ employee_id: 'DEMO-9001', basic_salary: 6_500_000, version: 1 });
    const withUser = await t.call(admin, 'GET', `/v1/employees/${employee._id}?populate=user,assigned_by`);
    expect(withUser.body.data.user).toMatchObject({
      username: 'demo-9001',
      level: 'employee',
      email: 'sari.w@example.co.id',
    });
    // Assigned by whoever created it, shown by name; a client cannot set it.
    expect(withUser.body.data.assigned_by).toMatchObject({ username: 'admin', level: 'admin' });
    // The new account cannot sign in before it is activated.
    expect(
      (await t.call(null, 'POST', '/v1/auth/login', { username: 'demo-9001', password: 'anything1' })).status,
    ).toBe(401);

    const taken = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: 'DEMO-9002',
      fullname: 'X',
      username: 'admin',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields.username.code).toBe('unique');
    const count = (await t.call(admin, 'GET', '/v1/employees?search=DEMO-9002')).body.meta.total;
    expect(count).toBe(0);
    // The account is written first; an employee id already used fails the employee's insert after it, and the
    // account goes with it.
    const usedId = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: 'demo-9001',
      fullname: 'Second Sari',
      username: 'second.sari',
    });
    expect(usedId.status).toBe(400);
    expect(usedId.body.fields.employee_id.code).toBe('unique');
    const { rows } = await t.database.db.execute<{ accounts: number }>(
      sql`select count(*)::int as accounts from users where username = 'second.sari'`,
    );
    expect(rows[0]?.accounts).toBe(0);
    const badDigits = await t.call(admin, 'POST', '/v1/employees', {
      employee_id: 'DEMO-9003',
      fullname: 'Y',
      ktp_number: '12345',
    });
    expect(badDigits.body.fields.ktp_number.code).toBe('pattern');
  });
});

describe('bulk upsert', () => {
  it('is all-or-nothing, with a report per row', async () => {
    const before = (await t.call(admin, 'GET', departments)).body.meta.total;
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { code: 'B1', name: 'Bulk one' },
        { code: 'bad code', name: 'Bulk two' },
        { code: 'B3' },
        { code: 'B1', name: 'Twice' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bulk_invalid');
    expect(reply.body.rows.map((r: { index: number }) => r.index)).toEqual([1, 2, 3]);
    expect(reply.body.rows[0].fields.code.code).toBe('pattern');
    expect(reply.body.rows[1].fields.name.code).toBe('required');
    expect(reply.body.rows[2].fields.code.code).toBe('duplicate');
    expect((await t.call(admin, 'GET', departments)).body.meta.total).toBe(before);
  });

  it('V2.3.3 creates new rows and updates rows matched by _id or by natural key, in one transaction', async () => {
    const existing = (await t.call(admin, 'POST', departments, { code: 'MATCH', name: 'Match me' })).body.data;
    const byId = (await t.call(admin, 'POST', departments, { code: 'BYID', name: 'By id' })).body.data;
    const rows = (name: string) => [
      { code: 'match', name: 'Matched by code', version: 1 },
      { _id: byId._id, name, version: 1 },
      ...Array.from({ length: 500 }, (_, i) => ({ code: `N${i}`, name: `New ${i}` })),
    ];
    const before = (await t.call(admin, 'GET', departments)).body.meta.total;
    const logsBefore = (await t.call(admin, 'GET', '/v1/logs')).body.meta.total;

    // The database refuses the last write of the transaction (the update by _id, after 500 inserts in two batches
    // and the update by code): everything before it is rolled back.
    await t.database.db.execute(sql`
      create function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'Boom' then
          raise exception 'refused' using errcode = 'unique_violation', constraint = 'departments_code_key';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger fail_on_boom before insert or update on departments for each row execute function fail_on_boom()`,
    );
    try {
      const failed = await t.call(admin, 'POST', `${departments}/bulk`, { rows: rows('Boom') });
      expect(failed.status, JSON.stringify(failed.body)).toBe(400);
      expect(failed.body.fields.code.code).toBe('unique');
    } finally {
      await t.database.db.execute(sql`drop trigger fail_on_boom on departments`);
      await t.database.db.execute(sql`drop function fail_on_boom`);
    }
    expect((await t.call(admin, 'GET', departments)).body.meta.total).toBe(before);
    expect((await t.call(admin, 'GET', `${departments}?code=N0`)).body.meta.total).toBe(0);
    expect((await t.call(admin, 'GET', `${departments}?code=N499`)).body.meta.total).toBe(0);
    expect((await t.call(admin, 'GET', `${departments}/${existing._id}`)).body.data).toEqual(existing);
    expect((await t.call(admin, 'GET', `${departments}/${byId._id}`)).body.data).toEqual(byId);
    expect((await t.call(admin, 'GET', '/v1/logs')).body.meta.total).toBe(logsBefore);

    const reply = await t.call(admin, 'POST', `${departments}/bulk`, { rows: rows('Matched by id') });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ created: 500, updated: 2, unchanged: 0 });
    expect(reply.body.data.rows[0]).toMatchObject({ index: 0, status: 'updated', _id: existing._id, version: 2 });
    expect(reply.body.data.rows[2]).toMatchObject({ index: 2, status: 'created', version: 1 });
    expect((await t.call(admin, 'GET', `${departments}/${existing._id}`)).body.data.name).toBe('Matched by code');

    const again = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [{ code: 'match', name: 'Matched by code', version: 2 }],
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('reports a stale version per row', async () => {
    const row = (await t.call(admin, 'POST', departments, { code: 'VER', name: 'Versioned' })).body.data;
    await t.call(admin, 'PUT', `${departments}/${row._id}`, { name: 'Changed', version: 1 });
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [{ _id: row._id, name: 'Mine', version: 1 }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows[0].fields.version.code).toBe('conflict');
  });

  it('refuses the same _id twice in one request, even with the right version each time', async () => {
    const row = (await t.call(admin, 'POST', departments, { code: 'TWICE', name: 'Twice' })).body.data;
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { _id: row._id, name: 'First', version: 1 },
        { _id: row._id, name: 'Second', version: 1 },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bulk_invalid');
    expect(reply.body.rows).toEqual([
      { index: 1, status: 'invalid', fields: { _id: { code: 'duplicate', message: 'appears twice in this upload' } } },
    ]);
    expect((await t.call(admin, 'GET', `${departments}/${row._id}`)).body.data).toMatchObject({
      name: 'Twice',
      version: 1,
    });
  });

  it('refuses a row that reaches by its code a record another row holds by _id', async () => {
    const row = (await t.call(admin, 'POST', departments, { code: 'OLDCODE', name: 'Renamed' })).body.data;
    const reply = await t.call(admin, 'POST', `${departments}/bulk`, {
      rows: [
        { _id: row._id, code: 'NEWCODE', version: 1 },
        { code: 'oldcode', name: 'Overwrite' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows).toMatchObject([{ index: 1, status: 'invalid', fields: { code: { code: 'duplicate' } } }]);
    expect((await t.call(admin, 'GET', `${departments}/${row._id}`)).body.data.code).toBe('OLDCODE');
  });

  it('does not create employees through the generic bulk (they need an account)', async () => {
    const reply = await t.call(admin, 'POST', '/v1/employees/bulk', {
      rows: [{ employee_id: 'NEW-1', fullname: 'Nobody' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.rows[0].fields.employee_id.code).toBe('not_found');
  });

  it('updates employees by employee id, keeping money as integer rupiah', async () => {
    const employee = (await t.call(admin, 'GET', '/v1/employees?limit=1')).body.data[0];
    const reply = await t.call(admin, 'POST', '/v1/employees/bulk', {
      rows: [{ employee_id: employee.employee_id, basic_salary: 7_250_000, version: employee.version }],
    });
    expect(reply.status).toBe(200);
    const after = (await t.call(admin, 'GET', `/v1/employees/${employee._id}`)).body.data;
    expect(after.basic_salary).toBe(7_250_000);
    const fractional = await t.call(admin, 'PUT', `/v1/employees/${employee._id}`, {
      basic_salary: 1000.5,
      version: after.version,
    });
    expect(fractional.status).toBe(400);
    expect(fractional.body.fields.basic_salary.code).toBe('type');
  });

  it('updates many rows of every column type in one go: values, versions, nulls and the log are right', async () => {
    const employees = (await t.call(admin, 'GET', '/v1/employees?limit=4&sort=employee_id')).body.data;
    const department = (await t.call(admin, 'GET', `${departments}?limit=1`)).body.data[0];
    const rows = employees.map((employee: { _id: string; version: number }, i: number) => ({
      _id: employee._id,
      version: employee.version,
      nickname: i === 3 ? null : `Nick ${i}`,
      gender: i % 2 ? 'female' : 'male',
      birth_date: `199${i}-0${i + 1}-15`,
      basic_salary: 5_000_000 + i,
      payroll_active: i !== 1,
      work_days: 6,
      department: department._id,
    }));
    const reply = await t.call(admin, 'POST', '/v1/employees/bulk', { rows });
    expect(reply.status).toBe(200);
    expect(reply.body.data.updated).toBe(4);
    for (const [i, employee] of employees.entries()) {
      expect(reply.body.data.rows[i]).toMatchObject({
        status: 'updated',
        _id: employee._id,
        version: employee.version + 1,
      });
      const after = (await t.call(admin, 'GET', `/v1/employees/${employee._id}`)).body.data;
      expect(after).toMatchObject({
        nickname: i === 3 ? null : `Nick ${i}`,
        gender: i % 2 ? 'female' : 'male',
        birth_date: `199${i}-0${i + 1}-15`,
        basic_salary: 5_000_000 + i,
        payroll_active: i !== 1,
        work_days: 6,
        department: department._id,
        version: employee.version + 1,
      });
      expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(employee.updated_at));
      const log = (await logsFor(employee._id)).find((entry: { action: string }) => entry.action === 'update');
      expect(log).toBeTruthy();
    }
  });
});

describe('bulk with deletions', () => {
  const bulk = (body: unknown) => t.call(admin, 'POST', `${departments}/bulk`, body);
  const exists = async (id: string) => (await t.call(admin, 'GET', `${departments}/${id}`)).status === 200;
  const make = async (code: string) =>
    (await t.call(admin, 'POST', departments, { code, name: `Temp ${code}` })).body.data as {
      _id: string;
      version: number;
    };

  it('deletes first and upserts after, in one transaction, logging each delete', async () => {
    // Undoing a paste: delete the row it created, restore the row it changed, under the deleted row's code too.
    const pasted = await make('UNDO-NEW');
    const changed = await make('UNDO-OLD');
    const reply = await bulk({
      delete: [pasted._id, pasted._id],
      rows: [
        { _id: changed._id, name: 'Restored', version: changed.version },
        { code: 'undo-new', name: 'Created again' },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ created: 1, updated: 1, unchanged: 0, deleted: [pasted._id] });
    expect(reply.body.data.rows).toEqual([
      { index: 0, status: 'updated', _id: changed._id, version: changed.version + 1 },
      { index: 1, status: 'created', _id: expect.any(String), version: 1 },
    ]);
    expect(await exists(pasted._id)).toBe(false);
    expect((await t.call(admin, 'GET', `${departments}/${changed._id}`)).body.data.name).toBe('Restored');
    expect((await logsFor(pasted._id)).map((log: { action: string }) => log.action).sort()).toEqual([
      'create',
      'delete',
    ]);
    const deleteLog = (await logsFor(pasted._id)).find((log: { action: string }) => log.action === 'delete');
    expect(deleteLog).toMatchObject({ resource: 'departments', changes: { code: { from: null, to: 'UNDO-NEW' } } });
  });

  it('rolls the deletions back when a row is invalid', async () => {
    const doomed = await make('RB-DEL');
    const reply = await bulk({ delete: [doomed._id], rows: [{ code: 'RB-OK', name: 'Fine' }, { code: 'RB BAD' }] });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bulk_invalid');
    expect(reply.body.message).toContain('nothing was saved or deleted');
    expect(reply.body.rows.map((r: { index: number }) => r.index)).toEqual([1]);
    expect(await exists(doomed._id)).toBe(true);
    expect((await t.call(admin, 'GET', `${departments}?code=RB-OK`)).body.meta.total).toBe(0);
  });

  it('refuses the whole request when an id to delete does not exist, naming it', async () => {
    const kept = await make('NF-KEEP');
    const unknown = crypto.randomUUID();
    const reply = await bulk({ delete: [kept._id, unknown], rows: [{ code: 'NF-NEW', name: 'New' }] });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'not_found', missing: [unknown] });
    expect(await exists(kept._id)).toBe(true);
    expect((await t.call(admin, 'GET', `${departments}?code=NF-NEW`)).body.meta.total).toBe(0);
  });

  it('still fails a row whose _id does not exist, including one deleted in the same request', async () => {
    const gone = await make('GONE');
    const reply = await bulk({ delete: [gone._id], rows: [{ _id: gone._id, name: 'Edited' }] });
    expect(reply.status).toBe(400);
    expect(reply.body.rows[0].fields._id.code).toBe('not_found');
    expect(await exists(gone._id)).toBe(true);
    const unknown = await bulk({ rows: [{ _id: crypto.randomUUID(), name: 'Nobody' }] });
    expect(unknown.body.rows[0].fields._id.code).toBe('not_found');
  });

  it('takes deletions only, or rows only, and refuses an empty request', async () => {
    const a = await make('DO-A');
    const b = await make('DO-B');
    const only = await bulk({ delete: [a._id, b._id] });
    expect(only.status).toBe(200);
    expect(only.body.data).toEqual({ created: 0, updated: 0, unchanged: 0, deleted: [a._id, b._id], rows: [] });
    expect(await exists(a._id)).toBe(false);

    const rows = await bulk({ rows: [{ code: 'RO-1', name: 'Rows only' }], delete: [] });
    expect(rows.status).toBe(200);
    expect(rows.body.data).toMatchObject({ created: 1, deleted: [] });

    for (const body of [{}, { rows: [] }, { rows: [], delete: [] }]) {
      const empty = await bulk(body);
      expect(empty.status, JSON.stringify(body)).toBe(400);
      expect(empty.body).toMatchObject({ code: 'validation_failed', fields: { rows: { code: 'required' } } });
    }
    const notAnId = await bulk({ delete: ['nope'] });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.fields['delete.0'].code).toBe('format');
    const tooMany = await bulk({ delete: Array.from({ length: 10_001 }, () => crypto.randomUUID()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.delete.code).toBe('maxItems');
  });
});
