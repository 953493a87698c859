/**
 * Demo portal (seedPortal, called from server/seed/demo.ts's core after the employees): a year of the company's own
 * announcements (two a month: company-wide, by department, by location, by job title), with read receipts for the
 * past ones, useful links, a few warning letters (one SP 1 followed by an SP 2 while it is valid) and an ID card design.
 * Set-based (INSERT ... SELECT per company): fast at any size.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

/** Month offsets from today's month, oldest first, each with two announcements. */
const announcementPlan: readonly {
  title: string;
  content: string;
  target: 'all' | 'department' | 'location' | 'job_title';
  code?: string;
}[] = [
  {
    title: 'Annual leave planning for the new year',
    content:
      '<p>Please submit your <strong>annual leave plan</strong> for next year to your supervisor before the end of the month.</p>',
    target: 'all',
  },
  {
    title: 'Sales kick-off meeting',
    content:
      '<p>The quarterly sales kick-off is on Monday at 09:00 in the main meeting room.</p><ul><li>Bring your pipeline</li><li>Targets per area</li></ul>',
    target: 'department',
    code: 'SLS',
  },
  {
    title: 'Office renovation on the 3rd floor',
    content: '<p>The 3rd floor pantry is closed for renovation for two weeks. Please use the 2nd floor pantry.</p>',
    target: 'location',
  },
  {
    title: 'Updated reimbursement policy',
    content:
      '<p>Medical reimbursements now need the original receipt and the doctor\'s letter. See the <a href="https://intranet.example.co.id/policy">policy page</a>.</p>',
    target: 'all',
  },
  {
    title: 'BPJS Kesehatan data update',
    content: '<p>Please check your family members in My Profile: BPJS Kesehatan data is reported next month.</p>',
    target: 'all',
  },
  {
    title: 'Month-end closing schedule',
    content: "<p>Expense claims close on the 25th. Late claims move to next month's payroll.</p>",
    target: 'department',
    code: 'FIN',
  },
  {
    title: 'Fire drill',
    content: '<p>A fire drill takes place on Thursday at 14:00. Follow the wardens to the assembly point.</p>',
    target: 'location',
  },
  {
    title: 'Independence Day celebration',
    content: '<p>Join the <em>17 Agustus</em> games and the flag ceremony. Red and white dress code!</p>',
    target: 'all',
  },
  {
    title: 'Supervisor training',
    content: '<p>All supervisors attend the two-day coaching workshop next week.</p>',
    target: 'job_title',
  },
  {
    title: 'Operations shift roster change',
    content: '<p>From next month the night shift starts at 21:00 instead of 22:00.</p>',
    target: 'department',
    code: 'OPS',
  },
  {
    title: 'Health check-up',
    content: '<p>The yearly medical check-up is free for every employee. Register with HRD.</p>',
    target: 'all',
  },
  {
    title: 'THR payment schedule',
    content: '<p>THR is paid at least seven days before the holiday, with the monthly payroll.</p>',
    target: 'all',
  },
];

/** The company's useful links: display, link, and the department code they are for (null: everyone). */
const linkPlan: readonly [display: string, link: string, department: string | null][] = [
  ['Employee handbook', 'https://intranet.example.co.id/handbook', null],
  ['BPJS Ketenagakerjaan (JMO)', 'https://www.bpjsketenagakerjaan.go.id/', null],
  ['BPJS Kesehatan (Mobile JKN)', 'https://www.bpjs-kesehatan.go.id/', null],
  ['DJP Online (tax)', 'https://djponline.pajak.go.id/', null],
  ['Sales CRM', 'https://crm.example.co.id/', 'SLS'],
  ['Finance: expense claims', 'https://claims.example.co.id/', 'FIN'],
];

