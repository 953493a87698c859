/**
 * `node bench/payroll.ts`: one payroll run of BENCH_PAYROLL_EMPLOYEES (default 10,000) employees computed and stored
 * as one run (issue 14: under 3 s on PostgreSQL, embedded under twice that), measured in-process through
 * computeRun + storeRun (what the job does), three runs per database, with `/v1/health` polled every 50 ms meanwhile
 * (p99 target under 200 ms). PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { companies, payrollSummaries, users } from '../server/db/schema.ts';
import { computeRun, storeRun } from '../server/payroll/run.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_PAYROLL_EMPLOYEES ?? 10_000);
const REPEAT = Number(process.env.BENCH_PAYROLL_REPEAT ?? 3);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function measure(mode: 'embedded' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-payroll-'));
  const scratch = mode === 'postgres' ? await createScratchPostgres(pgUrl as string, 'hrw_bench_payroll') : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: `${dataDir}/pg` });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 5 }, payrollHistory: false });
    const app = await buildApp({
      config: { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files` },
      database,
      logger: false,
    });
    await app.ready();
    const [company] = await database.db.select().from(companies).where(eq(companies.code, 'DEMO'));
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    if (!company || !admin) throw new Error('no demo company');
    const times: number[] = [];
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
      const start = performance.now();
      const computed = await computeRun(database.db, company.id, { type: 'payroll_run', year: 2026, month: 1 });
      const summary = await storeRun(database.db, { companyId: company.id, userId: admin.id }, computed);
      times.push(performance.now() - start);
      stored = computed.rows.length;
      polling = false;
      await poller;
      await database.db.delete(payrollSummaries).where(eq(payrollSummaries.id, summary.id));
    }
    await app.close();
    return { mode, stored, times, p99: percentile(health, 99), polls: health.length };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const results = [];
if (pgUrl) results.push(await measure('postgres'));
if (process.env.BENCH_PAYROLL_EMBEDDED !== '0') results.push(await measure('embedded'));
const lines = results.map(
  (r) =>
    `| ${r.mode} | ${r.stored} | ${r.times.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s | ${r.p99.toFixed(0)} ms (${r.polls} polls) |`,
);
console.log(lines.join('\n'));
writeSection(
  'payroll',
  `## A payroll run of ${EMPLOYEES.toLocaleString('en')} employees (\`node bench/payroll.ts\`)

${machine()} Loading every input set-based, computing each payslip with the engine in memory, and storing the run in one
transaction (payslips in 500-row multi-row inserts from one JSON parameter), ${REPEAT} runs per database; \`/v1/health\`
polled every 50 ms during the runs. Targets: under 3 s on PostgreSQL, under 6 s embedded; health p99 under 200 ms.

| Database | Payslips | Run (each) | /v1/health p99 |
|---|---|---|---|
${lines.join('\n')}`,
);
