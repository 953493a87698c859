/**
 * Demo sales data (issue 29) for every company whose `sales_menu` setting is on (the demo company DEMO):
 * - `seedSalesStores` (core seed): 25 stores around Jakarta (realistic names, addresses and positions, radius
 *   50–200 m) and a sales team: up to six active Sales department employees (the demo login 'employee' first), each
 *   assigned to about eight stores;
 * - `seedSalesVisits` (a history fill step, server/seed/fill.ts): a year of visits up to yesterday, on working days
 *   (Monday to Friday), three to eight a day per sales employee at their assigned stores, in time order from 09:00,
 *   with an order value on most, and about one in sixteen recorded outside the store's radius.
 * Deterministic (hashes of ids and dates, no random generator) and set-based: one statement each, whatever the size.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

/** Code, name, address, latitude, longitude, radius (m). */
const stores: readonly (readonly [string, string, string, number, number, number])[] = [
  ['JKP-001', 'Toko Sumber Rejeki', 'Jl. Cikini Raya No. 45, Menteng, Jakarta Pusat', -6.19211, 106.83934, 100],
  ['JKP-002', 'Minimarket Berkah Jaya', 'Jl. Kramat Raya No. 112, Senen, Jakarta Pusat', -6.18498, 106.84475, 80],
  [
    'JKP-003',
    'Toko Makmur Abadi',
    'Jl. Gunung Sahari Raya No. 8, Sawah Besar, Jakarta Pusat',
    -6.15866,
    106.83361,
    120,
  ],
  [
    'JKP-004',
    'Swalayan Tanah Abang Sentosa',
    'Jl. KH Mas Mansyur No. 30, Tanah Abang, Jakarta Pusat',
    -6.20303,
    106.81529,
    150,
  ],
  [
    'JKP-005',
    'Toko Kelontong Pak Harjo',
    'Jl. Salemba Raya No. 21, Johar Baru, Jakarta Pusat',
    -6.19414,
    106.85208,
    50,
  ],
  [
    'JKS-001',
    'Grosir Kebayoran Mandiri',
    'Jl. Kyai Maja No. 17, Kebayoran Baru, Jakarta Selatan',
    -6.24254,
    106.79417,
    150,
  ],
  ['JKS-002', 'Toko Sinar Tebet', 'Jl. Tebet Raya No. 58, Tebet, Jakarta Selatan', -6.22601, 106.85452, 80],
  [
    'JKS-003',
    'Minimarket Cilandak Prima',
    'Jl. RS Fatmawati No. 102, Cilandak, Jakarta Selatan',
    -6.29107,
    106.79671,
    100,
  ],
  [
    'JKS-004',
    'Swalayan Pasar Minggu Jaya',
    'Jl. Raya Pasar Minggu No. 9, Pasar Minggu, Jakarta Selatan',
    -6.28408,
    106.84412,
    200,
  ],
  [
    'JKS-005',
    'Toko Mampang Sejahtera',
    'Jl. Mampang Prapatan Raya No. 77, Mampang, Jakarta Selatan',
    -6.24517,
    106.82389,
    60,
  ],
  [
    'JKS-006',
    'Koperasi Kuningan Bersama',
    'Jl. HR Rasuna Said Kav. 5, Setiabudi, Jakarta Selatan',
    -6.21985,
    106.83204,
    120,
  ],
  ['JKB-001', 'Toko Grogol Indah', 'Jl. Kyai Tapa No. 3, Grogol Petamburan, Jakarta Barat', -6.16795, 106.79056, 100],
  ['JKB-002', 'Grosir Kebon Jeruk Makmur', 'Jl. Panjang No. 25, Kebon Jeruk, Jakarta Barat', -6.19103, 106.76817, 180],
  [
    'JKB-003',
    'Minimarket Cengkareng Baru',
    'Jl. Daan Mogot KM 14 No. 6, Cengkareng, Jakarta Barat',
    -6.15138,
    106.73412,
    100,
  ],
  [
    'JKB-004',
    'Toko Tambora Lestari',
    'Jl. Pangeran Tubagus Angke No. 40, Tambora, Jakarta Barat',
    -6.14402,
    106.79804,
    70,
  ],
  [
    'JKT-001',
    'Swalayan Jatinegara Raya',
    'Jl. Jatinegara Barat No. 120, Jatinegara, Jakarta Timur',
    -6.21525,
    106.86951,
    150,
  ],
  ['JKT-002', 'Toko Rawamangun Jaya', 'Jl. Pemuda No. 66, Pulo Gadung, Jakarta Timur', -6.19361, 106.88921, 90],
  ['JKT-003', 'Grosir Cakung Sentral', 'Jl. Raya Bekasi KM 22 No. 11, Cakung, Jakarta Timur', -6.18437, 106.94107, 200],
  [
    'JKT-004',
    'Minimarket Cibubur Asri',
    'Jl. Alternatif Cibubur No. 88, Ciracas, Jakarta Timur',
    -6.36716,
    106.89544,
    100,
  ],
  [
    'JKT-005',
    'Toko Kramat Jati Barokah',
    'Jl. Raya Bogor KM 19 No. 4, Kramat Jati, Jakarta Timur',
    -6.27019,
    106.86731,
    60,
  ],
  [
    'JKU-001',
    'Toko Kelapa Gading Sejati',
    'Jl. Boulevard Raya Blok M No. 12, Kelapa Gading, Jakarta Utara',
    -6.15801,
    106.90802,
    120,
  ],
  [
    'JKU-002',
    'Grosir Sunter Agung',
    'Jl. Danau Sunter Utara No. 9, Tanjung Priok, Jakarta Utara',
    -6.13998,
    106.86744,
    150,
  ],
  [
    'JKU-003',
    'Minimarket Pluit Samudra',
    'Jl. Pluit Raya No. 31, Penjaringan, Jakarta Utara',
    -6.12102,
    106.79003,
    100,
  ],
  [
    'TNG-001',
    'Toko Bintaro Sentosa',
    'Jl. Bintaro Utama 3A No. 15, Pondok Aren, Tangerang Selatan',
    -6.27164,
    106.72428,
    100,
  ],
  [
    'BKS-001',
    'Swalayan Bekasi Barat Jaya',
    'Jl. Ahmad Yani No. 2, Bekasi Selatan, Kota Bekasi',
    -6.24902,
    106.99406,
    200,
  ],
];

