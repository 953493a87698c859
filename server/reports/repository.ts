/**
 * The six month reports of the reports menu (issue 29; server/reports/README.md): each reads its source table for one
 * month, inside the caller's reach (the scope module: company, a department admin's department) and, for an approver,
 * the employees of the approval flows that name them (./reach.ts). Department and location filters narrow the rows.
 * Figures of completed payroll runs come from their payslips (history: the payslip's snapshot, decision 0131).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { employedSql } from '../employees/employed.ts';
import { employeesInReachSql, inCompanySql, inDepartment, inDepartmentSql, type Reach } from '../scope/scope.ts';
import { jobReportSource } from './job-source.ts';
import { approverEmployeesSql } from './reach.ts';

/** Who asks: their reach, and their own employee id when they read as an approver (the rows of their flows). */
export interface ReportCaller {
  reach: Reach;
  approver: string | null;
}

export interface ReportQuery {
  year: number;
  month: number;
  department?: string | undefined;
  location?: string | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's first and last day, `YYYY-MM-DD`. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` };
}

/** An employees alias `e` the caller reaches, narrowed by the report's filters. */
function employeesSql(caller: ReportCaller, query: ReportQuery, alias = 'e'): SQL {
  return sql`${employeesInReachSql(caller.reach, alias)} and ${approverSql(caller, sql.raw(`${alias}.id`))}
    and ${filterSql(query, alias)}`;
}

/** Payslips (alias `p`) the caller reaches: by the department they were computed in, as the PPh report reads them. */
function payslipsSql(caller: ReportCaller, query: ReportQuery, alias = 'p'): SQL {
  return sql`${inCompanySql(caller.reach, alias)} and ${inDepartmentSql(caller.reach, alias)}
    and ${approverSql(caller, sql.raw(`${alias}.employee_id`))} and ${filterSql(query, alias)}`;
}

const approverSql = (caller: ReportCaller, employee: SQL) =>
  caller.approver === null ? sql`true` : sql`${employee} in (${approverEmployeesSql(caller.reach, caller.approver)})`;

/** The report's department and location filters on an alias with `department_id` and `location_id`. */
function filterSql(query: ReportQuery, alias: string): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.department) parts.push(sql`${sql.identifier(alias)}.department_id = ${query.department}::uuid`);
  if (query.location) parts.push(sql`${sql.identifier(alias)}.location_id = ${query.location}::uuid`);
  return sql.join(parts, sql` and `);
}

const person = (row: { employee: string; employee_id: string; fullname: string }) => ({
  _id: row.employee,
  employee_id: row.employee_id,
  fullname: row.fullname,
});

const int = (value: unknown) => Number(value ?? 0);

// ---- duty-report ----------------------------------------------------------------------------------------------------

/**
 * Approved business trips (duties) by employee and duty type: trips, the days inside the month and their amount at
 * the company's business-trip rate (the rate payroll pays: the first business-trip rule by code).
 */
export async function dutyReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const rate = await db.execute<{ amount: string | null }>(sql`
    select r.amount from business_trip_rules r where ${inCompanySql(caller.reach, 'r')} order by r.code limit 1`);
  const perDay = int(rate.rows[0]?.amount);
  const result = await db.execute<{
    employee: string;
    employee_id: string;
    fullname: string;
    department: string | null;
    location: string | null;
    duty_type: string | null;
    duty_type_name: string | null;
    trips: number;
    days: number;
  }>(sql`
    select e.id as employee, e.employee_id, e.fullname, d.name as department, l.name as location,
      dt.id as duty_type, dt.name as duty_type_name, count(*)::int as trips,
      sum(least(t.end_date, ${to}::date) - greatest(t.start_date, ${from}::date) + 1)::int as days
    from business_trips t
    join employees e on e.id = t.employee_id
    left join duty_types dt on dt.id = t.duty_type_id
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    where ${inCompanySql(caller.reach, 't')} and ${employeesSql(caller, query)}
      and t.start_date <= ${to}::date and t.end_date >= ${from}::date
    group by e.id, d.name, l.name, dt.id, dt.name
    order by e.fullname, e.id, dt.name nulls last`);
  const rows = result.rows.map((row) => ({
    _id: `${row.employee}:${row.duty_type ?? 'none'}`,
    employee: person(row),
    department: row.department,
    location: row.location,
    duty_type: row.duty_type ? { _id: row.duty_type, name: row.duty_type_name ?? '' } : null,
    trips: row.trips,
    days: row.days,
    amount: row.days * perDay,
  }));
  return {
    year: query.year,
    month: query.month,
    daily_amount: perDay,
    rows,
    totals: {
      employees: new Set(rows.map((row) => row.employee._id)).size,
      trips: rows.reduce((sum, row) => sum + row.trips, 0),
      days: rows.reduce((sum, row) => sum + row.days, 0),
      amount: rows.reduce((sum, row) => sum + row.amount, 0),
    },
  };
}

