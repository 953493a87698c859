/**
 * Demo access levels (issue 26): two more custom access levels beside the demo's "HR Viewer" (payroll clerk,
 * attendance officer), a second approver and a second department admin in PT Demo Nusantara (so the level lists show
 * more than the demo logins), two staff on the payroll clerk level, and access requests from both companies in every
 * status. Set-based: a handful of statements, inside the core seed's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

const roles = [
  {
    code: 'PAY-CLERK',
    access_level: 'Payroll Clerk',
    permissions: [
      'home:read',
      'active-employees:read',
      'payroll-run:read',
      'payroll-employees:read',
      'payroll-employees:write',
      'payslips:read',
      'finance-loan:read',
      'request-access:read',
      'request-access:write',
    ],
  },
  {
    code: 'ATT-OFF',
    access_level: 'Attendance Officer',
    permissions: [
      'home:read',
      'shift:read',
      'shift:write',
      'attendance-group:read',
      'daily:read',
      'daily:write',
      'attendance-report:read',
      'request-access:read',
      'request-access:write',
    ],
  },
];

const requests: { company: string; user: string; purpose: string; status: string; daysAgo: number }[] = [
  {
    company: 'DEMO',
    user: 'admin',
    purpose: 'Enable the sales menu (visit reports, store locations) for our field team',
    status: 'done',
    daysAgo: 40,
  },
  {
    company: 'DEMO',
    user: 'employee',
    purpose: 'Access to the KPI assessment of my team',
    status: 'progress',
    daysAgo: 12,
  },
  {
    company: 'DEMO',
    user: 'custom',
    purpose: 'Read access to the payroll summary for the monthly audit',
    status: 'todo',
    daysAgo: 3,
  },
  { company: 'CJ', user: 'admin', purpose: 'Man-power report for our second plant', status: 'todo', daysAgo: 1 },
  {
    company: 'CJ',
    user: 'admin',
    purpose: 'Bulk import of previous employer PPh figures',
    status: 'progress',
    daysAgo: 20,
  },
];

export async function seedAccess(tx: Executor, today: string) {
  await tx.execute(sql`
    insert into access_roles (company_id, code, access_level, permissions)
    select c.id, r.code, r.access_level, r.permissions::text[]
    from companies c cross join (values ${sql.join(
      roles.map((r) => sql`(${r.code}, ${r.access_level}, ${`{${r.permissions.join(',')}}`})`),
      sql`, `,
    )}) as r(code, access_level, permissions)
    where c.code = 'DEMO'
    on conflict do nothing`);
  // A second approver and department admin, and two payroll clerks: staff without reports, never a demo login.
  await tx.execute(sql`
    with staff as (
      select u.id as user_id, d.code as department,
        row_number() over (partition by d.code order by e.employee_id) as n
      from employees e join users u on u.id = e.user_id join companies c on c.id = e.company_id
      join departments d on d.id = e.department_id
      where c.code = 'DEMO' and u.level = 'employee' and e.exit_date is null
        and u.username not in ('admin', 'subadmin', 'deptadmin', 'approver', 'custom', 'employee')
        and not exists (select 1 from employees r where r.supervisor_id = e.id)
    )
    update users u set level = case
        when s.department = 'SLS' and s.n = 2 then 'approver'::level
        when s.department = 'HRD' and s.n = 2 then 'admin_department'::level
        else 'custom'::level end,
      access_role_id = case when s.department = 'FIN' then (
        select id from access_roles where code = 'PAY-CLERK' and company_id = u.company_id) end
    from staff s
    where s.user_id = u.id and ((s.department in ('SLS', 'HRD') and s.n = 2) or (s.department = 'FIN' and s.n in (3, 4)))`);
  await tx.execute(sql`
    insert into access_requests (company_id, user_id, purpose, status, created_at, updated_at)
    select c.id, u.id, r.purpose, r.status::access_request_status,
      (${today}::date - r.days * interval '1 day') + interval '9 hours',
      (${today}::date - r.days * interval '1 day') + interval '9 hours'
    from (values ${sql.join(
      requests.map((r) => sql`(${r.company}, ${r.user}, ${r.purpose}, ${r.status}, ${r.daysAgo}::int)`),
      sql`, `,
    )}) as r(company, username, purpose, status, days)
    join companies c on c.code = r.company
    left join users u on u.company_id = c.id and (u.username = r.username or u.username = r.username || '.' || lower(r.company))`);
}
