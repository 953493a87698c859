/**
 * The employee record through the front door: the active, resigned and daily-worker lists, the exit flow and rehire,
 * sign-in refused after the exit date, payroll-field privacy, admin_department scoping, the account behind an
 * employee, BPJS contributions, my-profile, and the sub-records of one employee.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpjsContributions } from '../../../common/bpjs.ts';
import { jakartaToday } from '../../../common/employment.ts';
import { accessRoles } from '../../../server/db/schema.ts';
import { payrollFields } from '../../../server/employees/resource.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
const today = jakartaToday();
const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 5 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const ok = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const reply = await t.call(token, method, url, body);
  expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body.data as Json;
};
const list = async (token: string, path: string, query = '') =>
  (await ok(token, 'GET', `${path}?limit=10000${query}`)) as Json[];
const ids = (rows: Json[]) => rows.map((row: Json) => row._id as string);

/** An active employee who is not one of the demo logins. */
async function someEmployee(query = ''): Promise<Json> {
  const rows = await list(admin, '/v1/employees', `&sort=employee_id${query}`);
  const logins = new Set(['admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee']);
  const accounts = await Promise.all(
    rows.slice(0, 15).map((row) => ok(admin, 'GET', `/v1/employees/${row._id}/account`)),
  );
  const index = accounts.findIndex((account) => !logins.has(account.username));
  return rows[index]!;
}

