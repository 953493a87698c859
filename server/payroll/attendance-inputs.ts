/**
 * Attendance's part of a run's inputs: each employee's month counted as the attendance report counts it
 * (server/attendance/report.ts `loadAttendanceGrid` + `totalsOf`), mapped to the engine's `AttendanceTotals`.
 *
 * Set-based, and lean for runs of tens of thousands: the same loaders as the report (working days by sched's rule,
 * holidays, approved leave, groups) and the same day rules (`effectiveTimes`, `dayKind` from status.ts), but no display
 * cell is built and no shift resolved for display: one pass over employees × days with counters only.
 * tests/server/payroll/attendance.test.ts checks the counts equal the report's totals.
 */
import { sql } from 'drizzle-orm';
import { employedSpan } from '../../common/employment.ts';
import type { AttendanceTotals } from '../../common/payroll/types.ts';
import { daysOf, monthRange } from '../attendance/report.ts';
import { loadScheduleView } from '../attendance/schedule.ts';
import { dayBegun, dayKind, effectiveTimes, jakartaDate, type StoredTimes } from '../attendance/status.ts';
import type { Executor } from '../db/connect.ts';
import { loadTogether, uuidArray } from '../db/sql.ts';
import { slices } from '../jobs/slices.ts';
import { loadHolidays, loadLeaveDays } from '../leave/calendar.ts';
import { companyReach, inCompanySql } from '../scope/scope.ts';

/**
 * Each employee's attendance for the month, as the engine reads it:
 * - `late`: every late arrival with its minutes (the late rule counts arrivals: daily, minutely and custom need each
 *   one, not the month's sum);
 * - `early`, `absent_days`, `missed`: occurrences; `present_days`: days with a clock time;
 * - `scheduled_days` (the daily wage's divisor for `percentage` rules): the employee's working days of the month that
 *   are not holidays, by their shifts. Only for an employee employed the whole month: a joiner's or leaver's daily wage
 *   is still a month's wage over the month's working days, so the engine counts those itself.
 * Employees not employed on any day of the month are absent from the map (zero).
 *
 * Attendance counts from the company's first recorded attendance on (docs/decisions/0070): a company that does not
 * record attendance, or the months before it started, deduct nothing, instead of reading every working day absent.
 */
export async function attendanceOfEmployees(
  db: Executor,
  companyId: string,
  employeeIds: readonly string[],
  year: number,
  month: number,
  now = Date.now(),
): Promise<Map<string, AttendanceTotals>> {
  const out = new Map<string, AttendanceTotals>();
  if (employeeIds.length === 0) return out;
  const range = monthRange(year, month);
  const [first] = (
    await db.execute<{ date: string | null }>(
      sql`select min(a.date)::text as date from attendances a where ${inCompanySql(companyReach(companyId), 'a')} and a.date <= ${range.to}`,
    )
  ).rows;
  const since = first?.date;
  if (!since) return out;

  const ids = [...employeeIds];
  const scope = { ...range, employeeIds: ids };
  // One schedule view for working days and groups (one load of the groups and the roster).
  const [schedule, holidays, leaveOn, people, records] = await loadTogether(db, [
    () => loadScheduleView(db, companyId, scope),
    () => loadHolidays(db, companyId, range.from, range.to),
    () => loadLeaveDays(db, companyId, range.from, range.to, { employeeIds: ids }),
    () =>
      db.execute<{ id: string; join_date: string | null; exit_date: string | null }>(sql`
      select e.id, e.join_date::text as join_date, e.exit_date::text as exit_date from employees e
      where ${inCompanySql(companyReach(companyId), 'e')} and e.id = any(${uuidArray(ids)})`),
    () => loadRecords(db, companyId, range, ids),
  ]);
  const days = daysOf(range.from, range.to);
  const today = jakartaDate(now);

  const pause = slices();
  for (const person of people.rows) {
    await pause();
    // The days of the period on which they are employed (common/employment.ts, the one rule).
    const span = employedSpan(person, range.from, range.to);
    if (!span) continue;
    const { from, to } = span;
    const own = records.get(person.id);
    const clockedDays = own?.clocked ?? 0;
    const autoClosed = schedule.groupOf(person.id)?.auto_closed ?? false;
    const late: { minutes: number }[] = [];
    let scheduled = 0;
    let present = 0;
    let early = 0;
    let missed = 0;
    let absent = 0;
    const absentDates: string[] = [];
    for (let day = 0; day < days.length; day++) {
      const date = days[day] as string;
      if (date < from || date > to) continue;
      const isWorking = schedule.isWorking(person.id, date);
      const holiday = holidays.has(date);
      if (isWorking && !holiday) scheduled++;
      if (date < since) continue;
      const hasAttendance = (clockedDays & (1 << day)) !== 0;
      const kind = dayKind({
        hasAttendance,
        holiday,
        leave: hasAttendance || holiday ? false : !!leaveOn(person.id, date),
        working: isWorking,
        begun: dayBegun(date, today, now, () => schedule.resolve(person.id, date)?.start_time),
      });
      if (kind === 'absent') {
        absent++;
        absentDates.push(date);
      }
      if (kind !== 'present') continue;
      present++;
      const times = effectiveTimes(own?.unusual.get(date) ?? ordinaryDay(date), now, autoClosed);
      const clockIn = times.clock_in && times.clock_in_status ? times.clock_in_status : null;
      const clockOut = times.clock_out && times.clock_out_status ? times.clock_out_status : null;
      if (clockIn === 'late') late.push({ minutes: times.late_minutes });
      if (clockOut === 'early') early++;
      if (times.clock_in_status === 'missed' || times.clock_out_status === 'missed') missed++;
    }
    const mapped: AttendanceTotals = { present_days: present, late, early, absent_days: absent, missed };
    // The days counted, named in the explanation (issue 27 section 6); only when there are some.
    if (absentDates.length) mapped.absent_dates = absentDates;
    if (from === range.from && to === range.to) mapped.scheduled_days = scheduled;
    out.set(person.id, mapped);
  }
  return out;
}

