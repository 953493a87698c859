/**
 * Issue 24's approval findings, through the real app: a department admin's flows stay in their department (and
 * company-wide flows are the admin's), a request's reader is who may decide it or decided it (its attachment too),
 * filing for someone else needs write access to their record, and an approved profile change passes a direct edit's
 * checks (a taken email), at request and again at approval.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const departments: Record<string, string> = {};
const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as Json[];
const employeeOf = async (username: string) =>
  (await rows(sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`))[0]
    .id as string;
/** Weekdays in the past, a different one per call (overtime is limited per day). */
let daysBack = 1;
const nextWeekday = () => {
  for (;;) {
    const day = new Date(Date.now() + 7 * 3_600_000 - daysBack++ * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) return day.toISOString().slice(0, 10);
  }
};
const overtime = async () => {
  const made = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
    context: 'overtime',
    content: { date: nextWeekday(), start_time: '17:00', end_time: '18:00' },
  });
  expect(made.status).toBe(201);
  return made.body.data as Json;
};
const decide = (who: string, list: string[], decision: 'approve' | 'reject' = 'approve') =>
  t.call(tokens[who]!, 'POST', '/v1/approvals/decisions', { ids: list, decision });
const flow = (who: string, body: Json) =>
  t.call(tokens[who]!, 'POST', '/v1/approval-flow', {
    context: ['overtime'],
    levels: [{ approvers: [{ type: 'employee', employee: ids.deptadmin }], mode: 'any' }],
    ...body,
  });

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 5 } });
  for (const who of ['admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee']) {
    tokens[who] = await t.login(who);
    ids[who] = await employeeOf(who);
  }
  for (const d of await rows(sql`select d.id, d.code from departments d join companies c on c.id = d.company_id
    where c.code = 'DEMO'`))
    departments[d.code] = d.id;
  // The demo's flow that names the `employee` login (server/seed/access.ts): these tests build their own flows.
  await t.database.db.execute(
    sql`delete from approval_flows where members->'employees' ? ${ids.employee} and name like 'Sales, %'`,
  );
  // A colleague of the department admin's own department (Finance), with an employee's account.
  ids.finance = (
    await rows(sql`select e.id from employees e join users u on u.id = e.user_id
      where e.department_id = ${departments.FIN} and u.level = 'employee' and e.exit_date is null limit 1`)
  )[0].id;
}, 300_000);
afterAll(() => t?.close());

describe("a department admin's approval flows (issue 24, high)", () => {
  it('cover their own department only and name approvers they reach and do not rank below', async () => {
    const sales = await flow('deptadmin', {
      name: 'Sales overtime to me',
      members: { employees: [], departments: [departments.SLS] },
    });
    expect(sales.status).toBe(400);
    expect(sales.body.fields['members.departments'].code).toBe('own_department');
    const salesPerson = await flow('deptadmin', {
      name: 'A Sales employee to me',
      members: { employees: [ids.employee], departments: [] },
    });
    expect(salesPerson.status).toBe(400);
    expect(salesPerson.body.fields['members.employees'].code).toBe('not_found');
    // An approver outside their department, and one of a higher level inside it.
    const outside = await flow('deptadmin', {
      name: 'Finance to the approver',
      members: { employees: [], departments: [departments.FIN] },
      levels: [{ approvers: [{ type: 'employee', employee: ids.approver }], mode: 'any' }],
    });
    expect(outside.status).toBe(400);
    await t.database.db.execute(
      sql`update users set level = 'sub_admin' where id = (select user_id from employees where id = ${ids.finance})`,
    );
    const higher = await flow('deptadmin', {
      name: 'Finance to a sub-admin',
      members: { employees: [], departments: [departments.FIN] },
      levels: [{ approvers: [{ type: 'employee', employee: ids.finance }], mode: 'any' }],
    });
    await t.database.db.execute(
      sql`update users set level = 'employee' where id = (select user_id from employees where id = ${ids.finance})`,
    );
    expect(higher.status).toBe(400);
    expect(higher.body.fields.levels.code).toBe('higher_rank');
    const own = await flow('deptadmin', {
      name: 'Finance overtime',
      members: { employees: [ids.finance], departments: [departments.FIN] },
      levels: [{ approvers: [{ type: 'employee', employee: ids.deptadmin }], mode: 'any' }],
    });
    expect(own.status).toBe(201);
  });

  it("cannot see, change or delete the company-wide flows; the admin sees and edits the department's", async () => {
    const companyWide = await flow('admin', {
      name: 'Company overtime',
      context: ['resignation'],
      members: { employees: [], departments: [departments.SLS] },
      levels: [{ approvers: [{ type: 'employee', employee: ids.subadmin }], mode: 'any' }],
    });
    expect(companyWide.status).toBe(201);
    const id = companyWide.body.data._id;
    const input = {
      name: 'Taken over',
      context: ['resignation'],
      members: { employees: [], departments: [departments.FIN] },
      levels: [{ approvers: [{ type: 'employee', employee: ids.deptadmin }], mode: 'any' }],
    };
    expect((await t.call(tokens.deptadmin!, 'GET', `/v1/approval-flow/${id}`)).status).toBe(404);
    expect((await t.call(tokens.deptadmin!, 'PUT', `/v1/approval-flow/${id}`, input)).status).toBe(404);
    expect((await t.call(tokens.deptadmin!, 'DELETE', `/v1/approval-flow/${id}`)).status).toBe(404);
    const theirs = (await t.call(tokens.deptadmin!, 'GET', '/v1/approval-flow')).body.data.map((f: Json) => f.name);
    expect(theirs).toEqual(['Finance overtime']);
    const all = (await t.call(tokens.admin!, 'GET', '/v1/approval-flow')).body.data.map((f: Json) => f.name);
    expect(all).toEqual(expect.arrayContaining(['Company overtime', 'Finance overtime']));
    expect((await t.call(tokens.admin!, 'GET', `/v1/approval-flow/${id}`)).body.data.name).toBe('Company overtime');
  });

  it("a department flow made before flows had a department applies to its department's members only", async () => {
    // As the attack left it: a flow naming Sales with the department admin as approver, no department.
    const [made] = await rows(sql`
      insert into approval_flows (company_id, name, context, members, levels, department_id)
      select company_id, 'Planted', array['overtime']::approval_context[],
        ${JSON.stringify({ employees: [], departments: [departments.SLS] })}::jsonb,
        ${JSON.stringify([{ approvers: [{ type: 'employee', employee: ids.deptadmin }], mode: 'any' }])}::jsonb,
        ${departments.FIN}
      from employees where id = ${ids.deptadmin} returning id`);
    const request = await overtime();
    expect(request.flow?.name ?? null).not.toBe('Planted');
    expect(request.approvers.map((a: Json) => a._id)).not.toContain(ids.deptadmin);
    expect((await decide('deptadmin', [request._id])).body.data[0].ok).toBe(false);
    await t.database.db.execute(sql`delete from approval_flows where id = ${made.id}`);
  });
});

