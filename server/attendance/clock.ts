/**
 * What a clock-in or clock-out needs to know, in as few round trips as the morning rush allows (issue #12: 10,000
 * clock-ins in 5 minutes, p99 under 100 ms). Decision 0055.
 *
 * - `loadClockContext`: ONE query for the signed-in user's employee, attendance group and the shifts of yesterday
 *   and today (overrides, roster, weekly pattern), plus whether yesterday's record is still open (a night shift's
 *   clock-out). The shift is still resolved by `resolveShift` (schedule.ts), the one rule, from the rows it returns.
 * - `ClockCache`: the company's located sites (offsite rule) and holidays, which change a few times a year, kept per
 *   company for CACHE_TTL_MS and dropped at once when this process writes a location or a holiday (`onRoute` hooks on
 *   those routes only). Another API process sees such a write within the TTL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import type { Executor } from '../db/connect.ts';
import { loadHolidays } from '../leave/calendar.ts';
import { companyReach, inCompanySql, type Reach, type Scope } from '../scope/scope.ts';
import type { Fix, Site } from './offsite.ts';
import {
  type AttendanceGroupSettings,
  type ResolvedShift,
  resolveShift,
  type ShiftDefinition,
  toShiftDefinition,
  type WeeklySchedule,
} from './schedule.ts';

export interface ClockContext {
  employee: string;
  group: AttendanceGroupSettings | null;
  /** The resolved shift on `from` or `to` (the two dates loaded). */
  shiftOn(date: string): ResolvedShift | null;
  /** The record of `from` has a clock-in and no clock-out (a night shift still open). */
  openOnFrom: boolean;
  /** The employee's latest clock that carried a position (implausible travel is measured from it). */
  lastFix: Fix | null;
}

interface ContextRow {
  employee: string;
  group_id: string | null;
  group_name: string | null;
  group_type: AttendanceGroupSettings['type'] | null;
  auto_closed: boolean | null;
  allowed_offsite_clock_in: boolean | null;
  allowed_offsite_clock_out: boolean | null;
  schedule: WeeklySchedule | null;
  overrides: { date: string; shift: string }[];
  roster: { date: string; shift: string }[];
  shifts: ShiftDefinition[];
  open_on_from: boolean;
  last_fix: { at: string; latitude: number | string; longitude: number | string; accuracy: number | null } | null;
}

/**
 * The signed-in user's clock context for the dates `from` (yesterday) and `to` (today), or null when the user has
 * no employee record in the company. One statement.
 */
export async function loadClockContext(
  db: Executor,
  scope: Scope | Reach,
  userId: string,
  from: string,
  to: string,
): Promise<ClockContext | null> {
  const company = (alias: string) => inCompanySql(scope, alias);
  const result = await db.execute(sql`
    with me as (
      select e.id, m.group_id from employees e
      left join attendance_group_members m on m.employee_id = e.id and ${company('m')}
      where e.user_id = ${userId} and ${company('e')}
      limit 1
    ), g as (
      select ag.* from attendance_groups ag join me on ag.id = me.group_id where ${company('ag')}
    ), o as (
      select so.date, so.shift_id from shift_overrides so join me on so.employee_id = me.id
      where ${company('so')} and so.date between ${from}::date and ${to}::date
    ), r as (
      select re.date, re.shift_id from roster_entries re join me on re.employee_id = me.id
      where ${company('re')} and re.date between ${from}::date and ${to}::date
    )
    select me.id as employee, g.id as group_id, g.name as group_name, g.type as group_type, g.auto_closed,
      g.allowed_offsite_clock_in, g.allowed_offsite_clock_out, g.schedule,
      coalesce((select json_agg(json_build_object('date', o.date::text, 'shift', o.shift_id)) from o), '[]') as overrides,
      coalesce((select json_agg(json_build_object('date', r.date::text, 'shift', r.shift_id)) from r), '[]') as roster,
      coalesce((select json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name, 'type', s.type,
          'start_time', s.start_time, 'finish_time', s.finish_time, 'minimum_working_hour', s.minimum_working_hour,
          'working_days', s.working_days, 'allowed_attendance', s.allowed_attendance))
        from shifts s where ${company('s')} and (s.id in (select shift_id from o)
          or s.id in (select shift_id from r)
          or s.id::text in (select x.value from g, jsonb_each_text(g.schedule) x))), '[]') as shifts,
      exists (select 1 from attendances a where a.employee_id = me.id and ${company('a')}
        and a.date = ${from}::date and a.clock_in is not null and a.clock_out is null) as open_on_from,
      (select case when p.clock_out_latitude is not null
          then json_build_object('at', p.clock_out, 'latitude', p.clock_out_latitude, 'longitude', p.clock_out_longitude,
            'accuracy', p.clock_out_accuracy)
          else json_build_object('at', p.clock_in, 'latitude', p.clock_in_latitude, 'longitude', p.clock_in_longitude,
            'accuracy', p.clock_in_accuracy) end
        from attendances p where p.employee_id = me.id and ${company('p')} and p.date <= ${to}::date
          and (p.clock_in_latitude is not null or p.clock_out_latitude is not null)
        order by p.date desc limit 1) as last_fix
    from me left join g on true`);
  const row = result.rows[0] as ContextRow | undefined;
  if (!row) return null;
  const shiftById = new Map(row.shifts.map((s) => [s.id, toShiftDefinition(s)]));
  const overrideOn = new Map(row.overrides.map((o) => [o.date, shiftById.get(o.shift)]));
  const rosterOn = new Map(row.roster.map((r) => [r.date, shiftById.get(r.shift)]));
  const group: AttendanceGroupSettings | null =
    row.group_id && row.group_type
      ? {
          id: row.group_id,
          name: row.group_name ?? '',
          type: row.group_type,
          auto_closed: !!row.auto_closed,
          allowed_offsite_clock_in: !!row.allowed_offsite_clock_in,
          allowed_offsite_clock_out: !!row.allowed_offsite_clock_out,
        }
      : null;
  const schedule = row.schedule ?? {};
  return {
    employee: row.employee,
    group,
    openOnFrom: row.open_on_from,
    lastFix: row.last_fix
      ? {
          at: Date.parse(row.last_fix.at),
          latitude: Number(row.last_fix.latitude),
          longitude: Number(row.last_fix.longitude),
          accuracy: row.last_fix.accuracy,
        }
      : null,
    shiftOn(date) {
      if (date !== from && date !== to) throw new RangeError(`${date} is outside the loaded dates ${from}, ${to}`);
      return resolveShift({
        date,
        override: overrideOn.get(date),
        roster: rosterOn.get(date),
        group: group ? { type: group.type, schedule } : null,
        shiftById: (id) => shiftById.get(id),
      });
    },
  };
}

