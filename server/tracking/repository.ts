/**
 * live-tracking's data access: the latest clock positions of a group's members and the group itself, with the company
 * and department conditions of the scope module (issue 24).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { employeesInReachSql, inCompanySql, type Reach, type Scope, sameCompanySql } from '../scope/scope.ts';

export interface Position {
  employee: { _id: string; fullname: string; employee_id: string };
  position: {
    date: string;
    type: 'in' | 'out';
    time: string;
    latitude: number;
    longitude: number;
    offsite: boolean;
  } | null;
}

/**
 * The group's members (of the caller's company, and of their department for an admin_department caller) with their
 * latest positioned clock: the later of a day's clock-out and clock-in that carries coordinates, on the latest such
 * day. Members are sorted by name.
 */
export async function latestPositions(db: Db, scope: Scope | Reach, group: string): Promise<Position[]> {
  const { rows } = await db.execute<{
    id: string;
    fullname: string;
    employee_id: string;
    date: string | null;
    type: 'in' | 'out' | null;
    time: string | null;
    latitude: string | number | null;
    longitude: string | number | null;
    offsite: boolean | null;
  }>(sql`
    select e.id, e.fullname, e.employee_id, p.date::text as date, p.type, p.time, p.latitude, p.longitude, p.offsite
    from live_tracking_groups g
    join employees e on e.id = any(g.member_ids) and ${sameCompanySql('e', 'g')}
    left join lateral (
      select a.date,
             case when a.clock_out_latitude is not null then 'out' else 'in' end as type,
             to_char(case when a.clock_out_latitude is not null then a.clock_out else a.clock_in end at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time,
             coalesce(a.clock_out_latitude, a.clock_in_latitude) as latitude,
             case when a.clock_out_latitude is not null then a.clock_out_longitude else a.clock_in_longitude end as longitude,
             case when a.clock_out_latitude is not null then a.clock_out_offsite else a.clock_in_offsite end as offsite
      from attendances a
      where a.employee_id = e.id and ${inCompanySql(scope, 'a')}
        and (a.clock_in_latitude is not null or a.clock_out_latitude is not null)
      order by a.date desc
      limit 1
    ) p on true
    where g.id = ${group} and ${inCompanySql(scope, 'g')} and ${employeesInReachSql(scope, 'e')}
    order by lower(e.fullname), e.id`);
  return rows.map((r) => ({
    employee: { _id: r.id, fullname: r.fullname, employee_id: r.employee_id },
    position:
      r.date && r.type && r.time && r.latitude !== null && r.longitude !== null
        ? {
            date: r.date,
            type: r.type,
            time: r.time,
            latitude: Number(r.latitude),
            longitude: Number(r.longitude),
            offsite: Boolean(r.offsite),
          }
        : null,
  }));
}

/** Whether the live-tracking group exists in the caller's company. */
export async function trackingGroupExists(db: Db, scope: Scope | Reach, id: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select g.id from live_tracking_groups g where g.id = ${id} and ${inCompanySql(scope, 'g')}`,
  );
  return rows.length > 0;
}

/** Which of these ids (uuids) are employees the caller reaches. */
export async function knownEmployees(db: Db, scope: Scope | Reach, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(
    sql`select e.id from employees e where ${employeesInReachSql(scope, 'e')} and e.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.id));
}
