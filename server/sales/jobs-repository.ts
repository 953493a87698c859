/**
 * The sales menu's reads and the employee's job reports (issue 29, ./README.md). Every query takes its company and
 * department conditions from the scope module; the job recap reads job reports through the job-report's one source
 * (../reports/job-source.ts), so its totals and columns are the report's.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { findDownload } from '../files/repository.ts';
import type { Scope } from '../http/access.ts';
import { invalid, notFound } from '../http/errors.ts';
import { jobReportSource } from '../reports/job-source.ts';
import { filterOptions, monthBounds } from '../reports/repository.ts';
import { employeeInReach, employeesInReachSql, inCompanySql, ownedBy, type Reach } from '../scope/scope.ts';

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export interface MonthQuery {
  year: number;
  month: number;
  department?: string | undefined;
  employee?: string | undefined;
}

/** An employees alias `e` the caller reaches, narrowed by the department and employee filters. */
function employeesWhere(reach: Reach, query: MonthQuery): SQL {
  const parts: SQL[] = [employeesInReachSql(reach, 'e')];
  if (query.department) parts.push(sql`e.department_id = ${query.department}::uuid`);
  if (query.employee) parts.push(sql`e.id = ${query.employee}::uuid`);
  return sql.join(parts, sql` and `);
}

// ---- job recap ------------------------------------------------------------------------------------------------------

/**
 * Job reports of a month per employee, by category (counts and hours), with the totals row's figures; the categories
 * are the company's list (every column, even an empty one) plus "no category" when a report has none.
 */
export async function jobRecap(db: Executor, reach: Reach, query: MonthQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const { categories, rows: source } = await jobReportSource(db, reach, from, to, employeesWhere(reach, query));
  const key = (category: { _id: string | null }) => category._id ?? 'none';
  type Figures = { reports: number; hours: number; minutes: number };
  const figures = (reports: number, minutes: number): Figures => ({ reports, minutes, hours: hours(minutes) });
  // By category: the categories the employee has reports in.
  const rows = source.map((row) => ({
    _id: row.employee,
    employee: { _id: row.employee, employee_id: row.employee_id, fullname: row.fullname },
    department: row.department,
    categories: Object.fromEntries(
      categories.flatMap((category, i): [string, Figures][] => {
        const reports = row.category_reports[i] ?? 0;
        return reports === 0 ? [] : [[key(category), figures(reports, row.category_minutes[i] ?? 0)]];
      }),
    ),
    reports: row.reports,
    hours: hours(row.minutes),
    minutes: row.minutes,
  }));
  const byCategory: Record<string, Figures> = Object.fromEntries(
    categories.flatMap((category, i): [string, Figures][] => {
      const reports = source.reduce((sum, row) => sum + (row.category_reports[i] ?? 0), 0);
      const minutes = source.reduce((sum, row) => sum + (row.category_minutes[i] ?? 0), 0);
      return reports === 0 ? [] : [[key(category), figures(reports, minutes)]];
    }),
  );
  const minutes = rows.reduce((sum, row) => sum + row.minutes, 0);
  const employeeOptions = await db.execute<{ _id: string; employee_id: string; fullname: string }>(sql`
    select e.id as _id, e.employee_id, e.fullname from employees e
    where ${employeesWhere(reach, { ...query, employee: undefined })}
      and exists (select 1 from job_reports j where j.employee_id = e.id and j.date between ${from}::date and ${to}::date)
    order by e.fullname, e.employee_id`);
  const { departments } = await filterOptions(db, { reach, approver: null });
  return {
    year: query.year,
    month: query.month,
    categories,
    rows,
    totals: {
      employees: rows.length,
      reports: rows.reduce((sum, row) => sum + row.reports, 0),
      hours: hours(minutes),
      minutes,
      categories: byCategory,
    },
    options: { departments, employees: employeeOptions.rows },
  };
}

export type JobReportLine = {
  _id: string;
  date: string;
  category: { _id: string; name: string } | null;
  description: string | null;
  duration_minutes: number;
  photo: string | null;
  created_at: string;
};

