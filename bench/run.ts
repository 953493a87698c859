/**
 * `npm run bench`, first part: the API as a user gets it, written to docs/benchmarks.md. The server always runs as
 * `npm start` runs it (`scripts/start.ts` in its own process: the built app served, logging as `npm start` sets it).
 * - start-up to the first 200 on /v1/health: a fresh data directory (migrations and the demo seed) and a restart on it,
 *   RUNS times each, the first run reported apart from the median;
 * - the employee grid's list calls on a company of 10,000: its first page (p50/p99 over SAMPLES requests), the rest of
 *   its list and the whole record list (median of RUNS, the first reported);
 * - a one-row authenticated read (`GET /v1/employees/{id}`) while a 10,000-row bulk upsert runs, and the health ping
 *   beside it: p50/p99/max over at least SAMPLES reads, across as many bulk writes as that takes.
 * Embedded PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo, seedDemoCore } from '../server/seed/demo.ts';
import { fillDemoHistory } from '../server/seed/fill.ts';
import { listFieldsOf } from '../src/grids/listFields.ts';
import { employeesGrid } from '../src/grids/specs/employees.ts';
import type { AnyGridSpec } from '../src/grids/types.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';
import { startServer } from './server.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
/** BENCH_QUICK=1: one run and 20 samples, printed and not written: proves the script works, measures nothing. */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const SAMPLES = QUICK ? 20 : Math.max(200, Number(process.env.BENCH_SAMPLES ?? 200));
/** Bulk writes at most, to collect SAMPLES reads during them. */
const MAX_BULKS = 8;
/** Clients reading one employee at once during a bulk write. */
const READERS = 4;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const gridFields = listFieldsOf(employeesGrid as unknown as AnyGridSpec) ?? '';
const gridQuery = `sort=fullname&populate=${(employeesGrid.populate ?? []).join(',')}&fields=${gridFields}`;

const ms = (value: number) => Math.round(value);
const median = (values: readonly number[]) => percentile(values, 50);

interface Timed {
  first: number;
  median: number;
}
const timedRuns = (values: readonly number[]): Timed => ({ first: ms(values[0]!), median: ms(median(values)) });

interface Sampled {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}
const sampled = (values: readonly number[]): Sampled => ({
  samples: values.length,
  p50: ms(percentile(values, 50)),
  p99: ms(percentile(values, 99)),
  max: ms(Math.max(...values)),
});

interface Figures {
  mode: string;
  firstPage: Sampled & { bytes: number };
  rest: Timed & { bytes: number };
  records: Timed & { bytes: number };
  duringBulk: { bulks: number; bulkMs: number; read: Sampled; health: Sampled & { unhealthy: number } };
}

async function timedFetch(url: string, init?: RequestInit): Promise<{ ms: number; bytes: number; status: number }> {
  const start = performance.now();
  const reply = await fetch(url, init);
  const bytes = (await reply.arrayBuffer()).byteLength;
  return { ms: performance.now() - start, bytes, status: reply.status };
}

