/**
 * `node bench/home.ts`: `GET /v1/dashboard` (issue 16) for the admin and a department admin of a company of
 * BENCH_EMPLOYEES (default 10,000) demo employees with the demo's year of schedules, leave, attendance, requests and
 * payroll, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local server). Through the app
 * (inject: routing, access, the handler's statements, serialisation). Target: well under 1 s for the admin.
 * `BENCH_KEEP_DB=hrw_attperf_10k` reuses (or seeds and keeps) the database bench/attendance.ts keeps; it is migrated
 * first. Median of BENCH_RUNS (default 5) after one warm-up; the CPU time of this process is reported too, since the
 * machine is shared.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = process.env.BENCH_KEEP_DB;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function keptDatabase(adminUrl: string, name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('BENCH_KEEP_DB: lower-case letters, digits and _ only');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), fresh: !exists, drop: async () => undefined };
  } finally {
    await admin.end();
  }
}

const scratch = keep
  ? await keptDatabase(pgUrl, keep)
  : { ...(await createScratchPostgres(pgUrl, 'hrw_bench_home')), fresh: true };
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-home-'));
const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 600_000 });
try {
  await migrateDatabase(database);
  let seedMs = Number.NaN;
  if (scratch.fresh) {
    const t0 = performance.now();
    await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 20 } });
    seedMs = performance.now() - t0;
    console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  }
  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = async (username: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    return JSON.parse(reply.body).data.token as string;
  };
  const rows: string[] = [];
  for (const who of ['admin', 'deptadmin', 'employee']) {
    const token = await login(who);
    const wall: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    let headcount = 0;
    for (let run = 0; run <= RUNS; run++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const reply = await app.inject({
        method: 'GET',
        url: '/v1/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (reply.statusCode !== 200) throw new Error(`${who}: ${reply.statusCode} ${reply.body}`);
      bytes = reply.rawPayload.length;
      headcount = JSON.parse(reply.body).data.people?.headcount ?? 0;
      if (run > 0) {
        wall.push(ms);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    rows.push(
      `| ${who} | ${headcount.toLocaleString('en')} | ${median(wall).toFixed(0)} ms | ${Math.max(...wall).toFixed(0)} ms | ${median(cpu).toFixed(0)} ms | ${(bytes / 1024).toFixed(1)} KB |`,
    );
    console.log(rows.at(-1));
  }
  await app.close();
  const text = `## Home: \`GET /v1/dashboard\` (\`node bench/home.ts\`)

${machine()} PostgreSQL, ${EMPLOYEES.toLocaleString('en')} demo employees with the demo's year of schedules, leave,
attendance, requests and payroll ${Number.isNaN(seedMs) ? '(kept database)' : `(demo seed: ${(seedMs / 1000).toFixed(1)} s)`}.
Through the app (inject), median and max of ${RUNS} runs after a warm-up; CPU is this process's (Node) time, the
database's own work is in the wall time only. Target: the admin's home well under 1 s.

| caller | headcount | median | max | Node CPU | reply |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
  writeSection('home', text);
  console.log(text);
} finally {
  await database.close();
  if (!keep) await scratch.drop();
}