// ---- clock-correction-report ----------------------------------------------------------------------------------------

/**
 * Clock-correction requests about days of the month: who asked, the status, the recorded times before (what the
 * approval replaced, or what is recorded now for a request not approved) and the times asked for. Times are HH:MM in
 * Asia/Jakarta.
 */
export async function clockCorrectionReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const hhmm = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Jakarta', 'HH24:MI')`);
  const result = await db.execute<{
    id: string;
    approval_number: string;
    employee: string;
    employee_id: string;
    fullname: string;
    department: string | null;
    location: string | null;
    date: string;
    status: string;
    before_in: string | null;
    before_out: string | null;
    after_in: string | null;
    after_out: string | null;
    reason: string | null;
  }>(sql`
    select a.id, a.approval_number, e.id as employee, e.employee_id, e.fullname, d.name as department,
      l.name as location, to_char(a.start_date, 'YYYY-MM-DD') as date, a.status::text as status,
      case when a.status = 'approved' then (select ${hhmm('c.old_value')} from attendance_corrections c
          where c.approval_id = a.id and c.field = 'clock_in' and ${inCompanySql(caller.reach, 'c')} limit 1)
        else ${hhmm('at.clock_in')} end as before_in,
      case when a.status = 'approved' then (select ${hhmm('c.old_value')} from attendance_corrections c
          where c.approval_id = a.id and c.field = 'clock_out' and ${inCompanySql(caller.reach, 'c')} limit 1)
        else ${hhmm('at.clock_out')} end as before_out,
      a.content->>'clock_in' as after_in, a.content->>'clock_out' as after_out, a.content->>'reason' as reason
    from approvals a
    join employees e on e.id = a.employee_id
    left join attendances at on at.employee_id = a.employee_id and at.date = a.start_date
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    where ${inCompanySql(caller.reach, 'a')} and a.context = 'clock_correction'
      and a.start_date between ${from}::date and ${to}::date and ${employeesSql(caller, query)}
    order by e.fullname, e.id, a.start_date, a.approval_number`);
  const rows = result.rows.map((row) => ({
    _id: row.id,
    approval_number: row.approval_number,
    employee: person(row),
    department: row.department,
    location: row.location,
    date: row.date,
    status: row.status,
    before: { clock_in: row.before_in, clock_out: row.before_out },
    after: { clock_in: row.after_in, clock_out: row.after_out },
    reason: row.reason,
  }));
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return {
    year: query.year,
    month: query.month,
    rows,
    totals: {
      employees: new Set(rows.map((row) => row.employee._id)).size,
      requested: rows.length,
      approved: count('approved'),
      rejected: count('rejected'),
      open: count('pending') + count('partial'),
      withdrawn: count('withdrawn'),
    },
  };
}

// ---- job-report -----------------------------------------------------------------------------------------------------

/**
 * Job reports of the month, one row per employee with the categories as columns (decision 0208): the reports and the
 * hours of each category (arrays in the order of the reply's `categories`, the job recap's columns) and the employee's
 * totals; each category carries its own totals (the totals row, the chart).
 */
