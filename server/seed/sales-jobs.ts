/**
 * Demo sales objectives (issue 29; a fill step after the reports' sources): targets for the last twelve months (this
 * month included) for every Sales Executive (job title `SLS-EXEC`) of a company whose `sales_menu` feature is on.
 * The stores and visits the achievement is computed from are seeded by the store and visit step; achievement is
 * never stored. Set-based and deterministic (hashes of ids and months): one statement.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

/** The job title whose holders are the sales team. */
export const salesTitle = 'SLS-EXEC';

export async function seedSalesObjectives(tx: Executor, today: string) {
  const thisMonth = `${today.slice(0, 8)}01`;
  await tx.execute(sql`
    insert into sales_objectives (company_id, employee_id, year, month, visits_target, new_stores_target,
      order_value_target, created_by)
    select e.company_id, e.id, extract(year from m)::smallint, extract(month from m)::smallint,
      20 + abs(hashtext(e.id::text || m::text)) % 21,
      1 + abs(hashtext(m::text || e.id::text)) % 5,
      1000000 * (20 + abs(hashtext(e.employee_id || m::text)) % 61),
      c.admin_id
    from employees e
    join companies c on c.id = e.company_id
    join job_titles jt on jt.id = e.job_title_id
    cross join generate_series(${thisMonth}::date - interval '11 months', ${thisMonth}::date, interval '1 month') m
    where jt.code = ${salesTitle} and e.exit_date is null
      and ((c.features -> 'sales_menu') = 'true'::jsonb or (c.features -> 'sales_menu' ->> 'enabled') = 'true')
      and (e.join_date is null or e.join_date < m + interval '1 month')
    on conflict do nothing`);
}
