/**
 * Unpaid leave of the month (issue 27 section 4, decision 0206): the approved leaves of a leave type marked `unpaid`
 * (leave_rules.unpaid), as the days the run deducts by the company's absent rule (`input.unpaid_leave_days`) and the
 * dates the explanation names (`input.unpaid_leave_dates`).
 *
 * A leave inside the month counts its stored `total` (work days as the leave screens computed them, half days as .5);
 * a leave across the month's edge counts its days within the month that are the employee's working days and not
 * public holidays (the schedule of server/attendance/schedule.ts), a half-day leave as .5. Leaves by the hour are not
 * days and are left to the company's deduction items.
 */
import { sql } from 'drizzle-orm';
import { loadWorkingDays } from '../attendance/schedule.ts';
import type { Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { loadHolidays } from '../leave/calendar.ts';
import { companyReach, inCompanySql } from '../scope/scope.ts';

export interface UnpaidLeaveOfMonth {
  days: number;
  dates: string[];
}

type LeaveRow = { employee_id: string; start_date: string; end_date: string; unit: 'day' | 'half_day'; total: number };

const plusDay = (date: string) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

export async function loadUnpaidLeave(
  db: Executor,
  companyId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, UnpaidLeaveOfMonth>> {
  const out = new Map<string, UnpaidLeaveOfMonth>();
  if (employeeIds.length === 0) return out;
  const { rows } = await db.execute<LeaveRow>(sql`
    select l.employee_id, l.start_date::text as start_date, l.end_date::text as end_date, l.unit::text as unit,
      l.total::float8 as total
    from leaves l join leave_rules r on r.id = l.leave_rule_id
    where ${inCompanySql(companyReach(companyId), 'l')} and r.unpaid and l.status = 'approved' and l.unit <> 'hour'
      and l.employee_id = any(${uuidArray(employeeIds)}) and l.start_date <= ${to} and l.end_date >= ${from}
    order by l.employee_id, l.start_date`);
  if (rows.length === 0) return out;
  const people = [...new Set(rows.map((row) => row.employee_id))];
  const [working, holidays] = await Promise.all([
    loadWorkingDays(db, companyId, { from, to, employeeIds: people }),
    loadHolidays(db, companyId, from, to),
  ]);
  for (const leave of rows) {
    const inside = leave.start_date >= from && leave.end_date <= to;
    const dates: string[] = [];
    const first = leave.start_date < from ? from : leave.start_date;
    const last = leave.end_date > to ? to : leave.end_date;
    for (let day = first; day <= last; day = plusDay(day)) {
      if (working(leave.employee_id, day) && !holidays.has(day)) dates.push(day);
    }
    const days = inside ? leave.total : leave.unit === 'half_day' ? dates.length / 2 : dates.length;
    const month = out.get(leave.employee_id) ?? { days: 0, dates: [] };
    month.days += days;
    month.dates.push(...dates);
    out.set(leave.employee_id, month);
  }
  return out;
}
