/**
 * Demo exit pay (decision 0170): in each demo-sized company, one long-serving employee dismissed for efficiency on
 * the 20th of last month, with what PP 35/2021 owes stored as at a real exit (4 untaken leave days, the company's
 * separation rule): last month's run, completed by the history fill, pays it with the final PPh 21 of PP 68/2009.
 * And one PKWT contract ending at the end of this month without renewal, for the pre-run check. Part of the core
 * seed's transaction (two statements a company); the current month's first month of a year has no earlier month to
 * pay in, so January seeds the contract only.
 */
import { sql } from 'drizzle-orm';
import { computeExitPay } from '../../common/payroll/severance.ts';
import type { Executor } from '../db/connect.ts';
import type { StoredExitLine } from '../db/schema.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export async function seedSeverance(tx: Executor, today: string) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  // Staff nobody reports to, who hold no company role: demo-sized companies only (the small test seeds keep theirs).
  const candidates = sql`
    select e.id, e.company_id, e.join_date::text as join_date, e.work_days, e.status::text as status,
      (e.basic_salary + e.transport_allowance + e.meal_allowance + e.communication_allowance + e.job_allowance
        + e.other_allowance)::text as wage, c.separation_pay_months::text as separation, c.home_return_amount::text
        as home_return, row_number() over (partition by e.company_id order by e.employee_id desc) as rank
    from employees e join companies c on c.id = e.company_id join users u on u.id = e.user_id
    where e.payroll_active and e.exit_date is null and u.level = 'employee'
      and (select count(*) from employees x where x.company_id = e.company_id) >= 50
      and not exists (select 1 from employees x where x.supervisor_id = e.id or x.poa_id = e.id or x.pcho_id = e.id)
      and not exists (select 1 from companies x where x.tax_person_id = e.id)`;
  if (month > 1) {
    const exitDate = `${year}-${pad(month - 1)}-20`;
    const { rows } = await tx.execute<{
      id: string;
      company_id: string;
      join_date: string;
      work_days: number;
      wage: string;
      separation: string;
      home_return: string;
    }>(sql`
      select * from (${candidates} and e.status = 'pkwtt' and e.join_date <= ${`${year - 5}-01-01`}) ranked
      where rank = 1`);
    for (const row of rows) {
      const pay = computeExitPay({
        cause: 'efficiency',
        joinDate: row.join_date,
        exitDate,
        wage: Number(row.wage),
        workDays: row.work_days === 6 ? 6 : 5,
        leaveDays: 4,
        separationHundredths: Math.round(Number(row.separation) * 100),
        homeReturn: Number(row.home_return),
        pkwtEligible: true,
        pkwt: false,
      });
      const lines: StoredExitLine[] = pay.lines.map((line) => ({
        code: line.code,
        computed: line.amount,
        amount: line.amount,
        reason: null,
        explain: line.explain,
      }));
      await tx.execute(sql`
        update employees set exit_reason = 'phk', exit_date = ${exitDate} where id = ${row.id}`);
      await tx.execute(sql`
        insert into employee_exit_pays (company_id, employee_id, cause, exit_date, join_date, wage, service_months,
          leave_days, lines)
        values (${row.company_id}, ${row.id}, 'efficiency', ${exitDate}, ${row.join_date}, ${Number(row.wage)},
          ${pay.serviceMonths}, 4, ${JSON.stringify(lines)}::jsonb)`);
    }
  }
  await tx.execute(sql`
    update employees e set end_of_contract = ${lastDay}
    from (select * from (${candidates} and e.status = 'pkwt' and e.join_date <= ${`${year - 1}-${pad(month)}-01`})
      ranked where rank = 1) pick
    where e.id = pick.id`);
}
