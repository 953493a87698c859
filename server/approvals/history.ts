/**
 * The approval history (menu approval-history): every decision with its request, newest first, on the requests the
 * caller may read (repository.ts `readableBy`: admins their company's, a department admin their department's, an
 * approver the requests they may decide now and those they decided).
 */
import { sql } from 'drizzle-orm';
import type { ApprovalContext, ApprovalStatus } from '../../common/approvals.ts';
import type { Db } from '../db/connect.ts';
import { inCompanySql, type Scope } from '../scope/scope.ts';
import { ownEmployee, readableBy } from './repository.ts';

export interface HistoryFilters {
  context?: ApprovalContext | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
}

type HistoryRow = {
  id: string;
  level: number;
  decision: string;
  note: string | null;
  as_admin: boolean;
  acknowledged_warnings: string[];
  at: string;
  approval_id: string;
  approval_number: string;
  context: ApprovalContext;
  status: ApprovalStatus;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  user_id: string;
  user_name: string;
};

export async function listHistory(db: Db, scope: Scope, filters: HistoryFilters) {
  const me = (await ownEmployee(db, scope))?.id ?? null;
  const conditions = [inCompanySql(scope, 'h'), readableBy(scope, me)];
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
  // The route clamps the limit (listPaging); a caller in the server may leave it out.
  const limit = filters.limit ?? 1000;
  const skip = filters.skip ?? 0;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select h.id, h.level, h.decision, h.note, h.as_admin, h.acknowledged_warnings, to_json(h.created_at) #>> '{}' as at,
        a.id as approval_id, a.approval_number, a.context, a.status, e.id as employee_id, e.employee_id as employee_code,
        e.fullname as employee_name, u.id as user_id, u.fullname as user_name
      ${from} where ${where} order by h.created_at desc, h.id limit ${limit} offset ${skip}`),
    db.execute(sql`select count(*)::int as total ${from} where ${where}`),
  ]);
  const data = (rows.rows as HistoryRow[]).map((row) => ({
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
    acknowledged_warnings: row.acknowledged_warnings ?? [],
  }));
  const total = (count.rows[0] as { total: number }).total;
  return { data, total, meta: { total, limit, skip } };
}
