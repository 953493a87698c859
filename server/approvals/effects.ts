/**
 * What a request does to the records it is about, per context, in an exhaustive table:
 * - `request`: in the request's insert transaction (checks that need the database; holds: a leave's pending row);
 * - `approve`: in the final approval's transaction, once, set-based over every request approved in a batch;
 * - `release`: on rejection or withdrawal, what `request` held is let go.
 */
import { sql } from 'drizzle-orm';
import type { ApprovalContext } from '../../common/approvals.ts';
import type { Executor } from '../db/connect.ts';
import type { Scope } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { listBalances } from '../leave/balance.ts';

export interface EffectRow {
  id: string;
  employee: string;
  content: Record<string, unknown>;
  start_date: string;
  end_date: string;
  approval_number: string;
}

export interface Effect {
  request(tx: Executor, scope: Scope, row: EffectRow): Promise<void>;
  approve(tx: Executor, scope: Scope, rows: EffectRow[]): Promise<void>;
  release(tx: Executor, scope: Scope, rows: EffectRow[], status: 'rejected' | 'withdrawn'): Promise<void>;
}

const nothing = async () => {};
const ids = (rows: EffectRow[]) =>
  sql`array[${sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  )}]::uuid[]`;

/** The year a leave counts in (the year it starts, decision 0037). */
const yearOf = (date: string) => Number(date.slice(0, 4));

async function checkLeaveBalance(tx: Executor, scope: Scope, row: EffectRow, extraPending: number) {
  const leaveType = row.content.leave_type as string;
  const total = Number(row.content.total_days);
  const [balance] = await listBalances(tx, scope, {
    year: yearOf(row.start_date),
    employee: row.employee,
    leave_rule: leaveType,
  });
  if (!balance) throw new AppError(409, 'leave_not_applicable', 'This leave type does not apply to the employee');
  if (balance.unlimited) return balance;
  const remaining = (balance.remaining ?? 0) + extraPending;
  if (balance.expired || remaining < total) {
    throw new AppError(409, 'insufficient_balance', `Only ${remaining} left of this leave`, undefined, {
      remaining,
    });
  }
  return balance;
}

const leave: Effect = {
  async request(tx, scope, row) {
    const overlap = await tx.execute(sql`
      select 1 from leaves where employee_id = ${row.employee} and status in ('pending', 'approved')
        and start_date <= ${row.end_date} and end_date >= ${row.start_date} limit 1`);
    if (overlap.rows.length > 0) {
      throw new AppError(409, 'overlapping_leave', 'Another leave already covers some of these days');
    }
    await checkLeaveBalance(tx, scope, row, 0);
    await tx.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status, reason,
        approval_id, created_by)
      values (${scope.companyId}, ${row.employee}, ${row.content.leave_type as string}, ${row.start_date},
        ${row.end_date}, ${row.content.unit as string}::leave_unit, ${Number(row.content.total_days)}, 'pending',
        ${(row.content.reason as string | null) ?? null}, ${row.id}, ${scope.actor.userId})`);
  },
  async approve(tx, _scope, rows) {
    await tx.execute(sql`
      update leaves set status = 'approved', updated_at = now(), version = version + 1
      where approval_id = any(${ids(rows)}) and status = 'pending'`);
  },
  async release(tx, _scope, rows, status) {
    await tx.execute(sql`
      update leaves set status = ${status}::leave_status, updated_at = now(), version = version + 1
      where approval_id = any(${ids(rows)}) and status = 'pending'`);
  },
};

export const effects = {
  leave,
  overtime: { request: nothing, approve: nothing, release: nothing },
  clock_correction: { request: nothing, approve: nothing, release: nothing },
  change_shift: { request: nothing, approve: nothing, release: nothing },
  business_trip: { request: nothing, approve: nothing, release: nothing },
  resignation: { request: nothing, approve: nothing, release: nothing },
  employee_profile: { request: nothing, approve: nothing, release: nothing },
  contract: { request: nothing, approve: nothing, release: nothing },
} as const satisfies Record<ApprovalContext, Effect>;
