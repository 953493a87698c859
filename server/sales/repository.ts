/**
 * Sales data access (issue 29): store assignments, the stores an employee may visit, recording a visit and the visit
 * report. Company and department conditions come from the scope module (server/scope); nothing here writes one by hand.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect.ts';
import { salesVisits } from '../db/schema.ts';
import {
  employeeInReach,
  employeesInReachSql,
  inCompanySql,
  ownedBy,
  type Reach,
  type Scope,
  sameCompanySql,
} from '../scope/scope.ts';

export interface Assignment {
  store_location: string;
  employee: { _id: string; fullname: string; employee_id: string };
}

const toNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** Every assignment of the company's stores to employees the caller reaches, by store code and employee name. */
export async function storeAssignments(db: Executor, scope: Scope | Reach, store?: string): Promise<Assignment[]> {
  const { rows } = await db.execute<{ store_location: string; id: string; fullname: string; employee_id: string }>(sql`
    select a.store_location_id as store_location, e.id, e.fullname, e.employee_id
    from store_location_employees a
    join store_locations s on s.id = a.store_location_id and ${sameCompanySql('s', 'a')}
    join employees e on e.id = a.employee_id and ${sameCompanySql('e', 'a')}
    where ${inCompanySql(scope, 'a')} and ${employeesInReachSql(scope, 'e')}
      ${store ? sql`and a.store_location_id = ${store}` : sql``}
    order by lower(s.code), lower(e.fullname), e.id`);
  return rows.map((r) => ({
    store_location: r.store_location,
    employee: { _id: r.id, fullname: r.fullname, employee_id: r.employee_id },
  }));
}

/** Whether the store exists in the caller's company. */
export async function storeExists(db: Executor, scope: Scope | Reach, id: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select s.id from store_locations s where s.id = ${id} and ${inCompanySql(scope, 's')}`,
  );
  return rows.length > 0;
}

/** Which of these ids are employees the caller reaches. */
export async function reachableEmployees(
  db: Executor,
  scope: Scope | Reach,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(
    sql`select e.id from employees e where ${employeesInReachSql(scope, 'e')} and e.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Replaces a store's assigned employees with `employees`, among those the caller reaches: a department admin changes
 * the assignments of their department's people only, and leaves the others' as they are.
 */
export async function setStoreEmployees(db: Db, scope: Scope, store: string, employees: readonly string[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from store_location_employees a
      where a.store_location_id = ${store} and ${inCompanySql(scope, 'a')} and ${employeeInReach(scope, sql`a.employee_id`)}
        ${
          employees.length
            ? sql`and a.employee_id not in (${sql.join(
                employees.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`);
    if (employees.length === 0) return;
    await tx.execute(sql`
      insert into store_location_employees (company_id, store_location_id, employee_id)
      select ${scope.companyId}::uuid, ${store}::uuid, e.id from employees e
      where ${employeesInReachSql(scope, 'e')} and e.id in (${sql.join(
        employees.map((id) => sql`${id}`),
        sql`, `,
      )})
      on conflict (store_location_id, employee_id) do nothing`);
  });
}

export interface AssignedStore {
  _id: string;
  code: string;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number;
}

/** The active stores an employee is assigned to (all of them, by code). */
export async function assignedStores(db: Executor, scope: Scope, employee: string): Promise<AssignedStore[]> {
  const { rows } = await db.execute<{
    id: string;
    code: string;
    name: string;
    address: string | null;
    latitude: string | number | null;
    longitude: string | number | null;
    radius: number;
  }>(sql`
    select s.id, s.code, s.name, s.address, s.latitude, s.longitude, s.radius
    from store_location_employees a
    join store_locations s on s.id = a.store_location_id and ${sameCompanySql('s', 'a')}
    where a.employee_id = ${employee} and ${inCompanySql(scope, 'a')} and s.active
    order by lower(s.code)`);
  return rows.map((r) => ({
    _id: r.id,
    code: r.code,
    name: r.name,
    address: r.address,
    latitude: toNumber(r.latitude),
    longitude: toNumber(r.longitude),
    radius: Number(r.radius),
  }));
}

export interface NewVisit {
  employee: string;
  store_location: string;
  visited_at: string;
  date: string;
  latitude: number | null;
  longitude: number | null;
  distance_m: number | null;
  within_radius: boolean;
  note: string | null;
  photo: string | null;
  order_value: number;
}

/** Stores a visit (history: it is never edited afterwards). */
export async function insertVisit(db: Executor, scope: Scope, visit: NewVisit): Promise<{ id: string }> {
  const [row] = await db
    .insert(salesVisits)
    .values({ ...ownedBy(scope), ...visit, created_by: scope.actor.userId })
    .returning({ id: salesVisits.id });
  if (!row) throw new Error('The visit was not stored');
  return row;
}

