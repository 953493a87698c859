/**
 * Demo attendance (seedAttendance, called from server/seed/demo.ts after the schedules and the leave): a year of clock
 * times up to today for every employee of the demo companies on the days their resolved shift is timed (full_day or
 * long_shift), skipping holidays and approved leave. Realistic and repeatable (choices from hashtext): most on time
 * (5–25 minutes early), one in ten late by 5–40 minutes, a few early leaves, a few missed clock-outs, one in forty
 * absent. Today only clock-ins of shifts already started, and nothing today for the `employee` login (who clocks in
 * from services). The shift is resolved in SQL as server/attendance/schedule.ts does (override, roster, weekly pattern);
 * statuses as server/attendance/status.ts computes them (whole minutes). One statement, after
 * `analyze`.
 *
 * Free-shift staff (no shift, working days by their work_days) clock in between 07:30 and 09:30 and out eight to
 * nine hours later, never late or early (no shift to be late for), with the same absences and missed clock-outs: a
 * second statement. Without it the monthly report and payroll would read them absent every working day.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { withForeignKeysCheckedOnce } from './bulk.ts';

/**
 * `month` (`YYYY-MM`) limits it to that month's days of the year: the history fill writes one month per transaction,
 * so that a request waits for at most one month's insert (docs/decisions/0080).
 */
export async function seedAttendance(
  tx: Executor,
  companyIds: string[],
  today: string,
  nowMinutes: number,
  month?: string,
) {
  if (companyIds.length === 0) return;
  const companies = sql`${`{${companyIds.join(',')}}`}::uuid[]`;
  // Statistics first: these tables were filled moments ago in this transaction, and without statistics the planner
  // takes them for empty and joins employees × days to the roster in nested loops (quadratic: 16 s for the regular
  // demo, a quarter of an hour for 10,000 employees, under load); with them it hashes, linear in the rows.
  await tx.execute(sql`analyze employees, users, attendance_group_members, attendance_groups, shifts, roster_entries,
    shift_overrides, mass_leaves, leaves`);
  const series = month
    ? sql`generate_series(greatest(${today}::date - interval '1 year', ${`${month}-01`}::date),
        least(${today}::date, ${`${month}-01`}::date + interval '1 month' - interval '1 day'), interval '1 day')`
    : sql`generate_series(${today}::date - interval '1 year', ${today}::date, interval '1 day')`;
  // Tens of thousands of rows per company: their foreign keys checked once, not per row (decision 0057).
  await withForeignKeysCheckedOnce(tx, ['attendances'], () =>
    insertAttendance(tx, companies, today, nowMinutes, series),
  );
}

