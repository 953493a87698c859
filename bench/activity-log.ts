/**
 * `node bench/activity-log.ts`: issue 26's target, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): the
 * activity log screen's first page (`GET /v1/logs?limit=100`, the admin's token, through the API in process) over
 * BENCH_LOG_ROWS (default 1,000,000) log rows of one company, under 300 ms. Measured plain (newest first) and with
 * each filter the screen offers: a user, an action type, a date range, a search on the detail, and all of them at
 * once. The rows are bulk-inserted with `generate_series` over 180 days, 8 users and the three actions; ANALYZE
 * follows, as autovacuum would. BENCH_RUNS (default 7) timed calls per case after one warm-up; the median is given.
 * Skipped without a PostgreSQL server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 300;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!pgUrl) {
  console.log('bench/activity-log.ts: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-log-'));
const scratch = await createScratchPostgres(pgUrl, 'hrw_bench_activity_log');
const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 1_800_000 });
try {
  await migrateDatabase(database);
  await seedDemo(database.db, { employees: { DEMO: 50, CJ: 5 }, payrollHistory: false });
  const { db } = database;
  const company = (await db.execute<{ id: string }>(sql`select id from companies where code = 'DEMO'`)).rows[0]!.id;
  const users = (
    await db.execute<{ id: string }>(sql`select id from users where company_id = ${company} order by username limit 8`)
  ).rows.map((row) => row.id);

  let t0 = performance.now();
  await db.execute(sql`
    insert into activity_logs (company_id, user_id, action, menu, resource, record_id, detail, changes, created_at)
    select ${company}::uuid,
      (${`{${users.join(',')}}`}::uuid[])[1 + (i % ${users.length})],
      (array['create', 'update', 'update', 'update', 'delete']::log_action[])[1 + (i % 5)],
      (array['active-employees', 'mass-leave', 'shift', 'employee-organization'])[1 + (i % 4)],
      (array['employees', 'mass-leave', 'shifts', 'departments'])[1 + (i % 4)],
      gen_random_uuid(),
      'Updated employee Karyawan ' || i || ' (EMP-' || lpad((i % 9999)::text, 5, '0') || ')',
      jsonb_build_object('basic_salary', jsonb_build_object('from', 5000000 + i % 1000 * 1000, 'to', 5500000)),
      now() - (i * (180.0 * 86400 / ${ROWS})) * interval '1 second'
    from generate_series(1, ${ROWS}) i`);
  const insertMs = performance.now() - t0;
  await db.execute(sql`analyze activity_logs`);

  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  const token = JSON.parse(login.body).data.token as string;
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, string][] = [
    ['newest first, no filter', ''],
    ['one user', `&user=${users[3]}`],
    ['action type delete', '&action=delete'],
    ['a date range (30 days, 60 days back)', `&date=${day(90)}&date=${day(60)}`],
    ['search on the detail ("EMP-04242")', '&search=EMP-04242'],
    ['user + action + date range', `&user=${users[3]}&action=update&date=${day(90)}&date=${day(60)}`],
  ];
  const results: { name: string; ms: number; rows: number; total: string }[] = [];
  for (const [name, query] of cases) {
    const times: number[] = [];
    let body: { data: unknown[]; meta: { total: number; capped: boolean } } | null = null;
    for (let run = 0; run <= RUNS; run++) {
      t0 = performance.now();
      const reply = await app.inject({
        method: 'GET',
        url: `/v1/logs?limit=100${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.statusCode} ${reply.body}`);
      body = JSON.parse(reply.body);
      if (run > 0) times.push(ms);
    }
    results.push({
      name,
      ms: median(times),
      rows: body!.data.length,
      total: `${body!.meta.total.toLocaleString('en')}${body!.meta.capped ? '+' : ''}`,
    });
    console.log(`${name}: ${median(times).toFixed(0)} ms (${body!.data.length} rows, total ${results.at(-1)!.total})`);
  }
  await app.close();

  const worst = Math.max(...results.map((r) => r.ms));
  writeSection(
    'activity-log',
    `## The activity log's first page over ${ROWS.toLocaleString('en')} rows (\`node bench/activity-log.ts\`)

${machine()}

PostgreSQL; ${ROWS.toLocaleString('en')} log rows of one company over 180 days (${insertMs < 60_000 ? `${(insertMs / 1000).toFixed(1)} s` : `${(insertMs / 60_000).toFixed(1)} min`} to insert), then \`analyze\`. \`GET /v1/logs?limit=100\` as the admin, through the API in process; the median of ${RUNS} calls after one warm-up. Indexes (docs/decisions/0155): (company, created_at desc, id desc), the same led by user and by action, and a pg_trgm GIN index on the detail for the search; the total is counted up to 10,000 rows past the page ("10,000+").

| first page | median | rows | total |
| --- | ---: | ---: | ---: |
${results.map((r) => `| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.rows} | ${r.total} |`).join('\n')}

Target: under ${TARGET_MS} ms — ${worst < TARGET_MS ? `met (slowest case ${worst.toFixed(0)} ms)` : `**not met** (slowest case ${worst.toFixed(0)} ms)`}.`,
  );
} finally {
  await database.close();
  await scratch.drop();
}