/** Companies whose sales setting is on. */
const salesCompanies = sql`(select c.id from companies c where c.features -> 'sales_menu' ->> 'enabled' = 'true'
  or c.features -> 'sales_menu' = 'true'::jsonb)`;

export async function seedSalesStores(tx: Executor) {
  const values = sql.join(
    stores.map(
      ([code, name, address, lat, lon, radius]) =>
        sql`(${code}::text, ${name}::text, ${address}::text, ${lat}::numeric, ${lon}::numeric, ${radius}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into store_locations (company_id, code, name, address, latitude, longitude, radius)
    select c.id, v.code, v.name, v.address, v.lat, v.lon, v.radius
    from ${salesCompanies} c cross join (values ${values}) as v(code, name, address, lat, lon, radius)
    on conflict do nothing`);
  // The sales team: up to six active Sales employees, the demo login 'employee' first; each on about eight stores
  // (a run of consecutive store codes from a starting point of their own, so areas overlap a little).
  await tx.execute(sql`
    with team as (
      select e.company_id, e.id, row_number() over (partition by e.company_id
        order by (u.username = 'employee') desc nulls last, e.employee_id) - 1 as n
      from employees e
      join departments d on d.id = e.department_id
      left join users u on u.id = e.user_id
      where e.company_id in ${salesCompanies} and d.code = 'SLS' and e.exit_date is null
    ), numbered as (
      select s.company_id, s.id, row_number() over (partition by s.company_id order by s.code) - 1 as n,
        count(*) over (partition by s.company_id) as total
      from store_locations s where s.company_id in ${salesCompanies}
    )
    insert into store_location_employees (company_id, store_location_id, employee_id)
    select t.company_id, s.id, t.id
    from team t join numbered s on s.company_id = t.company_id
    where t.n < 6 and ((s.n - t.n * 4 + s.total) % s.total) < 8
    on conflict do nothing`);
}

export async function seedSalesVisits(tx: Executor, today: string) {
  const since = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  await tx.execute(sql`
    with days as (
      select d::date as day from generate_series(${since}::date, ${today}::date - 1, interval '1 day') d
      where extract(isodow from d) < 6
    ), team as (
      select distinct a.company_id, a.employee_id, e.join_date
      from store_location_employees a join employees e on e.id = a.employee_id
      where a.company_id in ${salesCompanies}
    ), daily as (
      select t.company_id, t.employee_id, d.day, 3 + abs(hashtext(t.employee_id::text || d.day::text)) % 6 as visits
      from team t join days d on d.day >= coalesce(t.join_date, d.day)
    ), slots as (
      select y.*, k from daily y cross join lateral generate_series(1, y.visits) k
    ), assigned as (
      select a.employee_id, s.id, s.latitude::float8 as lat, s.longitude::float8 as lon, s.radius,
        row_number() over (partition by a.employee_id order by s.code) - 1 as n,
        count(*) over (partition by a.employee_id) as total
      from store_location_employees a join store_locations s on s.id = a.store_location_id
    ), placed as (
      select sl.company_id, sl.employee_id, sl.day, sl.k, st.id as store, st.radius, st.lat, st.lon,
        -- 09:00 WIB, then about every 70 minutes, a few minutes either way.
        (sl.day::timestamp + interval '2 hours' + (sl.k - 1) * interval '70 minutes'
          + (abs(hashtext(sl.employee_id::text || sl.day::text || sl.k::text)) % 25) * interval '1 minute') as at_utc,
        (abs(hashtext(sl.day::text || sl.employee_id::text || sl.k::text)) % 16 = 0) as outside,
        hashtext(sl.k::text || sl.day::text || sl.employee_id::text) / 2147483648.0 as r1,
        hashtext(sl.employee_id::text || sl.k::text || sl.day::text) / 2147483648.0 as r2,
        abs(hashtext(sl.day::text || sl.k::text || sl.employee_id::text)) as h
      from slots sl join assigned st on st.employee_id = sl.employee_id
        and st.n = (abs(hashtext(sl.employee_id::text || sl.day::text)) + sl.k * 3) % st.total
    ), positioned as (
      select p.*,
        p.lat + case when p.outside then 0.003 + abs(p.r1) * 0.005 else p.r1 * p.radius * 0.5 / 111320 end as vlat,
        p.lon + case when p.outside then p.r2 * 0.006 else p.r2 * p.radius * 0.5 / 111320 end as vlon
      from placed p
    )
    insert into sales_visits (company_id, employee_id, store_location_id, visited_at, date, latitude, longitude,
      distance_m, within_radius, note, photo, order_value, created_at)
    select q.company_id, q.employee_id, q.store, q.at_utc at time zone 'UTC', q.day, round(q.vlat::numeric, 6),
      round(q.vlon::numeric, 6), m.distance, m.distance <= q.radius,
      case when q.h % 5 = 0 then (array['Restocked the shelves', 'New promo display installed', 'Owner asked for a price list',
        'Payment collected for last invoice', 'Competitor running a discount', 'Stock running low on best sellers'])[1 + q.h % 6]
        end,
      null,
      -- Most visits take an order: 250 thousand to about 15 million rupiah, in thousands.
      case when q.h % 7 = 0 then 0 else (250 + (q.h / 7) % 14750) * 1000 end,
      q.at_utc at time zone 'UTC'
    from positioned q
    cross join lateral (select round(2 * 6371008.8 * asin(least(1, sqrt(
      power(sin(radians(q.vlat - q.lat) / 2), 2)
      + cos(radians(q.lat)) * cos(radians(q.vlat)) * power(sin(radians(q.vlon - q.lon) / 2), 2)))))::int as distance) m`);
}
