/**
 * Leave's data access (issue 24): the statements behind the balances, their adjustments and their import. Company and
 * department conditions come from the scope module; balance.ts joins and computes.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { leaveBalanceAdjustments } from '../db/schema.ts';
import { employedSql } from '../employees/employed.ts';
import { companyReach, employeesInReachSql, inCompanySql, ownedBy, type Reach, type Scope } from '../scope/scope.ts';
import type { LeaveDistribution, LeaveQuotaType, LeaveUnit } from './days.ts';

export type EmployeeRow = {
  employee_id: string;
  employee_code: string;
  fullname: string;
  join_date: string | null;
  status: string;
  department_id: string | null;
  department_code: string | null;
  department_name: string | null;
};

export type RuleRow = {
  rule_id: string;
  type: string;
  unit: LeaveUnit;
  distribution: LeaveDistribution;
  quota_type: LeaveQuotaType;
  amount: string | number;
  distribution_date: string | null;
  expiration_date: string | null;
  employment_status: string[] | string;
  service_months: number;
};

/** What a balance list selects (ids already checked to be uuids, `search` an ILIKE pattern). */
export interface BalanceQuery {
  year: number;
  employee: string | null;
  employees?: readonly string[] | undefined;
  rule: string | null;
  department: string | null;
  search: string | null;
}

/**
 * The four plain statements of a balance list (employees, rules, leave sums, adjustment sums), or null when no
 * employee matches.
 */
export async function loadBalanceSources(db: Executor, scope: Scope | Reach, query: BalanceQuery) {
  const { year, employee, rule, department, search } = query;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const some = query.employees
    ? sql`array[${sql.join(
        [...query.employees, '00000000-0000-0000-0000-000000000000'].map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`
    : null;
  // Four plain statements, joined here by key: each is one scan whatever the planner knows of the tables (a freshly
  // loaded table without statistics made a single joined statement fall into nested loops).
  const people = await db.execute<EmployeeRow>(sql`
    select e.id as employee_id, e.employee_id as employee_code, e.fullname,
      to_char(e.join_date, 'YYYY-MM-DD') as join_date, e.status::text as status, e.department_id,
      d.code as department_code, d.name as department_name
    from employees e
    left join departments d on d.id = e.department_id
    where ${employeesInReachSql(scope, 'e')} and ${employedSql('e', from, to)}
      ${employee ? sql`and e.id = ${employee}` : sql``}
      ${some ? sql`and e.id = any(${some})` : sql``}
      ${department ? sql`and e.department_id = ${department}` : sql``}
      ${search ? sql`and (e.fullname ilike ${search} or e.employee_id ilike ${search})` : sql``}
    order by e.employee_id`);
  if (people.rows.length === 0) return null;
  const ruleRows = await db.execute<RuleRow>(sql`
    select r.id as rule_id, r.type, r.unit, r.distribution, r.quota_type, r.amount,
      to_char(r.distribution_date, 'YYYY-MM-DD') as distribution_date,
      to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date,
      r.employment_status::text[] as employment_status, r.service_months
    from leave_rules r
    where ${inCompanySql(scope, 'r')} ${rule ? sql`and r.id = ${rule}` : sql``}
    order by lower(r.type)`);
  const taken = await db.execute<{ employee_id: string; rule_id: string; used: string; pending: string }>(sql`
    select l.employee_id, l.leave_rule_id as rule_id,
      coalesce(sum(l.total) filter (where l.status = 'approved'), 0) as used,
      coalesce(sum(l.total) filter (where l.status = 'pending'), 0) as pending
    from leaves l
    where ${inCompanySql(scope, 'l')} and l.start_date between ${from}::date and ${to}::date
      and l.status in ('approved', 'pending')
      ${employee ? sql`and l.employee_id = ${employee}` : sql``}
      ${some ? sql`and l.employee_id = any(${some})` : sql``}
      ${rule ? sql`and l.leave_rule_id = ${rule}` : sql``}
    group by 1, 2`);
  const adjustments = await db.execute<{ employee_id: string; rule_id: string; adjusted: string }>(sql`
    select a.employee_id, a.leave_rule_id as rule_id, sum(a.amount) as adjusted
    from leave_balance_adjustments a
    where ${inCompanySql(scope, 'a')} and a.year = ${year}
      ${employee ? sql`and a.employee_id = ${employee}` : sql``}
      ${some ? sql`and a.employee_id = any(${some})` : sql``}
      ${rule ? sql`and a.leave_rule_id = ${rule}` : sql``}
    group by 1, 2`);
  return { people, ruleRows, taken, adjustments };
}