const jobReportLines = async (db: Executor, where: SQL): Promise<JobReportLine[]> => {
  const result = await db.execute<{
    _id: string;
    date: string;
    category: string | null;
    category_name: string | null;
    description: string | null;
    duration_minutes: number;
    photo: string | null;
    created_at: string;
  }>(sql`
    select j.id as _id, to_char(j.date, 'YYYY-MM-DD') as date, c.id as category, c.name as category_name,
      j.description, j.duration_minutes, j.photo,
      to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from job_reports j left join job_report_categories c on c.id = j.category_id
    where ${where}
    order by j.date desc, j.created_at desc, j.id`);
  return result.rows.map(({ category, category_name, ...row }) => ({
    ...row,
    category: category ? { _id: category, name: category_name ?? '' } : null,
  }));
};

/** One employee's job reports of a month (the recap's drill-down), inside the caller's reach. */
export async function employeeJobReports(db: Executor, reach: Reach, employee: string, year: number, month: number) {
  const { from, to } = monthBounds(year, month);
  const [person] = (
    await db.execute<{ _id: string; employee_id: string; fullname: string }>(sql`
      select e.id as _id, e.employee_id, e.fullname from employees e
      where e.id = ${employee}::uuid and ${employeesInReachSql(reach, 'e')}`)
  ).rows;
  if (!person) throw notFound('Employee');
  const data = await jobReportLines(
    db,
    sql`${inCompanySql(reach, 'j')} and ${employeeInReach(reach, sql`j.employee_id`)}
      and j.employee_id = ${employee}::uuid and j.date between ${from}::date and ${to}::date`,
  );
  return { employee: person, reports: data };
}

// ---- the employee's own job reports ----------------------------------------------------------------------------------

/** The caller's own employee id (an employee or approver account); none: 403-like not found. */
async function ownEmployeeId(db: Executor, scope: Scope): Promise<string> {
  const [own] = (
    await db.execute<{ id: string }>(sql`
      select e.id from employees e where ${inCompanySql(scope, 'e')} and e.user_id = ${scope.actor.userId}::uuid
      limit 1`)
  ).rows;
  if (!own) throw notFound('Employee record');
  return own.id;
}

/** The caller's own job reports of a month, and the categories they may pick. */
export async function ownJobReports(db: Executor, scope: Scope, year: number, month: number) {
  const employee = await ownEmployeeId(db, scope);
  const { from, to } = monthBounds(year, month);
  const reports = await jobReportLines(
    db,
    sql`${inCompanySql(scope, 'j')} and j.employee_id = ${employee}::uuid
      and j.date between ${from}::date and ${to}::date`,
  );
  const categories = await db.execute<{ _id: string; code: string; name: string }>(sql`
    select c.id as _id, c.code, c.name from job_report_categories c where ${inCompanySql(scope, 'c')}
    order by c.name, c.code`);
  return { year, month, reports, categories: categories.rows };
}

export interface JobReportInput {
  date: string;
  category: string;
  description: string;
  duration_minutes: number;
  photo?: string | null | undefined;
}

/** Records a job the caller did: the category of their company, a photo they uploaded (`POST /v1/files?accept=photo`). */
export async function createOwnJobReport(db: Executor, scope: Scope, input: JobReportInput) {
  const employee = await ownEmployeeId(db, scope);
  const category = await db.execute(sql`
    select 1 from job_report_categories c where c.id = ${input.category}::uuid and ${inCompanySql(scope, 'c')}`);
  if (category.rows.length === 0) throw invalid({ category: { code: 'not_found', message: 'Category not found' } });
  if (input.photo && !(await findDownload(db, scope.companyId, input.photo))) {
    throw invalid({ photo: { code: 'not_found', message: 'Upload the photo first' } });
  }
  const inserted = await db.execute<{ id: string }>(sql`
    insert into job_reports (company_id, employee_id, date, category_id, description, duration_minutes, photo, created_by)
    values (${ownedBy(scope).company_id}::uuid, ${employee}::uuid, ${input.date}::date, ${input.category}::uuid,
      ${input.description}, ${input.duration_minutes}, ${input.photo ?? null}, ${scope.actor.userId}::uuid)
    returning id`);
  const id = inserted.rows[0]!.id;
  const [line] = await jobReportLines(db, sql`j.id = ${id}::uuid`);
  return line!;
}

