/**
 * Requests and decisions through the real app on a real database (issue 13): validation per context, the leave
 * balance held and released, one and two levels, withdrawal, a concurrent double decision, tenancy, the batch's
 * per-id answer, and each context's effect on the records it is about.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let annualLeave = '';
const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();

/** A Monday at least `weeks` weeks ahead (Asia/Jakarta), within this year when possible. */
function mondayAhead(weeks: number): string {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + weeks * 7));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
const plus = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
const pastWeekday = (daysBack: number) => {
  const day = new Date(Date.now() + 7 * 3_600_000 - daysBack * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as Json[];
const employeeOf = async (username: string) =>
  (await rows(sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`))[0]
    .id as string;
const balance = async (employee: string, rule: string, leaveYear: number) => {
  const reply = await t.call(
    tokens.admin!,
    'GET',
    `/v1/leave-balance?year=${leaveYear}&employee=${employee}&leave_rule=${rule}`,
  );
  return reply.body.data[0] as Json;
};
const request = (who: string, context: string, content: unknown, employee?: string) =>
  t.call(tokens[who]!, 'POST', '/v1/approvals', { context, content, ...(employee ? { employee } : {}) });
const decide = (who: string, list: string[], decision: 'approve' | 'reject', note?: string) =>
  t.call(tokens[who]!, 'POST', '/v1/approvals/decisions', { ids: list, decision, ...(note ? { note } : {}) });

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 40, CJ: 10 } });
  for (const who of ['admin', 'approver', 'employee', 'deptadmin', 'admin.cj']) tokens[who] = await t.login(who);
  for (const who of ['admin', 'approver', 'employee', 'deptadmin']) ids[who] = await employeeOf(who);
  // The employee's supervisor is the approver; a flow-free request goes to them.
  await t.database.db.execute(sql`update employees set supervisor_id = ${ids.approver} where id = ${ids.employee}`);
  annualLeave = (
    await rows(sql`select r.id from leave_rules r join companies c on c.id = r.company_id
      where c.code = 'DEMO' and r.type = 'Annual Leave'`)
  )[0].id;
  for (const leaveYear of new Set([year, year + 1])) {
    const adjusted = await t.call(tokens.admin!, 'POST', '/v1/leave-balance', {
      employee: ids.employee,
      leave_rule: annualLeave,
      year: leaveYear,
      amount: 30,
      note: 'test',
    });
    expect(adjusted.status).toBe(200);
  }
  // Seeding and migrating under load take a while.
}, 300_000);
afterAll(() => t?.close());

describe('requests', () => {
  it("validates each context with the spec's messages", async () => {
    const cases: [string, Json, string, string][] = [
      ['leave', { start_date: '2026-01-05', end_date: '2026-01-05' }, 'leave_type', 'Leave Type is required'],
      ['leave', { leave_type: annualLeave, end_date: '2026-01-05' }, 'start_date', 'Leave Start Date is required'],
      ['overtime', { date: '2026-01-05' }, 'hours', 'Overtime Hours is required'],
      ['clock_correction', { date: '2026-01-05', clock_in: '08:00' }, 'reason', 'Reason is required'],
      ['change_shift', { date: '2026-01-05', reason: 'x' }, 'swap_with', 'Swap With is required'],
      ['change_shift', { date: '2026-01-05', swap_with: ids.admin }, 'reason', 'Replacement Reason is required'],
      ['business_trip', { destination: 'Surabaya', start_date: '2026-01-05' }, 'end_date', 'End Date is required'],
      ['resignation', { reason: 'Moving' }, 'last_working_day', 'Last Working Day is required'],
      ['employee_profile', { changes: { salary: 1 } }, 'changes.salary', 'cannot be requested'],
    ];
    for (const [context, content, field, message] of cases) {
      const reply = await request('employee', context, content);
      expect(reply.status, `${context} ${field}`).toBe(400);
      expect(reply.body.fields[field]?.message, `${context} ${field}`).toBe(message);
    }
    // A contract request is an admin's, for an employee.
    expect((await request('employee', 'contract', { employee_status: 'pkwt' })).status).toBe(403);
  });

  it('numbers requests per context and year, and holds the leave balance while pending', async () => {
    const start = mondayAhead(3);
    const leaveYear = Number(start.slice(0, 4));
    const before = await balance(ids.employee!, annualLeave, leaveYear);
    const created = await request('employee', 'leave', {
      leave_type: annualLeave,
      start_date: start,
      end_date: plus(start, 1),
      unit: 'day',
      reason: 'Family event',
    });
    expect(created.status).toBe(201);
    const approval = created.body.data;
    expect(approval.approval_number).toMatch(new RegExp(`^LV-${year}-\\d{5}$`));
    expect(approval.status).toBe('pending');
    expect(approval.content.total_days).toBe(2);
    expect(approval.content.leave_type).toEqual({ _id: annualLeave, type: 'Annual Leave' });
    expect(approval.approvers.map((a: Json) => a._id)).toEqual([ids.approver]);
    expect(approval.can_withdraw).toBe(true);
    const after = await balance(ids.employee!, annualLeave, leaveYear);
    expect(after.pending).toBe(before.pending + 2);
    // Overlapping leave is refused.
    const overlap = await request('employee', 'leave', {
      leave_type: annualLeave,
      start_date: plus(start, 1),
      end_date: plus(start, 1),
      unit: 'day',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('overlapping_leave');
    // More than the balance holds.
    const short = await request('employee', 'leave', {
      leave_type: annualLeave,
      start_date: plus(start, 14),
      end_date: plus(start, 14 + 7 * 8),
      unit: 'day',
    });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('insufficient_balance');

    // The approver sees it in the inbox and may decide it; the employee sees it among their own.
    const inbox = await t.call(tokens.approver!, 'GET', '/v1/approvals?box=inbox&context=leave');
    const seen = inbox.body.data.find((a: Json) => a._id === approval._id);
    expect(seen.can_decide).toBe(true);
    expect(seen.review.balance_remaining).toBe(after.remaining);
    const mine = await t.call(tokens.employee!, 'GET', '/v1/approvals');
    expect(mine.body.data.map((a: Json) => a._id)).toContain(approval._id);
    // A plain employee may not call the decisions route; an admin of another department may not decide it.
    expect((await decide('employee', [approval._id], 'approve')).status).toBe(403);
    const other = await decide('deptadmin', [approval._id], 'approve');
    expect(other.body.data[0]).toMatchObject({ ok: false, error: 'not_found' });

    const approved = await decide('approver', [approval._id], 'approve', 'Enjoy');
    expect(approved.body.data[0]).toEqual({ id: approval._id, ok: true, status: 'approved' });
    const final = await balance(ids.employee!, annualLeave, leaveYear);
    expect(final.pending).toBe(before.pending);
    expect(final.used).toBe(before.used + 2);
    const got = await t.call(tokens.employee!, 'GET', `/v1/approvals/${approval._id}`);
    expect(got.body.data.history).toMatchObject([{ level: 1, decision: 'approve', note: 'Enjoy', as_admin: false }]);
    // Decided is final.
    const again = await decide('approver', [approval._id], 'reject');
    expect(again.body.data[0]).toMatchObject({ ok: false, error: 'already_decided' });
    // The requester was told.
    const notes = await t.call(tokens.employee!, 'GET', '/v1/notifications');
    expect(notes.body.data.some((n: Json) => n.kind === 'approval_decided' && n.approval._id === approval._id)).toBe(
      true,
    );
    const read = await t.call(tokens.employee!, 'POST', '/v1/notifications/read', {});
    expect(read.body.data.unread).toBe(0);
  });

  it('pages the inbox: disjoint pages in one order, the same total and review figures as one call', async () => {
    // The review screen loads a small first page, then the rest behind it (docs/decisions/0068).
    const url = '/v1/approvals?box=inbox&context=leave';
    const start = mondayAhead(10);
    const held = (await request('employee', 'leave', { leave_type: annualLeave, start_date: start, end_date: start }))
      .body.data;
    const whole = (await t.call(tokens.admin!, 'GET', `${url}&limit=10000`)).body;
    expect(whole.total).toBe(whole.data.length);
    expect(whole.total).toBeGreaterThan(4);
    const size = Math.ceil(whole.total / 3);
    const paged: Json[] = [];
    for (let skip = 0; skip < whole.total; skip += size) {
      const page = (await t.call(tokens.admin!, 'GET', `${url}&limit=${size}&skip=${skip}`)).body;
      expect(page.total).toBe(whole.total);
      expect(page.data.length).toBe(Math.min(size, whole.total - skip));
      paged.push(...page.data);
    }
    expect(paged.map((a) => a._id)).toEqual(whole.data.map((a: Json) => a._id));
    // A page's figures are its own requesters' (balances loaded for them only), equal to the whole list's.
    expect(paged.map((a) => a.review)).toEqual(whole.data.map((a: Json) => a.review));
    expect(paged.some((a) => typeof a.review.balance_remaining === 'number')).toBe(true);
    // Colleagues away: same department, another person, a pending or approved leave or a trip overlapping the days.
    const away = await rows(sql`
      select l.employee_id, e.department_id, to_char(l.start_date, 'YYYY-MM-DD') as s, to_char(l.end_date, 'YYYY-MM-DD') as e
      from leaves l join employees e on e.id = l.employee_id where l.status in ('pending', 'approved')
      union all
      select t.employee_id, e.department_id, to_char(t.start_date, 'YYYY-MM-DD'), to_char(t.end_date, 'YYYY-MM-DD')
      from business_trips t join employees e on e.id = t.employee_id`);
    for (const a of whole.data as Json[]) {
      const department = a.employee.department?._id ?? null;
      const people = away.filter(
        (w) => department && w.department_id === department && w.employee_id !== a.employee._id,
      );
      const expected = new Set(
        people.filter((w) => w.s <= a.end_date && w.e >= a.start_date).map((w) => w.employee_id),
      );
      expect(a.review.overlaps).toBe(expected.size);
    }
    expect((await t.call(tokens.admin!, 'GET', `${url}&skip=${whole.total}`)).body).toEqual({
      data: [],
      total: whole.total,
      meta: { total: whole.total, limit: 100, skip: whole.total },
    });
    expect((await t.call(tokens.employee!, 'POST', `/v1/approvals/${held._id}/withdraw`)).status).toBe(200);
  });

  it('goes pending -> partial -> approved through a two-level flow; a rejection at level 2 releases the balance', async () => {
    const flow = await t.call(tokens.admin!, 'POST', '/v1/approval-flow', {
      name: 'Leave: supervisor then HR',
      context: ['leave'],
      leave_type: [annualLeave],
      members: { employees: [ids.employee], departments: [] },
      levels: [
        { approvers: [{ type: 'supervisor' }], mode: 'any' },
        { approvers: [{ type: 'employee', employee: ids.admin }], mode: 'any' },
      ],
    });
    expect(flow.status).toBe(201);
    expect(flow.body.data.names.employees.map((e: Json) => e._id).sort()).toEqual([ids.employee, ids.admin].sort());

    const start = mondayAhead(6);
    const leaveYear = Number(start.slice(0, 4));
    const before = await balance(ids.employee!, annualLeave, leaveYear);
    const one = (await request('employee', 'leave', { leave_type: annualLeave, start_date: start, end_date: start }))
      .body.data;
    const two = (
      await request('employee', 'leave', {
        leave_type: annualLeave,
        start_date: plus(start, 7),
        end_date: plus(start, 7),
      })
    ).body.data;
    expect(one.levels).toBe(2);
    expect((await balance(ids.employee!, annualLeave, leaveYear)).pending).toBe(before.pending + 2);

    const first = await decide('approver', [one._id, two._id], 'approve');
    expect(first.body.data.map((r: Json) => r.status)).toEqual(['partial', 'partial']);
    // The approver is not an approver of level 2.
    const outside = await decide('approver', [one._id], 'approve');
    expect(outside.body.data[0]).toMatchObject({ ok: false, error: 'not_approver' });
    const adminInbox = await t.call(tokens.admin!, 'GET', '/v1/approvals?box=inbox&context=leave');
    const waiting = adminInbox.body.data.find((a: Json) => a._id === one._id);
    expect(waiting).toMatchObject({ level: 2, status: 'partial', can_decide: true });

    expect((await decide('admin', [one._id], 'approve')).body.data[0].status).toBe('approved');
    expect((await decide('admin', [two._id], 'reject', 'Busy week')).body.data[0].status).toBe('rejected');
    const after = await balance(ids.employee!, annualLeave, leaveYear);
    expect(after.pending).toBe(before.pending);
    expect(after.used).toBe(before.used + 1);
    const leaves = await rows(sql`select status from leaves where approval_id = ${two._id}`);
    expect(leaves[0].status).toBe('rejected');
    expect((await t.call(tokens.admin!, 'DELETE', `/v1/approval-flow/${flow.body.data._id}`)).status).toBe(200);
  });

  it('lets the requester withdraw while open, releasing the hold', async () => {
    const start = mondayAhead(9);
    const leaveYear = Number(start.slice(0, 4));
    const before = await balance(ids.employee!, annualLeave, leaveYear);
    const made = (await request('employee', 'leave', { leave_type: annualLeave, start_date: start, end_date: start }))
      .body.data;
    expect((await t.call(tokens.approver!, 'POST', `/v1/approvals/${made._id}/withdraw`)).status).toBe(403);
    const withdrawn = await t.call(tokens.employee!, 'POST', `/v1/approvals/${made._id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect(withdrawn.body.data.history[0]).toMatchObject({ decision: 'withdraw' });
    expect((await balance(ids.employee!, annualLeave, leaveYear)).pending).toBe(before.pending);
    expect((await t.call(tokens.employee!, 'POST', `/v1/approvals/${made._id}/withdraw`)).status).toBe(409);
  });

  it('applies one of two concurrent decisions on the same level', async () => {
    const made = (
      await request('employee', 'business_trip', {
        destination: 'Makassar',
        start_date: mondayAhead(4),
        end_date: plus(mondayAhead(4), 2),
        purpose: 'Client visit',
      })
    ).body.data;
    expect(made.content.total_days).toBe(3);
    const [a, b] = await Promise.all([
      decide('approver', [made._id], 'approve'),
      decide('admin', [made._id], 'reject'),
    ]);
    const results = [a.body.data[0], b.body.data[0]];
    expect(results.filter((r: Json) => r.ok)).toHaveLength(1);
    expect(results.filter((r: Json) => !r.ok)[0].error).toBe('already_decided');
    const history = (await t.call(tokens.admin!, 'GET', `/v1/approvals/${made._id}`)).body.data.history;
    expect(history).toHaveLength(1);
  });

  it("answers 404 for another company's request, and per id in a batch", async () => {
    const made = (
      await request('employee', 'overtime', { date: pastWeekday(1), start_time: '17:00', end_time: '19:30' })
    ).body.data;
    expect(made.content.total_hours).toBe(2.5);
    expect((await t.call(tokens['admin.cj']!, 'GET', `/v1/approvals/${made._id}`)).status).toBe(404);
    expect((await t.call(tokens['admin.cj']!, 'POST', `/v1/approvals/${made._id}/withdraw`)).status).toBe(404);
    const bogus = '00000000-0000-4000-8000-000000000000';
    const batch = await decide('admin.cj', [made._id, bogus], 'approve');
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual([
      { id: made._id, ok: false, error: 'not_found', message: 'Approval not found' },
      { id: bogus, ok: false, error: 'not_found', message: 'Approval not found' },
    ]);
    // The company's admin decides it as an admin (the approver was named).
    const done = await decide('admin', [made._id], 'approve');
    expect(done.body.data[0].status).toBe('approved');
    const overtime = await rows(
      sql`select hours::float8 as hours, day_type from overtimes where approval_id = ${made._id}`,
    );
    expect(overtime[0]).toMatchObject({ hours: 2.5 });
    expect(['working_day', 'rest_day', 'holiday']).toContain(overtime[0].day_type);
    const history = await t.call(tokens.admin!, 'GET', '/v1/approvals/history?context=overtime');
    expect(history.body.data.find((h: Json) => h.approval._id === made._id)).toMatchObject({ as_admin: true });
  });

  it('takes 5 hours of overtime with a warning the approver acknowledges, never a refusal (decision 0205)', async () => {
    const day = plus(mondayAhead(6), 1);
    // The statutory 4 h (the demo's overtime rule pays at most 3 h a day: a lower rule maximum is the day's limit).
    const demo = sql`company_id = (select id from companies where code = 'DEMO')`;
    const maximum = (await rows(sql`select id, maximum_hour from overtime_rules where ${demo}`)) as {
      id: string;
      maximum_hour: number;
    }[];
    await rows(sql`update overtime_rules set maximum_hour = null where ${demo}`);
    const made = await request('employee', 'overtime', { date: day, hours: 5, reason: 'Month-end closing' });
    expect(made.status).toBe(201);
    expect(made.body.data.content.limit_warnings).toEqual([
      { code: 'overtime_daily_limit', hours: 5, limit: 4, taken: 0 },
    ]);
    // The week's 18 hours: four more days of 4 h make 21 h, the last request warned of the week.
    const more = [];
    for (const offset of [1, 2, 3, 4]) {
      more.push((await request('employee', 'overtime', { date: plus(day, offset), hours: 4 })).body.data);
    }
    for (const { id, maximum_hour } of maximum) {
      await rows(sql`update overtime_rules set maximum_hour = ${maximum_hour} where id = ${id}`);
    }
    expect(more[0].content.limit_warnings).toBeUndefined();
    expect(more[3].content.limit_warnings).toEqual([{ code: 'overtime_weekly_limit', hours: 4, limit: 18, taken: 17 }]);
    // Approving without acknowledging is refused for that id only; with it, approved and kept in the history.
    const refused = await decide('admin', [made.body.data._id, more[0]._id], 'approve');
    expect(refused.body.data[0]).toMatchObject({ ok: false, error: 'warnings_not_acknowledged' });
    expect(refused.body.data[1]).toMatchObject({ ok: true, status: 'approved' });
    const approved = await t.call(tokens.admin!, 'POST', '/v1/approvals/decisions', {
      ids: [made.body.data._id],
      decision: 'approve',
      acknowledge_warnings: true,
    });
    expect(approved.body.data[0]).toMatchObject({ ok: true, status: 'approved' });
    const read = (await t.call(tokens.admin!, 'GET', `/v1/approvals/${made.body.data._id}`)).body.data;
    expect(read.history.at(-1)).toMatchObject({ decision: 'approve', acknowledged_warnings: ['overtime_daily_limit'] });
    const history = await t.call(tokens.admin!, 'GET', '/v1/approvals/history?context=overtime');
    expect(history.body.data.find((h: Json) => h.approval._id === made.body.data._id)).toMatchObject({
      acknowledged_warnings: ['overtime_daily_limit'],
    });
    // The whole 5 hours are recorded: the run pays them (common/payroll/overtime.ts, 285,000 at 30,000 an hour).
    const overtime = await rows(
      sql`select hours::float8 as hours from overtimes where approval_id = ${made.body.data._id}`,
    );
    expect(overtime[0]).toMatchObject({ hours: 5 });
    // Rejecting needs no acknowledgement.
    expect((await decide('admin', [more[3]._id], 'reject')).body.data[0]).toMatchObject({ ok: true });
  });

  it("narrows the payroll pre-check's open requests to a department admin's department", async () => {
    const day = mondayAhead(3);
    const made = (await request('employee', 'overtime', { date: day, start_time: '17:00', end_time: '18:00' })).body
      .data;
    expect(made.status).toBe('pending');
    const [y, m] = day.split('-').map(Number) as [number, number];
    const open = async (who: string) =>
      (
        await t.call(tokens[who]!, 'GET', `/v1/payroll-summary/pre-check?year=${y}&month=${m}`)
      ).body.data.warnings.filter((w: Json) => w.code === 'pending_requests') as Json[];
    const all = await open('admin');
    expect(all.some((w) => w.employee._id === ids.employee)).toBe(true);
    const department = (await rows(sql`select department_id from employees where id = ${ids.deptadmin}`))[0]
      .department_id as string;
    const theirs = await open('deptadmin');
    const departments = new Map(
      (
        await rows(
          sql`select id, department_id from employees where id = any(${`{${all.map((w) => w.employee._id).join(',')}}`}::uuid[])`,
        )
      ).map((r) => [r.id as string, r.department_id as string]),
    );
    expect(theirs.length).toBeLessThan(all.length);
    for (const warning of theirs) expect(departments.get(warning.employee._id)).toBe(department);
    await t.call(tokens.employee!, 'POST', `/v1/approvals/${made._id}/withdraw`);
  });
});

describe('effects', () => {
  it('writes each context to the record it is about, once, at the final approval', async () => {
    const date = pastWeekday(3);
    const cc = (await request('employee', 'clock_correction', { date, clock_in: '08:00', reason: 'Forgot' })).body.data;
    const shift = (
      await rows(sql`select s.id from shifts s join companies c on c.id = s.company_id
      where c.code = 'DEMO' order by s.code limit 1`)
    )[0].id;
    const cs = (
      await request('employee', 'change_shift', { date: mondayAhead(2), shift, reason: 'Doctor appointment' })
    ).body.data;
    const profile = (
      await request('employee', 'employee_profile', { changes: { phone: '081234567890', marital_status: 'k/1' } })
    ).body.data;
    expect(profile.content.changes).toContainEqual({ field: 'marital_status', from: expect.anything(), to: 'k/1' });
    const contract = await request(
      'admin',
      'contract',
      { employee_status: 'pkwt', end_of_contract: `${year + 1}-12-31`, reason: 'Renewal' },
      ids.employee,
    );
    expect(contract.status).toBe(201);
    const trip = (
      await request('employee', 'business_trip', {
        destination: 'Medan',
        start_date: mondayAhead(5),
        end_date: plus(mondayAhead(5), 1),
        purpose: 'Audit',
      })
    ).body.data;
    const resign = (
      await request('employee', 'resignation', { last_working_day: `${year + 1}-06-30`, reason: 'Moving' })
    ).body.data;
    const all = [cc._id, cs._id, profile._id, contract.body.data._id, trip._id, resign._id];
    const decided = await decide('admin', all, 'approve');
    expect(decided.body.data.map((r: Json) => r.status)).toEqual(all.map(() => 'approved'));

    const attendance =
      await rows(sql`select source, to_char(clock_in at time zone 'Asia/Jakarta', 'HH24:MI') as clock_in
      from attendances where employee_id = ${ids.employee} and date = ${date}`);
    expect(attendance[0]).toMatchObject({ source: 'correction', clock_in: '08:00' });
    expect(
      (await rows(sql`select count(*)::int as n from attendance_corrections where approval_id = ${cc._id}`))[0].n,
    ).toBe(1);
    expect(
      (
        await rows(
          sql`select shift_id from shift_overrides where employee_id = ${ids.employee} and date = ${mondayAhead(2)}`,
        )
      )[0].shift_id,
    ).toBe(shift);
    const employee = (
      await rows(sql`select phone, marital_status, status, to_char(end_of_contract, 'YYYY-MM-DD') as end_of_contract,
        exit_reason, to_char(exit_date, 'YYYY-MM-DD') as exit_date from employees where id = ${ids.employee}`)
    )[0];
    expect(employee).toMatchObject({
      phone: '081234567890',
      marital_status: 'k/1',
      status: 'pkwt',
      end_of_contract: `${year + 1}-12-31`,
      exit_reason: 'resign',
      exit_date: `${year + 1}-06-30`,
    });
    expect((await rows(sql`select days from business_trips where approval_id = ${trip._id}`))[0].days).toBe(2);
  });
});
