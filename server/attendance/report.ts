/**
 * Attendance over a range of days for many employees at once: the daily screen (one day), the monthly report (a
 * month) and payroll's totals (`attendanceTotals`) all read it here, so a cell and a total never disagree.
 *
 * Set-based: a fixed handful of queries whatever the number of employees (the employees, their attendances, and
 * sched's and leave's loaders, each set-based), then one pass in memory over employees × days.
 */
import { sql } from 'drizzle-orm';
import { employedOn } from '../../common/employment.ts';
import type { Executor } from '../db/connect.ts';
import { loadTogether } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import { loadHolidays, loadLeaveDays } from '../leave/calendar.ts';
import {
  companyReach,
  employeesInReachSql,
  inCompanySql,
  isDepartmentLimited,
  type Reach,
  reachOf,
  type Scope,
} from '../scope/scope.ts';
import { loadScheduleView } from './schedule.ts';
import {
  type ClockStatus,
  type DayKind,
  dayBegun,
  dayKind,
  type EffectiveTimes,
  effectiveTimes,
  jakartaDate,
  nextDate,
  type ShiftType,
  type StoredTimes,
} from './status.ts';

export interface EmployeeInfo {
  _id: string;
  employee_id: string;
  fullname: string;
  join_date: string | null;
  exit_date: string | null;
  department: { _id: string; name: string } | null;
  location: { _id: string; name: string } | null;
  group: { _id: string; name: string } | null;
}

export interface ClockCell {
  /** ISO timestamp. */
  time: string;
  status: ClockStatus;
}

/** One employee's day: what the attendance cell shows (spec 2.4) and what the totals count. */
export interface DayCell {
  date: string;
  kind: DayKind;
  /** A working day of the employee (sched's rule), holiday or not. */
  working: boolean;
  shift: {
    _id: string;
    code: string;
    name: string;
    type: ShiftType;
    start_time: string | null;
    finish_time: string | null;
  } | null;
  attendance: {
    _id: string;
    clock_in: ClockCell | null;
    clock_out: ClockCell | null;
    late_minutes: number;
    early_minutes: number;
    original_clock_in: string | null;
    original_clock_out: string | null;
    source: string;
    auto_closed: boolean;
  } | null;
  leave: { type: string; unit: string; status: string } | null;
  holiday: { name: string } | null;
}

/** The totals payroll needs, per employee and month (server/attendance/README.md). */
export interface AttendanceTotals {
  employee: string;
  /** Working days (a resolved shift that is a working day, or the employee's work_days) that are not holidays. */
  scheduled_days: number;
  /** Days with a clock-in or a clock-out. */
  present: number;
  late: number;
  late_minutes: number;
  early: number;
  early_minutes: number;
  /** Days with a missed clock-in or clock-out (after the day closed). */
  missed: number;
  /** Working days begun without attendance, leave or holiday. */
  absent: number;
  /** Leave days on working days by leave type name (a half day counts 0.5). */
  leave: Record<string, number>;
  /** Holidays falling on the employee's working days. */
  holidays: number;
}

export interface GridFilters {
  department?: string | undefined;
  location?: string | undefined;
  group?: string | undefined;
  employeeIds?: string[] | undefined;
}

interface AttendanceRow extends StoredTimes {
  id: string;
  employee: string;
  original_clock_in: string | null;
  original_clock_out: string | null;
  source: string;
}

/** A list of ids as one parameter (a JS array would become one parameter per element). */
export const uuidList = (ids: readonly string[]) =>
  sql`select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)`;

/** The days from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDate(day)) days.push(day);
  return days;
}

/**
 * Who a grid reads: a company id (system callers: payroll, its pre-check) reads the whole company; a caller's scope or
 * reach, the employees it reaches (a department admin's department).
 */
export type GridReach = Scope | Reach | string;
const reachFrom = (who: GridReach): Reach => (typeof who === 'string' ? companyReach(who) : reachOf(who));

