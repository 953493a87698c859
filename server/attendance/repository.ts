/**
 * Data access for group members, the weekly pattern's shifts and the roster (issue #12). Company and department
 * conditions come from the scope module: a department admin reads and writes the members and roster cells of their
 * own department's employees only (issue 24).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import {
  attendanceGroupMembers,
  attendanceGroups,
  attendances,
  employees,
  rosterEntries,
  shifts,
} from '../db/schema.ts';
import {
  employeeInReach,
  employeesInReach,
  inCompany,
  inCompanySql,
  inDepartment,
  ownEmployee,
  ownedBy,
  type Reach,
  type Scope,
} from '../scope/scope.ts';
import type { Travel } from './offsite.ts';

export async function findGroup(db: Executor, scope: Scope | Reach, id: string) {
  const [row] = await db
    .select({ id: attendanceGroups.id, name: attendanceGroups.name, type: attendanceGroups.type })
    .from(attendanceGroups)
    .where(and(inCompany(scope, attendanceGroups), eq(attendanceGroups.id, id)));
  return row ?? null;
}

/** The group's members the caller reaches, by employee id, with what a roster row shows. */
export function groupMembers(db: Executor, scope: Scope | Reach, groupId: string) {
  return db
    .select({ _id: employees.id, employee_id: employees.employee_id, fullname: employees.fullname })
    .from(attendanceGroupMembers)
    .innerJoin(employees, eq(employees.id, attendanceGroupMembers.employee))
    .where(
      and(
        inCompany(scope, attendanceGroupMembers),
        eq(attendanceGroupMembers.group, groupId),
        inDepartment(scope, employees.department),
      ),
    )
    .orderBy(asc(employees.fullname), asc(employees.employee_id));
}

/** Which of these ids are employees the caller reaches (their company, and department for a department admin). */
export async function employeesReached(db: Executor, scope: Scope | Reach, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(employeesInReach(scope, employees), inArray(employees.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Members of these employees in groups other than `groupId`: employee -> that group. */
export async function otherGroupsOf(db: Executor, scope: Scope | Reach, groupId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      employee: attendanceGroupMembers.employee,
      group_id: attendanceGroups.id,
      group_name: attendanceGroups.name,
    })
    .from(attendanceGroupMembers)
    .innerJoin(attendanceGroups, eq(attendanceGroups.id, attendanceGroupMembers.group))
    .where(
      and(
        inCompany(scope, attendanceGroupMembers),
        inArray(attendanceGroupMembers.employee, ids),
        sql`${attendanceGroupMembers.group} <> ${groupId}`,
      ),
    );
}

/**
 * Replaces the group's members the caller reaches with `ids` (which the caller must reach): a department admin's edit
 * leaves the members of other departments in the group.
 */
export async function replaceMembers(db: Executor, scope: Scope | Reach, groupId: string, ids: string[]) {
  await db
    .delete(attendanceGroupMembers)
    .where(
      and(
        inCompany(scope, attendanceGroupMembers),
        eq(attendanceGroupMembers.group, groupId),
        employeeInReach(scope, attendanceGroupMembers.employee),
      ),
    );
  if (ids.length)
    await db
      .insert(attendanceGroupMembers)
      .values(ids.map((employee) => ({ ...ownedBy(scope), group: groupId, employee })));
}

/** The company's shifts by lower-cased code. */
export async function shiftsByCode(db: Executor, scope: Scope | Reach) {
  const rows = await db.select({ id: shifts.id, code: shifts.code }).from(shifts).where(inCompany(scope, shifts));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** Which of these shift ids are the company's. */
export async function companyShiftIds(db: Executor, scope: Scope | Reach, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(inCompany(scope, shifts), inArray(shifts.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Groups whose weekly pattern uses one of these shifts. */
export async function groupsUsingShifts(db: Executor, scope: Scope | Reach, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: attendanceGroups.id, name: attendanceGroups.name })
    .from(attendanceGroups)
    .where(
      and(
        inCompany(scope, attendanceGroups),
        sql`exists (select 1 from jsonb_each_text(${attendanceGroups.schedule}) s where s.value = any(${`{${ids.join(',')}}`}::text[]))`,
      ),
    );
}

export function rosterCells(db: Executor, scope: Scope | Reach, employeeIds: string[], from: string, to: string) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ employee: rosterEntries.employee, date: rosterEntries.date, code: shifts.code })
    .from(rosterEntries)
    .innerJoin(shifts, eq(shifts.id, rosterEntries.shift))
    .where(
      and(
        inCompany(scope, rosterEntries),
        inArray(rosterEntries.employee, employeeIds),
        gte(rosterEntries.date, from),
        lte(rosterEntries.date, to),
      ),
    );
}