// ---- sales objectives: achievement ----------------------------------------------------------------------------------

const percent = (actual: number, target: number) => (target > 0 ? Math.round((actual / target) * 1000) / 10 : null);

/**
 * Targets of a month against what the visits did (computed here on every read, never stored): visits counted in the
 * month, new stores (stores whose first visit ever falls in the month and is this employee's) and the order value.
 * One row per employee in reach with a target or a visit in the month.
 */
export async function objectiveAchievement(db: Executor, reach: Reach, query: MonthQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const result = await db.execute<{
    employee: string;
    employee_id: string;
    fullname: string;
    department: string | null;
    objective: string | null;
    visits_target: number | null;
    new_stores_target: number | null;
    order_value_target: string | null;
    visits: number;
    new_stores: number;
    order_value: string;
  }>(sql`
    with month_visits as (
      select v.employee_id, count(*)::int as visits, coalesce(sum(v.order_value), 0)::bigint as order_value
      from sales_visits v
      where ${inCompanySql(reach, 'v')} and v.date between ${from}::date and ${to}::date
      group by v.employee_id),
    firsts as (
      select distinct on (v.store_location_id) v.store_location_id, v.employee_id, v.date
      from sales_visits v where ${inCompanySql(reach, 'v')}
      order by v.store_location_id, v.visited_at, v.id),
    new_stores as (
      select f.employee_id, count(*)::int as new_stores from firsts f
      where f.date between ${from}::date and ${to}::date group by f.employee_id),
    objectives as (
      select o.* from sales_objectives o
      where ${inCompanySql(reach, 'o')} and o.year = ${query.year} and o.month = ${query.month})
    select e.id as employee, e.employee_id, e.fullname, d.name as department, o.id as objective,
      o.visits_target, o.new_stores_target, o.order_value_target,
      coalesce(mv.visits, 0)::int as visits, coalesce(ns.new_stores, 0)::int as new_stores,
      coalesce(mv.order_value, 0)::bigint as order_value
    from employees e
    left join departments d on d.id = e.department_id
    left join objectives o on o.employee_id = e.id
    left join month_visits mv on mv.employee_id = e.id
    left join new_stores ns on ns.employee_id = e.id
    where ${employeesWhere(reach, query)}
      and (o.id is not null or mv.employee_id is not null or ns.employee_id is not null)
    order by e.fullname, e.employee_id`);
  const rows = result.rows.map((row) => {
    const targets = {
      visits: row.visits_target ?? 0,
      new_stores: row.new_stores_target ?? 0,
      order_value: Number(row.order_value_target ?? 0),
    };
    const actual = { visits: row.visits, new_stores: row.new_stores, order_value: Number(row.order_value) };
    return {
      _id: row.employee,
      employee: { _id: row.employee, employee_id: row.employee_id, fullname: row.fullname },
      department: row.department,
      objective: row.objective,
      targets,
      actual,
      percent: {
        visits: percent(actual.visits, targets.visits),
        new_stores: percent(actual.new_stores, targets.new_stores),
        order_value: percent(actual.order_value, targets.order_value),
      },
    };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const targets = {
    visits: sum((row) => row.targets.visits),
    new_stores: sum((row) => row.targets.new_stores),
    order_value: sum((row) => row.targets.order_value),
  };
  const actual = {
    visits: sum((row) => row.actual.visits),
    new_stores: sum((row) => row.actual.new_stores),
    order_value: sum((row) => row.actual.order_value),
  };
  return {
    year: query.year,
    month: query.month,
    rows,
    totals: {
      employees: rows.length,
      targets,
      actual,
      percent: {
        visits: percent(actual.visits, targets.visits),
        new_stores: percent(actual.new_stores, targets.new_stores),
        order_value: percent(actual.order_value, targets.order_value),
      },
    },
  };
}
