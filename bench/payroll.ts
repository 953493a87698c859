/**
 * `node bench/payroll.ts`: one monthly payroll run of the demo company with BENCH_PAYROLL_EMPLOYEES (default 10,000)
 * employees and their attendance, computed and stored as one run the way the job does it (computeRun + storeRun, in
 * the API process), BENCH_PAYROLL_REPEAT times (default 5) per database, with `/v1/health` requested every 50 ms
 * meanwhile (issue 14: under 3 s on PostgreSQL, 100,000 under 30 s, embedded under twice those; health p99 under
 * 200 ms). BENCH_PAYROLL_COPIES (default 1) copies every employee of the company with their month's attendance,
 * roster and group that many times (10,000 × 10 = 100,000 without seeding a year for each).
 *
 * Besides wall times it reports the CPU seconds the run cost the Node process and the database (the PostgreSQL
 * backends of the benchmark's database, or the embedded database's process): on a machine shared with other work the
 * wall time mostly measures waiting for a core, while the CPU seconds say what a quiet machine needs (decision 0062).
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; BENCH_PAYROLL_EMBEDDED=0 skips embedded;
 * BENCH_PAYROLL_TEMPLATE names a PostgreSQL database seeded the same way to copy instead of seeding (minutes saved;
 * BENCH_PAYROLL_TEMPLATE_COPIED=1 when it already holds the copies). BENCH_PAYROLL_DIR names a folder for the embedded
 * database that is kept: seeded (and copied) on the first run, reused as it is by later ones.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { companies, payrollSummaries, users } from '../server/db/schema.ts';
import { firstDay, lastDay } from '../server/payroll/inputs.ts';
import { computeRun, storeRun } from '../server/payroll/run.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_PAYROLL_EMPLOYEES ?? 10_000);
const COPIES = Number(process.env.BENCH_PAYROLL_COPIES ?? 1);
const REPEAT = Number(process.env.BENCH_PAYROLL_REPEAT ?? 5);
const YEAR = Number(process.env.BENCH_PAYROLL_YEAR ?? new Date().getUTCFullYear());
/** The first month of the year: the demo's attendance covers the year before today, so January has a full month. */
const MONTH = Number(process.env.BENCH_PAYROLL_MONTH ?? 1);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** PostgreSQL: a database already seeded by this script's seed (same employee count) to copy instead of seeding. */
const TEMPLATE = process.env.BENCH_PAYROLL_TEMPLATE;
/** The template already holds BENCH_PAYROLL_COPIES copies of every employee. */
const TEMPLATE_COPIED = process.env.BENCH_PAYROLL_TEMPLATE_COPIED === '1';
/** Embedded: a kept folder, seeded once (a marker file names what it holds). */
const KEPT_DIR = process.env.BENCH_PAYROLL_DIR;
/** Seeding 10,000 employees with a year of attendance runs statements far longer than the server's 30 s limit. */
const SEED_TIMEOUT_MS = 3_600_000;

const TICKS = 100; // Linux USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second

/** CPU seconds used so far by each process of `pids` (user + system), from /proc; a process that ended is absent. */
function cpuOf(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // Ended since it was listed.
    }
  }
  return out;
}

/**
 * The CPU seconds the database's processes spend between `start()` and `stop()`: sampled every 200 ms, since the pool
 * opens and closes backends during a run (a backend's time counts up to its last sample).
 */
function databaseCpu(list: () => Promise<number[]>) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const pids = await list().catch(() => [] as number[]);
    for (const [pid, cpu] of cpuOf(pids)) {
      if (!first.has(pid)) first.set(pid, 0); // a backend opened during the run: all its time is the run's
      last.set(pid, cpu);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      first.clear();
      last.clear();
      for (const [pid, cpu] of cpuOf(await list())) {
        first.set(pid, cpu);
        last.set(pid, cpu);
      }
      timer = setInterval(() => void sample(), 200);
    },
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [pid, cpu] of last) total += cpu - (first.get(pid) ?? 0);
      return total;
    },
  };
}

