/**
 * Demo payroll items (issue 14, payroll-import): the months of this year up to the current one get what a payroll
 * admin imports every month, so payroll-import, the run grid and the payslips open on realistic figures. Set-based
 * (one statement a table), deterministic (chosen by a hash of the employee number), before the demo runs are computed.
 *
 * - Cooperative dues (deduction COOPERATIVE): 4 in 10 employees, every month, 50,000–125,000.
 * - Housing allowance (allowance HOUSING): 1 in 10, every month, 750,000.
 * - Sales incentive (incentive SALES): 2 in 10, every month, 5–14 % of the basic salary, in thousands.
 * - Performance bonus (bonus PERFORMANCE): 3 in 10, in June, half the basic salary.
 * - Salary advance repaid (deduction ADVANCE): 1 in 20, the current month, 500,000.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

interface ItemPlan {
  table: 'employee_allowances' | 'employee_incentives' | 'employee_bonuses' | 'employee_deductions';
  references: 'allowances' | 'incentives' | 'bonuses' | 'deductions';
  code: string;
  /** Employees whose hash modulo `of` is below `share`. */
  share: number;
  of: number;
  /** The months: every month up to the current one, or one month. */
  months: 'all' | 'current' | number;
  /** The amount, an SQL expression over `e` (employees) and `m` (the month). */
  amount: ReturnType<typeof sql>;
}

const plans: ItemPlan[] = [
  {
    table: 'employee_deductions',
    references: 'deductions',
    code: 'COOPERATIVE',
    share: 4,
    of: 10,
    months: 'all',
    amount: sql`50000 + (abs(hashtext(e.employee_id)) % 4) * 25000`,
  },
  {
    table: 'employee_allowances',
    references: 'allowances',
    code: 'HOUSING',
    share: 1,
    of: 10,
    months: 'all',
    amount: sql`750000`,
  },
  {
    table: 'employee_incentives',
    references: 'incentives',
    code: 'SALES',
    share: 2,
    of: 10,
    months: 'all',
    amount: sql`round(e.basic_salary * (5 + (abs(hashtext(e.employee_id)) + m) % 10) / 100000.0) * 1000`,
  },
  {
    table: 'employee_bonuses',
    references: 'bonuses',
    code: 'PERFORMANCE',
    share: 3,
    of: 10,
    months: 6,
    amount: sql`round(e.basic_salary / 2000.0) * 1000`,
  },
  {
    table: 'employee_deductions',
    references: 'deductions',
    code: 'ADVANCE',
    share: 1,
    of: 20,
    months: 'current',
    amount: sql`500000`,
  },
];

export async function seedPayrollItems(db: Executor, companyIds: readonly string[], year: number, current: number) {
  const companies = `{${companyIds.join(',')}}`;
  for (const [index, plan] of plans.entries()) {
    const [from, to] =
      plan.months === 'all'
        ? [1, current]
        : plan.months === 'current'
          ? [current, current]
          : [plan.months, plan.months];
    if (from > current) continue;
    // A different slice of employees per plan: the hash is salted with the plan's index.
    await db.execute(sql`
      insert into ${sql.identifier(plan.table)} (company_id, employee_id, year, month, amount, reference_id, description)
      select e.company_id, e.id, ${year}, m, (${plan.amount})::bigint, r.id, r.name
        from employees e
        join ${sql.identifier(plan.references)} r on r.company_id = e.company_id and r.code = ${plan.code}
        cross join generate_series(${from}::int, ${to}::int) as m
        where e.company_id = any(${companies}::uuid[]) and e.payroll_active and e.status <> 'freelance'
          and e.basic_salary > 0
          and abs(hashtext(e.employee_id || ${String(index)})) % ${plan.of} < ${plan.share}`);
  }
}
