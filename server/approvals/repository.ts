/**
 * Requests and decisions: creating a request (validated, numbered, its approvers resolved and snapshotted, its
 * effect's hold taken, the first approvers notified, one transaction), reading them in the reply shape of the
 * contract, withdrawing, and deciding in batches (rows locked, the status machine applied in memory, then set-based
 * writes and effects). Tenancy: every statement names the caller's company; another company's id is a 404.
 */
import { sql } from 'drizzle-orm';
import {
  type ApprovalContext,
  type ApprovalStatus,
  adminRequestContexts,
  approvalContexts,
  approvalMenuOf,
  formatApprovalNumber,
  isOpen,
  nextStatus,
  privateProfileFields,
} from '../../common/approvals.ts';
import { jakartaToday } from '../../common/employment.ts';
import { canAccess, type Level } from '../../common/menu.ts';
import type { Db, Executor } from '../db/connect.ts';
import { type ApprovalFlowSnapshot, employees } from '../db/schema.ts';
import { loadTogether } from '../db/sql.ts';
import { actorViewer } from '../http/access.ts';
import { AppError, type FieldError, forbidden, notFound } from '../http/errors.ts';
import { listBalances } from '../leave/balance.ts';
import {
  departmentReaches,
  employeeInReach,
  employeesInReachSql,
  inCompanySql,
  inDepartmentSql,
  ownEmployee as ownEmployeeCondition,
  ownedBy,
  type Reach,
  reachOfUser,
  type Scope,
} from '../scope/scope.ts';
import { type EffectRow, effects } from './effects.ts';
import { loadFlows } from './flow-repository.ts';
import { resolveApprovers } from './flows.ts';
import { validateContent } from './validation.ts';

/** Levels whose accounts may decide requests (common/menu.ts: the approval leaves). */
export const decidingLevels: readonly Level[] = ['admin', 'sub_admin', 'custom', 'admin_department', 'approver'];
/**
 * Levels that decide any open request they reach (the scope module's reach: the company, a department admin's
 * department).
 */
const adminLevels: readonly Level[] = ['admin', 'sub_admin', 'custom', 'admin_department'];

export const isAdmin = (scope: Scope) => adminLevels.includes(scope.actor.level);

/**
 * Who may file a request for someone else (or a contract request): an admin level with the
 * employees menu's write, for an employee they reach (issue 24: filing for someone needs write access to their record).
 */
const mayFileForOthers = (scope: Scope) =>
  isAdmin(scope) && canAccess('active-employees', actorViewer(scope.actor), 'write');

/** The caller's own employee record in their company, or null. */
export async function ownEmployee(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ id: employees.id, department_id: employees.department })
    .from(employees)
    .where(ownEmployeeCondition(scope, employees));
  return row ?? null;
}

/** The company's shifts, for the request form (change_shift). */
export async function requestShifts(db: Executor, scope: Scope) {
  const rows = await db.execute<{ _id: string; name: string; code: string }>(
    sql`select s.id as "_id", s.name, s.code from shifts s where ${inCompanySql(scope, 's')} order by s.code limit 500`,
  );
  return rows.rows;
}

