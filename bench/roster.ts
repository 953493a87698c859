/**
 * `node bench/roster.ts`: a roster paste of 500 employees × 31 days (15,500 cells) persisted through
 * `PUT /v1/attendance/roster`, on embedded PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, on
 * PostgreSQL. Each run writes the whole month (first over empty cells, then over itself with other codes). Target
 * (issue #12): under 1 s.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function measure(mode: 'embedded' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-roster-'));
  const scratch = mode === 'postgres' ? await createScratchPostgres(pgUrl!, 'hrw_bench_roster') : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: `${dataDir}/pg` });
  try {
    await migrateDatabase(database);
    // Some demo employees are resigned or daily workers: seed more so 500 active ones fill the group.
    await seedDemo(database.db, { employees: { DEMO: Math.ceil(EMPLOYEES * 1.3), CJ: 10 } });
    const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, body?: unknown) => {
      const reply = await app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (reply.statusCode >= 300) throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
      return JSON.parse(reply.body);
    };
    const token = (await call('POST', '/v1/auth/login', null, { username: 'admin', password: DEMO_PASSWORD })).data
      .token as string;
    // One working_shift group holding all 500 employees.
    const groups = (await call('GET', '/v1/attendance-groups', token)).data as { _id: string }[];
    for (const group of groups) await call('PUT', `/v1/attendance-groups/${group._id}/members`, token, { members: [] });
    const group = (await call('POST', '/v1/attendance-groups', token, { name: 'Bench floor', type: 'working_shift' }))
      .data._id as string;
    const people = (await call('GET', '/v1/employees?limit=10000&fields=employee_id', token)).data as {
      _id: string;
    }[];
    const members = people.slice(0, EMPLOYEES).map((p) => p._id);
    await call('PUT', `/v1/attendance-groups/${group}/members`, token, { members });
    const codes = ['M', 'A', 'N', 'OFF'];
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const cells = members.flatMap((employee, row) =>
        Array.from({ length: 31 }, (_, day) => ({
          employee,
          date: `2025-01-${String(day + 1).padStart(2, '0')}`,
          code: codes[(row + day + run) % codes.length] as string,
        })),
      );
      const started = performance.now();
      await call('PUT', `/v1/attendance/roster?group=${group}&month=1&year=2025`, token, { cells });
      times.push(performance.now() - started);
    }
    await app.close();
    return { mode, cells: members.length * 31, times };
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

const results = [await measure('embedded')];
if (pgUrl) results.push(await measure('postgres'));
const rows = results.map(
  (r) =>
    `| ${r.mode} | ${r.cells} | ${r.times.length} | ${Math.round(percentile(r.times, 50))} ms | ${Math.round(Math.max(...r.times))} ms |`,
);
const ok = results.every((r) => percentile(r.times, 50) < 1000);
console.log(rows.join('\n'));
writeSection(
  'roster',
  `## A roster paste of 500 employees × 31 days (\`node bench/roster.ts\`)

${machine()} \`PUT /v1/attendance/roster\` with 15,500 cells through the app (inject: routing, validation, one
transaction with one DELETE and one INSERT … SELECT FROM unnest … ON CONFLICT), the first run over empty cells, the
next ones rewriting every cell. Target: under 1 s.

| database | cells | runs | median | max |
|---|---|---|---|---|
${rows.join('\n')}

Under 1 s (median): ${ok ? 'met' : 'missed'}.`,
);
