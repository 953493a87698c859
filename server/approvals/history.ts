/**
 * The approval history (menu approval-history): every decision with its request, newest first. Admins read their
 * company's, a department admin their department's, an approver the decisions on requests they take part in.
 */
import { sql } from 'drizzle-orm';
import type { ApprovalContext } from '../../common/approvals.ts';
import type { Db } from '../db/connect.ts';
import type { Scope } from '../http/access.ts';
import { ownEmployee } from './repository.ts';

export interface HistoryFilters {
  context?: ApprovalContext;
  from?: string;
  to?: string;
  limit?: number;
  skip?: number;
}

export async function listHistory(db: Db, scope: Scope, filters: HistoryFilters) {
  const { actor } = scope;
  const me = (await ownEmployee(db, scope))?.id ?? '00000000-0000-0000-0000-000000000000';
  const conditions = [sql`h.company_id = ${scope.companyId}`];
  if (actor.level === 'admin_department') {
    conditions.push(sql`(e.department_id = ${actor.departmentId ?? me} or ${me} = any(a.participants))`);
  } else if (!['admin', 'sub_admin', 'custom'].includes(actor.level)) {
    conditions.push(sql`(${me} = any(a.participants) or h.decided_by = ${actor.userId} or a.employee_id = ${me})`);
  }
  if (filters.context) conditions.push(sql`a.context = ${filters.context}`);
  // Days in Asia/Jakarta.
  if (filters.from)
    conditions.push(sql`h.created_at >= (${filters.from}::date::timestamp at time zone 'Asia/Jakarta')`);
  if (filters.to) {
    conditions.push(sql`h.created_at < ((${filters.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`);
  }
  const where = sql.join(conditions, sql` and `);
  const from = sql`from approval_decisions h join approvals a on a.id = h.approval_id
    join employees e on e.id = a.employee_id join users u on u.id = h.decided_by`;
  const limit = filters.limit ?? 1000;
  const skip = filters.skip ?? 0;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select h.id, h.level, h.decision, h.note, h.as_admin, to_json(h.created_at) #>> '{}' as at,
        a.id as approval_id, a.approval_number, a.context, a.status, e.id as employee_id, e.employee_id as employee_code,
        e.fullname as employee_name, u.id as user_id, u.fullname as user_name
      ${from} where ${where} order by h.created_at desc, h.id limit ${limit} offset ${skip}`),
    db.execute(sql`select count(*)::int as total ${from} where ${where}`),
  ]);
  const data = (rows.rows as Record<string, unknown>[]).map((row) => ({
    _id: row.id,
    approval: {
      _id: row.approval_id,
      approval_number: row.approval_number,
      context: row.context,
      status: row.status,
      employee: { _id: row.employee_id, employee_id: row.employee_code, fullname: row.employee_name },
    },
    level: row.level,
    decision: row.decision,
    by: { _id: row.user_id, fullname: row.user_name },
    at: row.at,
    note: row.note,
    as_admin: row.as_admin,
  }));
  return { data, total: (count.rows[0] as { total: number }).total };
}
