/** Data access for group members, the weekly pattern's shifts and the roster (issue #12). Company-scoped throughout. */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { attendanceGroupMembers, attendanceGroups, employees, rosterEntries, shifts } from '../db/schema.ts';

export async function findGroup(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({ id: attendanceGroups.id, name: attendanceGroups.name, type: attendanceGroups.type })
    .from(attendanceGroups)
    .where(and(eq(attendanceGroups.company_id, companyId), eq(attendanceGroups.id, id)));
  return row ?? null;
}

/** The group's members, by employee id, with what a roster row shows. */
export function groupMembers(db: Executor, companyId: string, groupId: string) {
  return db
    .select({ _id: employees.id, employee_id: employees.employee_id, fullname: employees.fullname })
    .from(attendanceGroupMembers)
    .innerJoin(employees, eq(employees.id, attendanceGroupMembers.employee))
    .where(and(eq(attendanceGroupMembers.company_id, companyId), eq(attendanceGroupMembers.group, groupId)))
    .orderBy(asc(employees.fullname), asc(employees.employee_id));
}

/** Which of these ids are employees of the company. */
export async function companyEmployees(db: Executor, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.company_id, companyId), inArray(employees.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Members of these employees in groups other than `groupId`: employee -> that group. */
export async function otherGroupsOf(db: Executor, companyId: string, groupId: string, ids: string[]) {
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
        eq(attendanceGroupMembers.company_id, companyId),
        inArray(attendanceGroupMembers.employee, ids),
        sql`${attendanceGroupMembers.group} <> ${groupId}`,
      ),
    );
}

export async function replaceMembers(db: Executor, companyId: string, groupId: string, ids: string[]) {
  await db
    .delete(attendanceGroupMembers)
    .where(and(eq(attendanceGroupMembers.company_id, companyId), eq(attendanceGroupMembers.group, groupId)));
  if (ids.length)
    await db
      .insert(attendanceGroupMembers)
      .values(ids.map((employee) => ({ company_id: companyId, group: groupId, employee })));
}

/** The company's shifts by lower-cased code. */
export async function shiftsByCode(db: Executor, companyId: string) {
  const rows = await db
    .select({ id: shifts.id, code: shifts.code })
    .from(shifts)
    .where(eq(shifts.company_id, companyId));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** Which of these shift ids are the company's. */
export async function companyShiftIds(db: Executor, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.company_id, companyId), inArray(shifts.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Groups whose weekly pattern uses one of these shifts. */
export async function groupsUsingShifts(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: attendanceGroups.id, name: attendanceGroups.name })
    .from(attendanceGroups)
    .where(
      and(
        eq(attendanceGroups.company_id, companyId),
        sql`exists (select 1 from jsonb_each_text(${attendanceGroups.schedule}) s where s.value = any(${`{${ids.join(',')}}`}::text[]))`,
      ),
    );
}

export function rosterCells(db: Executor, companyId: string, employeeIds: string[], from: string, to: string) {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ employee: rosterEntries.employee, date: rosterEntries.date, code: shifts.code })
    .from(rosterEntries)
    .innerJoin(shifts, eq(shifts.id, rosterEntries.shift))
    .where(
      and(
        eq(rosterEntries.company_id, companyId),
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
  companyId: string,
  userId: string,
  set: { employee: string; date: string; shift: string }[],
  clear: { employee: string; date: string }[],
) {
  const array = (values: string[]) => `{${values.join(',')}}`;
  if (clear.length) {
    await db.execute(sql`
      delete from roster_entries r using unnest(${array(clear.map((c) => c.employee))}::uuid[],
        ${array(clear.map((c) => c.date))}::date[]) as c(employee_id, date)
      where r.company_id = ${companyId} and r.employee_id = c.employee_id and r.date = c.date`);
  }
  if (set.length) {
    await db.execute(sql`
      insert into roster_entries (company_id, employee_id, date, shift_id, updated_at, updated_by)
      select ${companyId}, c.employee_id, c.date, c.shift_id, now(), ${userId}
      from unnest(${array(set.map((c) => c.employee))}::uuid[], ${array(set.map((c) => c.date))}::date[],
        ${array(set.map((c) => c.shift))}::uuid[]) as c(employee_id, date, shift_id)
      on conflict (employee_id, date) do update
        set shift_id = excluded.shift_id, updated_at = excluded.updated_at, updated_by = excluded.updated_by
        where roster_entries.shift_id is distinct from excluded.shift_id`);
  }
}
