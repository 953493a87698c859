/**
 * `node bench/attendance.ts`: the monthly attendance report (employees × 31 days with totals, what
 * `GET /v1/attendance/report` and payroll's `attendanceTotals` compute) and the daily screen's load
 * (`GET /v1/attendance/daily`), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local server)
 * with BENCH_EMPLOYEES (default 10,000) demo employees and the demo's year of schedules, leave and attendance.
 * Targets (issue #12): report under 2 s, daily under 1 s. Each measured RUNS times (default 3) after one warm-up; the
 * median is reported. Seeding 10,000 employees takes minutes: `BENCH_KEEP_DB=hrw_attperf_10k` keeps the seeded
 * database and reuses it on the next run (bench/morning-rush.ts copies it with `RUSH_TEMPLATE=hrw_attperf_10k`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { attendanceTotals, loadAttendanceGrid, monthRange } from '../server/attendance/report.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const keep = process.env.BENCH_KEEP_DB;

/** A database kept between runs: created (and then seeded) when missing, reused as it is otherwise. */
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  // BENCH_KEEP_DB=name keeps the seeded database for the next run (seeding 10,000 employees' year takes minutes).
  const scratch = keep
    ? await keptDatabase(pgUrl, keep)
    : { ...(await createScratchPostgres(pgUrl, 'hrw_bench_attendance')), fresh: true };
  const database = await openDatabase({
    url: scratch.url,
    dataDir: mkdtempSync(join(tmpdir(), 'hrw-bench-att-')),
    statementTimeoutMs: 600_000,
  });
  try {
    let seedMs = Number.NaN;
    if (scratch.fresh) {
      await migrateDatabase(database);
      const t0 = performance.now();
      await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 20 } });
      seedMs = performance.now() - t0;
      console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
    }
    const company = (
      (await database.db.execute(sql`select id from companies where code = 'DEMO'`)).rows[0] as {
        id: string;
      }
    ).id;
    const records = (
      (await database.db.execute(sql`select count(*)::int as n from attendances`)).rows[0] as { n: number }
    ).n;
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const period = { year: last.getUTCFullYear(), month: last.getUTCMonth() + 1 };
    const day = `${monthRange(period.year, period.month).from.slice(0, 8)}15`;
    const report: number[] = [];
    const daily: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      let t = performance.now();
      const totals = await attendanceTotals(database.db, company, period);
      if (run > 0) report.push(performance.now() - t);
      if (totals.size < EMPLOYEES * 0.85) throw new Error(`only ${totals.size} employees in the totals`);
      t = performance.now();
      await loadAttendanceGrid(database.db, company, { from: day, to: day });
      if (run > 0) daily.push(performance.now() - t);
    }
    const text = `## Attendance report and daily screen (\`node bench/attendance.ts\`)

${machine()} PostgreSQL, ${EMPLOYEES.toLocaleString('en')} demo employees with a year of schedules, leave and
${records.toLocaleString('en')} attendance records ${Number.isNaN(seedMs) ? '(kept database)' : `(demo seed: ${(seedMs / 1000).toFixed(1)} s)`}. Median of ${RUNS} runs
after a warm-up, in the server process (set-based loads plus the in-memory pass; no HTTP serialisation).

| what | median | target |
| --- | --- | --- |
| monthly totals, ${EMPLOYEES.toLocaleString('en')} employees × ${period.year}-${String(period.month).padStart(2, '0')} (\`attendanceTotals\`) | ${median(report).toFixed(0)} ms | < 2,000 ms |
| daily screen, ${EMPLOYEES.toLocaleString('en')} employees on ${day} (\`loadAttendanceGrid\`) | ${median(daily).toFixed(0)} ms | < 1,000 ms |
`;
    writeSection('attendance', text);
    console.log(text);
  } finally {
    await database.close();
    if (!keep) await scratch.drop();
  }
}

await main();