/**
 * Stands in for a stored clock time: the day rules (`effectiveTimes`, `dayKind`) read only whether a time exists, so
 * the loader does not have PostgreSQL format the month's timestamps (decision 0062).
 */
const CLOCKED = 'clocked';

/** A day with both clock times, neither late nor early nor missed: it only counts as present. */
const ordinaryDay = (date: string): StoredTimes => ({
  date,
  clock_in: CLOCKED,
  clock_out: CLOCKED,
  clock_in_status: 'on_time',
  clock_out_status: 'on_time',
  late_minutes: 0,
  early_minutes: 0,
  shift_start: null,
  shift_finish: null,
});

/** One employee's month of records: the days with a clock time (bit n: the month's day n + 1) and the unusual ones. */
interface MonthRecords {
  clocked: number;
  unusual: Map<string, StoredTimes>;
}

/**
 * The month's attendance records of the employees, as the day rules read them, in two set-based queries: per employee
 * the days with a clock time as one bit mask, and the full record only of the unusual days (late, early, missed, a
 * time missing); an ordinary day (both times, on time) only counts as present, so its row is never sent. A run asks for
 * a batch of its employees at a time (RUN_BATCH, server/payroll/inputs.ts): the index on (employee, date) serves it,
 * where the whole company's month (~1.4 million records for 100,000 employees) made one statement of seconds
 * (decision 0062).
 */
async function loadRecords(
  db: Executor,
  companyId: string,
  range: { from: string; to: string },
  ids: string[],
): Promise<Map<string, MonthRecords>> {
  const days = daysOf(range.from, range.to);
  const ofMonth = sql`${inCompanySql(companyReach(companyId), 'attendances')} and employee_id = any(${uuidArray(ids)})
    and date between ${range.from} and ${range.to} and (clock_in is not null or clock_out is not null)`;
  const [masks, unusual] = await loadTogether(db, [
    () =>
      db.execute<{ employee: string; clocked: number }>(sql`
      select employee_id as employee, bit_or(1 << (date - ${range.from}::date)) as clocked
      from attendances where ${ofMonth}
      group by employee_id`),
    () =>
      db.execute<{
        employee: string;
        day: number;
        has_in: boolean;
        has_out: boolean;
        clock_in_status: StoredTimes['clock_in_status'];
        clock_out_status: StoredTimes['clock_out_status'];
        late_minutes: number;
        early_minutes: number;
        shift_start: string | null;
        shift_finish: string | null;
      }>(sql`
      select employee_id as employee, date - ${range.from}::date as day, clock_in is not null as has_in,
        clock_out is not null as has_out, clock_in_status, clock_out_status, late_minutes, early_minutes, shift_start,
        shift_finish
      from attendances
      where ${ofMonth} and not (clock_in is not null and clock_out is not null
        and clock_in_status is distinct from 'late' and clock_in_status is distinct from 'missed'
        and clock_out_status is distinct from 'early' and clock_out_status is distinct from 'missed')`),
  ]);
  const pause = slices();
  const byEmployee = new Map<string, MonthRecords>();
  for (let i = 0; i < masks.rows.length; i++) {
    if (i % 1024 === 0) await pause();
    const row = masks.rows[i] as (typeof masks.rows)[number];
    byEmployee.set(row.employee, { clocked: Number(row.clocked), unusual: new Map() });
  }
  for (let i = 0; i < unusual.rows.length; i++) {
    if (i % 1024 === 0) await pause();
    const row = unusual.rows[i] as (typeof unusual.rows)[number];
    const own = byEmployee.get(row.employee);
    if (!own) continue;
    const date = days[row.day] as string;
    own.unusual.set(date, {
      date,
      clock_in: row.has_in ? CLOCKED : null,
      clock_out: row.has_out ? CLOCKED : null,
      clock_in_status: row.clock_in_status,
      clock_out_status: row.clock_out_status,
      late_minutes: row.late_minutes,
      early_minutes: row.early_minutes,
      shift_start: row.shift_start,
      shift_finish: row.shift_finish,
    });
  }
  return byEmployee;
}