/**
 * Writes roster cells set-based: one DELETE for the cleared cells and one INSERT … SELECT FROM unnest … ON CONFLICT
 * for the set ones, whatever their number. A cell that already holds its shift is left alone (no row version, no
 * foreign-key check, its updated_at kept): re-pasting or re-importing a roster writes only what changed.
 */
export async function writeRoster(
  db: Executor,
  scope: Scope | Reach,
  userId: string,
  set: { employee: string; date: string; shift: string }[],
  clear: { employee: string; date: string }[],
) {
  const array = (values: string[]) => `{${values.join(',')}}`;
  if (clear.length) {
    await db.execute(sql`
      delete from roster_entries r using unnest(${array(clear.map((c) => c.employee))}::uuid[],
        ${array(clear.map((c) => c.date))}::date[]) as c(employee_id, date)
      where ${inCompanySql(scope, 'r')} and r.employee_id = c.employee_id and r.date = c.date`);
  }
  if (set.length) {
    await db.execute(sql`
      insert into roster_entries (company_id, employee_id, date, shift_id, updated_at, updated_by)
      select ${scope.companyId}, c.employee_id, c.date, c.shift_id, now(), ${userId}
      from unnest(${array(set.map((c) => c.employee))}::uuid[], ${array(set.map((c) => c.date))}::date[],
        ${array(set.map((c) => c.shift))}::uuid[]) as c(employee_id, date, shift_id)
      on conflict (employee_id, date) do update
        set shift_id = excluded.shift_id, updated_at = excluded.updated_at, updated_by = excluded.updated_by
        where roster_entries.shift_id is distinct from excluded.shift_id`);
  }
}

/** The caller's own employee record in their company (null: none). */
export async function ownEmployeeId(db: Executor, scope: Scope): Promise<string | null> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(ownEmployee(scope, employees)).limit(1);
  return row?.id ?? null;
}

/** What a clock request said about where it came from (issue 24): accuracy, address and implausible travel. */
export interface ClockEvidence {
  clock_in_accuracy: number | null;
  clock_out_accuracy: number | null;
  clock_in_ip: string | null;
  clock_out_ip: string | null;
  clock_in_travel: Travel | null;
  clock_out_travel: Travel | null;
  implausible: boolean;
}

/**
 * The evidence of a date's attendance records the caller reaches, by attendance id: the daily screen's marks. One
 * statement on the (company, date) index; the report and payroll never read it.
 */
export async function clockEvidence(db: Executor, scope: Scope | Reach, date: string) {
  const rows = await db
    .select({
      id: attendances.id,
      clock_in_accuracy: attendances.clock_in_accuracy,
      clock_out_accuracy: attendances.clock_out_accuracy,
      clock_in_ip: attendances.clock_in_ip,
      clock_out_ip: attendances.clock_out_ip,
      clock_in_travel: attendances.clock_in_travel,
      clock_out_travel: attendances.clock_out_travel,
    })
    .from(attendances)
    .where(
      and(inCompany(scope, attendances), eq(attendances.date, date), employeeInReach(scope, attendances.employee)),
    );
  return new Map<string, ClockEvidence>(
    rows.map(({ id, ...row }) => [id, { ...row, implausible: !!(row.clock_in_travel || row.clock_out_travel) }]),
  );
}