export async function jobReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const source = await jobReportSource(db, caller.reach, from, to, employeesSql(caller, query));
  const rows = source.rows.map((row) => ({
    _id: row.employee,
    employee_id: row.employee_id,
    fullname: row.fullname,
    department: row.department,
    location: row.location,
    reports: row.reports,
    hours: hoursOf(row.minutes),
    category_reports: row.category_reports,
    category_hours: row.category_minutes.map(hoursOf),
  }));
  const column = (i: number, figure: 'category_reports' | 'category_minutes') =>
    source.rows.reduce((sum, row) => sum + (row[figure][i] ?? 0), 0);
  return {
    year: query.year,
    month: query.month,
    categories: source.categories.map((category, i) => ({
      ...category,
      reports: column(i, 'category_reports'),
      hours: hoursOf(column(i, 'category_minutes')),
    })),
    rows,
    totals: {
      employees: rows.length,
      reports: source.rows.reduce((sum, row) => sum + row.reports, 0),
      hours: hoursOf(source.rows.reduce((sum, row) => sum + row.minutes, 0)),
    },
  };
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

// ---- overtime-report ------------------------------------------------------------------------------------------------

/**
 * Approved overtime hours of the month per employee and day type (the employee's department and location now), and
 * the overtime pay of the month's completed monthly run (its payslips' overtime lines, in the department and
 * location each payslip was computed in).
 */