/** The requester's colleagues still employed in their own department (a swap's other side); none without one. */
export async function departmentColleagues(
  db: Executor,
  scope: Scope,
  own: { id: string; department_id: string | null },
) {
  if (!own.department_id) return [];
  const theirs: Reach = { companyId: scope.companyId, department: own.department_id };
  const rows = await db.execute<{ _id: string; employee_id: string; fullname: string }>(sql`
    select e.id as "_id", e.employee_id, e.fullname from employees e
    where ${employeesInReachSql(theirs, 'e')} and e.id <> ${own.id}
      and (e.exit_date is null or e.exit_date >= current_date)
    order by e.fullname limit 1000`);
  return rows.rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export interface ApprovalFilters {
  context?: ApprovalContext | undefined;
  status?: ApprovalStatus | undefined;
  employee?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  box?: 'mine' | 'inbox' | 'all' | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
}

type Row = {
  id: string;
  approval_number: string;
  context: ApprovalContext;
  status: ApprovalStatus;
  content: Record<string, unknown>;
  start_date: string;
  end_date: string;
  level: number;
  levels: number;
  flow: ApprovalFlowSnapshot;
  approvers: string[];
  created_by: string | null;
  created_at: string;
  updated_at: string;
  employee_id: string;
  employee_code: string;
  fullname: string;
  employee_user: string;
  department_id: string | null;
  department_name: string | null;
};

const selectRows = sql`
  select a.id, a.approval_number, a.context, a.status, a.content, to_char(a.start_date, 'YYYY-MM-DD') as start_date,
    to_char(a.end_date, 'YYYY-MM-DD') as end_date, a.level, a.levels, a.flow, a.approvers, a.created_by,
    to_json(a.created_at) #>> '{}' as created_at, to_json(a.updated_at) #>> '{}' as updated_at,
    e.id as employee_id, e.employee_id as employee_code, e.fullname, e.user_id as employee_user,
    d.id as department_id, d.name as department_name
  from approvals a
  join employees e on e.id = a.employee_id
  left join departments d on d.id = e.department_id`;

interface Caller {
  scope: Scope;
  /** The caller's employee id (null without an employee record). */
  me: string | null;
}

const noEmployee = '00000000-0000-0000-0000-000000000000';

/** The contexts whose approval menu the caller may write: the requests they may decide at all. */
function decidingContexts(scope: Scope) {
  const viewer = actorViewer(scope.actor);
  const list = approvalContexts.filter((context) => canAccess(approvalMenuOf[context], viewer, 'write'));
  return list.length ? sql`a.context::text = any(${`{${list.join(',')}}`}::text[])` : sql`false`;
}

/** The requests an admin level reaches as an admin: their company's, a department admin's department's. */
const adminReach = (scope: Scope) => (isAdmin(scope) ? inDepartmentSql(scope, 'e') : sql`false`);

/** Named on the current level of an open request, in a context the caller may decide. */
function namedApprover(caller: Caller) {
  const me = caller.me ?? noEmployee;
  return sql`(a.status in ('pending', 'partial') and ${me} = any(a.approvers) and ${decidingContexts(caller.scope)})`;
}

/** The read rule of `visible` for another query over `approvals a join employees e` (the decision history). */
export const readableBy = (scope: Scope, me: string | null) => visible({ scope, me });

/**
 * What the caller may read at all (box `all`): what their admin level reaches, their own requests (made by or for
 * them), and as an approver the requests they may decide now and those they decided (issue 24: not every request a
 * flow ever named them on).
 */
function visible(caller: Caller) {
  const me = caller.me ?? noEmployee;
  const { userId } = caller.scope.actor;
  return sql`(${adminReach(caller.scope)} or a.employee_id = ${me} or a.created_by = ${userId} or ${namedApprover(caller)}
    or exists (select 1 from approval_decisions dh where dh.approval_id = a.id and dh.decided_by = ${userId}
      and dh.decision in ('approve', 'reject')))`;
}

/** Requests the caller may decide now (box `inbox`): the same rule as `decisionRight`, in SQL. */
function decidable(caller: Caller) {
  const me = caller.me ?? noEmployee;
  const open = sql`a.status in ('pending', 'partial')`;
  return sql`${open} and a.employee_id <> ${me} and ${decidingContexts(caller.scope)}
    and (${adminReach(caller.scope)} or ${me} = any(a.approvers))`;
}

export async function listApprovals(db: Db, scope: Scope, filters: ApprovalFilters) {
  const me = (await ownEmployee(db, scope))?.id ?? null;
  const caller: Caller = { scope, me };
  const deciding = decidingLevels.includes(scope.actor.level) && canAccess('approval', actorViewer(scope.actor));
  const box = filters.box ?? (deciding ? 'inbox' : 'mine');
  if (box === 'all' && !deciding) throw forbidden();
  const conditions = [inCompanySql(scope, 'a')];
  conditions.push(
    box === 'mine' ? sql`a.employee_id = ${me ?? noEmployee}` : box === 'inbox' ? decidable(caller) : visible(caller),
  );
  if (filters.context) conditions.push(sql`a.context = ${filters.context}`);
  if (filters.status) conditions.push(sql`a.status = ${filters.status}`);
  if (filters.employee) conditions.push(sql`a.employee_id = ${filters.employee}`);
  if (filters.from) conditions.push(sql`a.end_date >= ${filters.from}`);
  if (filters.to) conditions.push(sql`a.start_date <= ${filters.to}`);
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(a.approval_number ilike ${like} or e.fullname ilike ${like} or e.employee_id ilike ${like})`);
  }
  const where = sql.join(conditions, sql` and `);
  const limit = filters.limit ?? 100;
  const skip = filters.skip ?? 0;
  const [rows, count] = await Promise.all([
    db.execute(sql`${selectRows} where ${where} order by a.created_at desc, a.id limit ${limit} offset ${skip}`),
    db.execute(
      sql`select count(*)::int as total from approvals a join employees e on e.id = a.employee_id where ${where}`,
    ),
  ]);
  const total = (count.rows[0] as { total: number }).total;
  return { data: await present(db, caller, rows.rows as Row[]), total, meta: { total, limit, skip } };
}

export async function getApproval(db: Executor, scope: Scope, id: string) {
  const me = (await ownEmployee(db, scope))?.id ?? null;
  const caller: Caller = { scope, me };
  const rows = (
    await db.execute(
      sql`${selectRows} where ${inCompanySql(scope, 'a')} and a.id = ${id} and (${visible(caller)} or ${decidable(caller)})`,
    )
  ).rows as Row[];
  if (!rows[0]) throw notFound('Approval');
  const [one] = await present(db, caller, rows);
  if (!one) throw notFound('Approval');
  return one;
}

/** Whether the caller may decide this row's current level, and whether as an admin (not one of its approvers). */
function decisionRight(
  caller: Caller,
  row: Pick<Row, 'status' | 'approvers' | 'context' | 'department_id' | 'employee_id'>,
  decidedHere: Set<string>,
) {
  if (!isOpen(row.status)) return null;
  const { actor } = caller.scope;
  if (!canAccess(approvalMenuOf[row.context], actorViewer(actor), 'write')) return null;
  if (caller.me && row.employee_id === caller.me) return null;
  if (caller.me && row.approvers.includes(caller.me) && !decidedHere.has(caller.me)) return { asAdmin: false };
  if (!isAdmin(caller.scope) || !departmentReaches(caller.scope, row.department_id)) return null;
  return { asAdmin: row.approvers.length > 0 };
}

type AdminUser = {
  id: string;
  fullname: string;
  username: string;
  level: Level;
  department_id: string | null;
  permissions: string[];
};

/**
 * Who may decide an open request whose level names nobody (the admins): the admin-level users of the company whose
 * approval menu allows it (a custom level by its role) and who reach its employee (a department admin: their
 * department), the requester excluded. Loaded once per page, only when a row the caller cannot decide needs it; the
 * screen says who can decide a request the viewer cannot (issue 24).
 */
async function loadAdminDeciders(db: Executor, caller: Caller, rows: Row[]) {
  if (!rows.some((row) => isOpen(row.status) && row.approvers.length === 0)) return () => [];
  const users = (
    await db.execute(sql`
      select u.id, u.fullname, u.username, u.level, e.department_id, coalesce(r.permissions, '{}') as permissions
      from users u left join employees e on e.user_id = u.id left join access_roles r on r.id = u.access_role_id
      where ${inCompanySql(caller.scope, 'u')} and not u.blocked
        and u.level in ('admin', 'sub_admin', 'custom', 'admin_department')
      order by u.fullname`)
  ).rows as AdminUser[];
  const viewer = actorViewer(caller.scope.actor);
  return (row: Row) =>
    users
      .filter(
        (user) =>
          user.id !== row.employee_user &&
          canAccess(
            approvalMenuOf[row.context],
            { ...viewer, level: user.level, username: user.username, permissions: user.permissions },
            'write',
          ) &&
          departmentReaches(
            reachOfUser(caller.scope.companyId, { level: user.level, department: user.department_id }),
            row.department_id,
          ),
      )
      .map((user) => ({ _id: user.id, fullname: user.fullname }));
}

type HistoryRow = {
  approval_id: string;
  level: number;
  decision: string;
  note: string | null;
  as_admin: boolean;
  acknowledged_warnings: string[];
  at: string;
  user_id: string;
  fullname: string;
};
type HistoryEntry = {
  level: number;
  decision: string;
  by: { _id: string; fullname: string };
  at: string;
  note: string | null;
  as_admin: boolean;
  acknowledged_warnings: string[];
};

async function present(db: Executor, caller: Caller, rows: Row[]) {
  if (rows.length === 0) return [];
  const idList = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  );
  const collect = (pick: (row: Row) => unknown[]) => [
    ...new Set(rows.flatMap(pick).filter((v): v is string => typeof v === 'string')),
  ];
  const employeeIds = collect((row) => [...row.approvers, row.content.swap_with]);
  const leaveTypes = collect((row) => [row.context === 'leave' ? row.content.leave_type : null]);
  const shiftIds = collect((row) => [row.context === 'change_shift' ? row.content.shift : null]);
  const dutyTypeIds = collect((row) => [row.context === 'business_trip' ? row.content.duty_type : null]);
  const attachmentNames = collect((row) => [row.content.attachment]);
  const list = (values: string[]) =>
    values.length
      ? sql`array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::uuid[]`
      : sql`'{}'::uuid[]`;
  const [history, people, rules, shifts, overlaps, attached, dutyTypes] = await loadTogether(db, [
    () =>
      db.execute(sql`
      select h.approval_id, h.level, h.decision, h.note, h.as_admin, h.acknowledged_warnings,
        to_json(h.created_at) #>> '{}' as at, u.id as user_id, u.fullname
      from approval_decisions h join users u on u.id = h.decided_by
      where h.approval_id in (${idList}) order by h.created_at, h.id`),
    () =>
      db.execute(
        sql`select id, fullname from employees e where id = any(${list(employeeIds)}) and ${inCompanySql(caller.scope, 'e')}`,
      ),
    () =>
      db.execute(
        sql`select id, type from leave_rules r where id = any(${list(leaveTypes)}) and ${inCompanySql(caller.scope, 'r')}`,
      ),
    () =>
      db.execute(
        sql`select id, name, code from shifts s where id = any(${list(shiftIds)}) and ${inCompanySql(caller.scope, 's')}`,
      ),
    // Colleagues of the same department away (leave pending or approved, or an approved trip) on the request's days:
    // a colleague is away on one of its days exactly when their leave or trip overlaps the request's span, so one join
    // of the page's requests to the department's absences by overlap (a correlated count per request scanned the
    // department's leaves once per row: 24 s for an inbox of 10,000; expanding both sides day by day cost the same
    // ~0.7 s for a page of 200 as for 10,000, the absences of the whole span being expanded whatever the page).
    () =>
      db.execute(sql`
      with req as (
        select a.id, a.employee_id, a.start_date, a.end_date, e.department_id
        from approvals a join employees e on e.id = a.employee_id
        where ${inCompanySql(caller.scope, 'a')} and a.id in (${idList})
          and a.context in ('leave', 'business_trip') and e.department_id is not null
      ),
      span as (select min(start_date) as first, max(end_date) as last from req),
      away as (
        select l.employee_id, c.department_id, l.start_date, l.end_date
        from leaves l join employees c on c.id = l.employee_id, span
        where ${inCompanySql(caller.scope, 'l')} and l.status in ('pending', 'approved')
          and l.start_date <= span.last and l.end_date >= span.first
          and c.department_id in (select department_id from req)
        union all
        select t.employee_id, c.department_id, t.start_date, t.end_date
        from business_trips t join employees c on c.id = t.employee_id, span
        where ${inCompanySql(caller.scope, 't')} and t.start_date <= span.last and t.end_date >= span.first
          and c.department_id in (select department_id from req)
      )
      select r.id, count(distinct w.employee_id)::int as overlaps
      from req r
      left join away w on w.department_id = r.department_id and w.employee_id <> r.employee_id
        and w.start_date <= r.end_date and w.end_date >= r.start_date
      group by r.id`),
    // The attachments' original names, for the reply (the file is read through GET /v1/approvals/{id}/attachment).
    () =>
      attachmentNames.length
        ? db.execute(
            sql`select name, original_name, mime, size from files f where ${inCompanySql(caller.scope, 'f')} and attachment and name in (${sql.join(
              attachmentNames.map((n) => sql`${n}`),
              sql`, `,
            )})`,
          )
        : Promise.resolve({ rows: [] }),
    // A business trip's duty type (issue 29: `duty/category`), by name.
    () =>
      dutyTypeIds.length
        ? db.execute(
            sql`select id, name from duty_types d where id = any(${list(dutyTypeIds)}) and ${inCompanySql(caller.scope, 'd')}`,
          )
        : Promise.resolve({ rows: [] }),
  ]);
  const adminDeciders = await loadAdminDeciders(db, caller, rows);
  const fileOf = new Map(
    (attached.rows as { name: string; original_name: string; mime: string; size: number }[]).map((f) => [f.name, f]),
  );
  const historyOf = new Map<string, HistoryEntry[]>();
  for (const h of history.rows as HistoryRow[]) {
    const entry = {
      level: h.level,
      decision: h.decision,
      by: { _id: h.user_id, fullname: h.fullname },
      at: h.at,
      note: h.note,
      as_admin: h.as_admin,
      acknowledged_warnings: h.acknowledged_warnings ?? [],
    };
    const key = h.approval_id;
    historyOf.set(key, [...(historyOf.get(key) ?? []), entry]);
  }
  const names = new Map((people.rows as { id: string; fullname: string }[]).map((p) => [p.id, p.fullname]));
  const ruleNames = new Map((rules.rows as { id: string; type: string }[]).map((r) => [r.id, r.type]));
  const dutyTypeNames = new Map((dutyTypes.rows as { id: string; name: string }[]).map((d) => [d.id, d.name]));
  const shiftOf = new Map((shifts.rows as { id: string; name: string; code: string }[]).map((s) => [s.id, s]));
  const overlapOf = new Map((overlaps.rows as { id: string; overlaps: number }[]).map((o) => [o.id, o.overlaps]));
  // Remaining balances of the leave requests on the page: one balance load per year, for the page's requesters.
  const balances = new Map<string, number | null>();
  const leaveRows = rows.filter((row) => row.context === 'leave');
  for (const year of new Set(leaveRows.map((row) => Number(row.start_date.slice(0, 4))))) {
    const employeesOfYear = [
      ...new Set(leaveRows.filter((r) => r.start_date.startsWith(String(year))).map((r) => r.employee_id)),
    ];
    // Only the page's requesters (a page of 200 loads 200 people's balances, not the company's).
    const found = await listBalances(db, caller.scope, { year, employees: employeesOfYear });
    for (const b of found) balances.set(`${b.employee._id}|${b.leave_rule._id}|${year}`, b.remaining);
  }
  return rows.map((row) => {
    const rowHistory = historyOf.get(row.id) ?? [];
    const decidedHere = new Set(
      rowHistory.filter((h) => h.level === row.level && h.decision === 'approve').map((h) => h.by._id),
    );
    // decidedHere holds user ids; the approvers are employee ids: compare through the caller's own pair.
    const mineDecided = new Set<string>(caller.me && decidedHere.has(caller.scope.actor.userId) ? [caller.me] : []);
    const right = decisionRight(caller, row, mineDecided);
    const content: Record<string, unknown> = { ...row.content };
    if (typeof row.content.attachment === 'string') content.attachment = fileOf.get(row.content.attachment) ?? null;
    if (row.context === 'leave') {
      const id = row.content.leave_type as string;
      content.leave_type = { _id: id, type: ruleNames.get(id) ?? '' };
    }
    if (row.context === 'business_trip' && typeof row.content.duty_type === 'string') {
      const id = row.content.duty_type;
      content.duty_type = { _id: id, name: dutyTypeNames.get(id) ?? '' };
    }
    if (row.context === 'change_shift') {
      const shift = row.content.shift as string | null;
      const swap = row.content.swap_with as string | null;
      content.shift = shift
        ? { _id: shift, name: shiftOf.get(shift)?.name ?? '', code: shiftOf.get(shift)?.code ?? '' }
        : null;
      content.swap_with = swap ? { _id: swap, fullname: names.get(swap) ?? '' } : null;
    }
    if (row.context === 'employee_profile') {
      const changes = (row.content.changes ?? {}) as Record<string, unknown>;
      const before = (row.content.before ?? {}) as Record<string, unknown>;
      // Bank and identity fields: to who may decide it now, its requester, and the admins who reach the employee.
      const readsPrivate =
        right !== null ||
        (caller.me !== null && row.employee_id === caller.me) ||
        row.created_by === caller.scope.actor.userId ||
        (isAdmin(caller.scope) && departmentReaches(caller.scope, row.department_id));
      content.changes = Object.entries(changes)
        .filter(([field]) => readsPrivate || !(privateProfileFields as readonly string[]).includes(field))
        .map(([field, to]) => ({ field, from: before[field] ?? null, to }));
      delete content.before;
    }
    const review: Record<string, number | null> = {};
    if (row.context === 'leave') {
      const key = `${row.employee_id}|${row.content.leave_type as string}|${row.start_date.slice(0, 4)}`;
      if (balances.has(key)) review.balance_remaining = balances.get(key) ?? null;
    }
    if (row.context === 'leave' || row.context === 'business_trip') review.overlaps = overlapOf.get(row.id) ?? 0;
    return {
      _id: row.id,
      approval_number: row.approval_number,
      context: row.context,
      status: row.status,
      employee: {
        _id: row.employee_id,
        employee_id: row.employee_code,
        fullname: row.fullname,
        department: row.department_id ? { _id: row.department_id, name: row.department_name ?? '' } : null,
      },
      content,
      start_date: row.start_date,
      end_date: row.end_date,
      level: row.level,
      levels: row.levels,
      flow: row.flow.flow,
      approvers: row.approvers.map((id) => ({ _id: id, fullname: names.get(id) ?? '' })),
      can_decide: right !== null,
      deciders:
        right !== null || !isOpen(row.status)
          ? []
          : row.approvers.length > 0
            ? row.approvers.map((id) => ({ _id: id, fullname: names.get(id) ?? '' }))
            : adminDeciders(row),
      can_withdraw:
        isOpen(row.status) &&
        ((caller.me !== null && row.employee_id === caller.me) || row.created_by === caller.scope.actor.userId),
      review,
      history: rowHistory,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Requesting

export interface CreateInput {
  context: ApprovalContext;
  employee?: string | undefined;
  content: unknown;
}

type EmployeeRecord = {
  id: string;
  user_id: string;
  department_id: string | null;
  supervisor_id: string | null;
  join_date: string | null;
  exit_date: string | null;
} & Record<string, unknown>;

/** Employee ids (of the given ones) whose account may decide: an approval level, not blocked. */
async function decidersAmong(db: Executor, reach: Reach, employeeIds: string[]) {
  if (employeeIds.length === 0) return new Set<string>();
  const rows = await db.execute(sql`
    select e.id from employees e join users u on u.id = e.user_id
    where ${inCompanySql(reach, 'e')} and e.exit_date is null and not u.blocked
      and u.level in ('admin', 'sub_admin', 'custom', 'admin_department', 'approver')
      and e.id = any(array[${sql.join(
        employeeIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[])`);
  return new Set((rows.rows as { id: string }[]).map((r) => r.id));
}

/** Users to notify that a request waits for them: its current approvers, or the company's admins when none. */
async function notifyWaiting(tx: Executor, reach: Reach, approvals: { id: string; approvers: string[] }[]) {
  if (approvals.length === 0) return;
  const values = sql.join(
    approvals.map(
      (a) =>
        sql`(${a.id}::uuid, array[${sql.join([sql`null`, ...a.approvers.map((id) => sql`${id}`)], sql`, `)}]::uuid[])`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into notifications (company_id, user_id, kind, approval_id)
    select ${ownedBy(reach).company_id}::uuid, target.user_id, 'approval_waiting', v.id
    from (values ${values}) as v(id, approvers)
    cross join lateral (
      select e.user_id from employees e where e.id = any(v.approvers) and ${inCompanySql(reach, 'e')}
      union
      select u.id from users u
      where cardinality(array_remove(v.approvers, null)) = 0 and ${inCompanySql(reach, 'u')}
        and u.level = 'admin' and not u.blocked
    ) target`);
}

export async function createApproval(db: Db, scope: Scope, input: CreateInput) {
  const { actor } = scope;
  const own = await ownEmployee(db, scope);
  const onBehalf = input.employee !== undefined && input.employee !== own?.id;
  if (adminRequestContexts.includes(input.context) && !isAdmin(scope)) throw forbidden();
  // A contract changes someone's employment: like filing for someone else, it needs write access to their record.
  if ((onBehalf || input.context === 'contract') && !mayFileForOthers(scope)) throw forbidden();
  const employeeId = input.employee ?? own?.id;
  if (!employeeId) {
    throw new AppError(
      403,
      'no_employee',
      input.context === 'contract' ? 'Choose the employee' : 'You have no employee record to request for',
    );
  }
  const employee = (
    await db.execute(sql`
      select e.*, e.id, e.user_id, e.department_id, e.supervisor_id, to_char(e.join_date, 'YYYY-MM-DD') as join_date,
        to_char(e.exit_date, 'YYYY-MM-DD') as exit_date,
        to_char(e.end_of_contract, 'YYYY-MM-DD') as end_of_contract
      from employees e where e.id = ${employeeId} and ${onBehalf ? employeeInReach(scope, sql`e.id`) : inCompanySql(scope, 'e')}`)
  ).rows[0] as EmployeeRecord | undefined;
  if (!employee) throw notFound('Employee');
  for (const key of ['birth_date', 'marriage_date'] as const) {
    const value = employee[key];
    if (value instanceof Date) employee[key] = value.toISOString().slice(0, 10);
  }
  const today = jakartaToday();
  const validated = await validateContent(input.context, input.content, {
    db,
    companyId: scope.companyId,
    employee: { ...employee, id: employee.id, join_date: employee.join_date, exit_date: employee.exit_date },
    today,
  });
  const flows = await loadFlows(db, scope.companyId);
  const named = [
    ...new Set(
      [
        employee.supervisor_id,
        ...flows.flatMap((flow) =>
          flow.levels.flatMap((level) => level.approvers.map((a) => (a.type === 'employee' ? a.employee : null))),
        ),
      ].filter((id): id is string => id !== null),
    ),
  ];
  const deciders = await decidersAmong(db, scope, named);
  const snapshot = resolveApprovers({
    flows,
    requester: { id: employee.id, department: employee.department_id, supervisor: employee.supervisor_id },
    context: input.context,
    leaveType: input.context === 'leave' ? (validated.content.leave_type as string) : null,
    mayDecide: (id) => deciders.has(id),
  });
  const firstApprovers = snapshot.levels[0]?.approvers ?? [];
  const participants = [...new Set(snapshot.levels.flatMap((level) => level.approvers))];
  const year = Number(today.slice(0, 4));
  const id = await db.transaction(async (tx) => {
    const counter = (
      await tx.execute(sql`
        insert into approval_counters (company_id, context, year, last) values (${ownedBy(scope).company_id}, ${input.context}, ${year}, 1)
        on conflict (company_id, context, year) do update set last = approval_counters.last + 1
        returning last`)
    ).rows[0] as { last: number };
    const number = formatApprovalNumber(input.context, year, counter.last);
    const inserted = (
      await tx.execute(sql`
        insert into approvals (company_id, employee_id, context, status, approval_number, content, start_date, end_date,
          level, levels, flow, approvers, participants, created_by)
        values (${ownedBy(scope).company_id}, ${employee.id}, ${input.context}, 'pending', ${number},
          ${JSON.stringify(validated.content)}::jsonb, ${validated.start_date}, ${validated.end_date}, 1,
          ${snapshot.levels.length}, ${JSON.stringify(snapshot)}::jsonb, ${uuidArray(firstApprovers)},
          ${uuidArray(participants)}, ${actor.userId})
        returning id`)
    ).rows[0] as { id: string };
    await effects[input.context].request(tx, scope, {
      id: inserted.id,
      employee: employee.id,
      content: validated.content,
      start_date: validated.start_date,
      end_date: validated.end_date,
      approval_number: number,
    });
    await notifyWaiting(tx, scope, [{ id: inserted.id, approvers: firstApprovers }]);
    return inserted.id;
  });
  return getApproval(db, scope, id);
}

const uuidArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;

// ---------------------------------------------------------------------------------------------------------------
// Deciding

type LockedRow = EffectRow & {
  context: ApprovalContext;
  status: ApprovalStatus;
  level: number;
  levels: number;
  flow: ApprovalFlowSnapshot;
  approvers: string[];
  employee_id: string;
  employee_user: string;
  department_id: string | null;
  created_by: string | null;
};

async function lockRows(tx: Executor, scope: Scope, ids: string[]) {
  const rows = await tx.execute(sql`
    select a.id, a.employee_id as employee, a.employee_id, a.context, a.status, a.level, a.levels, a.flow, a.approvers,
      a.content, to_char(a.start_date, 'YYYY-MM-DD') as start_date, to_char(a.end_date, 'YYYY-MM-DD') as end_date,
      a.approval_number, a.created_by, e.user_id as employee_user, e.department_id
    from approvals a join employees e on e.id = a.employee_id
    where ${inCompanySql(scope, 'a')} and a.id = any(${uuidArray(ids)})
    order by a.id
    for update of a`);
  return rows.rows as unknown as LockedRow[];
}

export type DecisionResult =
  | { id: string; ok: true; status: ApprovalStatus }
  | { id: string; ok: false; error: string; message: string; fields?: Record<string, FieldError> };

interface Update {
  row: LockedRow;
  status: ApprovalStatus;
  level: number;
  approvers: string[];
  decision: 'approve' | 'reject' | 'withdraw';
  asAdmin: boolean;
  /** The request's warning codes the approver acknowledged (decision 0205). */
  acknowledged?: string[];
  /** The approval effect already ran (per-row effects, in their savepoint). */
  effectDone?: boolean;
}

/** Contexts whose approval effect runs per request and may refuse one. */
const perRowEffects = new Set<ApprovalContext>(['clock_correction', 'change_shift', 'employee_profile']);

/** Writes the decided rows: the approvals, the history, the effects and the notifications. Set-based. */
async function applyUpdates(tx: Executor, scope: Scope, updates: Update[], note: string | null) {
  if (updates.length === 0) return;
  const values = sql.join(
    updates.map(
      (u) => sql`(${u.row.id}::uuid, ${u.status}::approval_status, ${u.level}::smallint, ${uuidArray(u.approvers)})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update approvals a set status = v.status, level = v.level, approvers = v.approvers, updated_at = now(),
      version = a.version + 1
    from (values ${values}) as v(id, status, level, approvers)
    where a.id = v.id and ${inCompanySql(scope, 'a')}`);
  const history = sql.join(
    updates.map(
      (u) =>
        sql`(${ownedBy(scope).company_id}::uuid, ${u.row.id}::uuid, ${u.row.level}::smallint, ${u.decision}::approval_decision, ${scope.actor.userId}::uuid, ${note}, ${u.asAdmin}, ${textArray(u.acknowledged ?? [])}, ${scope.actor.userId}::uuid)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into approval_decisions (company_id, approval_id, level, decision, decided_by, note, as_admin,
      acknowledged_warnings, created_by)
    values ${history}`);
  // Effects, grouped by context and outcome: once, in this transaction.
  const byContext = new Map<string, { context: ApprovalContext; status: ApprovalStatus; rows: EffectRow[] }>();
  for (const u of updates) {
    if (u.status !== 'approved' && u.status !== 'rejected' && u.status !== 'withdrawn') continue;
    if (u.effectDone) continue;
    const key = `${u.row.context}|${u.status}`;
    const group = byContext.get(key) ?? { context: u.row.context, status: u.status, rows: [] };
    group.rows.push(u.row);
    byContext.set(key, group);
  }
  for (const group of byContext.values()) {
    const effect = effects[group.context];
    if (group.status === 'approved') await effect.approve(tx, scope, group.rows);
    else await effect.release(tx, scope, group.rows, group.status === 'rejected' ? 'rejected' : 'withdrawn');
  }
  // The requester learns of a final decision; the next level's approvers that it waits for them.
  const decided = updates.filter((u) => u.status === 'approved' || u.status === 'rejected');
  if (decided.length > 0) {
    await tx.execute(sql`
      insert into notifications (company_id, user_id, kind, approval_id)
      values ${sql.join(
        decided.map(
          (u) =>
            sql`(${ownedBy(scope).company_id}::uuid, ${u.row.employee_user}::uuid, 'approval_decided', ${u.row.id}::uuid)`,
        ),
        sql`, `,
      )}`);
  }
  await notifyWaiting(
    tx,
    scope,
    updates
      .filter((u) => u.status === 'partial' && u.level !== u.row.level)
      .map((u) => ({ id: u.row.id, approvers: u.approvers })),
  );
}

const refusal = (id: string, error: string, message: string, fields?: Record<string, FieldError>): DecisionResult => ({
  id,
  ok: false,
  error,
  message,
  ...(fields ? { fields } : {}),
});

export async function decide(
  db: Db,
  scope: Scope,
  input: {
    ids: string[];
    decision: 'approve' | 'reject';
    note?: string | null | undefined;
    acknowledge_warnings?: boolean | undefined;
  },
): Promise<DecisionResult[]> {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const own = await ownEmployee(db, scope);
  const caller: Caller = { scope, me: own?.id ?? null };
  return db.transaction(async (tx) => {
    const rows = await lockRows(tx, scope, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Who already approved the current level of the rows with several approvers that all must approve.
    const allRows = rows.filter((row) => row.flow.levels[row.level - 1]?.mode === 'all');
    const approvedBy = new Map<string, Set<string>>();
    if (allRows.length > 0) {
      const decided = await tx.execute(sql`
        select h.approval_id, e.id as employee_id from approval_decisions h
        join approvals a on a.id = h.approval_id
        join employees e on e.user_id = h.decided_by and ${inCompanySql(scope, 'e')}
        where h.approval_id = any(${uuidArray(allRows.map((r) => r.id))}) and h.level = a.level and h.decision = 'approve'`);
      for (const d of decided.rows as { approval_id: string; employee_id: string }[]) {
        approvedBy.set(d.approval_id, (approvedBy.get(d.approval_id) ?? new Set()).add(d.employee_id));
      }
    }
    const results: DecisionResult[] = [];
    const updates: Update[] = [];
    const leaveChecks: LockedRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !(await canSee(caller, row))) {
        results.push(refusal(id, 'not_found', 'Approval not found'));
        continue;
      }
      if (!isOpen(row.status)) {
        results.push(refusal(id, 'already_decided', `This request is already ${row.status}`));
        continue;
      }
      const already = approvedBy.get(id) ?? new Set<string>();
      const right = decisionRight(
        caller,
        { ...row, employee_id: row.employee_id },
        caller.me && already.has(caller.me) ? new Set([caller.me]) : new Set(),
      );
      if (!right) {
        results.push(
          caller.me && already.has(caller.me)
            ? refusal(id, 'already_decided', 'You have already approved this level')
            : refusal(id, 'not_approver', 'You are not an approver of this request at its current level'),
        );
        continue;
      }
      // Overtime past its limit (decision 0205): approved only with the warnings acknowledged, which the history keeps.
      const warnings = limitWarningCodes(row);
      if (input.decision === 'approve' && warnings.length > 0 && input.acknowledge_warnings !== true) {
        results.push(
          refusal(
            id,
            'warnings_not_acknowledged',
            `Acknowledge the request's warnings to approve it: ${warnings.join(', ')}`,
          ),
        );
        continue;
      }
      const acknowledged = input.decision === 'approve' ? warnings : [];
      const levelDef = row.flow.levels[row.level - 1];
      let level = row.level;
      let approvers: string[] = [];
      if (input.decision === 'approve' && levelDef?.mode === 'all' && !right.asAdmin && caller.me) {
        const remaining = row.approvers.filter((approver) => approver !== caller.me);
        if (remaining.length > 0) {
          // Others of this level still have to approve: the level stays, without the caller.
          updates.push({
            row,
            status: 'partial',
            level,
            approvers: remaining,
            decision: 'approve',
            asAdmin: false,
            acknowledged,
          });
          results.push({ id, ok: true, status: 'partial' });
          continue;
        }
      }
      const last = row.level >= row.levels;
      const status = nextStatus(row.status, input.decision, last);
      if (!status) {
        results.push(refusal(id, 'already_decided', `This request is already ${row.status}`));
        continue;
      }
      if (status === 'partial') {
        level = row.level + 1;
        approvers = row.flow.levels[level - 1]?.approvers ?? [];
      }
      if (status === 'approved' && row.context === 'leave') leaveChecks.push(row);
      updates.push({ row, status, level, approvers, decision: input.decision, asAdmin: right.asAdmin, acknowledged });
      results.push({ id, ok: true, status });
    }
    const refused = new Map<string, DecisionResult>();
    // A leave approved at its last level must still fit the balance (an adjustment may have lowered it since).
    if (leaveChecks.length > 0) {
      for (const year of new Set(leaveChecks.map((row) => row.start_date.slice(0, 4)))) {
        const ofYear = leaveChecks.filter((row) => row.start_date.startsWith(year));
        const people = [...new Set(ofYear.map((row) => row.employee))];
        const balances = await listBalances(tx, scope, { year: Number(year), employees: people });
        const remaining = new Map(balances.map((b) => [`${b.employee._id}|${b.leave_rule._id}`, b]));
        for (const row of ofYear) {
          const balance = remaining.get(`${row.employee}|${row.content.leave_type as string}`);
          if (balance && !balance.unlimited && (balance.expired || (balance.remaining ?? 0) < 0)) {
            refused.set(
              row.id,
              refusal(row.id, 'insufficient_balance', 'The leave balance no longer covers this request'),
            );
          }
        }
      }
    }
    // Effects that work one request at a time and may refuse it (a swap without shifts): each in a savepoint, so one
    // refusal leaves the rest of the batch alone.
    for (const update of updates) {
      if (update.status !== 'approved' || !perRowEffects.has(update.row.context) || refused.has(update.row.id))
        continue;
      try {
        await tx.transaction((savepoint) => effects[update.row.context].approve(savepoint, scope, [update.row]));
        update.effectDone = true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.set(update.row.id, refusal(update.row.id, error.code, error.message, error.fields));
      }
    }
    await applyUpdates(
      tx,
      scope,
      updates.filter((update) => !refused.has(update.row.id)),
      input.note ?? null,
    );
    return results.map((result) => refused.get(result.id) ?? result);
  });
}

/** The warning codes a request carries (an overtime request's hours past the limits). */
function limitWarningCodes(row: LockedRow): string[] {
  const warnings = row.content.limit_warnings;
  return Array.isArray(warnings) ? warnings.map((w) => String((w as { code: unknown }).code)) : [];
}

const textArray = (values: string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

async function canSee(caller: Caller, row: LockedRow) {
  const { actor } = caller.scope;
  if (isAdmin(caller.scope) && departmentReaches(caller.scope, row.department_id)) return true;
  const me = caller.me;
  return (
    (me !== null && (row.employee_id === me || row.flow.levels.some((level) => level.approvers.includes(me)))) ||
    row.created_by === actor.userId
  );
}

export async function withdraw(db: Db, scope: Scope, id: string) {
  const own = await ownEmployee(db, scope);
  const caller: Caller = { scope, me: own?.id ?? null };
  await db.transaction(async (tx) => {
    const [row] = await lockRows(tx, scope, [id]);
    if (!row || !(await canSee(caller, row))) throw notFound('Approval');
    const mine = (caller.me !== null && row.employee_id === caller.me) || row.created_by === scope.actor.userId;
    if (!mine) throw new AppError(403, 'not_requester', 'Only the requester may withdraw a request');
    const status = nextStatus(row.status, 'withdraw', false);
    if (!status) throw new AppError(409, 'already_decided', `This request is already ${row.status}`);
    await applyUpdates(
      tx,
      scope,
      [{ row, status, level: row.level, approvers: [], decision: 'withdraw', asAdmin: false }],
      null,
    );
  });
  return getApproval(db, scope, id);
}

/**
 * The inbox (box `inbox` of `listApprovals`) counted by context, oldest waiting first: the home page's "Waiting"
 * card. The same condition as the list, so the figures are the list's totals.
 */
export async function inboxByContext(db: Executor, scope: Scope) {
  const me = (await ownEmployee(db, scope))?.id ?? null;
  const rows = await db.execute(sql`
    select a.context, count(*)::int as count, to_json(min(a.created_at)) #>> '{}' as oldest
    from approvals a join employees e on e.id = a.employee_id
    where ${inCompanySql(scope, 'a')} and ${decidable({ scope, me })}
    group by a.context order by min(a.created_at)`);
  return rows.rows as { context: ApprovalContext; count: number; oldest: string }[];
}