async function measure(mode: 'embedded' | 'postgres'): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-'));
  const scratch = mode === 'postgres' ? await createScratchPostgres(pgUrl!, 'hrw_bench') : undefined;
  const url = scratch?.url;
  // Seed the scaled company first, then start the server as `npm start` would.
  const seeding = await openDatabase({ url, dataDir: `${dataDir}/pg` });
  await migrateDatabase(seeding);
  const t0 = performance.now();
  await seedDemo(seeding.db, { employees: { DEMO: EMPLOYEES, CJ: 60 } });
  console.log(`[${mode}] seeded ${EMPLOYEES} employees in ${ms(performance.now() - t0)} ms`);
  await seeding.close();

  const server = await startServer(dataDir, { DATABASE_URL: url ?? '', SEED_DEMO: 'false' });
  try {
    const base = server.base;
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    const get = (path: string) => timedFetch(`${base}${path}`, { headers });

    // The grid's first call (what is on screen first), one request at a time as one user makes them.
    const pages: number[] = [];
    let pageBytes = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const reply = await get(`/v1/employees?${gridQuery}&limit=200`);
      if (reply.status !== 200) throw new Error(`the first page answered ${reply.status}`);
      pages.push(reply.ms);
      pageBytes = reply.bytes;
    }
    // The rest of the grid's list, and the whole records (what the list sent before `fields`).
    const rest: number[] = [];
    const records: number[] = [];
    let restBytes = 0;
    let recordBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await get(`/v1/employees?${gridQuery}&skip=200&limit=9800`);
      rest.push(r.ms);
      restBytes = r.bytes;
      const w = await get('/v1/employees?limit=10000');
      records.push(w.ms);
      recordBytes = w.bytes;
    }
    const firstPage = { ...sampled(pages), bytes: pageBytes };
    console.log(
      `[${mode}] grid first page: p50 ${firstPage.p50} ms, p99 ${firstPage.p99} ms (${firstPage.samples}), ${(pageBytes / 1e3).toFixed(0)} KB`,
    );
    console.log(
      `[${mode}] rest of the grid list: first ${ms(rest[0]!)} ms, median ${ms(median(rest))} ms, ${(restBytes / 1e6).toFixed(1)} MB; whole records: median ${ms(median(records))} ms, ${(recordBytes / 1e6).toFixed(1)} MB`,
    );

    // A real read (one employee, signed in) and the health ping, while 10,000-row bulk upserts run.
    const { data: someone } = (await (
      await fetch(`${base}/v1/employees?limit=1&fields=fullname`, { headers })
    ).json()) as {
      data: { _id: string }[];
    };
    const readPath = `/v1/employees/${someone[0]!._id}`;
    const reads: number[] = [];
    const pings: number[] = [];
    const bulkTimes: number[] = [];
    let unhealthy = 0;
    for (let bulk = 0; bulk < MAX_BULKS && reads.length < SAMPLES; bulk++) {
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        code: `B${bulk}-${i}`,
        name: `Bench department ${bulk}-${i}`,
      }));
      let done = false;
      const sampler = async (path: string, into: number[]) => {
        while (!done) {
          const reply = await get(path);
          // Health answers 503 when the database process did not answer its ping within 2 s: counted, not fatal.
          if (reply.status === 503 && path === '/v1/health') unhealthy++;
          else if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
          if (!done) into.push(reply.ms);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const samplers = [
        ...Array.from({ length: READERS }, () => sampler(readPath, reads)),
        sampler('/v1/health', pings),
      ];
      const written = await timedFetch(`${base}/v1/refs/employees/orgs/departments/bulk`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ rows }),
      });
      done = true;
      await Promise.all(samplers);
      if (written.status !== 200) throw new Error(`bulk answered ${written.status}`);
      bulkTimes.push(written.ms);
    }
    const duringBulk = {
      bulks: bulkTimes.length,
      bulkMs: ms(median(bulkTimes)),
      read: sampled(reads),
      health: { ...sampled(pings), unhealthy },
    };
    console.log(
      `[${mode}] during ${duringBulk.bulks} bulk upserts of 10,000 rows (median ${duringBulk.bulkMs} ms): one-row read p50 ${duringBulk.read.p50} ms, p99 ${duringBulk.read.p99} ms, max ${duringBulk.read.max} ms (${duringBulk.read.samples}); health p99 ${duringBulk.health.p99} ms, ${duringBulk.health.unhealthy} answered 503`,
    );
    return {
      mode,
      firstPage,
      rest: { ...timedRuns(rest), bytes: restBytes },
      records: { ...timedRuns(records), bytes: recordBytes },
      duringBulk,
    };
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` on a fresh data directory (migrations and the demo's core; its history is filled after the first answer,
 * decision 0080), then again on it (a restart), RUNS times each, wall and CPU time. Then the fresh start's database
 * work alone, in this process on a new data directory: opening the embedded database, the migrations, the demo's core
 * and the history fill (as the server does it: both years of payroll), each timed, so that their growth stays visible.
 */
interface Start {
  wall: number[];
  cpu: number[];
  embeddedCpu: number[];
}
async function startUp(): Promise<{
  fresh: Start;
  restart: Start;
  open: Timed;
  migrate: Timed;
  core: Timed;
  history: Timed;
}> {
  const fresh: Start = { wall: [], cpu: [], embeddedCpu: [] };
  const restart: Start = { wall: [], cpu: [], embeddedCpu: [] };
  const open: number[] = [];
  const migrate: number[] = [];
  const core: number[] = [];
  const history: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hrw-seed-'));
    try {
      let t = performance.now();
      const database = await openDatabase({ dataDir: `${dataDir}/pg` });
      open.push(performance.now() - t);
      t = performance.now();
      await migrateDatabase(database);
      migrate.push(performance.now() - t);
      t = performance.now();
      await seedDemoCore(database.db, { priorYear: true });
      core.push(performance.now() - t);
      t = performance.now();
      await fillDemoHistory(database.db);
      history.push(performance.now() - t);
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(
      `fresh database ${run + 1}: open ${ms(open.at(-1)!)} ms, migrations ${ms(migrate.at(-1)!)} ms, demo core ${ms(core.at(-1)!)} ms, history ${ms(history.at(-1)!)} ms`,
    );
  }
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hrw-start-'));
    try {
      for (const into of [fresh, restart]) {
        const server = await startServer(dataDir);
        into.wall.push(server.startMs);
        into.cpu.push(server.cpuMs.server);
        into.embeddedCpu.push(server.cpuMs.children);
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(
      `start-up ${run + 1}: fresh ${fresh.wall.at(-1)} ms (CPU ${fresh.cpu.at(-1)} + ${fresh.embeddedCpu.at(-1)} ms), restart ${restart.wall.at(-1)} ms (CPU ${restart.cpu.at(-1)} + ${restart.embeddedCpu.at(-1)} ms)`,
    );
  }
  return {
    fresh,
    restart,
    open: timedRuns(open),
    migrate: timedRuns(migrate),
    core: timedRuns(core),
    history: timedRuns(history),
  };
}

const startRow = (label: string, start: Start) => {
  const wall = timedRuns(start.wall);
  const cpu = timedRuns(start.cpu);
  const embedded = timedRuns(start.embeddedCpu);
  return `| ${label} | ${wall.first} | ${wall.median} | ${cpu.first} / ${cpu.median} | ${embedded.first} / ${embedded.median} |`;
};

// The app is built once, as `npm start` would on its first run: start-up below measures starting, not building.
// BENCH_BUILT=1: dist/ is already built from this checkout (another benchmark serving it runs meanwhile).
if (process.env.BENCH_BUILT !== '1') await build({ logLevel: 'warn' });
/** BENCH_PART=startup or api: only that part (each writes its own section); both by default. */
const PART = process.env.BENCH_PART ?? 'all';

if (PART === 'all' || PART === 'startup') {
  const starts = await startUp();
  const startupMarkdown = `## Start-up (\`node bench/run.ts\`)