export async function overtimeReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const { from, to } = monthBounds(query.year, query.month);
  const result = await db.execute<{
    employee: string;
    employee_id: string;
    fullname: string;
    department: string | null;
    location: string | null;
    requests: number | null;
    working_day: string | null;
    rest_day: string | null;
    holiday: string | null;
    pay: string | null;
  }>(sql`
    with hours as (
      select o.employee_id, count(*)::int as requests,
        sum(o.hours) filter (where o.day_type = 'working_day') as working_day,
        sum(o.hours) filter (where o.day_type = 'rest_day') as rest_day,
        sum(o.hours) filter (where o.day_type = 'holiday') as holiday
      from overtimes o join employees e on e.id = o.employee_id
      where ${inCompanySql(caller.reach, 'o')} and ${employeesSql(caller, query)}
        and o.date between ${from}::date and ${to}::date
      group by o.employee_id
    ), pay as (
      select p.employee_id, max(p.employee_number) as employee_id_text, max(p.fullname) as fullname,
        max(p.department_name) as department, max(p.location_name) as location,
        sum((line->>'amount')::bigint) as pay
      from payslips p
      join payroll_summaries s on s.id = p.summary_id
      cross join lateral jsonb_array_elements(p.lines) line
      where ${inCompanySql(caller.reach, 's')} and ${payslipsSql(caller, query)} and s.type = 'payroll_run'
        and s.status = 'completed' and s.year = ${query.year} and s.month = ${query.month}
        and line->>'code' = 'overtime'
      group by p.employee_id
    )
    select coalesce(h.employee_id, pay.employee_id) as employee,
      coalesce(pay.employee_id_text, e.employee_id) as employee_id, coalesce(pay.fullname, e.fullname) as fullname,
      coalesce(pay.department, d.name) as department, coalesce(pay.location, l.name) as location,
      h.requests, h.working_day, h.rest_day, h.holiday, pay.pay
    from hours h
    full outer join pay on pay.employee_id = h.employee_id
    join employees e on e.id = coalesce(h.employee_id, pay.employee_id)
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    order by 3, 1`);
  const hours = (value: string | null) => Number(value ?? 0);
  const rows = result.rows.map((row) => {
    const working_day = hours(row.working_day);
    const rest_day = hours(row.rest_day);
    const holiday = hours(row.holiday);
    return {
      _id: row.employee,
      employee: person(row),
      department: row.department,
      location: row.location,
      requests: row.requests ?? 0,
      hours: { working_day, rest_day, holiday, total: round2(working_day + rest_day + holiday) },
      pay: int(row.pay),
    };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) => round2(rows.reduce((s, row) => s + pick(row), 0));
  return {
    year: query.year,
    month: query.month,
    rows,
    pending: await pendingRuns(db, caller, query, 'payroll_run'),
    totals: {
      employees: rows.length,
      requests: sum((row) => row.requests),
      working_day: sum((row) => row.hours.working_day),
      rest_day: sum((row) => row.hours.rest_day),
      holiday: sum((row) => row.hours.holiday),
      hours: sum((row) => row.hours.total),
      pay: rows.reduce((s, row) => s + row.pay, 0),
    },
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Runs of the type and month not completed yet: their figures are not in the report. */
async function pendingRuns(db: Executor, caller: ReportCaller, query: ReportQuery, type: 'payroll_run' | 'weekly') {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from payroll_summaries s
    where ${inCompanySql(caller.reach, 's')} and s.type = ${type} and s.status <> 'completed'
      and s.year = ${query.year} and s.month = ${query.month}`);
  return result.rows[0]?.count ?? 0;
}

// ---- daily-payroll-report -------------------------------------------------------------------------------------------

/**
 * The daily workers' completed daily payrolls of the month (the weekly runs counted in it): the payrolls once, and one
 * row per worker and payroll from the payslip, naming its payroll by id (decision 0209): days worked, wages (the daily
 * rate's lines), incentives, deductions, gross, PPh 21 and take-home pay. The lines are read in one pass per payslip.
 */
export async function dailyPayrollReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const month = sql`${inCompanySql(caller.reach, 's')} and s.type = 'weekly' and s.status = 'completed'
    and s.year = ${query.year} and s.month = ${query.month}`;
  const payrolls = await db.execute<{
    _id: string;
    title: string;
    period_start: string | null;
    period_end: string | null;
  }>(sql`
    select s.id as _id, s.title, to_char(s.period_start, 'YYYY-MM-DD') as period_start,
      to_char(s.period_end, 'YYYY-MM-DD') as period_end
    from payroll_summaries s where ${month}
    order by s.period_start, s.created_at, s.id`);
  const result = await db.execute<{
    _id: string;
    payroll: string;
    employee: string;
    employee_id: string;
    fullname: string;
    department: string | null;
    location: string | null;
    days: number | null;
    wages: string | null;
    incentives: string | null;
    deductions: string | null;
    bruto: string;
    pph21: string;
    thp: string;
  }>(sql`
    select p.id as _id, s.id as payroll, p.employee_id as employee, p.employee_number as employee_id, p.fullname,
      p.department_name as department, p.location_name as location,
      coalesce((p.edits->>'days_worked')::int, (p.input->>'days_worked')::int, 0) as days,
      l.wages, l.incentives, l.deductions, p.bruto, p.pph21, p.thp
    from payslips p
    join payroll_summaries s on s.id = p.summary_id
    cross join lateral (
      select sum((x->>'amount')::bigint) filter (where x->>'code' in ('daily_wage', 'daily_component')) as wages,
        sum((x->>'amount')::bigint) filter (where x->>'code' = 'incentive') as incentives,
        sum((x->>'amount')::bigint) filter (where x->>'kind' = 'deduction') as deductions
      from jsonb_array_elements(p.lines) x
    ) l
    where ${month} and ${payslipsSql(caller, query)}`);
  // In the payrolls' order, then by name: sorted here, as sorting the wide rows in the query spilled to disk.
  const order = new Map(payrolls.rows.map((payroll, i) => [payroll._id, i]));
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  result.rows.sort(
    (a, b) =>
      (order.get(a.payroll) ?? 0) - (order.get(b.payroll) ?? 0) ||
      byName(a.fullname, b.fullname) ||
      byName(a._id, b._id),
  );
  const rows = result.rows.map((row) => ({
    _id: row._id,
    payroll: row.payroll,
    employee: row.employee,
    employee_id: row.employee_id,
    fullname: row.fullname,
    department: row.department,
    location: row.location,
    days: row.days ?? 0,
    wages: int(row.wages),
    incentives: int(row.incentives),
    deductions: int(row.deductions),
    bruto: int(row.bruto),
    pph21: int(row.pph21),
    thp: int(row.thp),
  }));
  const listed = new Set(rows.map((row) => row.payroll));
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((s, row) => s + pick(row), 0);
  return {
    year: query.year,
    month: query.month,
    // The payrolls the rows name, in their order (a department admin's may name fewer than the company has).
    payrolls: payrolls.rows.filter((payroll) => listed.has(payroll._id)),
    rows,
    pending: await pendingRuns(db, caller, query, 'weekly'),
    totals: {
      payrolls: listed.size,
      workers: new Set(rows.map((row) => row.employee)).size,
      days: sum((row) => row.days),
      wages: sum((row) => row.wages),
      incentives: sum((row) => row.incentives),
      deductions: sum((row) => row.deductions),
      bruto: sum((row) => row.bruto),
      pph21: sum((row) => row.pph21),
      thp: sum((row) => row.thp),
    },
  };
}

// ---- man-power ------------------------------------------------------------------------------------------------------

/**
 * Headcount at the month's end by department, location and employment status (employed: decision 0105), with the
 * month's joiners and leavers; and the same three figures for each of the twelve months ending with it. Employees
 * are counted in their department, location and status as recorded now (the records keep no dated transfers).
 */
export async function manPowerReport(db: Executor, caller: ReportCaller, query: ReportQuery) {
  const months = Array.from({ length: 12 }, (_, back) => {
    const date = new Date(Date.UTC(query.year, query.month - 1 - (11 - back), 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  });
  const { from, to } = monthBounds(query.year, query.month);
  const trendColumns = months.flatMap(({ year, month }, i) => {
    const bounds = monthBounds(year, month);
    return [
      sql`count(*) filter (where ${employedSql('e', bounds.to)})::int as ${sql.identifier(`h${i}`)}`,
      sql`count(*) filter (where e.join_date between ${bounds.from}::date and ${bounds.to}::date)::int as ${sql.identifier(`j${i}`)}`,
      sql`count(*) filter (where e.exit_date between ${bounds.from}::date and ${bounds.to}::date)::int as ${sql.identifier(`l${i}`)}`,
    ];
  });
  const [groups, trend] = [
    await db.execute<{
      department: string | null;
      department_name: string | null;
      location: string | null;
      location_name: string | null;
      status: string;
      headcount: number;
      joiners: number;
      leavers: number;
    }>(sql`
      select d.id as department, d.name as department_name, l.id as location, l.name as location_name,
        e.status::text as status,
        count(*) filter (where ${employedSql('e', to)})::int as headcount,
        count(*) filter (where e.join_date between ${from}::date and ${to}::date)::int as joiners,
        count(*) filter (where e.exit_date between ${from}::date and ${to}::date)::int as leavers
      from employees e
      left join departments d on d.id = e.department_id
      left join locations l on l.id = e.location_id
      where ${employeesSql(caller, query)}
      group by d.id, d.name, l.id, l.name, e.status
      having count(*) filter (where ${employedSql('e', to)}) > 0
        or count(*) filter (where e.join_date between ${from}::date and ${to}::date) > 0
        or count(*) filter (where e.exit_date between ${from}::date and ${to}::date) > 0
      order by d.name nulls last, l.name nulls last, e.status`),
    await db.execute<Record<string, number>>(sql`
      select ${sql.join(trendColumns, sql`, `)} from employees e where ${employeesSql(caller, query)}`),
  ];
  const rows = groups.rows.map((row) => ({
    _id: `${row.department ?? 'none'}:${row.location ?? 'none'}:${row.status}`,
    department: row.department ? { _id: row.department, name: row.department_name ?? '' } : null,
    location: row.location ? { _id: row.location, name: row.location_name ?? '' } : null,
    status: row.status,
    headcount: row.headcount,
    joiners: row.joiners,
    leavers: row.leavers,
  }));
  const figures = trend.rows[0] ?? {};
  return {
    year: query.year,
    month: query.month,
    rows,
    months: months.map(({ year, month }, i) => ({
      year,
      month,
      headcount: int(figures[`h${i}`]),
      joiners: int(figures[`j${i}`]),
      leavers: int(figures[`l${i}`]),
    })),
    totals: {
      headcount: rows.reduce((s, row) => s + row.headcount, 0),
      joiners: rows.reduce((s, row) => s + row.joiners, 0),
      leavers: rows.reduce((s, row) => s + row.leavers, 0),
    },
  };
}

// ---- filter options -------------------------------------------------------------------------------------------------

/**
 * The department and location filters' choices: the company's departments (a department admin's own only) and
 * locations, by name. Given with every report, so an approver (who reads no organisation lists) can filter too.
 */
export async function filterOptions(db: Executor, caller: ReportCaller) {
  const reach = caller.reach;
  const departments = await db.execute<{ _id: string; name: string }>(sql`
    select d.id as _id, d.name from departments d
    where ${inCompanySql(reach, 'd')} and ${inDepartment(reach, sql`d.id`) ?? sql`true`} order by d.name`);
  const locations = await db.execute<{ _id: string; name: string }>(sql`
    select l.id as _id, l.name from locations l where ${inCompanySql(reach, 'l')} order by l.name`);
  return { departments: departments.rows, locations: locations.rows };
}