/** How long a process trusts its copy of a company's sites and holidays (decision 0055). */
export const CACHE_TTL_MS = 30_000;

interface Entry<T> {
  value: Promise<T>;
  until: number;
}

/** Per-company copies of the located sites and the holidays around today, for the clock. */
export class ClockCache {
  private sites = new Map<string, Entry<Site[]>>();
  private holidays = new Map<string, Entry<Set<string>> & { from: string; to: string }>();

  private readonly ttlMs: number;
  /** Monotonic milliseconds (not Date.now(): tests move the wall clock). */
  private readonly clock: () => number;

  constructor(ttlMs = CACHE_TTL_MS, clock: () => number = () => performance.now()) {
    this.ttlMs = ttlMs;
    this.clock = clock;
  }

  /** The company's locations that carry coordinates. */
  sitesOf(db: Executor, companyId: string): Promise<Site[]> {
    const now = this.clock();
    const hit = this.sites.get(companyId);
    if (hit && hit.until > now) return hit.value;
    const value = db
      .execute(sql`
        select l.latitude::float8 as latitude, l.longitude::float8 as longitude, l.radius from locations l
        where ${inCompanySql(companyReach(companyId), 'l')} and l.latitude is not null and l.longitude is not null`)
      .then((r) => r.rows as unknown as Site[]);
    this.keep(this.sites, companyId, { value, until: now + this.ttlMs });
    return value;
  }

  /** Whether `date` is one of the company's holidays; loads the days from `from` to `to` around it at once. */
  async isHoliday(db: Executor, companyId: string, date: string, from: string, to: string): Promise<boolean> {
    const now = this.clock();
    let hit = this.holidays.get(companyId);
    if (!hit || hit.until <= now || date < hit.from || date > hit.to) {
      const value = loadHolidays(db, companyId, from, to).then((m) => new Set(m.keys()));
      hit = { value, until: now + this.ttlMs, from, to };
      this.keep(this.holidays, companyId, hit);
    }
    return (await hit.value).has(date);
  }

  /** Forgets a company's copies (after a write of a location or a holiday). */
  invalidate(companyId: string) {
    this.sites.delete(companyId);
    this.holidays.delete(companyId);
  }

  /** A failed load is not kept. */
  private keep<T, E extends Entry<T>>(map: Map<string, E>, companyId: string, entry: E) {
    map.set(companyId, entry);
    entry.value.catch(() => {
      if (map.get(companyId) === entry) map.delete(companyId);
    });
  }
}

/** The routes whose writes change what the cache holds: the locations and the holidays lists. */
const cachedLists = ['/v1/refs/employees/orgs/locations', '/v1/refs/mass-leave'];

/**
 * Drops a company's cached sites and holidays after any write to the locations or holidays list (generic routes,
 * single or bulk). Attached with an `onRoute` hook to those routes only; call before they are registered.
 */
export function invalidateClockCacheOnWrites(app: FastifyInstance, cache: ClockCache) {
  const drop: onResponseHookHandler = async (request) => {
    const companyId = request.actor?.companyId;
    if (companyId) cache.invalidate(companyId);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (!cachedLists.some((list) => route.url === list || route.url.startsWith(`${list}/`))) return;
    const existing = route.onResponse;
    route.onResponse = [...(existing ? [existing].flat() : []), drop];
  });
}
