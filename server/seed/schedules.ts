/**
 * Demo scheduling data (issue #12), set-based: every demo company gets realistic shifts, a fixed_schedule group for
 * office staff (Monday to Friday Office, weekends Off) and a working_shift group for the warehouse and production
 * floor with a rotating roster from the start of last year's same month to the end of the current month, plus a
 * few shift overrides. Every employee is in one group. A handful of statements whatever the number of employees.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { withForeignKeysCheckedOnce } from './bulk.ts';

/** Shift codes of the demo: what the roster cells hold. */
export const demoShifts = [
  { code: 'OFC', name: 'Office', type: 'full_day', start: '08:00', finish: '17:00', hours: 8 },
  { code: 'M', name: 'Morning', type: 'full_day', start: '07:00', finish: '15:00', hours: 7 },
  { code: 'A', name: 'Afternoon', type: 'full_day', start: '15:00', finish: '23:00', hours: 7 },
  { code: 'N', name: 'Night', type: 'full_day', start: '23:00', finish: '07:00', hours: 7 },
  { code: 'L12', name: 'Long shift 12h', type: 'long_shift', start: '07:00', finish: '19:00', hours: 11 },
  { code: 'OFF', name: 'Off', type: 'off_day', start: null, finish: null, hours: 0 },
  { code: 'SB', name: 'Standby', type: 'standby', start: null, finish: null, hours: 0 },
  { code: 'FWD', name: 'Free working day', type: 'free_working_day', start: null, finish: null, hours: 4 },
] as const;

/** The floor's rotation: two mornings, two afternoons, two nights, two days off. */
const rotation = ['M', 'M', 'A', 'A', 'N', 'N', 'OFF', 'OFF'];
/** Departments that work shifts. */
const floorDepartments = ['WHS', 'PRD', 'OPS'];

export async function seedSchedules(tx: Executor, companyIds: string[], today: string) {
  if (companyIds.length === 0) return;
  const companies = sql`${`{${companyIds.join(',')}}`}::uuid[]`;
  const values = sql.join(
    demoShifts.map(
      (s) =>
        sql`(${s.code}, ${s.name}, ${s.type}::shift_type, ${s.start}, ${s.finish}, ${s.hours}::numeric, ${s.type === 'long_shift' ? 1.5 : 1}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into shifts (company_id, code, name, type, start_time, finish_time, minimum_working_hour, working_days)
    select c.id, v.code, v.name, v.type, v.start_time, v.finish_time, v.hours, v.days
    from unnest(${companies}) as c(id)
    cross join (values ${values}) as v(code, name, type, start_time, finish_time, hours, days)`);
  await tx.execute(sql`
    insert into attendance_groups (company_id, name, type, auto_closed, allowed_offsite_clock_in,
      allowed_offsite_clock_out, schedule)
    select c.id, 'Office staff', 'fixed_schedule'::attendance_group_type, true, false, false,
      jsonb_build_object('mon', o.id, 'tue', o.id, 'wed', o.id, 'thu', o.id, 'fri', o.id, 'sat', x.id, 'sun', x.id)
    from unnest(${companies}) as c(id)
    join shifts o on o.company_id = c.id and o.code = 'OFC'
    join shifts x on x.company_id = c.id and x.code = 'OFF'
    union all
    select c.id, 'Warehouse & production', 'working_shift'::attendance_group_type, false, false, false, '{}'::jsonb
    from unnest(${companies}) as c(id)
    union all
    select c.id, 'Field & project staff', 'free_shift'::attendance_group_type, false, true, true, '{}'::jsonb
    from unnest(${companies}) as c(id)`);
  // Members: the floor departments work shifts, project areas work free, everyone else is office staff.
  await tx.execute(sql`
    insert into attendance_group_members (company_id, group_id, employee_id)
    select e.company_id, g.id, e.id
    from employees e
    left join departments d on d.id = e.department_id
    join attendance_groups g on g.company_id = e.company_id and g.name = case
      when d.code = any(${`{${floorDepartments.join(',')}}`}::text[]) then 'Warehouse & production'
      when d.code = 'PRJ' then 'Field & project staff'
      else 'Office staff' end
    where e.company_id = any(${companies})`);
  // Managers: the most senior member (earliest joiner) of each group.
  await tx.execute(sql`
    update attendance_groups g set manager_id = (
      select m.employee_id from attendance_group_members m join employees e on e.id = m.employee_id
      where m.group_id = g.id order by e.join_date nulls last, e.employee_id limit 1)
    where g.company_id = any(${companies})`);
  // The roster: from the first day of the month a year ago to the end of this month, rotating, each member at
  // their own offset so every shift is covered every day.
  const from = `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;
  // Tens of thousands of cells: their foreign keys checked once, not per row (decision 0057).
  await withForeignKeysCheckedOnce(tx, ['roster_entries'], () =>
    tx.execute(sql`
    insert into roster_entries (company_id, employee_id, date, shift_id)
    select m.company_id, m.employee_id, d::date, s.id
    from (
      select m.company_id, m.employee_id,
        row_number() over (partition by m.group_id order by e.employee_id) as n
      from attendance_group_members m
      join attendance_groups g on g.id = m.group_id and g.type = 'working_shift'
      join employees e on e.id = m.employee_id
      where m.company_id = any(${companies})
    ) m
    cross join generate_series(${from}::date,
      (date_trunc('month', ${today}::date) + interval '1 month - 1 day')::date, interval '1 day') as d
    join shifts s on s.company_id = m.company_id
      and s.code = (${`{${rotation.join(',')}}`}::text[])[1 + ((d::date - ${from}::date) + m.n::int) % ${rotation.length}]`),
  );
  // A few overrides: office staff covering a Saturday standby or a morning shift this month and last.
  await tx.execute(sql`
    insert into shift_overrides (company_id, employee_id, date, shift_id, reason)
    select m.company_id, m.employee_id, o.date, s.id, o.reason
    from (
      select m.company_id, m.employee_id, row_number() over (partition by m.company_id order by e.employee_id) as n
      from attendance_group_members m
      join attendance_groups g on g.id = m.group_id and g.name = 'Office staff'
      join employees e on e.id = m.employee_id
      where m.company_id = any(${companies})
    ) m
    join (values
      (1, date_trunc('week', ${today}::date)::date - 2, 'SB', 'Stock-take standby'),
      (2, date_trunc('week', ${today}::date)::date - 2, 'SB', 'Stock-take standby'),
      (3, date_trunc('month', ${today}::date)::date + 9, 'M', 'Early delivery'),
      (4, date_trunc('month', ${today}::date)::date - 5, 'L12', 'Year-end closing'),
      (5, date_trunc('month', ${today}::date)::date + 14, 'OFF', 'Swap for weekend work')
    ) as o(n, date, code, reason) on o.n = m.n
    join shifts s on s.company_id = m.company_id and s.code = o.code`);
}
