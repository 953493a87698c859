/**
 * Demo tracking (seedTracking, called from server/seed/demo.ts after attendance): real coordinates for the demo
 * companies' locations (the offsite rule and the map need them), two live-tracking groups per company (field sales:
 * the Sales department; drivers: the Driver job title), and positions on those members' clocks of the last two
 * weeks: near their location (on site), with about one clock in five a few kilometres away (a customer visit, a
 * delivery) and flagged offsite. Set-based: a handful of statements whatever the number of employees.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

/** Code, latitude, longitude, radius (m): head offices 200 m, plants and warehouses 500 m, branches 150 m. */
const sites: readonly (readonly [string, number, number, number])[] = [
  ['JKT-HQ', -6.22531, 106.80834, 200], // SCBD, Jakarta Selatan
  ['CKR-WH', -6.29352, 107.15214, 500], // Jababeka, Cikarang
  ['BDG', -6.91469, 107.60981, 150], // Jl. Asia Afrika, Bandung
  ['SBY', -7.26528, 112.74298, 150], // Jl. Basuki Rahmat, Surabaya
  ['SMG', -6.99316, 110.42031, 150], // Simpang Lima, Semarang
  ['MDN', 3.59518, 98.67223, 150], // Jl. Imam Bonjol, Medan
  ['MKS', -5.14769, 119.43268, 150], // Pantai Losari, Makassar
  ['DPS', -8.67051, 115.21262, 150], // Renon, Denpasar
  ['BDG-HQ', -6.90389, 107.61861, 200], // Jl. Diponegoro, Bandung
  ['CMH-PLANT', -6.87222, 107.54253, 500], // Cimahi industrial estate
  ['JKT', -6.17511, 106.86504, 150], // Kemayoran, Jakarta Pusat
];

export async function seedTracking(tx: Executor, today: string) {
  const values = sql.join(
    sites.map(([code, lat, lon, radius]) => sql`(${code}::text, ${lat}::numeric, ${lon}::numeric, ${radius}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update locations l set latitude = v.lat, longitude = v.lon, radius = v.radius
    from (values ${values}) as v(code, lat, lon, radius) where l.code = v.code`);

  await tx.execute(sql`
    insert into live_tracking_groups (company_id, name, description, member_ids)
    select c.id, g.name, g.description, coalesce((
      select array_agg(id order by employee_id) from (
        select e.id, e.employee_id from employees e
        left join users u on u.id = e.user_id
        left join departments d on d.id = e.department_id
        left join job_titles j on j.id = e.job_title_id
        where e.company_id = c.id and e.exit_date is null
          and (case when g.kind = 'sales' then d.code = 'SLS' else j.code = 'DRV' end)
        -- The demo login 'employee' (a sales person) is followed, so the demo shows their own clock on the map.
        order by (u.username = 'employee') desc nulls last, e.employee_id limit 15) m), '{}')
    from companies c
    cross join (values
      ('Field Sales', 'Sales people visiting customers: their clocks show where they start and end the day.', 'sales'),
      ('Drivers', 'Delivery and pool drivers.', 'drivers')) as g(name, description, kind)
    where exists (select 1 from employees e where e.company_id = c.id)`);

  // Positions on the members' clocks of the last 14 days: on site within ~80 m, or one in five 1.5–4 km away.
  await tx.execute(sql`
    with members as (
      select distinct g.company_id, unnest(g.member_ids) as employee_id from live_tracking_groups g
    ), placed as (
      select a.id, l.latitude::float8 as lat, l.longitude::float8 as lon,
        (abs(hashtext(a.id::text)) % 5 = 0) as away_in,
        (abs(hashtext(a.id::text || 'out')) % 5 = 0) as away_out,
        hashtext(a.id::text || 'a') / 2147483648.0 as r1, hashtext(a.id::text || 'b') / 2147483648.0 as r2,
        hashtext(a.id::text || 'c') / 2147483648.0 as r3, hashtext(a.id::text || 'd') / 2147483648.0 as r4
      from attendances a
      join members m on m.employee_id = a.employee_id and m.company_id = a.company_id
      join employees e on e.id = a.employee_id
      join locations l on l.id = e.location_id and l.latitude is not null
      where a.date between ${today}::date - 14 and ${today}::date
    )
    update attendances a set
      clock_in_latitude = case when a.clock_in is null then null
        else round((p.lat + p.r1 * case when p.away_in then 0.03 else 0.0007 end)::numeric, 6) end,
      clock_in_longitude = case when a.clock_in is null then null
        else round((p.lon + p.r2 * case when p.away_in then 0.03 else 0.0007 end)::numeric, 6) end,
      clock_in_offsite = a.clock_in is not null and p.away_in and (abs(p.r1) > 0.3 or abs(p.r2) > 0.3),
      clock_out_latitude = case when a.clock_out is null then null
        else round((p.lat + p.r3 * case when p.away_out then 0.03 else 0.0007 end)::numeric, 6) end,
      clock_out_longitude = case when a.clock_out is null then null
        else round((p.lon + p.r4 * case when p.away_out then 0.03 else 0.0007 end)::numeric, 6) end,
      clock_out_offsite = a.clock_out is not null and p.away_out and (abs(p.r3) > 0.3 or abs(p.r4) > 0.3)
    from placed p where p.id = a.id`);
}
