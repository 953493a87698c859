/**
 * The job-report's one read of the job reports (issue 29): the sales screens own the job-report tables and their
 * editing; the report reads them only here, so a change to those tables changes this one function. The sales job
 * recap reads the same, so its totals and columns are the report's.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { inCompanySql, type Reach } from '../scope/scope.ts';

/** A column: one of the company's categories, or `_id: null`, the job reports without one. */
export type JobReportCategory = { _id: string | null; code: string | null; name: string | null };

export type JobReportSourceRow = {
  employee: string;
  employee_id: string;
  fullname: string;
  department: string | null;
  location: string | null;
  /** All the employee's job reports of the period, and their minutes. */
  reports: number;
  minutes: number;
  /** Per category, in the order of the source's `categories`. */
  category_reports: number[];
  category_minutes: number[];
};

/**
 * Job reports dated `from`..`to`, one row per employee (alias `e`, narrowed by `employeesWhere`; by name) with the
 * categories as columns: the company's categories by name (every one, even an empty one), then "no category"
 * (`_id: null`: the reports without one) when any. One pass over the job reports, grouped by employee only (grouping
 * by employee and category, then naming, took twice as long: issue 29's benchmark, decision 0208).
 */
export async function jobReportSource(
  db: Executor,
  reach: Reach,
  from: string,
  to: string,
  employeesWhere: SQL,
): Promise<{ categories: JobReportCategory[]; rows: JobReportSourceRow[] }> {
  const listed = await db.execute<{ _id: string; code: string; name: string }>(sql`
    select c.id as _id, c.code, c.name from job_report_categories c where ${inCompanySql(reach, 'c')}
    order by c.name, c.code`);
  const ids = listed.rows.map((category) => category._id);
  const per = (figure: (id: string) => SQL) =>
    sql`array[${sql.join(
      ids.map((id) => figure(id)),
      sql`, `,
    )}]::int[]`;
  const result = await db.execute<
    Omit<JobReportSourceRow, 'category_reports' | 'category_minutes'> & {
      listed_reports: number[];
      listed_minutes: number[];
    }
  >(sql`
    select e.id as employee, e.employee_id, e.fullname, d.name as department, l.name as location,
      j.reports, j.minutes, j.listed_reports, j.listed_minutes
    from (
      select j.employee_id, count(*)::int as reports, coalesce(sum(j.duration_minutes), 0)::int as minutes,
        ${per((id) => sql`count(*) filter (where j.category_id = ${id}::uuid)`)} as listed_reports,
        ${per((id) => sql`coalesce(sum(j.duration_minutes) filter (where j.category_id = ${id}::uuid), 0)`)}
          as listed_minutes
      from job_reports j
      where ${inCompanySql(reach, 'j')} and j.date between ${from}::date and ${to}::date
      group by j.employee_id
    ) j
    join employees e on e.id = j.employee_id
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    where ${employeesWhere}
    order by e.fullname, e.id`);
  // "No category": what the listed categories leave of the employee's reports.
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const rows = result.rows.map(({ listed_reports, listed_minutes, ...row }) => ({
    ...row,
    category_reports: [...listed_reports, row.reports - sum(listed_reports)],
    category_minutes: [...listed_minutes, row.minutes - sum(listed_minutes)],
  }));
  const categories: JobReportCategory[] = [...listed.rows];
  if (rows.some((row) => row.category_reports[ids.length] !== 0)) {
    categories.push({ _id: null, code: null, name: null });
  } else {
    for (const row of rows) {
      row.category_reports.pop();
      row.category_minutes.pop();
    }
  }
  return { categories, rows };
}