export async function loadEmployees(
  db: Executor,
  who: GridReach,
  range: { from: string; to: string },
  filters: GridFilters = {},
): Promise<EmployeeInfo[]> {
  const reach = reachFrom(who);
  if (reach.department === null) return [];
  const conditions = [
    employeesInReachSql(reach, 'e'),
    // Employed on some day of the range (common/employment.ts `employedOn`); each day's cell checks the day.
    employedSql('e', range.from, range.to),
  ];
  if (filters.department) conditions.push(sql`e.department_id = ${filters.department}`);
  if (filters.location) conditions.push(sql`e.location_id = ${filters.location}`);
  if (filters.group) conditions.push(sql`m.group_id = ${filters.group}`);
  if (filters.employeeIds) conditions.push(sql`e.id in (${uuidList(filters.employeeIds)})`);
  const result = await db.execute(sql`
    select e.id as "_id", e.employee_id, e.fullname, e.join_date::text as join_date, e.exit_date::text as exit_date,
      case when d.id is null then null else json_build_object('_id', d.id, 'name', d.name) end as department,
      case when l.id is null then null else json_build_object('_id', l.id, 'name', l.name) end as location,
      case when g.id is null then null else json_build_object('_id', g.id, 'name', g.name) end as "group"
    from employees e
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    left join attendance_group_members m on m.employee_id = e.id
    left join attendance_groups g on g.id = m.group_id
    where ${sql.join(conditions, sql` and `)}
    order by e.employee_id`);
  return result.rows as unknown as EmployeeInfo[];
}

async function loadAttendances(
  db: Executor,
  reach: Reach,
  range: { from: string; to: string },
  employeeIds: string[] | undefined,
): Promise<Map<string, Map<string, AttendanceRow>>> {
  const result = await db.execute(sql`
    select id, employee_id as employee, date::text as date,
      to_json(clock_in) #>> '{}' as clock_in, to_json(clock_out) #>> '{}' as clock_out,
      clock_in_status, clock_out_status, late_minutes, early_minutes, shift_start, shift_finish,
      to_json(original_clock_in) #>> '{}' as original_clock_in, to_json(original_clock_out) #>> '{}' as original_clock_out,
      source
    from attendances a
    where ${inCompanySql(reach, 'a')} and date between ${range.from} and ${range.to}
      ${employeeIds ? sql`and employee_id in (${uuidList(employeeIds)})` : sql``}`);
  // Per employee, then per date: no key string built per lookup.
  const map = new Map<string, Map<string, AttendanceRow>>();
  for (const row of result.rows as unknown as AttendanceRow[]) {
    let days = map.get(row.employee);
    if (!days) {
      days = new Map();
      map.set(row.employee, days);
    }
    days.set(row.date, row);
  }
  return map;
}

export interface AttendanceGrid {
  employees: EmployeeInfo[];
  days: string[];
  /** The cell of an employee (index in `employees`) on a day (index in `days`); null outside employment. */
  cell(employee: number, day: number): DayCell | null;
}

/** Loads employees × days with every cell, set-based. `now` (ms) decides what is missed or absent. */
export async function loadAttendanceGrid(
  db: Executor,
  who: GridReach,
  range: { from: string; to: string },
  filters: GridFilters = {},
  now = Date.now(),
): Promise<AttendanceGrid> {
  const reach = reachFrom(who);
  const { companyId } = reach;
  const employees = await loadEmployees(db, reach, range, filters);
  const days = daysOf(range.from, range.to);
  if (employees.length === 0) return { employees, days, cell: () => null };
  const filtered = !!(
    filters.department ||
    filters.location ||
    filters.group ||
    isDepartmentLimited(reach) ||
    filters.employeeIds
  );
  const employeeIds = filtered ? employees.map((e) => e._id) : undefined;
  const scope = { ...range, ...(employeeIds ? { employeeIds } : {}) };
  // One schedule load for shifts, working days and groups; one after the other inside a transaction (payroll's).
  const [schedule, holidays, leaveOn, attendances] = await loadTogether(db, [
    () => loadScheduleView(db, companyId, scope),
    () => loadHolidays(db, companyId, range.from, range.to),
    () => loadLeaveDays(db, companyId, range.from, range.to, employeeIds ? { employeeIds } : undefined),
    () => loadAttendances(db, reach, range, employeeIds),
  ] as const);
  const today = jakartaDate(now);
  // One shift and one holiday object each, shared by every cell that shows it (cells are read, never changed).
  const shiftCells = new Map<string, NonNullable<DayCell['shift']>>();
  const shiftCell = (shift: NonNullable<ReturnType<typeof schedule.resolve>>) => {
    let out = shiftCells.get(shift.id);
    if (!out) {
      out = {
        _id: shift.id,
        code: shift.code,
        name: shift.name,
        type: shift.type,
        start_time: shift.start_time,
        finish_time: shift.finish_time,
      };
      shiftCells.set(shift.id, out);
    }
    return out;
  };
  const holidayCells = new Map<string, { name: string }>();
  const holidayCell = (holiday: { id: string; name: string }) => {
    let out = holidayCells.get(holiday.id);
    if (!out) {
      out = { name: holiday.name };
      holidayCells.set(holiday.id, out);
    }
    return out;
  };
  const cell = (index: number, dayIndex: number): DayCell | null => {
    const employee = employees[index]!;
    const date = days[dayIndex]!;
    if (!employedOn(employee, date)) return null;
    const shift = schedule.resolve(employee._id, date);
    const stored = attendances.get(employee._id)?.get(date);
    const holiday = holidays.get(date) ?? null;
    const leave = leaveOn(employee._id, date);
    const isWorking = schedule.isWorking(employee._id, date, shift);
    const times: EffectiveTimes | null = stored
      ? effectiveTimes(stored, now, schedule.groupOf(employee._id)?.auto_closed ?? false)
      : null;
    return {
      date,
      working: isWorking,
      kind: dayKind({
        hasAttendance: !!stored && !!(stored.clock_in || stored.clock_out),
        holiday: !!holiday,
        leave: !!leave,
        working: isWorking,
        begun: dayBegun(date, today, now, () => shift?.start_time),
      }),
      shift: shift ? shiftCell(shift) : null,
      attendance:
        stored && times
          ? {
              _id: stored.id,
              clock_in:
                times.clock_in && times.clock_in_status
                  ? { time: times.clock_in, status: times.clock_in_status }
                  : missedCell(times.clock_in_status),
              clock_out:
                times.clock_out && times.clock_out_status
                  ? { time: times.clock_out, status: times.clock_out_status }
                  : missedCell(times.clock_out_status),
              late_minutes: times.late_minutes,
              early_minutes: times.early_minutes,
              original_clock_in: stored.original_clock_in,
              original_clock_out: stored.original_clock_out,
              source: stored.source,
              auto_closed: times.auto_closed,
            }
          : null,
      leave: leave ? { type: leave.type, unit: leave.unit, status: leave.status } : null,
      holiday: holiday ? holidayCell(holiday) : null,
    };
  };
  return { employees, days, cell };
}