describe('who reads a request (issue 24, low; attachments follow, high)', () => {
  let twoLevels = '';
  beforeAll(async () => {
    const made = await flow('admin', {
      name: 'A two-level flow: approver, then the Finance head',
      context: ['overtime', 'employee_profile'],
      members: { employees: [ids.employee], departments: [] },
      levels: [
        { approvers: [{ type: 'employee', employee: ids.approver }], mode: 'any' },
        { approvers: [{ type: 'employee', employee: ids.deptadmin }], mode: 'any' },
      ],
    });
    expect(made.status).toBe(201);
    twoLevels = made.body.data._id;
  });
  afterAll(async () => {
    await t.call(tokens.admin!, 'DELETE', `/v1/approval-flow/${twoLevels}`);
  });

  it('an approver of a later level reads the request (and its attachment) only once it is theirs to decide', async () => {
    const request = await overtime();
    expect(request.approvers.map((a: Json) => a._id)).toEqual([ids.approver]);
    expect(request.deciders.map((a: Json) => a._id)).toEqual([ids.approver]);
    expect((await t.call(tokens.deptadmin!, 'GET', `/v1/approvals/${request._id}`)).status).toBe(404);
    expect((await t.call(tokens.deptadmin!, 'GET', `/v1/approvals/${request._id}/attachment`)).status).toBe(404);
    const all = await t.call(tokens.deptadmin!, 'GET', '/v1/approvals?box=all&limit=1000');
    expect(all.body.data.map((a: Json) => a._id)).not.toContain(request._id);
    expect((await decide('approver', [request._id])).body.data[0].status).toBe('partial');
    const now = await t.call(tokens.deptadmin!, 'GET', `/v1/approvals/${request._id}`);
    expect(now.status).toBe(200);
    expect(now.body.data.can_decide).toBe(true);
  });

  it('an approver no longer reads a request someone else decided; they keep reading what they decided', async () => {
    const takenOver = await overtime();
    const decided = await overtime();
    expect((await decide('admin', [takenOver._id], 'reject')).body.data[0].ok).toBe(true);
    expect((await decide('approver', [decided._id])).body.data[0].ok).toBe(true);
    expect((await t.call(tokens.approver!, 'GET', `/v1/approvals/${takenOver._id}`)).status).toBe(404);
    const mine = await t.call(tokens.approver!, 'GET', `/v1/approvals/${decided._id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.can_decide).toBe(false);
    const all = (await t.call(tokens.approver!, 'GET', '/v1/approvals?box=all&limit=1000')).body.data;
    expect(all.every((a: Json) => a.can_decide || a.history.length > 0 || a.employee._id === ids.approver)).toBe(true);
    expect(all.map((a: Json) => a._id)).not.toContain(takenOver._id);
    const history = await t.call(tokens.approver!, 'GET', '/v1/approvals/history?limit=1000');
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: Json) => h.approval._id)).not.toContain(takenOver._id);
  });

  it("shows a profile change's bank and ID-card fields only while the reader may decide it", async () => {
    const made = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      content: { changes: { bank: 'Bank Uji Coba', account_number: '1234567890', phone: '081298765432' } },
    });
    expect(made.status).toBe(201);
    const fields = (reply: Json) => reply.body.data.content.changes.map((c: Json) => c.field).sort();
    const id = made.body.data._id;
    expect(fields(await t.call(tokens.approver!, 'GET', `/v1/approvals/${id}`))).toEqual([
      'account_number',
      'bank',
      'phone',
    ]);
    expect((await decide('approver', [id])).body.data[0].status).toBe('partial');
    expect(fields(await t.call(tokens.approver!, 'GET', `/v1/approvals/${id}`))).toEqual(['phone']);
    expect(fields(await t.call(tokens.employee!, 'GET', `/v1/approvals/${id}`))).toHaveLength(3);
    expect(fields(await t.call(tokens.admin!, 'GET', `/v1/approvals/${id}`))).toHaveLength(3);
    await t.call(tokens.employee!, 'POST', `/v1/approvals/${id}/withdraw`);
  });
});

describe('filing for someone else (issue 24, medium)', () => {
  it('needs write access to their record: a read-only custom level is refused', async () => {
    const resignation = await t.call(tokens.custom!, 'POST', '/v1/approvals', {
      context: 'resignation',
      employee: ids.finance,
      content: { last_working_day: `${year + 1}-06-30`, reason: 'Moving' },
    });
    expect(resignation.status).toBe(403);
    const profile = await t.call(tokens.custom!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      employee: ids.finance,
      content: { changes: { phone: '081211112222' } },
    });
    expect(profile.status).toBe(403);
    expect(await rows(sql`select 1 from approvals where employee_id = ${ids.finance}`)).toEqual([]);
  });

  it("a department admin files for their department's people only", async () => {
    const sales = await t.call(tokens.deptadmin!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      employee: ids.employee,
      content: { changes: { phone: '081211113333' } },
    });
    expect(sales.status).toBe(404);
    const finance = await t.call(tokens.deptadmin!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      employee: ids.finance,
      content: { changes: { phone: '081211114444' } },
    });
    expect(finance.status).toBe(201);
  });
});

describe('an approved profile change passes the checks of a direct edit (issue 24, low)', () => {
  it("refuses another account's email when asked, and again at approval, leaving the request pending", async () => {
    const taken = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      content: { changes: { email: 'admin@demo.test' } },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields['changes.email'].code).toBe('unique');
    const wrong = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      content: { changes: { ktp_number: '12345' } },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields)).toEqual(['changes.ktp_number']);

    const asked = await t.call(tokens.employee!, 'POST', '/v1/approvals', {
      context: 'employee_profile',
      content: { changes: { email: 'budi.new@demo.test' } },
    });
    expect(asked.status).toBe(201);
    // The requester reads who can decide it: nobody is named, so the admins who reach a Sales employee.
    const users = await rows(sql`select id, username from users where username in ('admin', 'subadmin', 'deptadmin')`);
    const user = (name: string) => users.find((u: Json) => u.username === name).id;
    const seen = (await t.call(tokens.employee!, 'GET', `/v1/approvals/${asked.body.data._id}`)).body.data;
    expect(seen.can_decide).toBe(false);
    const deciders = seen.deciders.map((p: Json) => p._id);
    expect(deciders).toEqual(expect.arrayContaining([user('admin'), user('subadmin')]));
    expect(deciders).not.toContain(user('deptadmin'));
    // Meanwhile another account takes the address.
    await t.database.db.execute(sql`update users set email = 'budi.new@demo.test' where username = 'subadmin'`);
    const [result] = (await decide('admin', [asked.body.data._id])).body.data;
    expect(result).toMatchObject({ ok: false, error: 'validation_failed', fields: { email: { code: 'unique' } } });
    expect((await t.call(tokens.admin!, 'GET', `/v1/approvals/${asked.body.data._id}`)).body.data.status).toBe(
      'pending',
    );
    const emails = await rows(sql`select e.email from employees e where e.id = ${ids.employee}`);
    expect(emails[0].email).not.toBe('budi.new@demo.test');
    // Once the address is free again, the approval writes the record and the account alike.
    await t.database.db.execute(sql`update users set email = 'subadmin@demo.test' where username = 'subadmin'`);
    expect((await decide('admin', [asked.body.data._id])).body.data[0].status).toBe('approved');
    const [after] = await rows(sql`select e.email, u.email as account from employees e join users u on u.id = e.user_id
      where e.id = ${ids.employee}`);
    expect(after).toEqual({ email: 'budi.new@demo.test', account: 'budi.new@demo.test' });
  });
});
