/**
 * Which shift applies to an employee on a date, and whether that date is a working day: the one answer every part of
 * attendance, leave and payroll uses (issue #12). Precedence: a shift override, then the roster (working_shift
 * groups), then the group's weekly pattern (fixed_schedule groups), then none. Decisions 0030 (working days) and
 * 0031 (resolution).
 *
 * The core (`resolveShift`, `isWorkingDay`) is pure; the loaders read everything a range needs in a handful of
 * set-based queries, whatever the number of employees, and return synchronous lookups.
 */
import { and, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { shiftFieldApplies } from '../../common/shifts.ts';
import type { Executor } from '../db/connect.ts';
import {
  attendanceGroupMembers,
  attendanceGroups,
  employees,
  rosterEntries,
  shiftOverrides,
  shifts,
  type shiftTypes,
  type Weekday,
} from '../db/schema.ts';
import { inIds, loadTogether } from '../db/sql.ts';
import { slices } from '../jobs/slices.ts';
import { companyReach, inCompany } from '../scope/scope.ts';

export type ShiftType = (typeof shiftTypes)[number];
export type AttendanceGroupType = (typeof attendanceGroups.$inferSelect)['type'];
/** A database or a transaction (server/db/connect.ts). */
export type Queryable = Executor;

export interface ShiftDefinition {
  id: string;
  code: string;
  name: string;
  type: ShiftType;
  /** HH:mm (Asia/Jakarta); null for off_day, standby and free_working_day. */
  start_time: string | null;
  finish_time: string | null;
  minimum_working_hour: number;
  working_days: number;
  allowed_attendance: boolean;
}

export type ShiftSource = 'override' | 'roster' | 'pattern';
export interface ResolvedShift extends ShiftDefinition {
  source: ShiftSource;
}
export type ShiftResolver = (employeeId: string, date: string) => ResolvedShift | null;

export interface AttendanceGroupSettings {
  id: string;
  name: string;
  type: AttendanceGroupType;
  auto_closed: boolean;
  allowed_offsite_clock_in: boolean;
  allowed_offsite_clock_out: boolean;
}

export type WeeklySchedule = Partial<Record<Weekday, string | null>>;

/** Monday first, as the schedule's keys (ISO weekdays). */
export const weekdays: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** The weekday of a `YYYY-MM-DD` date (a calendar date: no time zone involved). */
export function weekdayOf(date: string): Weekday {
  // Sakamoto's method on the digits: no Date object (the report asks this 310,000 times).
  let y = +date.slice(0, 4);
  const m = +date.slice(5, 7);
  const d = +date.slice(8, 10);
  if (m < 3) y -= 1;
  const day = (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + monthOffsets[m - 1]! + d) % 7; // 0 = Sunday
  return weekdays[(day + 6) % 7] as Weekday;
}
const monthOffsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** What one employee's day is made of; everything optional but the date. */
export interface DayFacts {
  date: string;
  override?: ShiftDefinition | null | undefined;
  roster?: ShiftDefinition | null | undefined;
  group?: { type: AttendanceGroupType; schedule: WeeklySchedule } | null | undefined;
  /** The shifts a weekly pattern's ids point to. */
  shiftById?: (id: string) => ShiftDefinition | undefined;
}

/** Pure: override, then roster, then the weekly pattern of a fixed_schedule group, then none. */
export function resolveShift(facts: DayFacts): ResolvedShift | null {
  if (facts.override) return { ...facts.override, source: 'override' };
  if (facts.roster) return { ...facts.roster, source: 'roster' };
  const group = facts.group;
  if (group?.type === 'fixed_schedule') {
    const id = group.schedule[weekdayOf(facts.date)];
    const shift = id ? facts.shiftById?.(id) : undefined;
    if (shift) return { ...shift, source: 'pattern' };
  }
  return null;
}

/** Does an employee in no group (or a free_shift group) work on this weekday, by the employee's 5 or 6 work days. */
export function worksByWorkDays(workDays: number, date: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 'sun') return false;
  return weekday !== 'sat' || workDays >= 6;
}

