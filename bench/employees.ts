/**
 * `node bench/employees.ts` (part of `npm run bench`): committing a 10,000-row employee import through
 * `POST /v1/employees/import`, on embedded PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, on
 * PostgreSQL. Two uploads per database: 10,000 updates of stored employees (matched by employee id), and 10,000 new
 * employees with their accounts and activation links. Target (issue #5): commit under 15 s. The client-side preview of
 * such a file is measured by bench/grid.ts ("grid-import").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Figures {
  mode: string;
  updateMs: number;
  createMs: number;
  updated: number;
  created: number;
}

async function measure(mode: 'embedded' | 'postgres'): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-import-'));
  const scratch = mode === 'postgres' ? await createScratchPostgres(pgUrl!, 'hrw_bench_import') : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: `${dataDir}/pg` });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, { employees: { DEMO: ROWS, CJ: 20 } });
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
    const login = await call('POST', '/v1/auth/login', null, { username: 'admin', password: DEMO_PASSWORD });
    const token = login.body.data.token as string;
    const stored: { employee_id: string }[] = [];
    for (const list of ['/v1/employees', '/v1/employees/exit-employee', '/v1/employees/freelance']) {
      stored.push(...(await call('GET', `${list}?limit=10000`, token)).body.data);
    }
    // A spreadsheet's worth of changes: three columns on every stored employee.
    const updates = stored.slice(0, ROWS).map((row, i) => ({
      employee_id: row.employee_id,
      nickname: `Nick ${i}`,
      phone: `0812${String(10_000_000 + i)}`,
      work_days: i % 2 ? 5 : 6,
    }));
    let t0 = performance.now();
    const updated = await call('POST', '/v1/employees/import', token, { rows: updates });
    const updateMs = performance.now() - t0;
    if (updated.status !== 200)
      throw new Error(`update import: ${updated.status} ${JSON.stringify(updated.body).slice(0, 500)}`);

    const creates = Array.from({ length: ROWS }, (_, i) => ({
      employee_id: `NEW-${String(i).padStart(5, '0')}`,
      fullname: `New Employee ${i}`,
      email: `new.employee.${i}@bench.test`,
      status: 'probation',
      join_date: '2026-11-01',
      work_days: 5,
    }));
    t0 = performance.now();
    const created = await call('POST', '/v1/employees/import', token, { rows: creates });
    const createMs = performance.now() - t0;
    if (created.status !== 200)
      throw new Error(`create import: ${created.status} ${JSON.stringify(created.body).slice(0, 500)}`);
    await app.close();
    const figures = {
      mode,
      updateMs,
      createMs,
      updated: updated.body.data.updated as number,
      created: created.body.data.created as number,
    };
    console.log(figures);
    return figures;
  } finally {
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Figures[] = [await measure('embedded')];
if (pgUrl) runs.push(await measure('postgres'));
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const verdict = (value: number) => (value < 15_000 ? 'met' : 'missed');
writeSection(
  'employee-import',
  `## Committing a ${ROWS.toLocaleString('en-US')}-row employee import (\`node bench/employees.ts\`)

${machine()} The API in process (Fastify inject), as admin of a company of ${ROWS.toLocaleString('en-US')} employees.
\`POST /v1/employees/import\`, one request, one transaction: first ${ROWS.toLocaleString('en-US')} updates (three
columns, matched by employee id), then ${ROWS.toLocaleString('en-US')} new employees with their accounts and activation
links. Target: commit under 15 s. The preview of such a file in the browser is the "grid-import" figure above.

| database | updates | new employees with accounts |
|---|---|---|
${runs.map((r) => `| ${r.mode} | ${ms(r.updateMs)} (${r.updated} updated): ${verdict(r.updateMs)} | ${ms(r.createMs)} (${r.created} created): ${verdict(r.createMs)} |`).join('\n')}
`,
);
