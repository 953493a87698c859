import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crossesMidnight,
  isWorkingDay,
  loadGroupsOf,
  loadShiftResolver,
  loadWorkingDays,
  resolveShift,
  type ShiftDefinition,
  shiftWindow,
  weekdayOf,
} from '../../../server/attendance/schedule.ts';
import type { Database } from '../../../server/db/connect.ts';
import {
  attendanceGroupMembers,
  attendanceGroups,
  companies,
  employees,
  rosterEntries,
  shiftOverrides,
  shifts,
} from '../../../server/db/schema.ts';
import { seedDemo } from '../../../server/seed/demo.ts';
import { openTestDatabase } from '../../support/database.ts';

const shift = (code: string, type: ShiftDefinition['type'], start: string | null, finish: string | null) =>
  ({
    id: `id-${code}`,
    code,
    name: code,
    type,
    start_time: start,
    finish_time: finish,
    minimum_working_hour: 0,
    working_days: 1,
    allowed_attendance: true,
  }) satisfies ShiftDefinition;

const office = shift('OFF8', 'full_day', '08:00', '17:00');
const night = shift('N', 'full_day', '23:00', '07:00');
const off = shift('X', 'off_day', null, null);
const standby = shift('SB', 'standby', null, null);
const byId = new Map([office, night, off, standby].map((s) => [s.id, s]));
const fixed = {
  type: 'fixed_schedule' as const,
  schedule: { mon: office.id, tue: office.id, wed: office.id, thu: office.id, fri: office.id, sat: off.id, sun: null },
};

describe('resolveShift (pure)', () => {
  // 2026-03-02 is a Monday.
  it('knows the weekday of a date', () => {
    expect(['2026-03-02', '2026-03-07', '2026-03-08'].map(weekdayOf)).toEqual(['mon', 'sat', 'sun']);
  });

  it('takes the override over the roster over the weekly pattern', () => {
    const base = { date: '2026-03-02', group: fixed, shiftById: (id: string) => byId.get(id) };
    expect(resolveShift({ ...base, override: night, roster: standby })).toMatchObject({
      code: 'N',
      source: 'override',
    });
    expect(resolveShift({ ...base, roster: standby })).toMatchObject({ code: 'SB', source: 'roster' });
    expect(resolveShift(base)).toMatchObject({ code: 'OFF8', source: 'pattern', start_time: '08:00' });
    expect(resolveShift({ ...base, date: '2026-03-07' })).toMatchObject({ code: 'X', source: 'pattern' });
    // A weekday without a shift in the pattern, and a pattern pointing at an unknown shift: none.
    expect(resolveShift({ ...base, date: '2026-03-08' })).toBeNull();
    expect(resolveShift({ ...base, group: { ...fixed, schedule: { mon: 'gone' } } })).toBeNull();
  });

  it('uses no weekly pattern for working_shift and free_shift groups, and nothing for an employee in no group', () => {
    const date = '2026-03-02';
    expect(resolveShift({ date, group: { ...fixed, type: 'working_shift' }, shiftById: (id) => byId.get(id) })).toBe(
      null,
    );
    expect(resolveShift({ date, group: { ...fixed, type: 'free_shift' }, shiftById: (id) => byId.get(id) })).toBe(null);
    expect(resolveShift({ date })).toBeNull();
    expect(resolveShift({ date, override: office })).toMatchObject({ source: 'override' });
  });

  it('places a shift crossing midnight on the date it starts', () => {
    expect(crossesMidnight(night)).toBe(true);
    expect(crossesMidnight(office)).toBe(false);
    expect(shiftWindow(night, '2026-03-31')).toEqual({
      start: '2026-03-31T16:00:00.000Z',
      finish: '2026-04-01T00:00:00.000Z',
    });
    expect(shiftWindow(office, '2026-03-02')).toEqual({
      start: '2026-03-02T01:00:00.000Z',
      finish: '2026-03-02T10:00:00.000Z',
    });
    expect(shiftWindow(off, '2026-03-02')).toBeNull();
  });

  it('counts every resolved shift but an off day as a working day; without a shift, by the group or work_days', () => {
    expect(isWorkingDay(office, 'fixed_schedule', 5, '2026-03-07')).toBe(true);
    expect(isWorkingDay(standby, 'working_shift', 5, '2026-03-02')).toBe(true);
    expect(isWorkingDay({ type: 'free_working_day' }, null, 5, '2026-03-02')).toBe(true);
    expect(isWorkingDay(off, 'fixed_schedule', 5, '2026-03-02')).toBe(false);
    // Scheduled groups: nothing scheduled is no working day.
    expect(isWorkingDay(null, 'fixed_schedule', 6, '2026-03-02')).toBe(false);
    expect(isWorkingDay(null, 'working_shift', 6, '2026-03-02')).toBe(false);
    // No group, or free_shift: the employee's 5 or 6 work days.
    expect(isWorkingDay(null, null, 5, '2026-03-06')).toBe(true);
    expect(isWorkingDay(null, null, 5, '2026-03-07')).toBe(false);
    expect(isWorkingDay(null, null, 6, '2026-03-07')).toBe(true);
    expect(isWorkingDay(null, 'free_shift', 6, '2026-03-08')).toBe(false);
  });
});