/** The company's collective leave that deducts from a rule's balance, clipped to `from`..`to`. */
export async function deductingHolidays(db: Executor, companyId: string, from: string, to: string) {
  const holidays = await db.execute<{ start_date: string; end_date: string; rule: string }>(sql`
    select to_char(greatest(h.start_date, ${from}::date), 'YYYY-MM-DD') as start_date,
      to_char(least(h.end_date, ${to}::date), 'YYYY-MM-DD') as end_date, h.deduct_leave_rule_id as rule
    from mass_leaves h
    where ${inCompanySql(companyReach(companyId), 'h')} and h.deduct_leave_rule_id is not null
      and h.start_date <= ${to}::date and h.end_date >= ${from}::date`);
  return holidays;
}

/** The dates of the company's public holidays (not deducting) from `from` to `to`. */
export async function publicHolidayDates(db: Executor, companyId: string, from: string, to: string) {
  const publicDays = await db.execute<{ date: string }>(sql`
    select distinct to_char(d, 'YYYY-MM-DD') as date
    from mass_leaves m
    cross join lateral generate_series(greatest(m.start_date, ${from}::date), least(m.end_date, ${to}::date), interval '1 day') d
    where ${inCompanySql(companyReach(companyId), 'm')} and m.deduct_leave_rule_id is null
      and m.start_date <= ${to}::date and m.end_date >= ${from}::date`);
  return publicDays;
}

/** Which of these employees the caller reaches, and which of these leave rules are the company's. */
export async function findTargets(
  db: Executor,
  scope: Scope | Reach,
  employeeIds: readonly string[],
  ruleIds: readonly string[],
) {
  // One statement after the other: `db` may be a transaction (one connection).
  const employees = await db.execute<{ id: string }>(sql`
      select e.id from employees e where ${employeesInReachSql(scope, 'e')}
        and e.id = any(${`{${employeeIds.join(',')}}`}::uuid[])`);
  const rules = await db.execute<{ id: string }>(sql`
      select r.id from leave_rules r where ${inCompanySql(scope, 'r')} and r.id = any(${`{${ruleIds.join(',')}}`}::uuid[])`);
  return { employees, rules };
}

/** The employees the caller reaches by lower-cased code, and the company's rules by lower-cased type (both quoted). */
export async function findImportTargets(
  tx: Executor,
  scope: Scope | Reach,
  codes: readonly string[],
  types: readonly string[],
) {
  const employees = await tx.execute<{ id: string; code: string }>(sql`
        select e.id, lower(e.employee_id) as code from employees e where ${employeesInReachSql(scope, 'e')}
          and lower(e.employee_id) = any(${`{${codes.join(',')}}`}::text[])`);
  const rules = await tx.execute<{ id: string; type: string; quota_type: string }>(sql`
        select r.id, lower(r.type) as type, r.quota_type from leave_rules r where ${inCompanySql(scope, 'r')}
          and lower(r.type) = any(${`{${types.join(',')}}`}::text[])`);
  return { employees, rules };
}

/** Inserts adjustments, answering their ids in order. */
export function insertAdjustmentRows(
  tx: Executor,
  scope: Scope,
  inputs: readonly {
    employee: string;
    leave_rule: string;
    year: number;
    amount: number;
    note?: string | null | undefined;
  }[],
) {
  return tx
    .insert(leaveBalanceAdjustments)
    .values(
      inputs.map((input) => ({
        ...ownedBy(scope),
        created_by: scope.actor.userId,
        employee: input.employee,
        leave_rule: input.leave_rule,
        year: input.year,
        amount: input.amount,
        note: input.note ?? null,
      })),
    )
    .returning({ id: leaveBalanceAdjustments.id });
}
