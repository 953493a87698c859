/**
 * Approval flows' data access (`/v1/approval-flow`, flow-routes.ts). Who reaches which flow (docs/decisions/0120): a
 * company-wide flow (no department) is the admin's and sub-admin's (and a custom level's with the menu's write); a
 * department admin's flow belongs to their department, covers its members only and names approvers they reach and
 * do not rank below. A department admin sees and edits their department's flows only; company-wide callers see all.
 * Every condition comes from the scope module.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ApprovalContext } from '../../common/approvals.ts';
import type { Level } from '../../common/menu.ts';
import type { Db, Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { databaseError, type FieldError, forbidden, invalid, notFound } from '../http/errors.ts';
import {
  departmentReaches,
  employeeInReach,
  inCompanySql,
  inDepartment,
  mayName,
  ownedBy,
  reachOf,
  type Scope,
} from '../scope/scope.ts';
import type { Flow, FlowLevel } from './flows.ts';

export interface FlowInput {
  name: string;
  context: ApprovalContext[];
  leave_type?: string[] | undefined;
  members: { employees: string[]; departments: string[] };
  levels: FlowLevel[];
}

type FlowRow = {
  id: string;
  name: string;
  context: ApprovalContext[];
  leave_type: string[];
  members: { employees: string[]; departments: string[] };
  levels: FlowLevel[];
  created_at: string;
  updated_at: string;
};

/** The flows the caller reaches: their company's; a department admin's department's only. */
const flowsInReach = (scope: Scope): SQL =>
  sql`${inCompanySql(scope, 'f')}${sql` and ${inDepartment(scope, sql`f.department_id`) ?? sql`true`}`}`;