export async function seedPortal(tx: Executor, today: string) {
  // Announcements: two a month over the last twelve months and this one, each running two weeks from its start
  // (the newest run past today: current on home); the targets are picked by code in each company.
  const plan = JSON.stringify(announcementPlan.map((item, i) => ({ ...item, i })));
  await tx.execute(sql`
    with plan as (
      select (p->>'i')::int as i, p->>'title' as title, p->>'content' as content, p->>'target' as target,
        p->>'code' as code
      from jsonb_array_elements(${plan}::jsonb) p
    ), slots as (
      select c.id as company_id, c.admin_id, m, half,
        (date_trunc('month', ${today}::date) - make_interval(months => m) + make_interval(days => half * 14))::date
          as start_date,
        ((12 - m) * 2 + half) % ${announcementPlan.length} as i
      from companies c cross join generate_series(0, 12) m cross join generate_series(0, 1) half
      where c.code in ('DEMO', 'CJ')
    )
    insert into announcements (company_id, created_by, title, content, start_date, end_date,
      department_ids, location_ids, job_title_ids)
    select s.company_id, s.admin_id, p.title, p.content, s.start_date,
      -- The two newest run a month, so home shows them whatever today's date is.
      s.start_date + case when s.m = 0 then 30 else 13 end,
      case when p.target = 'department' then coalesce(array(select d.id from departments d
        where d.company_id = s.company_id and d.code = p.code), '{}') else '{}' end,
      case when p.target = 'location' then coalesce(array(select l.id from locations l
        where l.company_id = s.company_id order by l.code limit 1), '{}') else '{}' end,
      case when p.target = 'job_title' then coalesce(array(select j.id from job_titles j
        where j.company_id = s.company_id and j.assignment_role = 'supervisor'), '{}') else '{}' end
    from slots s join plan p on p.i = s.i
    where s.start_date <= ${today}::date`);

  // Read receipts: of the past announcements' audience, about four in five read it within a few days.
  await tx.execute(sql`
    insert into announcement_reads (company_id, announcement_id, employee_id, notified_at, read_at)
    select a.company_id, a.id, e.id, a.start_date::timestamptz + interval '8 hours',
      a.start_date::timestamptz + make_interval(hours => 9 + abs(hashtext(e.id::text || a.id::text)) % 72)
    from announcements a join employees e on e.company_id = a.company_id
    where a.end_date < ${today}::date
      and abs(hashtext(a.id::text || e.id::text)) % 5 <> 0
      and (cardinality(a.department_ids) = 0 or e.department_id = any(a.department_ids))
      and (cardinality(a.location_ids) = 0 or e.location_id = any(a.location_ids))
      and (cardinality(a.job_title_ids) = 0 or e.job_title_id = any(a.job_title_ids))`);

  const links = JSON.stringify(linkPlan.map(([display, link, code]) => ({ display, link, code })));
  await tx.execute(sql`
    insert into useful_links (company_id, created_by, display, link, department_ids)
    select c.id, c.admin_id, p->>'display', p->>'link',
      case when p->>'code' is null then '{}' else coalesce(array(select d.id from departments d
        where d.company_id = c.id and d.code = p->>'code'), '{}') end
    from companies c cross join jsonb_array_elements(${links}::jsonb) p
    where c.code in ('DEMO', 'CJ')`);

  // Warning letters: three employees of each company (not the demo logins' own records but one: the plain
  // employee has a past SP 1, so My Profile shows a letter), one of them with an SP 1 and then an SP 2 while valid.
  await tx.execute(sql`
    with picked as (
      select e.id, e.company_id, c.admin_id, row_number() over (partition by e.company_id order by e.employee_id desc) n
      from employees e join companies c on c.id = e.company_id
      join users u on u.id = e.user_id
      where c.code in ('DEMO', 'CJ') and u.level = 'employee' and u.username <> 'employee'
    ), letters(n, type, from_months, days, description) as (values
      (1, 'sp_1', 5, 180, 'Late arrival on 7 working days in one month without a valid reason.'),
      (1, 'sp_2', 1, 180, 'Late arrival repeated while the first warning letter was valid.'),
      (2, 'sp_1', 3, 90, 'Leaving the workplace during working hours without permission.'),
      (3, 'sp_1', 10, 90, 'Not following the safety procedure in the warehouse.')
    )
    insert into warning_letters (company_id, created_by, employee_id, type, start_date, end_date, description)
    select p.company_id, p.admin_id, p.id, l.type::warning_letter_type,
      (${today}::date - make_interval(months => l.from_months))::date,
      (${today}::date - make_interval(months => l.from_months))::date + l.days - 1,
      l.description
    from picked p join letters l on l.n = p.n`);
  await tx.execute(sql`
    insert into warning_letters (company_id, created_by, employee_id, type, start_date, end_date, description)
    select e.company_id, c.admin_id, e.id, 'sp_1', (${today}::date - interval '9 months')::date,
      (${today}::date - interval '9 months')::date + 89,
      'Absent for two working days without notice.'
    from employees e join users u on u.id = e.user_id join companies c on c.id = e.company_id
    where u.username = 'employee'`);
}
