/**
 * The job-report's one read of the job reports (issue 29): the sales screens own the job-report tables and their
 * editing; the report reads them only here, so a change to those tables changes this one function.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { inCompanySql, type Reach } from '../scope/scope.ts';

export type JobReportSourceRow = {
  employee: string;
  employee_id: string;
  fullname: string;
  department: string | null;
  location: string | null;
  category: string | null;
  category_name: string | null;
  reports: number;
  minutes: number;
};

/** Job reports dated `from`..`to` by employee (alias `e`, narrowed by `employeesWhere`) and category. */
export async function jobReportSource(
  db: Executor,
  reach: Reach,
  from: string,
  to: string,
  employeesWhere: SQL,
): Promise<JobReportSourceRow[]> {
  const result = await db.execute<JobReportSourceRow>(sql`
    select e.id as employee, e.employee_id, e.fullname, d.name as department, l.name as location,
      c.id as category, c.name as category_name, count(*)::int as reports,
      coalesce(sum(j.duration_minutes), 0)::int as minutes
    from job_reports j
    join employees e on e.id = j.employee_id
    left join job_report_categories c on c.id = j.category_id
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    where ${inCompanySql(reach, 'j')} and ${employeesWhere} and j.date between ${from}::date and ${to}::date
    group by e.id, d.name, l.name, c.id, c.name
    order by e.fullname, e.id, c.name nulls last`);
  return result.rows;
}
