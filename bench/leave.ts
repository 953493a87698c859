/**
 * `node bench/leave.ts`: the leave balance of a 10,000-employee company (`GET /v1/leave-balance`, every employee ×
 * every leave rule of the year, server/leave/balance.ts) and one adjustment (`POST /v1/leave-balance`), on PostgreSQL
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else on embedded PGlite. The demo seed gives the
 * company its year of leave, holidays with deducted collective leave, pending requests and adjustments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_LEAVE_EMPLOYEES ?? 10_000);
const RUNS = 5;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const mode = pgUrl ? 'postgres' : 'embedded';

const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-leave-'));
const scratch = pgUrl ? await createScratchPostgres(pgUrl, 'hrw_bench_leave') : undefined;
// The seed's big statements (a year of rosters) may outlast the default timeout on a loaded machine.
const database = await openDatabase({ url: scratch?.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 600_000 });
try {
  await migrateDatabase(database);
  let t0 = performance.now();
  await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 20 } });
  const seedMs = performance.now() - t0;
  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const call = async (method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) => {
    const reply = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: reply.statusCode, body: JSON.parse(reply.body) };
  };
  const token = (await call('POST', '/v1/auth/login', null, { username: 'admin', password: DEMO_PASSWORD })).body.data
    .token as string;
  const year = new Date().getUTCFullYear();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    const reply = await call('GET', `/v1/leave-balance?year=${year}`, token);
    times.push(performance.now() - t0);
    if (reply.status !== 200) throw new Error(`balance: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    rows = reply.body.meta.total;
  }
  const first = (await call('GET', `/v1/leave-balance?year=${year}&limit=1`, token)).body.data[0];
  const adjustTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    const reply = await call('POST', '/v1/leave-balance', token, {
      employee: first.employee._id,
      leave_rule: first.leave_rule._id,
      year,
      amount: 0.5,
      note: 'bench',
    });
    adjustTimes.push(performance.now() - t0);
    if (reply.status !== 200) throw new Error(`adjust: ${reply.status}`);
  }
  await app.close();
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  const figures = {
    mode,
    seedMs,
    rows,
    median: percentile(times, 50),
    max: Math.max(...times),
    adjust: percentile(adjustTimes, 50),
  };
  console.log(figures);
  writeSection(
    'leave-balance',
    `## The leave balance of ${EMPLOYEES.toLocaleString('en-US')} employees (\`node bench/leave.ts\`)

${machine()} Measured under load (the machine is shared by up to 8 engineers). The API in process (Fastify inject),
on ${mode === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, as admin of a demo company of
${EMPLOYEES.toLocaleString('en-US')} employees with a year of seeded leave, the 2025–2026 holidays (collective leave
deducted from annual leave), pending requests and adjustments (demo seed: ${ms(seedMs)}). \`GET /v1/leave-balance?year=${year}\`
answers every employee × applicable leave rule (${rows.toLocaleString('en-US')} rows, one JSON reply), ${RUNS} times;
then ${RUNS} adjustments (\`POST /v1/leave-balance\`, which answers the new balance).

| database | balance rows | list: median | list: slowest | adjust: median |
|---|---|---|---|---|
| ${mode} | ${rows.toLocaleString('en-US')} | ${ms(figures.median)} | ${ms(figures.max)} | ${ms(figures.adjust)} |
`,
  );
} finally {
  await database.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
