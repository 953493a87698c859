/**
 * What approvals give payroll (server/payroll/inputs.ts and precheck.ts call these): approved overtime by day type
 * and approved business-trip days per employee for a month, and the requests still open in a period.
 */
import { sql } from 'drizzle-orm';
import { type ApprovalContext, approvalMenuOf } from '../../common/approvals.ts';
import type { OvertimeEntry } from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { companyReach, inCompanySql, inDepartmentSql, type Reach } from '../scope/scope.ts';

export interface ApprovedOfMonth {
  overtime: OvertimeEntry[];
  business_trip_days: number;
}

/** Approved overtime and business-trip days (the days of each trip inside the month) of each employee. */
export async function loadApprovedOfMonth(
  db: Executor,
  companyId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, ApprovedOfMonth>> {
  const result = new Map<string, ApprovedOfMonth>();
  if (employeeIds.length === 0) return result;
  const of = (id: string) => {
    let found = result.get(id);
    if (!found) {
      found = { overtime: [], business_trip_days: 0 };
      result.set(id, found);
    }
    return found;
  };
  const overtime = await db.execute(sql`
    select employee_id, to_char(date, 'YYYY-MM-DD') as date, hours::float8 as hours, day_type from overtimes o
    where ${inCompanySql(companyReach(companyId), 'o')} and employee_id = any(${uuidArray(employeeIds)}) and date between ${from} and ${to}
    order by date`);
  for (const row of overtime.rows as { employee_id: string; date: string; hours: number; day_type: string }[]) {
    of(row.employee_id).overtime.push({
      date: row.date,
      hours: row.hours,
      day_type: row.day_type as OvertimeEntry['day_type'],
    });
  }
  const trips = await db.execute(sql`
    select employee_id, sum(least(end_date, ${to}::date) - greatest(start_date, ${from}::date) + 1)::int as days
    from business_trips t
    where ${inCompanySql(companyReach(companyId), 't')} and employee_id = any(${uuidArray(employeeIds)})
      and start_date <= ${to} and end_date >= ${from}
    group by employee_id`);
  for (const row of trips.rows as { employee_id: string; days: number }[])
    of(row.employee_id).business_trip_days = row.days;
  return result;
}

/**
 * Employees with requests still pending or partial about days in the period: one per employee and context.
 * `department`: undefined for the whole company, a department id for a department admin's pre-check (their
 * department's employees only), null for nobody (a department admin without a department).
 */
export async function openRequestsIn(
  db: Executor,
  companyId: string,
  from: string,
  to: string,
  department?: string | null,
) {
  const reach: Reach = department === undefined ? companyReach(companyId) : { companyId, department };
  const rows = await db.execute(sql`
    select distinct a.context, e.id, e.employee_id, e.fullname from approvals a join employees e on e.id = a.employee_id
    where ${inCompanySql(reach, 'a')} and ${inDepartmentSql(reach, 'e')} and a.status in ('pending', 'partial')
      and a.start_date <= ${to} and a.end_date >= ${from}
    order by e.fullname, a.context`);
  return (rows.rows as { context: ApprovalContext; id: string; employee_id: string; fullname: string }[]).map(
    (row) => ({
      employee: { _id: row.id, employee_id: row.employee_id, fullname: row.fullname },
      link: `/dashboard/${approvalMenuOf[row.context]}`,
    }),
  );
}