/**
 * Pure working-day rule (decision 0030): a resolved shift is a working day unless it is an off_day (standby and
 * free_working_day are working days). Without a resolved shift: an employee in a fixed_schedule or working_shift
 * group is not scheduled, so it is not a working day; an employee in a free_shift group or in no group works by the
 * employee's work_days (5: Monday to Friday, 6: Monday to Saturday).
 */
export function isWorkingDay(
  shift: Pick<ShiftDefinition, 'type'> | null,
  groupType: AttendanceGroupType | null,
  workDays: number,
  date: string,
): boolean {
  if (shift) return shift.type !== 'off_day';
  if (groupType === 'fixed_schedule' || groupType === 'working_shift') return false;
  return worksByWorkDays(workDays, date);
}

/** Does the shift finish on the next day (finish before start)? Its attendance belongs to the start date. */
export function crossesMidnight(shift: Pick<ShiftDefinition, 'start_time' | 'finish_time'>): boolean {
  return !!shift.start_time && !!shift.finish_time && shift.finish_time <= shift.start_time;
}

/** The shift's start and finish on a date as instants (ISO, Asia/Jakarta +07:00); null without times. */
export function shiftWindow(
  shift: Pick<ShiftDefinition, 'start_time' | 'finish_time'>,
  date: string,
): { start: string; finish: string } | null {
  if (!shift.start_time || !shift.finish_time) return null;
  const finishDate = crossesMidnight(shift) ? addDays(date, 1) : date;
  return {
    start: new Date(`${date}T${shift.start_time}:00+07:00`).toISOString(),
    finish: new Date(`${finishDate}T${shift.finish_time}:00+07:00`).toISOString(),
  };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// --- Loaders: a handful of set-based queries for a whole range. ---

export interface ScheduleRange {
  from: string;
  to: string;
  /** Only these employees (default: every employee of the company). */
  employeeIds?: string[] | undefined;
  /** Only these dates of the range (scattered days, e.g. a year's collective leave): nothing else is read. */
  dates?: string[] | undefined;
}

const dateFilter = (column: AnyPgColumn, dates: string[] | undefined) =>
  dates ? sql`${column} = any(${`{${dates.join(',')}}`}::date[])` : undefined;

const shiftColumns = {
  id: shifts.id,
  code: shifts.code,
  name: shifts.name,
  type: shifts.type,
  start_time: shifts.start_time,
  finish_time: shifts.finish_time,
  minimum_working_hour: shifts.minimum_working_hour,
  working_days: shifts.working_days,
  allowed_attendance: shifts.allowed_attendance,
};

/** Every shift of the company by id (a company has tens of shifts). */
export async function loadShifts(db: Queryable, companyId: string): Promise<Map<string, ShiftDefinition>> {
  const rows = await db
    .select(shiftColumns)
    .from(shifts)
    .where(inCompany(companyReach(companyId), shifts));
  return new Map(rows.map((r) => [r.id, toShiftDefinition(r)]));
}

/** A shift row (from a select or a JSON aggregate) as the resolver's definition. */
export function toShiftDefinition(r: ShiftDefinition): ShiftDefinition {
  return {
    ...r,
    minimum_working_hour: Number(r.minimum_working_hour),
    working_days: Number(r.working_days),
    // Where allowed attendance does not apply (long_shift, free_working_day), attendance is allowed (decision 0031).
    allowed_attendance: shiftFieldApplies(r.type, 'allowed_attendance') ? r.allowed_attendance : true,
  };
}

interface GroupOfEmployee {
  group: AttendanceGroupSettings;
  /** What shift resolution reads of the group (DayFacts.group). */
  facts: { type: AttendanceGroupType; schedule: WeeklySchedule };
}

/**
 * Each employee's group and its weekly schedule. The groups (a handful) and the membership (one row per employee) are
 * read apart, so a group's columns and schedule are decoded once and shared, not once per member; the membership is
 * read raw and mapped in slices (a company of 100,000 employees during a payroll run: issue 14, health).
 */
async function loadGroupRows(db: Queryable, companyId: string, employeeIds?: string[]) {
  const [groups, members] = await loadTogether(db, [
    () =>
      db
        .select({
          id: attendanceGroups.id,
          name: attendanceGroups.name,
          type: attendanceGroups.type,
          auto_closed: attendanceGroups.auto_closed,
          allowed_offsite_clock_in: attendanceGroups.allowed_offsite_clock_in,
          allowed_offsite_clock_out: attendanceGroups.allowed_offsite_clock_out,
          schedule: attendanceGroups.schedule,
        })
        .from(attendanceGroups)
        .where(inCompany(companyReach(companyId), attendanceGroups)),
    () =>
      db.execute<{ employee: string; group: string }>(sql`
        select employee_id as employee, group_id as "group" from attendance_group_members
        where ${and(inCompany(companyReach(companyId), attendanceGroupMembers), inIds(attendanceGroupMembers.employee, employeeIds))}`),
  ] as const);
  const byGroup = new Map<string, GroupOfEmployee>();
  for (const { schedule, ...group } of groups) {
    byGroup.set(group.id, { group, facts: { type: group.type, schedule: schedule ?? {} } });
  }
  const byEmployee = new Map<string, GroupOfEmployee>();
  const pause = slices();
  for (let i = 0; i < members.rows.length; i++) {
    if (i % 1024 === 0) await pause();
    const { employee, group } = members.rows[i] as { employee: string; group: string };
    const found = byGroup.get(group);
    if (found) byEmployee.set(employee, found);
  }
  return byEmployee;
}

/** Each employee's attendance group (employees in no group are absent from the map). */
export async function loadGroupsOf(
  db: Queryable,
  companyId: string,
  employeeIds?: string[],
): Promise<Map<string, AttendanceGroupSettings>> {
  const rows = await loadGroupRows(db, companyId, employeeIds);
  return new Map([...rows].map(([employee, { group }]) => [employee, group]));
}

/** A loaded schedule: the shift and the working-day rule of any employee on any date of the range. */
export interface ScheduleView {
  /** The shift (a date outside the range is a programming error: RangeError). */
  resolve: ShiftResolver;
  /**
   * Whether the date is a working day for the employee (decision 0030); pass the shift already resolved for that day
   * to skip resolving it again. An employee of another company, or unknown, has no working days.
   */
  isWorking(employeeId: string, date: string, shift?: ResolvedShift | null): boolean;
  /** The employee's attendance group (undefined when in none). */
  groupOf(employeeId: string): AttendanceGroupSettings | undefined;
}

/**
 * Loads the schedule of a range in five set-based queries (shifts, groups, overrides, roster, employees' work days):
 * one load for the report, the daily screen, leave counting and payroll, whatever the number of employees.
 */
export async function loadScheduleView(
  db: Queryable,
  companyId: string,
  range: ScheduleRange,
  options: { workDays?: boolean } = {},
): Promise<ScheduleView> {
  const { from, to, employeeIds } = range;
  if (from > to) throw new RangeError(`schedule range ${from}..${to} is empty`);
  const only = range.dates ? new Set(range.dates) : null;
  const [shiftById, groupRows, overrides, roster, people] = await loadTogether(db, [
    () => loadShifts(db, companyId),
    () => loadGroupRows(db, companyId, employeeIds),
    () =>
      db
        .select({ employee: shiftOverrides.employee, date: shiftOverrides.date, shift: shiftOverrides.shift })
        .from(shiftOverrides)
        .where(
          and(
            inCompany(companyReach(companyId), shiftOverrides),
            gte(shiftOverrides.date, from),
            lte(shiftOverrides.date, to),
            inIds(shiftOverrides.employee, employeeIds),
            dateFilter(shiftOverrides.date, range.dates),
          ),
        ),
    // The roster is the big one (an employee × every day of the range): one row per employee, the days as a JSON
    // object built by PostgreSQL (10,000 rows to read for a month of 10,000 employees instead of 310,000).
    () =>
      db.execute(sql`
        select employee_id as employee, json_object_agg(date, shift_id)::text as days
        from roster_entries
        where ${and(
          inCompany(companyReach(companyId), rosterEntries),
          gte(rosterEntries.date, from),
          lte(rosterEntries.date, to),
          inIds(rosterEntries.employee, employeeIds),
          dateFilter(rosterEntries.date, range.dates),
        )}
        group by employee_id`),
    () =>
      options.workDays === false
        ? Promise.resolve([])
        : db
            .execute<{ id: string; work_days: number }>(sql`
              select id, work_days from employees
              where ${and(inCompany(companyReach(companyId), employees), inIds(employees.id, employeeIds))}`)
            .then((result) => result.rows),
  ] as const);
  // Per employee, per date: nested maps (no key strings built per lookup: the report makes 310,000 of them).
  const byEmployee = (rows: { employee: string; date: string; shift: string }[]) => {
    const out = new Map<string, Map<string, ShiftDefinition | undefined>>();
    for (const r of rows) {
      let days = out.get(r.employee);
      if (!days) {
        days = new Map();
        out.set(r.employee, days);
      }
      days.set(r.date, shiftById.get(r.shift));
    }
    return out;
  };
  const overrideOf = byEmployee(overrides);
  // The roster's days as PostgreSQL sent them, parsed on an employee's first lookup: the callers that resolve every
  // employee (the report, a payroll run) do it in their own sliced loops, and no single step parses 100,000 rows.
  const rosterDays = new Map<string, string | Record<string, string | undefined>>();
  const pause = slices();
  for (let i = 0; i < roster.rows.length; i++) {
    if (i % 1024 === 0) await pause();
    const row = roster.rows[i] as unknown as { employee: string; days: string };
    rosterDays.set(row.employee, row.days);
  }
  const rosterOf = (employeeId: string, date: string) => {
    let days = rosterDays.get(employeeId);
    if (days === undefined) return undefined;
    if (typeof days === 'string') {
      days = JSON.parse(days) as Record<string, string | undefined>;
      rosterDays.set(employeeId, days);
    }
    const shift = days[date];
    return shift === undefined ? undefined : shiftById.get(shift);
  };
  const workDays = new Map<string, number>();
  for (let i = 0; i < people.length; i++) {
    if (i % 1024 === 0) await pause();
    const p = people[i] as { id: string; work_days: number };
    workDays.set(p.id, p.work_days);
  }
  const shiftOfId = (id: string) => shiftById.get(id);
  const resolve: ShiftResolver = (employeeId, date) => {
    if (date < from || date > to || (only && !only.has(date)))
      throw new RangeError(`${date} is outside the loaded range ${from}..${to}`);
    return resolveShift({
      date,
      override: overrideOf.get(employeeId)?.get(date),
      roster: rosterOf(employeeId, date),
      group: groupRows.get(employeeId)?.facts ?? null,
      shiftById: shiftOfId,
    });
  };
  return {
    resolve,
    isWorking(employeeId, date, shift) {
      const days = workDays.get(employeeId);
      if (days === undefined) return false;
      return isWorkingDay(
        shift === undefined ? resolve(employeeId, date) : shift,
        groupRows.get(employeeId)?.group.type ?? null,
        days,
        date,
      );
    },
    groupOf: (employeeId) => groupRows.get(employeeId)?.group,
  };
}

/** The shift of any employee on any date of the range (a date outside it is a programming error: RangeError). */
export async function loadShiftResolver(
  db: Queryable,
  companyId: string,
  range: ScheduleRange,
): Promise<ShiftResolver> {
  return (await loadScheduleView(db, companyId, range, { workDays: false })).resolve;
}

/**
 * Whether a date is a working day for an employee (leave counting, "scheduled days"); decision 0030. An employee
 * of another company, or unknown, has no working days.
 */
export async function loadWorkingDays(
  db: Queryable,
  companyId: string,
  range: ScheduleRange,
): Promise<(employeeId: string, date: string) => boolean> {
  const view = await loadScheduleView(db, companyId, range);
  return (employeeId, date) => view.isWorking(employeeId, date);
}
