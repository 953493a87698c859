/**
 * `node bench/morning-rush.ts`: the morning rush of issue #12 on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database is created and dropped). 10,000 employees
 * (RUSH_EMPLOYEES) each clock in once through `POST /v1/attendance/clock` on a real server process (its own Node,
 * started like `npm run serve`), sent by 200 concurrent clients (RUSH_CLIENTS, one keep-alive connection each) on an
 * arrival schedule spread over RUSH_SECONDS (default 300, the issue's five minutes; compress it to stress harder).
 * Each employee then clocks in a second time (must be refused, 409). Measures the clock-in latency (p50, p95, p99,
 * max; target p99 < 100 ms), then checks the database: exactly one record per employee for today, none lost, none
 * doubled.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { hashToken } from '../server/auth/tokens.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.RUSH_EMPLOYEES ?? 10_000);
const CLIENTS = Number(process.env.RUSH_CLIENTS ?? 200);
const SECONDS = Number(process.env.RUSH_SECONDS ?? 300);
/** The server's PostgreSQL pool (server/db/connect.ts default). */
const POOL = 10;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3900 + Math.floor(Math.random() * 90);

const order0 = (people: { employee: string }[]) => people.map((p) => p.employee);
const log = (...args: unknown[]) => console.log(`[morning-rush ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** RUSH_TEMPLATE: copy an already seeded database (bench/attendance.ts's BENCH_KEEP_DB) instead of seeding again. */
const template = process.env.RUSH_TEMPLATE;
const scratch = await createScratchPostgres(adminUrl, 'hrw_bench_rush', template);
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-rush-'));
let server: ReturnType<typeof spawn> | undefined;
try {
  const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg` });
  await migrateDatabase(database);
  if (template) log(`copied the seeded database ${template}`);
  else {
    log(`seeding ${EMPLOYEES} employees`);
    const seedStart = performance.now();
    await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 20 } });
    log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);
  }
  const { db } = database;
  // One session per DEMO employee (signing 10,000 people in through argon2 is not what is measured), and no clock
  // today yet: the demo's own attendance of today is removed.
  const tokens = new Map<string, string>();
  const people = (
    await db.execute<{
      user_id: string;
      employee: string;
      company_id: string;
      lat: number | null;
      lon: number | null;
    }>(sql`
      select e.user_id, e.id as employee, e.company_id, l.latitude::float8 as lat, l.longitude::float8 as lon
      from employees e join companies c on c.id = e.company_id left join locations l on l.id = e.location_id
      join users u on u.id = e.user_id
      where c.code = 'DEMO' and u.level in ('employee', 'approver') and e.exit_date is null order by e.employee_id`)
  ).rows;
  const companyId = people[0]!.company_id;
  const rows = people.map((p) => {
    const token = `hrw_${randomBytes(32).toString('base64url')}`;
    tokens.set(p.employee, token);
    return { token_hash: hashToken(token), user_id: p.user_id };
  });
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
      select h, u::uuid, now() + interval '1 day' from unnest(${sql.raw(`array[${chunk.map((r) => `'${r.token_hash}'`).join(',')}]`)}::text[], ${sql.raw(`array[${chunk.map((r) => `'${r.user_id}'`).join(',')}]`)}::text[]) as t(h, u)`);
  }
  await db.execute(sql`delete from attendances where company_id = ${companyId}
    and date >= (now() at time zone 'Asia/Jakarta')::date - 1`);
  // Each employee clocks at their own site, a few metres off: on site, so no group's offsite rule refuses them.
  const siteOf = new Map(people.map((p) => [p.employee, p.lat === null ? null : { lat: p.lat, lon: p.lon! }]));
  await database.close();
  log(`${people.length} employees with sessions; starting the server on port ${port}`);

  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SERVE_SPA: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {}
    if (i > 3000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (path: string, token: string, payload: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const body = (employee: string, i: number) => {
    const site = siteOf.get(employee);
    return JSON.stringify({
      type: 'in',
      ...(site ? { latitude: site.lat + ((i % 7) - 3) * 0.0001, longitude: site.lon + ((i % 5) - 2) * 0.0001 } : {}),
    });
  };
  const clockIn = async (employee: string, i: number) => {
    const started = performance.now();
    const status = await post('/v1/attendance/clock', tokens.get(employee)!, body(employee, i));
    return { status, ms: performance.now() - started };
  };

  // Warm-up (JIT, the pool's connections): 400 reads of the services screen by the first 400 employees.
  await Promise.all(
    order0(people)
      .slice(0, 400)
      .map(
        (employee) =>
          new Promise<void>((resolve) => {
            httpRequest(
              `${base}/v1/attendance/today`,
              { agent, headers: { authorization: `Bearer ${tokens.get(employee)}` } },
              (res) => {
                res.resume();
                res.on('end', () => resolve());
              },
            )
              .on('error', () => resolve())
              .end();
          }),
      ),
  );

  // The arrival schedule: employee i arrives at i / N of the window; 200 clients take arrivals in order, so at most 200
  // requests are in flight; a latency is measured from sending the request to the end of its reply.
  const order = people.map((p) => p.employee);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < order.length) {
      const i = next++;
      const due = start + (i / order.length) * SECONDS * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { status, ms } = await clockIn(order[i]!, i);
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  log(`rush: ${order.length} clock-ins over ${SECONDS} s by ${CLIENTS} clients`);
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const elapsed = (performance.now() - start) / 1000;
  // Everyone tries again at once: every second clock-in must be refused.
  const again = new Map<number, number>();
  let j = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (j < order.length) {
        const i = j++;
        const { status } = await clockIn(order[i]!, i);
        again.set(status, (again.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();

  const check = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg2` });
  const counts = (
    await check.db.execute<{ employees: number; records: number; doubled: number; missing: number }>(sql`
      with today as (select employee_id, count(*) n from attendances
        where company_id = ${companyId} and clock_in is not null
          and date >= (now() at time zone 'Asia/Jakarta')::date - 1 group by employee_id)
      select (select count(*) from employees e join users u on u.id = e.user_id where e.company_id = ${companyId}
                and u.level in ('employee', 'approver') and e.exit_date is null)::int as employees,
             coalesce((select sum(n) from today), 0)::int as records,
             (select count(*) from today where n > 1)::int as doubled,
             (select count(*) from employees e join users u on u.id = e.user_id where e.company_id = ${companyId}
                and u.level in ('employee', 'approver') and e.exit_date is null and not exists (select 1 from today t where t.employee_id = e.id))::int as missing`)
  ).rows[0]!;
  await check.close();

  const p = (q: number) => Math.round(percentile(latencies, q) * 10) / 10;
  const figures = {
    p50: p(50),
    p95: p(95),
    p99: p(99),
    max: Math.round(Math.max(...latencies)),
    rate: Math.round(order.length / elapsed),
  };
  const statusText = (m: Map<number, number>) => [...m].map(([s, n]) => `${n} × ${s}`).join(', ');
  log({ ...figures, statuses: statusText(statuses), again: statusText(again), ...counts });
  const ok = figures.p99 < 100 && counts.doubled === 0 && counts.missing === 0 && counts.records === counts.employees;
  writeSection(
    'morning-rush',
    `## Morning rush: ${order.length.toLocaleString('en')} clock-ins on PostgreSQL (bench/morning-rush.ts)

${machine()}

${order.length.toLocaleString('en')} employees clock in once through \`POST /v1/attendance/clock\` (with a position near
their site: the offsite rule is evaluated), on a separate server process (pg pool ${POOL}) and a local PostgreSQL,
sent by ${CLIENTS} concurrent keep-alive clients on an arrival schedule spread over ${SECONDS} s
(${figures.rate} clock-ins/s${SECONDS < 300 ? `; the issue's 5 minutes compressed ${Math.round(300 / SECONDS)}×` : ''}). Then everyone clocks in again at once.

| | p50 | p95 | p99 | max | target |
|---|---|---|---|---|---|
| clock-in latency (ms) | ${figures.p50} | ${figures.p95} | ${figures.p99} | ${figures.max} | p99 < 100 ${figures.p99 < 100 ? '✓' : '✗'} |

- Replies: ${statusText(statuses)}; the second round: ${statusText(again)} (409 = already clocked in).
- Database after the rush: ${counts.records} records for ${counts.employees} employees, ${counts.doubled} doubled, ${counts.missing} missing ${counts.doubled === 0 && counts.missing === 0 ? '✓' : '✗'}.
- One run; the client and the server share the machine's cores with each other and with the other engineers' work.`,
  );
  log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  server?.kill('SIGTERM');
  await scratch.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
