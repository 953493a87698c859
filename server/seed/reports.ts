/**
 * Demo data for the reports menu (issue 29; a fill step after approvals and tracking, before the payroll runs):
 * - a duty type on every business trip, and a year of approved duties for the Sales and Projects staff (one trip a
 *   month for about one in three of them: client visits, out-of-town duties, training);
 * - the job-report categories of every company and a year of job reports of the Sales and Projects staff (about
 *   every other working day, 30 minutes to 4 hours);
 * - a year of clock corrections for Operations and Warehouse staff: most approved (the day's times changed, each
 *   change logged with its approval, as an approval does), some rejected;
 * - a year of overtime for the Warehouse staff, which the monthly runs then pay.
 * Set-based and deterministic (hashes of ids and dates, not a random generator): a few statements per company.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

const jobCategories = [
  ['VISIT', 'Store visit'],
  ['DELIVERY', 'Delivery'],
  ['INSTALL', 'Installation'],
  ['MAINTENANCE', 'Maintenance'],
  ['PROMOTION', 'In-store promotion'],
  ['SURVEY', 'Site survey'],
] as const;

export async function seedReports(tx: Executor, today: string) {
  const since = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
  // Every business trip gets a duty type: by a hash of the trip, from its company's list.
  await tx.execute(sql`
    update business_trips t set duty_type_id = (
      select dt.id from duty_types dt where dt.company_id = t.company_id
      order by dt.code offset (abs(hashtext(t.id::text)) % greatest(1, (select count(*) from duty_types x
        where x.company_id = t.company_id))) limit 1)
    where t.duty_type_id is null`);
  // The business-trip requests name their duty type too (the approvals grid shows it): the trip's, or one by a hash.
  await tx.execute(sql`
    update approvals a set content = a.content || jsonb_build_object('duty_type', coalesce(
      (select t.duty_type_id from business_trips t where t.approval_id = a.id),
      (select dt.id from duty_types dt where dt.company_id = a.company_id
        order by dt.code offset (abs(hashtext(a.id::text)) % greatest(1, (select count(*) from duty_types x
          where x.company_id = a.company_id))) limit 1)))
    where a.context = 'business_trip' and a.content->>'duty_type' is null
      and exists (select 1 from duty_types d where d.company_id = a.company_id)`);

  // A year of duties for the field staff (Sales, Projects): about one in three a month, one to three days.
  await tx.execute(sql`
    insert into business_trips (company_id, employee_id, start_date, end_date, days, destination, purpose, duty_type_id,
      created_by, created_at)
    select e.company_id, e.id, t.start_date, t.start_date + t.span - 1, t.span,
      (array['Surabaya', 'Medan', 'Makassar', 'Semarang', 'Balikpapan', 'Denpasar', 'Yogyakarta'])[1 + abs(hashtext(e.id::text || m::text)) % 7],
      (array['Client visit', 'Distributor meeting', 'Product training', 'Trade exhibition'])[1 + abs(hashtext(m::text || e.id::text)) % 4],
      (select dt.id from duty_types dt where dt.company_id = e.company_id order by dt.code
        offset abs(hashtext(e.employee_id || m::text)) % greatest(1, (select count(*) from duty_types x where x.company_id = e.company_id))
        limit 1),
      c.admin_id, t.start_date - 5
    from employees e
    join companies c on c.id = e.company_id
    join departments d on d.id = e.department_id
    cross join generate_series(${since}::date, ${today}::date - 14, interval '1 month') m
    cross join lateral (select (m::date + (abs(hashtext(e.id::text || 'd' || m::text)) % 20))::date as start_date,
      1 + abs(hashtext(m::text || 's' || e.id::text)) % 3 as span) t
    where d.code in ('SLS', 'PRJ') and e.exit_date is null and c.admin_id is not null
      and abs(hashtext(e.id::text || m::text)) % 3 = 0
      and (e.join_date is null or e.join_date <= t.start_date)`);

  // Job-report categories and a year of job reports.
  await tx.execute(sql`
    insert into job_report_categories (company_id, code, name)
    select c.id, v.code, v.name from companies c
    cross join (values ${sql.join(
      jobCategories.map(([code, name]) => sql`(${code}, ${name})`),
      sql`, `,
    )}) as v(code, name)
    on conflict do nothing`);
  await tx.execute(sql`
    insert into job_reports (company_id, employee_id, date, category_id, description, duration_minutes, created_by,
      created_at)
    select e.company_id, e.id, day::date,
      (select jc.id from job_report_categories jc where jc.company_id = e.company_id order by jc.code
        offset abs(hashtext(e.id::text || day::text)) % ${jobCategories.length} limit 1),
      (array['Weekly stock check at the store', 'Delivered the order and collected the signature',
        'Installed the display unit', 'Routine maintenance visit', 'Promotion day with samples',
        'Measured the site for the new project'])[1 + abs(hashtext(day::text || e.id::text)) % 6],
      30 * (1 + abs(hashtext(e.employee_id || day::text)) % 8), e.user_id, day + interval '17 hours'
    from employees e
    join departments d on d.id = e.department_id
    cross join generate_series(${since}::date, ${today}::date - 1, interval '1 day') day
    where d.code in ('SLS', 'PRJ') and e.exit_date is null and extract(isodow from day) < 6
      and abs(hashtext(e.id::text || day::text)) % 2 = 0
      and (e.join_date is null or e.join_date <= day::date)`);

  // A year of overtime for the Warehouse staff (stock counts, late deliveries), before the runs that pay it: about one
  // in three a week, one to three hours, a rest day's when the day falls on a weekend.
  await tx.execute(sql`
    insert into overtimes (company_id, employee_id, date, hours, day_type, start_time, end_time, reason, created_by)
    select e.company_id, e.id, o.day, o.hours,
      case when extract(isodow from o.day) >= 6 then 'rest_day' else 'working_day' end::overtime_day_type,
      '17:00', (17 + o.hours) || ':00', 'Stock count and late deliveries', c.admin_id
    from employees e
    join companies c on c.id = e.company_id
    join departments d on d.id = e.department_id
    cross join generate_series(${since}::date, ${today}::date - 3, interval '1 week') w
    cross join lateral (select (w::date + abs(hashtext(e.id::text || w::text)) % 7)::date as day,
      1 + abs(hashtext(w::text || e.id::text)) % 3 as hours) o
    where d.code = 'WHS' and e.exit_date is null and c.admin_id is not null
      and abs(hashtext(e.employee_id || w::text)) % 3 = 0
      and (e.join_date is null or e.join_date <= o.day)`);

  await seedClockCorrections(tx, since, today);
}

/**
 * Clock corrections of the last year for Operations and Warehouse staff who clocked in late: every 9th such day a
 * request to set the clock-in to the shift's start; two in three approved (the attendance changed and the change
 * logged with the approval, its original time kept), the rest rejected. Numbered after the approvals seed's requests.
 */