describe('the lists are views of one record', () => {
  it('keeps active, resigned and daily workers apart, and finds anyone by their user id', async () => {
    // Someone on each list and tab, whatever the seed drew: a resigned employee and two daily workers, one inactive.
    const [leaver, worker, formerWorker] = (await list(admin, '/v1/employees', '&sort=-employee_id')).slice(0, 3);
    await ok(admin, 'POST', `/v1/employees/${leaver._id}/exit`, {
      version: leaver.version,
      exit_reason: 'resign',
      exit_date: today,
    });
    await ok(admin, 'PUT', `/v1/employees/${worker._id}`, { version: worker.version, status: 'freelance' });
    const former = await ok(admin, 'PUT', `/v1/employees/${formerWorker._id}`, {
      version: formerWorker.version,
      status: 'freelance',
    });
    await ok(admin, 'POST', `/v1/employees/${formerWorker._id}/exit`, {
      version: former.version,
      exit_reason: 'resign',
      exit_date: today,
    });

    const active = await list(admin, '/v1/employees');
    const resigned = await list(admin, '/v1/employees/exit-employee');
    const daily = await list(admin, '/v1/employees/freelance');
    expect(active.length).toBeGreaterThan(0);
    expect(ids(resigned)).toContain(leaver._id);
    expect(ids(daily)).toEqual(expect.arrayContaining([worker._id, formerWorker._id]));
    for (const row of active) {
      expect(row.exit_date === null || row.exit_date > today).toBe(true);
      expect(row.status).not.toBe('freelance');
    }
    for (const row of resigned) expect(row.exit_date <= today).toBe(true);
    for (const row of daily) expect(row.status).toBe('freelance');
    // The daily-worker tabs: Active has no exit date, Inactive has one.
    const activeDaily = await list(admin, '/v1/employees/freelance', '&empty=exit_date');
    const inactiveDaily = await list(admin, '/v1/employees/freelance', '&filled=exit_date');
    expect(ids(activeDaily)).toContain(worker._id);
    expect(ids(inactiveDaily)).toContain(formerWorker._id);
    expect(activeDaily.length + inactiveDaily.length).toBe(daily.length);
    for (const row of activeDaily) expect(row.exit_date).toBeNull();
    for (const row of inactiveDaily) expect(row.exit_date).not.toBeNull();
    const overlap = ids(active).filter((id) => ids(resigned).includes(id) || ids(daily).includes(id));
    expect(overlap).toEqual([]);
    for (const anyone of [resigned[0], daily[0], active[0]]) {
      const found = await ok(admin, 'GET', `/v1/employees/by-user/${anyone.user}?populate=department,user`);
      expect(found._id).toBe(anyone._id);
      expect(found.user._id).toBe(anyone.user);
    }
    expect((await t.call(admin, 'GET', `/v1/employees/by-user/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('assignment candidates', () => {
  it('come from job titles configured for POA, PCHO and supervisor, not from ids in code', async () => {
    const titles = async (role: string) =>
      (await list(admin, '/v1/refs/employees/orgs/job-titles', `&assignment_role=${role}`)).map(
        (row: Json) => row.code,
      );
    expect(await titles('poa')).toEqual(['POA']);
    expect(await titles('pcho')).toEqual(['PCO']);
    expect((await titles('supervisor')).sort()).toEqual(['AMGR', 'MGR', 'SPV']);
    const [staff] = await list(admin, '/v1/refs/employees/orgs/job-titles', '&code=STF');
    const changed = await ok(admin, 'PUT', `/v1/refs/employees/orgs/job-titles/${staff._id}`, {
      version: staff.version,
      assignment_role: 'supervisor',
    });
    expect(changed.assignment_role).toBe('supervisor');
    await ok(admin, 'PUT', `/v1/refs/employees/orgs/job-titles/${staff._id}`, {
      version: changed.version,
      assignment_role: null,
    });
  });

  it('are enforced by the server: a staff member cannot be made supervisor, POA or PCHO; a marked holder can', async () => {
    const [supervisorTitle] = await list(admin, '/v1/refs/employees/orgs/job-titles', '&code=SPV');
    const [staffTitle] = await list(admin, '/v1/refs/employees/orgs/job-titles', '&code=STF');
    const [holder] = await list(admin, '/v1/employees', `&job_title=${supervisorTitle._id}`);
    const staff = await list(admin, '/v1/employees', `&job_title=${staffTitle._id}&sort=employee_id`);
    const [target, notCandidate] = staff;
    expect(holder && target && notCandidate).toBeTruthy();

    for (const field of ['supervisor', 'poa', 'pcho']) {
      const refused = await t.call(admin, 'PUT', `/v1/employees/${target._id}`, {
        version: target.version,
        [field]: notCandidate._id,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields[field].code).toBe('not_candidate');
    }
    // The same rule in a bulk write (a paste), which saves nothing.
    const bulk = await t.call(admin, 'POST', '/v1/employees/bulk', {
      rows: [{ _id: target._id, version: target.version, supervisor: notCandidate._id }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.rows[0].fields.supervisor.code).toBe('not_candidate');

    const saved = await ok(admin, 'PUT', `/v1/employees/${target._id}`, {
      version: target.version,
      supervisor: holder._id,
    });
    expect(saved.supervisor).toBe(holder._id);
  });
});

describe('the exit flow', () => {
  it('moves an employee to resigned-employees on the exit date, closes their account, and rehire undoes it', async () => {
    const employee = await someEmployee();
    const account = await ok(admin, 'GET', `/v1/employees/${employee._id}/account`);
    await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, { password: 'leaving-soon-1' });
    const session = await t.login(account.username, 'leaving-soon-1');
    expect((await t.call(session, 'GET', '/v1/auth/me')).status).toBe(200);

    // A future exit date: still active, still signed in.
    let row = await ok(admin, 'POST', `/v1/employees/${employee._id}/exit`, {
      version: employee.version,
      exit_reason: 'resign',
      exit_date: tomorrow,
    });
    expect(row).toMatchObject({ exit_reason: 'resign', exit_date: tomorrow });
    expect(ids(await list(admin, '/v1/employees'))).toContain(employee._id);
    expect((await t.call(session, 'GET', '/v1/auth/me')).status).toBe(200);

    // Today: resigned, and the account is closed at once.
    row = await ok(admin, 'POST', `/v1/employees/${employee._id}/exit`, {
      version: row.version,
      exit_reason: 'phk',
      exit_date: today,
    });
    expect(ids(await list(admin, '/v1/employees'))).not.toContain(employee._id);
    expect(ids(await list(admin, '/v1/employees/exit-employee'))).toContain(employee._id);
    expect((await t.call(session, 'GET', '/v1/auth/me')).status).toBe(401);
    const login = await t.call(null, 'POST', '/v1/auth/login', {
      username: account.username,
      password: 'leaving-soon-1',
    });
    expect(login.status).toBe(401);

    // A stale version is a conflict; rehire clears the exit and opens the account again.
    expect((await t.call(admin, 'POST', `/v1/employees/${employee._id}/rehire`, { version: 1 })).status).toBe(409);
    row = await ok(admin, 'POST', `/v1/employees/${employee._id}/rehire`, { version: row.version });
    expect(row).toMatchObject({ exit_reason: null, exit_date: null });
    expect(ids(await list(admin, '/v1/employees'))).toContain(employee._id);
    expect(await t.login(account.username, 'leaving-soon-1')).toBeTruthy();

    const logs = await list(admin, '/v1/logs', `&search=${encodeURIComponent(employee.employee_id)}`);
    expect(logs.some((log: Json) => /exit_reason, exit_date/.test(log.detail))).toBe(true);
  });

  it('refuses an exit date before the join date, an unknown reason, and rehiring someone who never left', async () => {
    const employee = await someEmployee('&join_date=2000-01-01&join_date=2100-01-01');
    const before = await t.call(admin, 'POST', `/v1/employees/${employee._id}/exit`, {
      version: employee.version,
      exit_reason: 'resign',
      exit_date: '1990-01-01',
    });
    expect(before.status).toBe(400);
    expect(before.body.fields.exit_date.code).toBe('before_join');
    const reason = await t.call(admin, 'POST', `/v1/employees/${employee._id}/exit`, {
      version: employee.version,
      exit_reason: 'retired',
      exit_date: today,
    });
    expect(reason.status).toBe(400);
    const rehire = await t.call(admin, 'POST', `/v1/employees/${employee._id}/rehire`, { version: employee.version });
    expect(rehire.status).toBe(409);
    expect(rehire.body.code).toBe('not_exited');
  });
});

describe('payroll fields are private', () => {
  it('leaves salary, bank, tax and BPJS fields out of every reply to a caller without payroll permission', async () => {
    const custom = await t.login('custom');
    const rows = await list(custom, '/v1/employees');
    expect(rows.length).toBeGreaterThan(0);
    for (const field of payrollFields) expect(rows[0]).not.toHaveProperty(field);
    expect(rows[0]).toHaveProperty('fullname');
    const one = await ok(custom, 'GET', `/v1/employees/${rows[0]._id}`);
    for (const field of payrollFields) expect(one).not.toHaveProperty(field);
    const adminRow = await ok(admin, 'GET', `/v1/employees/${rows[0]._id}`);
    for (const field of payrollFields) expect(adminRow).toHaveProperty(field);
  });

  it('refuses filtering or sorting on them, and their payroll items', async () => {
    const custom = await t.login('custom');
    const filter = await t.call(custom, 'GET', '/v1/employees?basic_salary=1&basic_salary=100000000');
    expect(filter.status).toBe(400);
    expect(filter.body.fields.basic_salary.code).toBe('forbidden_field');
    expect((await t.call(custom, 'GET', '/v1/employees?sort=-basic_salary')).status).toBe(400);
    expect((await t.call(custom, 'GET', '/v1/employees?empty=basic_salary')).status).toBe(400);
    expect((await t.call(custom, 'GET', '/v1/employees/allowances')).status).toBe(403);
  });

  it('refuses a write of a payroll field by a caller who may edit employees but not payroll', async () => {
    // Give the demo HR Viewer role write access to employees, still without payroll permission.
    await t.database.db
      .update(accessRoles)
      .set({ permissions: sql`${accessRoles.permissions} || '{active-employees:write}'::text[]` })
      .where(eq(accessRoles.code, 'HR-VIEW'));
    const custom = await t.login('custom');
    const employee = await someEmployee();
    const pay = await t.call(custom, 'PUT', `/v1/employees/${employee._id}`, {
      version: employee.version,
      basic_salary: 1,
    });
    expect(pay.status).toBe(403);
    expect(pay.body.code).toBe('forbidden_field');
    expect(pay.body.fields.basic_salary.code).toBe('forbidden_field');
    const bulk = await t.call(custom, 'POST', '/v1/employees/bulk', {
      rows: [{ _id: employee._id, account_number: '12345678' }],
    });
    expect(bulk.status).toBe(403);
    const name = await ok(custom, 'PUT', `/v1/employees/${employee._id}`, {
      version: employee.version,
      nickname: 'Nick',
    });
    expect(name.nickname).toBe('Nick');
    for (const field of payrollFields) expect(name).not.toHaveProperty(field);
    const stale = await t.call(custom, 'PUT', `/v1/employees/${employee._id}`, {
      version: employee.version,
      nickname: 'x',
    });
    expect(stale.status).toBe(409);
    for (const field of payrollFields) expect(stale.body.current).not.toHaveProperty(field);
  });
});

describe('admin_department sees only their own department', () => {
  it('lists, reads and writes only their department, and cannot move anyone out of it', async () => {
    const dept = await t.login('deptadmin');
    const mine = await list(dept, '/v1/employees');
    const all = await list(admin, '/v1/employees');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const department = mine[0].department;
    for (const row of mine) expect(row.department).toBe(department);
    const other = all.find((row: Json) => row.department !== department)!;
    expect((await t.call(dept, 'GET', `/v1/employees/${other._id}`)).status).toBe(404);
    expect(
      (await t.call(dept, 'PUT', `/v1/employees/${other._id}`, { version: other.version, nickname: 'x' })).status,
    ).toBe(404);
    expect((await t.call(dept, 'GET', `/v1/employees/by-user/${other.user}`)).status).toBe(404);
    const move = await t.call(dept, 'PUT', `/v1/employees/${mine[0]._id}`, {
      version: mine[0].version,
      department: other.department,
    });
    expect(move.status).toBe(403);
    const hire = await t.call(dept, 'POST', '/v1/employees', {
      employee_id: 'DEPT-X1',
      fullname: 'Elsewhere Hire',
      department: other.department,
    });
    expect(hire.status).toBe(403);
    // Sub-records follow their employee.
    const contact = await t.call(dept, 'POST', '/v1/employees/emergency-contacts', {
      employee: other._id,
      name: 'Someone',
      relationship: 'Sibling',
    });
    expect(contact.status).toBe(400);
    expect(contact.body.fields.employee.code).toBe('not_found');
    await ok(dept, 'POST', '/v1/employees/emergency-contacts', {
      employee: mine[0]._id,
      name: 'Someone',
      relationship: 'Sibling',
    });
    const adminContacts = await list(admin, '/v1/employees/emergency-contacts');
    const deptContacts = await list(dept, '/v1/employees/emergency-contacts');
    expect(
      deptContacts.every((row: Json) => row.employee === mine[0]._id || mine.some((m: Json) => m._id === row.employee)),
    ).toBe(true);
    expect(adminContacts.length).toBeGreaterThanOrEqual(deptContacts.length);
  });
});

describe('the account behind an employee', () => {
  it('blocks (ending sessions), changes contact data on both records, and lets only an admin set a password', async () => {
    const employee = await someEmployee();
    const account = await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, { password: 'first-pass-1' });
    const session = await t.login(account.username, 'first-pass-1');
    const changed = await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, {
      fullname: 'Renamed Person',
      phone: '081234567890',
    });
    expect(changed).toMatchObject({ fullname: 'Renamed Person', phone: '081234567890' });
    expect(await ok(admin, 'GET', `/v1/employees/${employee._id}`)).toMatchObject({ fullname: 'Renamed Person' });
    expect((await t.call(session, 'GET', '/v1/auth/me')).status).toBe(200);

    await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, { password: 'second-pass-2' });
    expect((await t.call(session, 'GET', '/v1/auth/me')).status).toBe(401);
    const again = await t.login(account.username, 'second-pass-2');
    await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, { blocked: true });
    expect((await t.call(again, 'GET', '/v1/auth/me')).status).toBe(401);
    await ok(admin, 'PUT', `/v1/employees/${employee._id}/account`, { blocked: false });

    const sub = await t.login('subadmin');
    const refused = await t.call(sub, 'PUT', `/v1/employees/${employee._id}/account`, { password: 'third-pass-3' });
    expect(refused.status).toBe(403);
    expect((await t.call(admin, 'PUT', `/v1/employees/${employee._id}/account`, { username: 'a b' })).status).toBe(400);
    const logs = await list(admin, '/v1/logs', `&search=${encodeURIComponent(account.username)}`);
    expect(logs.some((log: Json) => /password/.test(log.detail))).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('second-pass-2');
  });
});

describe('BPJS contributions', () => {
  it('computes them from the stored salary data and the company figures, counting additional family', async () => {
    const employee = await someEmployee();
    const updated = await ok(admin, 'PUT', `/v1/employees/${employee._id}`, {
      version: employee.version,
      basic_salary: 8_000_000,
      bpjs_tk_registered: true,
      bpjs_ks_registered: true,
      bpjs_type: 1,
      bpjs_tk_salary: null,
      bpjs_ks_salary: null,
      jkk_percentage: 0.24,
    });
    await ok(admin, 'POST', '/v1/employees/family', {
      employee: employee._id,
      name: 'Extra Member',
      relationship: 'Parent',
      bpjs_ks_additional: true,
    });
    const reply = await ok(admin, 'GET', `/v1/employees/${updated._id}/bpjs`);
    const family = await list(admin, '/v1/employees/family', `&employee=${employee._id}&bpjs_ks_additional=true`);
    expect(reply.additional_family_members).toBe(family.length);
    expect(reply.contributions).toEqual(
      bpjsContributions({
        tkWage: 8_000_000,
        ksWage: 8_000_000,
        date: reply.date,
        jkkPercent: 0.24,
        umk: reply.umk,
        tkRegistered: true,
        ksRegistered: true,
        type: 1,
        additionalFamilyMembers: family.length,
      }),
    );
    expect(reply.contributions.jht).toEqual({ employee: 160_000, company: 296_000 });
    expect((await t.call(await t.login('custom'), 'GET', `/v1/employees/${updated._id}/bpjs`)).status).toBe(403);
  });
});

describe('my-profile', () => {
  it('shows the signed-in employee their own record without pay data and lets them change only their own fields', async () => {
    const me = await t.login('employee');
    const own = await ok(me, 'GET', '/v1/employees/me?populate=department');
    const account = (await ok(me, 'GET', '/v1/auth/me')) as Json;
    expect(account.username).toBe('employee');
    expect(typeof account._id).toBe('string');
    expect(own.user).toBe(account._id);
    for (const field of payrollFields) expect(own).not.toHaveProperty(field);
    const changed = await ok(me, 'PUT', '/v1/employees/me', {
      version: own.version,
      nickname: 'Me',
      id_card_rt: '004',
      same_address: true,
    });
    expect(changed).toMatchObject({ nickname: 'Me', id_card_rt: '004', same_address: true });
    const salary = await t.call(me, 'PUT', '/v1/employees/me', { version: changed.version, basic_salary: 99 });
    expect(salary.status).toBe(400);
    const status = await t.call(me, 'PUT', '/v1/employees/me', { version: changed.version, status: 'regular' });
    expect(status.status).toBe(400);
    // Employees have no access to the employee lists themselves.
    expect((await t.call(me, 'GET', '/v1/employees')).status).toBe(403);
  });
});

describe('sub-records of one employee', () => {
  it('creates, filters by employee and validates each list', async () => {
    const employee = await someEmployee();
    const cases: [string, Json, Json][] = [
      ['emergency-contacts', { name: 'Ibu', relationship: 'Mother', phone: '081111111111' }, { phone: 'call me' }],
      [
        'work-experiences',
        { company_name: 'PT Lama', job_title: 'Staff', start_date: '2015-01-01', end_date: '2018-12-31' },
        { company_name: 'PT X', start_date: '2020-01-01', end_date: '2019-01-01' },
      ],
      [
        'educations',
        { institute_name: 'Universitas Indonesia', major: 'Akuntansi', grad_year: 2014 },
        { institute_name: 'UI', grad_year: 1800 },
      ],
      ['attachments', { name: 'Ijazah', attachment: null }, { name: '' }],
      ['case-achievement', { title: 'Employee of the month', type: 'achievement' }, { title: 'x', type: 'award' }],
      [
        'payrolls/thr-bonuses',
        { year: 2026, month: 3, thr: 5_000_000, yearly_bonus: 0 },
        { year: 2026, month: 13, thr: 1 },
      ],
    ];
    for (const [path, good, bad] of cases) {
      const created = await ok(admin, 'POST', `/v1/employees/${path}`, { employee: employee._id, ...good });
      expect(created).toMatchObject(good);
      const rows = await list(admin, `/v1/employees/${path}`, `&employee=${employee._id}`);
      expect(ids(rows)).toContain(created._id);
      const refused = await t.call(admin, 'POST', `/v1/employees/${path}`, { employee: employee._id, ...bad });
      expect(refused.status, `${path}: ${JSON.stringify(refused.body)}`).toBe(400);
    }
  });

  it('keeps payroll items per month with their payroll-references component', async () => {
    const employee = await someEmployee();
    const [component] = await list(admin, '/v1/refs/payrolls/allowances');
    const item = await ok(admin, 'POST', '/v1/employees/allowances', {
      employee: employee._id,
      year: 2026,
      month: 11,
      amount: 750_000,
      reference: component._id,
    });
    const [populated] = await list(admin, '/v1/employees/allowances', `&employee=${employee._id}&populate=reference`);
    expect(populated).toMatchObject({ _id: item._id, amount: 750_000, reference: { _id: component._id } });
    const fraction = await t.call(admin, 'POST', '/v1/employees/allowances', {
      employee: employee._id,
      year: 2026,
      month: 11,
      amount: 10.5,
    });
    expect(fraction.status).toBe(400);
  });
});