/** The database's processes: the PostgreSQL backends of this database (from the server), or the embedded database
 * (a child of this process, found once). Asynchronous and cheap: it runs during the measured run. */
async function databasePids(database: Database, embedded: number[]): Promise<number[]> {
  if (database.kind === 'embedded') return embedded;
  const { rows } = await database.pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return rows.map((row) => row.pid);
}

/** This process's children (the embedded database's process). */
const children = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(process.pid);
      } catch {
        return false;
      }
    })
    .map(Number);

/** Copies every employee of the company (user, group membership, the month's roster and attendance) `copies` times. */
async function multiply(database: Database, companyId: string, copies: number) {
  const period = { year: YEAR, month: MONTH };
  const copy = (table: string, overrides: string, where: SQL) =>
    database.db.transaction(async (tx) => {
      // Copies of rows already checked: the foreign-key triggers are skipped (the benchmark's own superuser session).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      insert into ${sql.raw(table)}
      select r.* from ${sql.raw(table)} t, generate_series(1, ${copies - 1}) g,
        lateral jsonb_populate_record(null::${sql.raw(table)}, to_jsonb(t) || ${sql.raw(overrides)}) r
      where ${where}`);
    });
  const newId = (column: string) => `md5(t.${column}::text || g)::uuid`;
  const ofCompany = sql`t.company_id = ${companyId}`;
  const inMonth = sql`${ofCompany} and t.date between ${firstDay(period)} and ${lastDay(period)}`;
  await copy(
    'users',
    `jsonb_build_object('id', ${newId('id')}, 'username', t.username || '.copy' || g, 'email', 'copy' || g || '.' || coalesce(t.email, t.id::text))`,
    sql`t.id in (select user_id from employees where company_id = ${companyId})`,
  );
  await copy(
    'employees',
    `jsonb_build_object('id', ${newId('id')}, 'user_id', ${newId('user_id')}, 'employee_id', t.employee_id || '-' || g)`,
    ofCompany,
  );
  const employee = `jsonb_build_object('employee_id', ${newId('employee_id')})`;
  await copy('attendance_group_members', employee, ofCompany);
  await copy('roster_entries', employee, inMonth);
  await copy('attendances', `${employee} || jsonb_build_object('id', ${newId('id')})`, inMonth);
}

async function measure(mode: 'embedded' | 'postgres') {
  const dataDir = mode === 'embedded' && KEPT_DIR ? KEPT_DIR : mkdtempSync(join(tmpdir(), 'hrw-bench-payroll-'));
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, `seeded-${EMPLOYEES}x${COPIES}`);
  const kept = mode === 'embedded' && !!KEPT_DIR && existsSync(marker);
  // A kept folder seeded without copies (and copied here: the copies are added to it).
  const keptBase = kept || (mode === 'embedded' && !!KEPT_DIR && existsSync(join(dataDir, `seeded-${EMPLOYEES}x1`)));
  const template = mode === 'postgres' ? TEMPLATE : undefined;
  const scratch =
    mode === 'postgres' ? await createScratchPostgres(pgUrl as string, 'hrw_bench_payroll', template) : undefined;
  const options = { url: scratch?.url, dataDir: `${dataDir}/pg` };
  const seeding = await openDatabase({ ...options, statementTimeoutMs: SEED_TIMEOUT_MS });
  const seedStart = performance.now();
  if (!template && !keptBase) {
    await migrateDatabase(seeding);
    await seedDemo(seeding.db, { employees: { DEMO: EMPLOYEES, CJ: 5 }, payrollHistory: false });
  }
  const [company] = await seeding.db.select().from(companies).where(eq(companies.code, 'DEMO'));
  if (!company) throw new Error('no demo company');
  if (COPIES > 1 && !kept && !(template && TEMPLATE_COPIED)) await multiply(seeding, company.id, COPIES);
  await seeding.db.execute(sql`analyze`);
  if (mode === 'embedded' && KEPT_DIR) writeFileSync(marker, '');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await seeding.close();
  // The run on a database opened as the server opens it (its statement timeout).
  const database = await openDatabase(options);
  const embeddedPids = mode === 'embedded' ? children() : [];
  try {
    const app = await buildApp({
      config: { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files` },
      database,
      logger: false,
    });
    await app.ready();
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    if (!admin) throw new Error('no demo admin');
    const runs: { total: number; compute: number; store: number; node: number; db: number }[] = [];
    const health: number[] = [];
    let stored = 0;
    for (let i = 0; i < REPEAT; i++) {
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const start = performance.now();
          await app.inject({ method: 'GET', url: '/v1/health' });
          health.push(performance.now() - start);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const dbCpu = databaseCpu(() => databasePids(database, embeddedPids));
      await dbCpu.start();
      const nodeBefore = process.cpuUsage();
      const start = performance.now();
      let computedAt = start;
      const summary = await (async () => {
        const computed = await computeRun(database.db, company.id, { type: 'payroll_run', year: YEAR, month: MONTH });
        computedAt = performance.now();
        stored = computed.rows.length;
        return storeRun(database.db, { companyId: company.id, userId: admin.id }, computed);
      })().finally(() => {
        polling = false;
      });
      const end = performance.now();
      const node = process.cpuUsage(nodeBefore);
      runs.push({
        total: end - start,
        compute: computedAt - start,
        store: end - computedAt,
        node: (node.user + node.system) / 1e6,
        db: await dbCpu.stop(),
      });
      await poller;
      await database.db.delete(payrollSummaries).where(eq(payrollSummaries.id, summary.id));
    }
    await app.close();
    return { mode, stored, runs, health, seedSeconds };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const results = [];