async function seedClockCorrections(tx: Executor, since: string, today: string) {
  await tx.execute(sql`
    create temporary table seed_corrections on commit drop as
    select gen_random_uuid() as id, a.company_id, a.employee_id, a.id as attendance_id, a.date, a.clock_in,
      a.shift_start, e.user_id, c.admin_id,
      case when abs(hashtext(a.id::text)) % 3 = 0 then 'rejected' else 'approved' end::approval_status as status,
      row_number() over (partition by a.company_id, extract(year from a.date - 5) order by a.date, a.id) as n,
      extract(year from a.date - 5)::smallint as year
    from attendances a
    join employees e on e.id = a.employee_id
    join companies c on c.id = a.company_id
    join departments d on d.id = e.department_id
    where d.code in ('OPS', 'WHS') and c.admin_id is not null and e.user_id is not null
      and a.date between ${since}::date and ${today}::date - 3
      and a.late_minutes > 0 and a.clock_in is not null and a.shift_start is not null
      and abs(hashtext(a.id::text || 'cc')) % 9 = 0`);
  await tx.execute(sql`
    insert into approvals (id, company_id, employee_id, context, status, approval_number, content, start_date, end_date,
      level, levels, flow, approvers, participants, created_by, created_at, updated_at)
    select s.id, s.company_id, s.employee_id, 'clock_correction', s.status,
      'CC-' || s.year || '-' || lpad((coalesce(k.last, 0) + s.n)::text, 5, '0'),
      jsonb_build_object('date', to_char(s.date, 'YYYY-MM-DD'), 'clock_in', s.shift_start, 'clock_out', null,
        'reason', 'Forgot to clock in at the gate'),
      s.date, s.date, 1, 1, '{"flow": null, "levels": [{"approvers": [], "mode": "any"}]}'::jsonb, '{}'::uuid[],
      '{}'::uuid[], s.user_id, (s.date + 1) + interval '9 hours', (s.date + 2) + interval '10 hours'
    from seed_corrections s
    left join approval_counters k on k.company_id = s.company_id and k.context = 'clock_correction' and k.year = s.year`);
  await tx.execute(sql`
    insert into approval_counters (company_id, context, year, last)
    select company_id, 'clock_correction', year, max(n) from seed_corrections group by company_id, year
    on conflict (company_id, context, year) do update set last = approval_counters.last + excluded.last`);
  await tx.execute(sql`
    insert into approval_decisions (company_id, approval_id, level, decision, decided_by, note, as_admin, created_at)
    select s.company_id, s.id, 1, case when s.status = 'approved' then 'approve' else 'reject' end::approval_decision,
      s.admin_id, case when s.status = 'rejected' then 'The gate log shows the later time' end, true,
      (s.date + 2) + interval '10 hours'
    from seed_corrections s`);
  // What approving does (server/attendance/corrections.ts): the original kept, the time changed, the change logged.
  await tx.execute(sql`
    insert into attendance_corrections (company_id, attendance_id, field, old_value, new_value, reason, approval_id,
      created_by, created_at)
    select s.company_id, s.attendance_id, 'clock_in', s.clock_in,
      (s.date::text || ' ' || s.shift_start || ':00+07')::timestamptz, 'Forgot to clock in at the gate', s.id,
      s.admin_id, (s.date + 2) + interval '10 hours'
    from seed_corrections s where s.status = 'approved'`);
  await tx.execute(sql`
    update attendances a set original_clock_in = coalesce(a.original_clock_in, a.clock_in),
      clock_in = (s.date::text || ' ' || s.shift_start || ':00+07')::timestamptz, late_minutes = 0,
      clock_in_status = 'on_time', source = 'correction'
    from seed_corrections s where s.status = 'approved' and a.id = s.attendance_id`);
}