export interface VisitFilter {
  from: string;
  to: string;
  employee?: string;
  store?: string;
  /** Only the visits of this employee (an employee's own list). */
  own?: string;
  limit: number;
}

export interface VisitRow {
  _id: string;
  employee: { _id: string; fullname: string; employee_id: string };
  store: { _id: string; code: string; name: string; latitude: number | null; longitude: number | null; radius: number };
  date: string;
  visited_at: string;
  latitude: number | null;
  longitude: number | null;
  distance_m: number | null;
  within_radius: boolean;
  note: string | null;
  photo: string | null;
  order_value: number;
}

export interface VisitTotals {
  visits: number;
  within_radius: number;
  order_value: number;
  employees: number;
  stores: number;
}

const visitConditions = (scope: Scope | Reach, filter: VisitFilter) => sql`
  ${inCompanySql(scope, 'v')} and ${employeeInReach(scope, sql`v.employee_id`)}
  and v.date between ${filter.from}::date and ${filter.to}::date
  ${filter.employee ? sql`and v.employee_id = ${filter.employee}` : sql``}
  ${filter.own ? sql`and v.employee_id = ${filter.own}` : sql``}
  ${filter.store ? sql`and v.store_location_id = ${filter.store}` : sql``}`;

/**
 * The visits in a date range (Asia/Jakarta days), by employee, day and time, with the totals over every matching
 * visit (not only the rows returned when the limit cuts the list).
 */
export async function visitReport(
  db: Db,
  scope: Scope | Reach,
  filter: VisitFilter,
): Promise<{ rows: VisitRow[]; totals: VisitTotals }> {
  const where = visitConditions(scope, filter);
  const [list, sums] = await Promise.all([
    db.execute<{
      id: string;
      employee_id: string;
      fullname: string;
      employee_code: string;
      store_id: string;
      store_code: string;
      store_name: string;
      store_latitude: string | number | null;
      store_longitude: string | number | null;
      radius: number;
      date: string;
      visited_at: string;
      latitude: string | number | null;
      longitude: string | number | null;
      distance_m: number | null;
      within_radius: boolean;
      note: string | null;
      photo: string | null;
      order_value: string | number;
    }>(sql`
      select v.id, e.id as employee_id, e.fullname, e.employee_id as employee_code,
        s.id as store_id, s.code as store_code, s.name as store_name, s.latitude as store_latitude,
        s.longitude as store_longitude, s.radius, v.date::text as date,
        to_char(v.visited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as visited_at,
        v.latitude, v.longitude, v.distance_m, v.within_radius, v.note, v.photo, v.order_value
      from sales_visits v
      join employees e on e.id = v.employee_id and ${sameCompanySql('e', 'v')}
      join store_locations s on s.id = v.store_location_id and ${sameCompanySql('s', 'v')}
      where ${where}
      order by lower(e.fullname), e.id, v.date, v.visited_at, v.id
      limit ${filter.limit}`),
    db.execute<{ visits: number; within: number; order_value: string | number; employees: number; stores: number }>(sql`
      select count(*)::int as visits, count(*) filter (where v.within_radius)::int as within,
        coalesce(sum(v.order_value), 0)::bigint as order_value, count(distinct v.employee_id)::int as employees,
        count(distinct v.store_location_id)::int as stores
      from sales_visits v where ${where}`),
  ]);
  const total = sums.rows[0];
  return {
    rows: list.rows.map((r) => ({
      _id: r.id,
      employee: { _id: r.employee_id, fullname: r.fullname, employee_id: r.employee_code },
      store: {
        _id: r.store_id,
        code: r.store_code,
        name: r.store_name,
        latitude: toNumber(r.store_latitude),
        longitude: toNumber(r.store_longitude),
        radius: Number(r.radius),
      },
      date: r.date,
      visited_at: r.visited_at,
      latitude: toNumber(r.latitude),
      longitude: toNumber(r.longitude),
      distance_m: r.distance_m,
      within_radius: r.within_radius,
      note: r.note,
      photo: r.photo,
      order_value: Number(r.order_value),
    })),
    totals: {
      visits: total?.visits ?? 0,
      within_radius: total?.within ?? 0,
      order_value: Number(total?.order_value ?? 0),
      employees: total?.employees ?? 0,
      stores: total?.stores ?? 0,
    },
  };
}

/** Whether a stored upload (a photo) of this name belongs to the caller's company. */
export async function photoExists(db: Executor, scope: Scope, name: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select f.id from files f where f.name = ${name} and not f.attachment and ${inCompanySql(scope, 'f')}`,
  );
  return rows.length > 0;
}