if (pgUrl) results.push(await measure('postgres'));
if (process.env.BENCH_PAYROLL_EMBEDDED !== '0') results.push(await measure('embedded'));

const median = (values: number[]) => percentile(values, 50);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const lines = results.map((r) => {
  const first = r.runs[0];
  const rest = r.runs.slice(1);
  const of = (key: 'total' | 'compute' | 'store' | 'node' | 'db') => rest.map((run) => run[key]);
  return `| ${r.mode} | ${r.stored.toLocaleString('en')} | ${first ? s(first.total) : '-'} | ${s(median(of('total')))} / ${s(percentile(of('total'), 99))} | ${s(median(of('compute')))} + ${s(median(of('store')))} | ${median(of('node')).toFixed(2)} s + ${median(of('db')).toFixed(2)} s | ${median(r.health).toFixed(0)} / ${percentile(r.health, 99).toFixed(0)} / ${Math.max(...r.health).toFixed(0)} ms (${r.health.length}) |`;
});
console.log(lines.join('\n'));
const size = (EMPLOYEES * COPIES).toLocaleString('en');
writeSection(
  COPIES > 1 ? `payroll-${EMPLOYEES * COPIES}` : 'payroll',
  `## A payroll run of ${size} employees (\`node bench/payroll.ts\`${COPIES > 1 ? `, BENCH_PAYROLL_COPIES=${COPIES}` : ''})

${machine()}

The demo company seeded with ${EMPLOYEES.toLocaleString('en')} employees and a year of their attendance${COPIES > 1 ? `, each copied ${COPIES - 1} times with the month's attendance, roster and group` : ''}
(seed ${TEMPLATE ? `copied from a database seeded the same way, then ` : ''}${KEPT_DIR ? 'embedded from a folder seeded the same way by an earlier run, then ' : ''}${results.map((r) => `${r.mode} ${r.seedSeconds.toFixed(0)} s`).join(', ')}); the ${YEAR}-${String(MONTH).padStart(2, '0')} monthly run computed
and stored as the job does it (\`computeRun\` + \`storeRun\` in the API process), ${REPEAT} runs per database, the first
reported apart; \`/v1/health\` requested every 50 ms meanwhile. The CPU columns are the CPU seconds the run cost this
Node process and the database's processes (median of the runs after the first). Targets: 10,000 under 3 s on
PostgreSQL, 100,000 under 30 s, embedded under twice those; health p99 under 200 ms.

| database | payslips | first run | run median / p99 | compute + store (median) | CPU: Node + database | health p50 / p99 / max (samples) |
|---|---|---|---|---|---|---|
${lines.join('\n')}`,
);