async function present(db: Db, scope: Scope, rows: FlowRow[]) {
  const employeeIds = new Set<string>();
  const departmentIds = new Set<string>();
  const leaveTypeIds = new Set<string>();
  for (const row of rows) {
    for (const e of row.members.employees) employeeIds.add(e);
    for (const d of row.members.departments) departmentIds.add(d);
    for (const l of row.leave_type) leaveTypeIds.add(l);
    for (const level of row.levels)
      for (const a of level.approvers) if (a.type === 'employee') employeeIds.add(a.employee);
  }
  const [employees, departments, leaveTypes] = await Promise.all([
    db.execute(
      sql`select id, fullname as name from employees e where ${inCompanySql(scope, 'e')} and id = any(${uuidArray([...employeeIds])})`,
    ),
    db.execute(
      sql`select id, name from departments d where ${inCompanySql(scope, 'd')} and id = any(${uuidArray([...departmentIds])})`,
    ),
    db.execute(
      sql`select id, type as name from leave_rules r where ${inCompanySql(scope, 'r')} and id = any(${uuidArray([...leaveTypeIds])})`,
    ),
  ]);
  const named = (result: { rows: unknown[] }) =>
    new Map((result.rows as { id: string; name: string }[]).map((r) => [r.id, { _id: r.id, name: r.name }]));
  const [e, d, l] = [named(employees), named(departments), named(leaveTypes)];
  return rows.map((row) => {
    const employeesHere = new Set([
      ...row.members.employees,
      ...row.levels.flatMap((level) => level.approvers.flatMap((a) => (a.type === 'employee' ? [a.employee] : []))),
    ]);
    return {
      _id: row.id,
      name: row.name,
      context: row.context,
      leave_type: row.leave_type,
      members: row.members,
      levels: row.levels,
      names: {
        employees: [...employeesHere].flatMap((id) => e.get(id) ?? []),
        departments: row.members.departments.flatMap((id) => d.get(id) ?? []),
        leave_types: row.leave_type.flatMap((id) => l.get(id) ?? []),
      },
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

export async function listFlows(db: Db, scope: Scope, flowId?: string) {
  const rows = await db.execute(sql`
    select f.id, f.name, f.context::text[] as context, f.leave_type, f.members, f.levels,
      to_json(f.created_at) #>> '{}' as created_at, to_json(f.updated_at) #>> '{}' as updated_at
    from approval_flows f
    where ${flowsInReach(scope)} ${flowId ? sql`and f.id = ${flowId}` : sql``}
    order by lower(f.name)`);
  return present(db, scope, rows.rows as FlowRow[]);
}

export async function getFlow(db: Db, scope: Scope, flowId: string) {
  const [flow] = await listFlows(db, scope, flowId);
  if (!flow) throw notFound('Approval flow');
  return flow;
}

const notFoundField: FieldError = { code: 'not_found', message: 'names a record that does not exist' };

/**
 * Every id a flow names must be the company's and within the caller's reach (a department admin: their department's
 * members and employees), and every approver of a rank the caller may name: a field error otherwise.
 */
async function checkReferences(db: Db, scope: Scope, input: FlowInput) {
  const fields: Record<string, FieldError> = {};
  const approverIds = [
    ...new Set(
      input.levels.flatMap((level) => level.approvers.flatMap((a) => (a.type === 'employee' ? [a.employee] : []))),
    ),
  ];
  const count = async (query: SQL) => ((await db.execute(query)).rows[0] as { n: number }).n;
  const members = [...new Set(input.members.employees)];
  if (members.length > 0) {
    const found = await count(
      sql`select count(*)::int as n from employees e where ${employeeInReach(scope, sql`e.id`)} and e.id = any(${uuidArray(members)})`,
    );
    if (found !== members.length) fields['members.employees'] = notFoundField;
  }
  const departments = [...new Set(input.members.departments)];
  if (departments.length > 0) {
    const found = await count(
      sql`select count(*)::int as n from departments d where ${inCompanySql(scope, 'd')} and d.id = any(${uuidArray(departments)})`,
    );
    if (found !== departments.length) fields['members.departments'] = notFoundField;
    else if (!departments.every((id) => departmentReaches(scope, id))) {
      fields['members.departments'] = { code: 'own_department', message: 'must be your own department' };
    }
  }
  const leaveTypes = [...new Set(input.leave_type ?? [])];
  if (leaveTypes.length > 0) {
    const found = await count(
      sql`select count(*)::int as n from leave_rules r where ${inCompanySql(scope, 'r')} and r.id = any(${uuidArray(leaveTypes)})`,
    );
    if (found !== leaveTypes.length) fields.leave_type = notFoundField;
  }
  if (approverIds.length > 0) {
    const approvers = (
      await db.execute(sql`
        select e.id, u.level from employees e left join users u on u.id = e.user_id
        where ${employeeInReach(scope, sql`e.id`)} and e.id = any(${uuidArray(approverIds)})`)
    ).rows as { id: string; level: Level | null }[];
    if (approvers.length !== approverIds.length) fields.levels = notFoundField;
    else if (approvers.some((a) => a.level !== null && !mayName(scope.actor.level, a.level))) {
      fields.levels = { code: 'higher_rank', message: 'names an approver of a higher level than yours' };
    }
  }
  if (leaveTypes.length > 0 && !input.context.includes('leave')) {
    fields.leave_type = { code: 'leave_only', message: 'applies to leave flows only' };
  }
  if (input.members.employees.length === 0 && input.members.departments.length === 0) {
    fields.members = { code: 'required', message: 'Members is required' };
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const duplicateName = (error: unknown) => {
  if (databaseError(error)?.code === '23505') {
    return invalid({ name: { code: 'unique', message: 'is already used' } });
  }
  return error;
};

const contexts = (input: FlowInput) =>
  sql`array[${sql.join(
    input.context.map((c) => sql`${c}`),
    sql`, `,
  )}]::approval_context[]`;

/** The department a new flow belongs to: a department admin's own (none: they may not make flows), else none. */
function flowDepartment(scope: Scope): string | null {
  const department = reachOf(scope).department;
  if (department === null) throw forbidden();
  return department ?? null;
}

export async function createFlow(db: Db, scope: Scope, input: FlowInput) {
  const department = flowDepartment(scope);
  await checkReferences(db, scope, input);
  const row = await db
    .execute(sql`
      insert into approval_flows (company_id, department_id, name, context, leave_type, members, levels, created_by)
      values (${ownedBy(scope).company_id}, ${department}, ${input.name.trim()}, ${contexts(input)},
        ${uuidArray(input.leave_type ?? [])}, ${JSON.stringify(input.members)}::jsonb,
        ${JSON.stringify(input.levels)}::jsonb, ${scope.actor.userId})
      returning id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  return getFlow(db, scope, (row.rows[0] as { id: string }).id);
}

export async function updateFlow(db: Db, scope: Scope, flowId: string, input: FlowInput) {
  await checkReferences(db, scope, input);
  const updated = await db
    .execute(sql`
      update approval_flows f set name = ${input.name.trim()}, context = ${contexts(input)},
        leave_type = ${uuidArray(input.leave_type ?? [])}, members = ${JSON.stringify(input.members)}::jsonb,
        levels = ${JSON.stringify(input.levels)}::jsonb, updated_at = now(), version = f.version + 1
      where f.id = ${flowId} and ${flowsInReach(scope)} returning f.id`)
    .catch((error) => {
      throw duplicateName(error);
    });
  if (updated.rows.length === 0) throw notFound('Approval flow');
  return getFlow(db, scope, flowId);
}

export async function deleteFlow(db: Db, scope: Scope, flowId: string) {
  const deleted = await db.execute(
    sql`delete from approval_flows f where f.id = ${flowId} and ${flowsInReach(scope)} returning f.id`,
  );
  if (deleted.rows.length === 0) throw notFound('Approval flow');
  return { _id: flowId };
}

/** Every flow of the company, for resolving a new request's approvers (a department flow carries its department). */
export async function loadFlows(db: Executor, companyId: string): Promise<Flow[]> {
  const rows = await db.execute(
    sql`select f.id, f.name, f.context, f.leave_type, f.members, f.levels, f.department_id as department
      from approval_flows f where ${inCompanySql({ companyId }, 'f')}`,
  );
  return rows.rows as unknown as Flow[];
}