${machine()}

Start-up: from starting \`npm start\`'s script to the first 200 on \`/v1/health\`, embedded database, ${RUNS} runs each
(the app already built). Targets: a fresh start under 10 s, a restart under 3 s.

| data directory | first run ms | median ms | server CPU ms, first / median | embedded database CPU ms, first / median |
|---|---|---|---|---|
${startRow('fresh (migrations and the demo core; the history after)', starts.fresh)}
${startRow('restart (the demo data in place)', starts.restart)}

CPU is the time the server's process (and, apart, its embedded database's) had used by the first answer, from /proc:
on a machine shared with other work it is the figure that says what a start costs; wall time says what the load did.
The restart's first run resumes the history fill the fresh start left (it stops the server at its first answer).

A fresh start's database work alone (the bench's own process, a new data directory each run, ${RUNS} runs): the demo's
core (before the first answer) and its history (filled after it, decision 0080) are timed apart so that their growth
shows (other features add their demo data to them).

| step | first run ms | median ms |
|---|---|---|
| opening the embedded database (initdb in a new folder) | ${starts.open.first} | ${starts.open.median} |
| migrations | ${starts.migrate.first} | ${starts.migrate.median} |
| demo core (\`seedDemoCore\`, before the first answer) | ${starts.core.first} | ${starts.core.median} |
| demo history (\`fillDemoHistory\`, after it) | ${starts.history.first} | ${starts.history.median} |

`;
  if (QUICK) console.log(startupMarkdown);
  else writeSection('startup', startupMarkdown);
}

if (PART === 'all' || PART === 'api') {
  const results: Figures[] = [await measure('embedded')];
  if (pgUrl) results.push(await measure('postgres'));

  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const markdown = `## The v1 API (\`node bench/run.ts\`)

${machine()} The server runs as \`npm start\` runs it (\`scripts/start.ts\`, its own process, the built app served,
logging as \`npm start\` sets it), on a company of ${EMPLOYEES.toLocaleString('en')} employees.

The employee grid's list calls (\`fields\` = the grid's columns, relations populated): its first page of 200 rows
(${SAMPLES} requests one after another), the rest of its list, and the whole employee records as the list sent them
before \`fields\` (${RUNS} runs each).

| database | first page p50 ms | first page p99 ms | first page KB | rest: first / median ms | rest MB | whole records: first / median ms | whole records MB |
|---|---|---|---|---|---|---|---|
${results.map((f) => `| ${f.mode} | ${f.firstPage.p50} | ${f.firstPage.p99} | ${(f.firstPage.bytes / 1e3).toFixed(0)} | ${f.rest.first} / ${f.rest.median} | ${mb(f.rest.bytes)} | ${f.records.first} / ${f.records.median} | ${mb(f.records.bytes)} |`).join('\n')}

Reads during a bulk write: ${READERS} clients read one employee (\`GET /v1/employees/{id}\`, signed in) and one pings
\`/v1/health\`, each every 10 ms after its answer, while \`POST /v1/refs/employees/orgs/departments/bulk\` writes
10,000 new rows (repeated until ${SAMPLES} reads are collected, at most ${MAX_BULKS} writes). Target: the read's p99
under 200 ms.

| database | bulk writes | bulk 10k median ms | read samples | read p50 ms | read p99 ms | read max ms | health p99 ms | health 503s |
|---|---|---|---|---|---|---|---|---|
${results.map((f) => `| ${f.mode} | ${f.duringBulk.bulks} | ${f.duringBulk.bulkMs} | ${f.duringBulk.read.samples} | ${f.duringBulk.read.p50} | ${f.duringBulk.read.p99} | ${f.duringBulk.read.max} | ${f.duringBulk.health.p99} | ${f.duringBulk.health.unhealthy} |`).join('\n')}
${pgUrl ? '' : '\nPostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.\n'}`;
  if (QUICK) console.log(markdown);
  else {
    writeSection('api', markdown);
    console.log('Wrote docs/benchmarks.md');
  }
}
process.exit(0);
