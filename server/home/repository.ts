/**
 * Home's data access (issue 24): the aggregate statements behind the dashboard's sections, each scoped by the scope
 * module like the list behind it (company; a department admin's department). dashboard.ts decides which sections a
 * caller gets and shapes them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { employedSql } from '../employees/employed.ts';
import type { Scope } from '../http/access.ts';
import { inCompanySql, inDepartmentSql } from '../scope/scope.ts';

/** The department rule on an alias's department_id (a department admin's home counts their department only). */
const inDepartment = (scope: Scope, alias: string) => sql`and ${inDepartmentSql(scope, alias)}`;

/** The people section's five statements: counts, 12 months by department, contracts ending, birthdays, anniversaries. */
export function peopleFigures(
  db: Db,
  scope: Scope,
  args: {
    today: string;
    from: string;
    to: string;
    soon: string;
    monday: string;
    weekDays: readonly string[];
    monthEnds: readonly string[];
  },
) {
  const { today, from, to, soon, monday, weekDays, monthEnds } = args;
  const inCompany = (alias: string) => inCompanySql(scope, alias);
  const days = sql`array[${sql.join(
    weekDays.map((d) => sql`${d}`),
    sql`, `,
  )}]::text[]`;
  // Employed today by the one rule (common/employment.ts `employedOn`): daily workers too, so the headcount is the
  // daily attendance's rows of today, which its figure opens.
  const active = employedSql('e', today);
  return Promise.all([
    db.execute(sql`
        select count(*) filter (where ${active})::int as headcount,
          count(*) filter (where e.join_date between ${from}::date and ${to}::date)::int as joiners,
          count(*) filter (where e.exit_date between ${from}::date and ${to}::date)::int as leavers
        from employees e
        where ${inCompany('e')} ${inDepartment(scope, 'e')}`),
    // Each of the last 12 months at its end (today for this month): who was employed then, by department. One
    // scan of the company's employees with a filtered count per month (a join with 12 months was 30 times slower).
    db.execute(sql`
        select e.department_id as department, d.name, ${sql.join(
          monthEnds.map((at, i) => sql`count(*) filter (where ${employedSql('e', at)})::int as ${sql.raw(`m${i}`)}`),
          sql`, `,
        )}
        from employees e left join departments d on d.id = e.department_id
        where ${inCompany('e')} ${inDepartment(scope, 'e')}
        group by 1, 2 order by 2`),
    db.execute(sql`
        select e.status::text as kind, e.id as employee, e.user_id as user, e.fullname,
          to_char(e.end_of_contract, 'YYYY-MM-DD') as date
        from employees e
        where ${inCompany('e')} and e.status in ('pkwt', 'probation') and ${active}
          and e.end_of_contract between ${today}::date and ${soon}::date ${inDepartment(scope, 'e')}
        order by e.end_of_contract, e.fullname limit 200`),
    db.execute(sql`
        select e.id as employee, e.user_id as user, e.fullname, to_char(e.birth_date, 'MM-DD') as date,
          (${Number(today.slice(0, 4))} - extract(year from e.birth_date))::int as years
        from employees e
        where ${inCompany('e')} and ${active} and to_char(e.birth_date, 'MM-DD') = any(${days})
          ${inDepartment(scope, 'e')}
        order by 4, 3 limit 200`),
    db.execute(sql`
        select e.id as employee, e.user_id as user, e.fullname, to_char(e.join_date, 'MM-DD') as date,
          (${Number(today.slice(0, 4))} - extract(year from e.join_date))::int as years
        from employees e
        where ${inCompany('e')} and ${active} and to_char(e.join_date, 'MM-DD') = any(${days})
          and e.join_date < ${monday}::date ${inDepartment(scope, 'e')}
        order by 4, 3 limit 200`),
  ]);
}

/** This month's and last month's payroll runs with their payslip totals (a department admin's payslips only). */
export async function payrollRuns(
  db: Db,
  scope: Scope,
  { year, month }: { year: number; month: number },
  last: { year: number; month: number },
) {
  const inCompany = (alias: string) => inCompanySql(scope, alias);
  return db.execute(sql`
      select distinct on (s.year, s.month) s.id, s.year, s.month, s.status::text as status,
        count(p.id)::int as employees, coalesce(sum(p.bruto), 0)::float8 as bruto,
        coalesce(sum(p.thp), 0)::float8 as thp, coalesce(sum(p.pph21), 0)::float8 as pph21
      from payroll_summaries s
      left join payslips p on p.summary_id = s.id ${inDepartment(scope, 'p')}
      where ${inCompany('s')} and s.type = 'payroll_run'
        and ((s.year = ${year} and s.month = ${month}) or (s.year = ${last.year} and s.month = ${last.month}))
      group by s.id order by s.year, s.month, s.created_at desc`);
}

/** The next THR: the next THR run's holiday, else the next Idul Fitri in the company's holidays. */
export async function nextThr(db: Db, scope: Scope, today: string) {
  const inCompany = (alias: string) => inCompanySql(scope, alias);
  return (
    await db.execute(sql`
    select h.holiday, h.name, r.id, r.status::text as status from (
      (select to_char(t.holiday_date, 'YYYY-MM-DD') as holiday, null::text as name from payroll_summaries t
        where ${inCompany('t')} and t.type = 'thr' and t.holiday_date >= ${today}::date)
      union all
      (select to_char(ml.start_date, 'YYYY-MM-DD'), ml.name from mass_leaves ml
        where ${inCompany('ml')} and ml.start_date >= ${today}::date and ml.name ilike 'idul fitri%')
      order by 1 limit 1
    ) h
    left join lateral (select tr.id, tr.status from payroll_summaries tr
      where ${inCompany('tr')} and tr.type = 'thr' and tr.holiday_date = h.holiday::date
      order by tr.created_at desc limit 1) r on true`)
  ).rows[0] as { holiday: string; name: string | null; id: string | null; status: string | null } | undefined;
}

/** Loans whose last installment is the next one: they end with the next completed run. */
export function loansEnding(db: Db, scope: Scope) {
  const inCompany = (alias: string) => inCompanySql(scope, alias);
  return db.execute(sql`
      select l.id as "_id", e.fullname, l.name, l.remaining_installment,
        (l.total_amount - l.amount_paid)::float8 as outstanding, count(*) over ()::int as total
      from loans l join employees e on e.id = l.employee_id
      where ${inCompany('l')} and l.status = 'active' and l.remaining_installment <= 1
        ${inDepartment(scope, 'e')}
      order by e.fullname limit 20`);
}

/** The caller's own requests still waiting. */
export function openRequests(db: Db, scope: Scope, employeeId: string) {
  const inCompany = (alias: string) => inCompanySql(scope, alias);
  return db.execute(sql`
  select id as "_id", approval_number, context, status::text as status,
    to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
  from approvals ap where ${inCompany('ap')} and ap.employee_id = ${employeeId} and ap.status in ('pending', 'partial')
  order by created_at desc limit 20`);
}