/** A missed time has no time: the cell carries the status alone (time empty). */
const missedCell = (status: ClockStatus | null): ClockCell | null =>
  status === 'missed' ? { time: '', status } : null;

/** Totals of one employee's cells. */
export function totalsOf(employee: string, cells: readonly (DayCell | null)[]): AttendanceTotals {
  const totals: AttendanceTotals = {
    employee,
    scheduled_days: 0,
    present: 0,
    late: 0,
    late_minutes: 0,
    early: 0,
    early_minutes: 0,
    missed: 0,
    absent: 0,
    leave: {},
    holidays: 0,
  };
  for (const cell of cells) {
    if (!cell) continue;
    const working = cell.working;
    if (working && !cell.holiday) totals.scheduled_days++;
    if (working && cell.holiday) totals.holidays++;
    const attendance = cell.attendance;
    if (cell.kind === 'present' && attendance) {
      totals.present++;
      if (attendance.clock_in?.status === 'late') {
        totals.late++;
        totals.late_minutes += attendance.late_minutes;
      }
      if (attendance.clock_out?.status === 'early') {
        totals.early++;
        totals.early_minutes += attendance.early_minutes;
      }
      if (attendance.clock_in?.status === 'missed' || attendance.clock_out?.status === 'missed') totals.missed++;
    }
    if (cell.kind === 'absent') totals.absent++;
    if (cell.kind === 'leave' && cell.leave && working) {
      totals.leave[cell.leave.type] = (totals.leave[cell.leave.type] ?? 0) + (cell.leave.unit === 'half_day' ? 0.5 : 1);
    }
  }
  return totals;
}

/** The month's first and last day. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from, to: `${from.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/**
 * Payroll's attendance totals for a month: one entry per employee employed in it (or per `employeeIds`). The one
 * function payroll calls (its `loadAttendanceTotals` seam); shape documented in server/attendance/README.md.
 */
export async function attendanceTotals(
  db: Executor,
  companyId: string,
  args: { year: number; month: number; employeeIds?: string[] },
  now = Date.now(),
): Promise<Map<string, AttendanceTotals>> {
  const range = monthRange(args.year, args.month);
  const grid = await loadAttendanceGrid(db, companyId, range, { employeeIds: args.employeeIds }, now);
  return totalsOfGrid(grid);
}

/** Totals of every employee of a loaded grid. */
export function totalsOfGrid(grid: AttendanceGrid): Map<string, AttendanceTotals> {
  const out = new Map<string, AttendanceTotals>();
  grid.employees.forEach((employee, index) => {
    const cells = grid.days.map((_, day) => grid.cell(index, day));
    out.set(employee._id, totalsOf(employee._id, cells));
  });
  return out;
}
