/**
 * The leave calendar, loaded set-based for a date range (a handful of queries whatever the number of employees):
 * holidays by date, leave by employee and date, and the day count of one leave for the approvals issue. The
 * arithmetic is in days.ts; the working-day rule is sched's (server/attendance/schedule.ts).
 */
import { sql } from 'drizzle-orm';
import { loadWorkingDays } from '../attendance/schedule.ts';
import type { Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { companyReach, inCompanySql } from '../scope/scope.ts';
import { countLeaveDays, type LeaveStatus, type LeaveUnit } from './days.ts';

export interface Holiday {
  id: string;
  name: string;
  /** Collective leave taken from this rule's balance; null for a public holiday. */
  deduct_leave_rule: string | null;
}

/**
 * The company's holidays from `from` to `to`, by date. Where two holidays share a date (a public holiday inside a
 * collective-leave span), the public holiday wins: it is not deducted from anyone's leave.
 */
export async function loadHolidays(
  db: Executor,
  companyId: string,
  from: string,
  to: string,
): Promise<Map<string, Holiday>> {
  const result = await db.execute<{ date: string; id: string; name: string; deduct_leave_rule: string | null }>(sql`
    select to_char(d, 'YYYY-MM-DD') as date, m.id, m.name, m.deduct_leave_rule_id as deduct_leave_rule
    from mass_leaves m
    cross join lateral generate_series(greatest(m.start_date, ${from}::date), least(m.end_date, ${to}::date), interval '1 day') d
    where ${inCompanySql(companyReach(companyId), 'm')} and m.start_date <= ${to}::date and m.end_date >= ${from}::date
    order by d, (m.deduct_leave_rule_id is null) desc, m.start_date, m.id`);
  const byDate = new Map<string, Holiday>();
  for (const row of result.rows) {
    if (!byDate.has(row.date))
      byDate.set(row.date, { id: row.id, name: row.name, deduct_leave_rule: row.deduct_leave_rule });
  }
  return byDate;
}

export interface LeaveDay {
  leave_rule: string;
  /** The leave type's name ("Annual Leave"). */
  type: string;
  unit: LeaveUnit;
  status: LeaveStatus;
}

/**
 * Leave per employee per date from `from` to `to`: approved leave by default, `statuses` to include pending ones.
 * Where two leaves share a date, an approved one wins over a pending one.
 */
export async function loadLeaveDays(
  db: Executor,
  companyId: string,
  from: string,
  to: string,
  opts: { employeeIds?: string[]; statuses?: LeaveStatus[] } = {},
): Promise<(employeeId: string, date: string) => LeaveDay | null> {
  const statuses = opts.statuses ?? ['approved'];
  const result = await db.execute<{
    employee: string;
    date: string;
    leave_rule: string;
    type: string;
    unit: LeaveUnit;
    status: LeaveStatus;
  }>(sql`
    select l.employee_id as employee, to_char(d, 'YYYY-MM-DD') as date, l.leave_rule_id as leave_rule, r.type,
      l.unit, l.status
    from leaves l
    join leave_rules r on r.id = l.leave_rule_id
    cross join lateral generate_series(greatest(l.start_date, ${from}::date), least(l.end_date, ${to}::date), interval '1 day') d
    where ${inCompanySql(companyReach(companyId), 'l')} and l.start_date <= ${to}::date and l.end_date >= ${from}::date
      and l.status::text = any(${`{${statuses.join(',')}}`}::text[])
      ${opts.employeeIds ? sql`and l.employee_id = any(${uuidArray(opts.employeeIds)})` : sql``}
    order by (l.status = 'approved') desc, l.start_date`);
  // Per employee, then per date: no key string built per lookup (the report makes 310,000).
  const byEmployee = new Map<string, Map<string, LeaveDay>>();
  for (const row of result.rows) {
    let days = byEmployee.get(row.employee);
    if (!days) {
      days = new Map();
      byEmployee.set(row.employee, days);
    }
    if (!days.has(row.date))
      days.set(row.date, { leave_rule: row.leave_rule, type: row.type, unit: row.unit, status: row.status });
  }
  return (employeeId, date) => byEmployee.get(employeeId)?.get(date) ?? null;
}

export interface LeaveDaysArgs {
  employeeId: string;
  leaveRuleId: string;
  start: string;
  end: string;
  unit: LeaveUnit;
  /** unit `hour`: the hours asked for. */
  hours?: number | null;
}

/**
 * How much of the rule's balance a leave takes (days, half days as .5, or hours), counted with the rule's
 * calculation against the employee's schedule and the company's holidays. Throws when the rule is not the
 * company's (callers validate it first).
 */
export async function leaveDaysFor(db: Executor, companyId: string, args: LeaveDaysArgs): Promise<number> {
  const rule = await db.execute<{ calculation: 'work_day' | 'calendar_day' }>(
    sql`select r.calculation from leave_rules r where r.id = ${args.leaveRuleId} and ${inCompanySql(companyReach(companyId), 'r')}`,
  );
  const calculation = rule.rows[0]?.calculation;
  if (!calculation) throw new Error(`Leave rule ${args.leaveRuleId} not found`);
  if (args.end < args.start) return 0;
  const range = { from: args.start, to: args.end, employeeIds: [args.employeeId] };
  // One after the other: `db` may be the caller's transaction (one connection).
  const holidays =
    calculation === 'work_day' ? await loadHolidays(db, companyId, args.start, args.end) : new Map<string, Holiday>();
  const working = calculation === 'work_day' ? await loadWorkingDays(db, companyId, range) : () => true;
  return countLeaveDays({
    start: args.start,
    end: args.end,
    calculation,
    unit: args.unit,
    hours: args.hours ?? null,
    isWorkingDay: (date) => working(args.employeeId, date),
    isHoliday: (date) => holidays.has(date),
  });
}