async function insertAttendance(tx: Executor, companies: SQL, today: string, nowMinutes: number, series: SQL) {
  await tx.execute(sql`
    with days as (
      select d::date as date from ${series} d
    ),
    staff as (
      select e.id, e.company_id, e.join_date, e.exit_date, g.schedule, u.username = 'employee' as services_login
      from employees e
      join attendance_group_members m on m.employee_id = e.id
      join attendance_groups g on g.id = m.group_id
      join users u on u.id = e.user_id
      where e.company_id = any(${companies})
    ),
    holiday_days as (
      select distinct ml.company_id, d::date as date
      from mass_leaves ml, generate_series(ml.start_date, ml.end_date, interval '1 day') d
      where ml.company_id = any(${companies})
    ),
    leave_days as (
      select distinct l.employee_id, d::date as date
      from leaves l, generate_series(l.start_date, l.end_date, interval '1 day') d
      where l.company_id = any(${companies}) and l.status = 'approved'
    ),
    overrides as (select employee_id, date, shift_id from shift_overrides where company_id = any(${companies})),
    roster as (select employee_id, date, shift_id from roster_entries where company_id = any(${companies})),
    resolved as (
      select staff.id as employee, staff.company_id, staff.services_login, days.date,
        coalesce(o.shift_id, r.shift_id,
          nullif(staff.schedule ->> (array['sun','mon','tue','wed','thu','fri','sat'])[extract(dow from days.date)::int + 1], '')::uuid
        ) as shift_id,
        abs(hashtext(staff.id::text || days.date::text)) % 1000 as h1,
        abs(hashtext(days.date::text || staff.id::text)) % 1000 as h2
      from staff cross join days
      left join overrides o on o.employee_id = staff.id and o.date = days.date
      left join roster r on r.employee_id = staff.id and r.date = days.date
      where (staff.join_date is null or days.date >= staff.join_date)
        and (staff.exit_date is null or days.date <= staff.exit_date)
    ),
    timed as (
      select r.*, s.start_time, s.finish_time,
        (split_part(s.start_time, ':', 1)::int * 60 + split_part(s.start_time, ':', 2)::int) as start_min,
        (split_part(s.finish_time, ':', 1)::int * 60 + split_part(s.finish_time, ':', 2)::int) as finish_min
      from resolved r join shifts s on s.id = r.shift_id
      left join holiday_days hd on hd.company_id = r.company_id and hd.date = r.date
      left join leave_days ld on ld.employee_id = r.employee and ld.date = r.date
      where s.type in ('full_day', 'long_shift') and s.start_time is not null and s.finish_time is not null
        and r.h1 >= 25 and hd.date is null and ld.date is null
    ),
    clocked as (
      select t.*,
        case when t.h1 < 125 then 5 + t.h1 % 36 else -(5 + t.h1 % 21) end as in_offset,
        t.finish_min + case when t.finish_min <= t.start_min then 1440 else 0 end as end_min,
        case when t.h2 < 15 then null when t.h2 < 55 then -(10 + t.h2 % 50) else t.h2 % 30 end as out_offset
      from timed t
      where t.date < ${today}::date or (t.start_min + 5 <= ${nowMinutes} and t.services_login is not true)
    )
    insert into attendances (company_id, employee_id, date, shift_id, shift_start, shift_finish, clock_in, clock_out,
      clock_in_status, clock_out_status, late_minutes, early_minutes, source)
    select c.company_id, c.employee, c.date, c.shift_id, c.start_time, c.finish_time,
      (c.date::timestamp + make_interval(mins => c.start_min + c.in_offset - 420)) at time zone 'UTC',
      case when c.out_offset is null or c.date >= ${today}::date then null
        else (c.date::timestamp + make_interval(mins => c.end_min + c.out_offset - 420)) at time zone 'UTC' end,
      (case when c.in_offset > 0 then 'late' else 'on_time' end)::clock_status,
      case when c.out_offset is null or c.date >= ${today}::date then null
        else (case when c.out_offset < 0 then 'early' else 'on_time' end)::clock_status end,
      greatest(c.in_offset, 0),
      case when c.out_offset is null or c.date >= ${today}::date then 0 else greatest(-c.out_offset, 0) end,
      'clock'
    from clocked c
    on conflict (employee_id, date) do nothing`);
  await tx.execute(sql`
    with days as (
      select d::date as date from ${series} d
    ),
    staff as (
      select e.id, e.company_id, e.join_date, e.exit_date, coalesce(e.work_days, 5) as work_days,
        u.username = 'employee' as services_login
      from employees e
      join attendance_group_members m on m.employee_id = e.id
      join attendance_groups g on g.id = m.group_id and g.type = 'free_shift'
      join users u on u.id = e.user_id
      where e.company_id = any(${companies})
    ),
    holiday_days as (
      select distinct ml.company_id, d::date as date
      from mass_leaves ml, generate_series(ml.start_date, ml.end_date, interval '1 day') d
      where ml.company_id = any(${companies})
    ),
    leave_days as (
      select distinct l.employee_id, d::date as date
      from leaves l, generate_series(l.start_date, l.end_date, interval '1 day') d
      where l.company_id = any(${companies}) and l.status = 'approved'
    ),
    worked as (
      select staff.id as employee, staff.company_id, staff.services_login, days.date,
        abs(hashtext(staff.id::text || days.date::text)) % 1000 as h1,
        abs(hashtext(days.date::text || staff.id::text)) % 1000 as h2
      from staff cross join days
      left join holiday_days hd on hd.company_id = staff.company_id and hd.date = days.date
      left join leave_days ld on ld.employee_id = staff.id and ld.date = days.date
      where (staff.join_date is null or days.date >= staff.join_date)
        and (staff.exit_date is null or days.date <= staff.exit_date)
        and extract(isodow from days.date) <= staff.work_days
        and hd.date is null and ld.date is null
    ),
    clocked as (
      select w.*, 450 + w.h1 % 121 as in_min, 480 + w.h2 % 61 as length_min
      from worked w
      where w.h1 >= 25
        and (w.date < ${today}::date or (450 + w.h1 % 121 <= ${nowMinutes} and w.services_login is not true))
    )
    insert into attendances (company_id, employee_id, date, shift_id, shift_start, shift_finish, clock_in, clock_out,
      clock_in_status, clock_out_status, late_minutes, early_minutes, source)
    select c.company_id, c.employee, c.date, null, null, null,
      (c.date::timestamp + make_interval(mins => c.in_min - 420)) at time zone 'UTC',
      case when c.h2 < 15 or c.date >= ${today}::date then null
        else (c.date::timestamp + make_interval(mins => c.in_min + c.length_min - 420)) at time zone 'UTC' end,
      'on_time'::clock_status,
      case when c.h2 < 15 or c.date >= ${today}::date then null else 'on_time'::clock_status end,
      0, 0, 'clock'
    from clocked c
    on conflict (employee_id, date) do nothing`);
}