describe('loaders (set-based, on the database)', () => {
  let database: Database;
  let companyId: string;
  let otherCompanyId: string;
  let people: { id: string; work_days: number }[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, { employees: { DEMO: 6, CJ: 2 } });
    const db = database.db;
    const [demo] = await db.select().from(companies).where(eq(companies.code, 'DEMO'));
    const [cj] = await db.select().from(companies).where(eq(companies.code, 'CJ'));
    companyId = demo?.id as string;
    otherCompanyId = cj?.id as string;
    people = await db
      .select({ id: employees.id, work_days: employees.work_days })
      .from(employees)
      .where(eq(employees.company_id, companyId))
      .orderBy(employees.employee_id);
    // Start from a clean slate whatever the demo seed schedules.
    await db.delete(attendanceGroupMembers).where(eq(attendanceGroupMembers.company_id, companyId));
    await db.delete(rosterEntries).where(eq(rosterEntries.company_id, companyId));
    await db.delete(shiftOverrides).where(eq(shiftOverrides.company_id, companyId));
    for (const s of [office, night, off]) {
      const [row] = await db
        .insert(shifts)
        .values({
          company_id: companyId,
          code: `T${s.code}`,
          name: s.name,
          type: s.type,
          start_time: s.start_time,
          finish_time: s.finish_time,
        })
        .returning();
      ids[s.code] = row?.id as string;
    }
    const [group] = await db
      .insert(attendanceGroups)
      .values({
        company_id: companyId,
        name: 'Test office',
        type: 'fixed_schedule',
        auto_closed: true,
        schedule: { mon: ids.OFF8, tue: ids.OFF8, wed: ids.OFF8, thu: ids.OFF8, fri: ids.OFF8, sat: ids.X },
      })
      .returning();
    const [shiftGroup] = await db
      .insert(attendanceGroups)
      .values({ company_id: companyId, name: 'Test warehouse', type: 'working_shift' })
      .returning();
    const [a, b, , d] = people as [(typeof people)[0], (typeof people)[0], unknown, (typeof people)[0]];
    await db.insert(attendanceGroupMembers).values([
      { company_id: companyId, group: group?.id as string, employee: a.id },
      { company_id: companyId, group: shiftGroup?.id as string, employee: b.id },
    ]);
    await db.insert(rosterEntries).values([
      { company_id: companyId, employee: b.id, date: '2026-03-02', shift: ids.N as string },
      { company_id: companyId, employee: b.id, date: '2026-03-03', shift: ids.X as string },
      { company_id: companyId, employee: a.id, date: '2026-03-04', shift: ids.N as string },
    ]);
    await db.insert(shiftOverrides).values([
      { company_id: companyId, employee: a.id, date: '2026-03-04', shift: ids.X as string, reason: 'swap' },
      { company_id: companyId, employee: d.id, date: '2026-03-02', shift: ids.N as string },
    ]);
    await db.update(employees).set({ work_days: 6 }).where(eq(employees.id, d.id));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('resolves every source for the whole range', async () => {
    const [a, b, c, d] = people.map((p) => p.id) as [string, string, string, string];
    const resolve = await loadShiftResolver(database.db, companyId, { from: '2026-03-01', to: '2026-03-31' });
    expect(resolve(a, '2026-03-02')).toMatchObject({ code: 'TOFF8', source: 'pattern', start_time: '08:00' });
    expect(resolve(a, '2026-03-04')).toMatchObject({ code: 'TX', source: 'override' });
    expect(resolve(a, '2026-03-07')).toMatchObject({ code: 'TX', source: 'pattern', type: 'off_day' });
    expect(resolve(a, '2026-03-08')).toBeNull();
    expect(resolve(b, '2026-03-02')).toMatchObject({ code: 'TN', source: 'roster', finish_time: '07:00' });
    expect(resolve(b, '2026-03-05')).toBeNull();
    expect(resolve(c, '2026-03-02')).toBeNull();
    expect(resolve(d, '2026-03-02')).toMatchObject({ code: 'TN', source: 'override' });
    expect(resolve(a, '2026-03-02')?.minimum_working_hour).toBe(0);
    expect(() => resolve(a, '2026-04-01')).toThrow(RangeError);
  });

  it('narrows to the given employees and sees nothing of another company', async () => {
    const [a, b] = people.map((p) => p.id) as [string, string];
    const only = await loadShiftResolver(database.db, companyId, {
      from: '2026-03-01',
      to: '2026-03-31',
      employeeIds: [b],
    });
    expect(only(a, '2026-03-02')).toBeNull();
    expect(only(b, '2026-03-02')).toMatchObject({ source: 'roster' });
    const other = await loadShiftResolver(database.db, otherCompanyId, { from: '2026-03-01', to: '2026-03-31' });
    expect(other(b, '2026-03-02')).toBeNull();
  });

  it('answers the working-day rule', async () => {
    const [a, b, c, d] = people.map((p) => p.id) as [string, string, string, string];
    const works = await loadWorkingDays(database.db, companyId, { from: '2026-03-01', to: '2026-03-31' });
    expect(works(a, '2026-03-02')).toBe(true); // office
    expect(works(a, '2026-03-04')).toBe(false); // override to off
    expect(works(a, '2026-03-07')).toBe(false); // pattern off
    expect(works(a, '2026-03-08')).toBe(false); // nothing scheduled on Sunday
    expect(works(b, '2026-03-02')).toBe(true); // roster night
    expect(works(b, '2026-03-03')).toBe(false); // roster off
    expect(works(b, '2026-03-05')).toBe(false); // working_shift without a roster cell
    const cDays = people[2]?.work_days;
    expect(works(c, '2026-03-06')).toBe(true); // no group: Friday
    expect(works(c, '2026-03-07')).toBe(cDays === 6);
    expect(works(c, '2026-03-08')).toBe(false);
    expect(works(d, '2026-03-07')).toBe(true); // no group, six work days
    expect(works('00000000-0000-0000-0000-000000000000', '2026-03-02')).toBe(false);
  });

  it('loads the group settings of employees', async () => {
    const [a, b, c] = people.map((p) => p.id) as [string, string, string];
    const groups = await loadGroupsOf(database.db, companyId, [a, b, c]);
    expect(groups.get(a)).toMatchObject({ name: 'Test office', type: 'fixed_schedule', auto_closed: true });
    expect(groups.get(b)).toMatchObject({ name: 'Test warehouse', type: 'working_shift' });
    expect(groups.has(c)).toBe(false);
    expect((await loadGroupsOf(database.db, otherCompanyId, [a, b])).size).toBe(0);
  });
});
