/**
 * The developer area's platform figures (issue 26): BPJS Kesehatan across companies from completed monthly runs, and
 * employees per company over time from join and exit dates. A developer reads every company (or the one they filter
 * on); a company account let in by the menu (spec 6's finance and bpjs accounts) reads its own company only: the scope
 * module's `platformCompany` decides, as for the developer's loans and payroll summaries.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/connect.ts';
import { companies, employees, payrollSummaries, payslips } from '../db/schema.ts';
import { employedOnDaySql } from '../employees/employed.ts';
import { platformCompanies, platformCompany, sameCompany } from '../scope/scope.ts';

export interface BpjsMonth {
  company_id: string;
  company_name: string;
  company_code: string;
  year: number;
  month: number;
  /** Payslips with a BPJS Kesehatan contribution: the employees registered on the run. */
  registered: number;
  /** The BPJS Kesehatan wage base of the registered employees (capped by the engine). */
  wage_base: number;
  employer: number;
  employee: number;
  /** The employee's 1% for each additional family member. */
  additional: number;
  /** Additional family members counted. */
  family_members: number;
}

const bpjsField = (key: string) => sql<number>`coalesce((${payslips.bpjs}->>${key})::bigint, 0)`;
/** Contributed for on the run: registered with BPJS Kesehatan (an unregistered employee's contributions are 0). */
const registeredSql = sql`(${bpjsField('ks_employer')} + ${bpjsField('ks_employee')}) > 0`;

/** One row per company and month of `year` (or of one month) with a completed monthly run. */
export async function bpjsByCompanyMonth(
  db: Executor,
  own: string | null,
  q: { year: number; month?: number; company?: string },
): Promise<BpjsMonth[]> {
  const rows = await db
    .select({
      company_id: payrollSummaries.company_id,
      company_name: companies.name,
      company_code: companies.code,
      year: payrollSummaries.year,
      month: payrollSummaries.month,
      registered: sql<number>`(count(*) filter (where ${registeredSql}))::int`,
      wage_base: sql<number>`coalesce(sum(${bpjsField('base_ks')}) filter (where ${registeredSql}), 0)::bigint`,
      employer: sql<number>`coalesce(sum(${bpjsField('ks_employer')}), 0)::bigint`,
      employee: sql<number>`coalesce(sum(${bpjsField('ks_employee')}), 0)::bigint`,
      additional: sql<number>`coalesce(sum(${bpjsField('ks_additional_employee')}), 0)::bigint`,
      family_members: sql<number>`coalesce(sum(coalesce((${payslips.input}->'bpjs'->>'additional_family_members')::int, 0)) filter (where ${registeredSql}), 0)::int`,
    })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .innerJoin(companies, sameCompany(payrollSummaries, companies.id))
    .where(
      and(
        platformCompany(payrollSummaries, q.company, own),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, q.year),
        q.month ? eq(payrollSummaries.month, q.month) : undefined,
      ),
    )
    .groupBy(payrollSummaries.company_id, companies.name, companies.code, payrollSummaries.year, payrollSummaries.month)
    .orderBy(asc(companies.name), asc(payrollSummaries.month));
  return rows.map((row) => ({
    ...row,
    registered: Number(row.registered),
    wage_base: Number(row.wage_base),
    employer: Number(row.employer),
    employee: Number(row.employee),
    additional: Number(row.additional),
    family_members: Number(row.family_members),
  }));
}

export interface EmployeeMonth {
  company_id: string;
  company_name: string;
  company_code: string;
  /** 'YYYY-MM'. */
  month: string;
  /** Employed on the month's last day (common/employment.ts `employedOn`). */
  headcount: number;
  /** Joined during the month. */
  joiners: number;
  /** Left during the month (their exit date in it). */
  leavers: number;
}

/**
 * Employees per company and month from `from` to `to` ('YYYY-MM', at most 60 months): every employee record of the
 * company (permanent, contract, probation and daily workers alike), counted by its join and exit dates.
 */
export async function employeesByCompanyMonth(
  db: Executor,
  own: string | null,
  q: { from: string; to: string; companies?: readonly string[] },
): Promise<EmployeeMonth[]> {
  const monthStart = sql`m.month_start`;
  const monthEnd = sql`(m.month_start + interval '1 month' - interval '1 day')::date`;
  const inMonth = (column: AnyPgColumn) => sql`${column} >= ${monthStart} and ${column} <= ${monthEnd}`;
  const reached = platformCompanies(companies.id, q.companies, own) ?? sql`true`;
  const result = await db.execute<{
    company_id: string;
    company_name: string;
    company_code: string;
    month: string;
    headcount: number;
    joiners: number;
    leavers: number;
  }>(sql`
    with m as (
      select generate_series(${`${q.from}-01`}::date, ${`${q.to}-01`}::date, interval '1 month')::date as month_start
    )
    select ${companies.id} as company_id, ${companies.name} as company_name, ${companies.code} as company_code,
      to_char(m.month_start, 'YYYY-MM') as month,
      (count(${employees.id}) filter (where ${employedOnDaySql('employees', monthEnd)}))::int as headcount,
      (count(${employees.id}) filter (where ${inMonth(employees.join_date)}))::int as joiners,
      (count(${employees.id}) filter (where ${inMonth(employees.exit_date)}))::int as leavers
    from m
    cross join ${companies}
    left join ${employees} on ${sameCompany(employees, companies.id)}
    where ${reached}
    group by ${companies.id}, ${companies.name}, ${companies.code}, m.month_start
    order by ${companies.name}, m.month_start
  `);
  return result.rows.map((row) => ({
    ...row,
    headcount: Number(row.headcount),
    joiners: Number(row.joiners),
    leavers: Number(row.leavers),
  }));
}
