/**
 * `npm run bench`: the foundation's benchmarks, written to docs/benchmarks.md.
 * - GET /v1/employees?limit=9999 on a company of 10,000 employees: p50, p99, requests/s (autocannon, loopback);
 * - GET /v1/health p99 while a 10,000-row bulk upsert runs;
 * - cold start to the first 200 on /v1/health, on a fresh and on an existing data directory.
 * Embedded PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, percentile, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Figures {
  mode: string;
  list: { p50: number; p99: number; rps: number; bytes: number };
  health: { samples: number; p50: number; p99: number; max: number; bulkMs: number };
}

async function measure(mode: 'embedded' | 'postgres'): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-'));
  const scratch = mode === 'postgres' ? await createScratchPostgres(pgUrl!, 'hrw_bench') : undefined;
  const url = scratch?.url;
  const drop = async () => scratch?.drop();
  // Seed the scaled company first, then start the server as `npm start` would.
  const seeding = await openDatabase({ url, dataDir: `${dataDir}/pg` });
  await migrateDatabase(seeding);
  const t0 = performance.now();
  await seedDemo(seeding.db, { employees: { DEMO: EMPLOYEES, CJ: 60 } });
  console.log(`[${mode}] seeded ${EMPLOYEES} employees in ${Math.round(performance.now() - t0)} ms`);
  await seeding.close();

  // The server runs in its own process, as in production: the measuring client does not share its event loop.
  const server = await spawnServer(dataDir, { DATABASE_URL: url ?? '', SEED_DEMO: 'false' });
  try {
    const base = server.base;
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };

    const probe = await fetch(`${base}/v1/employees?limit=9999`, { headers });
    const bytes = (await probe.arrayBuffer()).byteLength;
    const result = await autocannon({
      url: `${base}/v1/employees?limit=9999`,
      headers,
      connections: 4,
      duration: DURATION,
    });
    const list = { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, bytes };
    console.log(
      `[${mode}] list: p50 ${list.p50} ms, p99 ${list.p99} ms, ${list.rps} req/s, ${(bytes / 1e6).toFixed(1)} MB`,
    );

    // autocannon stops sending, but requests already queued keep the server busy: let it settle first, so the next
    // figure measures health during the bulk upsert and nothing else.
    await settle(base);

    // Health while a 10,000-row bulk upsert runs.
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ code: `BENCH${i}`, name: `Bench department ${i}` }));
    const samples: number[] = [];
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const start = performance.now();
        const reply = await fetch(`${base}/v1/health`);
        await reply.arrayBuffer();
        if (reply.status !== 200) throw new Error(`health answered ${reply.status}`);
        samples.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const bulkStart = performance.now();
    const bulk = await fetch(`${base}/v1/refs/employees/orgs/departments/bulk`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ rows }),
    });
    const bulkMs = performance.now() - bulkStart;
    if (bulk.status !== 200) throw new Error(`bulk answered ${bulk.status}: ${await bulk.text()}`);
    done = true;
    await sampler;
    const health = {
      samples: samples.length,
      p50: Math.round(percentile(samples, 50)),
      p99: Math.round(percentile(samples, 99)),
      max: Math.round(Math.max(...samples)),
      bulkMs: Math.round(bulkMs),
    };
    console.log(
      `[${mode}] health during a ${health.bulkMs} ms bulk upsert: p50 ${health.p50} ms, p99 ${health.p99} ms (${health.samples} samples)`,
    );
    return { mode, list, health };
  } finally {
    await server.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until three health requests in a row answer within 50 ms (at most 60 s). */
async function settle(base: string) {
  const until = performance.now() + 60_000;
  for (let quick = 0; quick < 3 && performance.now() < until; ) {
    const start = performance.now();
    await (await fetch(`${base}/v1/health`)).arrayBuffer();
    quick = performance.now() - start < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `node server/main.ts` in a child process, once it answers 200 on /v1/health. */
async function spawnServer(dataDir: string, env: Record<string, string> = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SERVE_SPA: 'false',
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (;;) {
    try {
      const reply = await fetch(`${base}/v1/health`);
      if (reply.status === 200) return { base, startMs: Math.round(performance.now() - start), stop };
    } catch {}
    if (child.exitCode !== null || performance.now() - start > 180_000) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Time from spawning `node server/main.ts` to the first 200 on /v1/health. */
async function coldStart(dataDir: string): Promise<number> {
  const server = await spawnServer(dataDir);
  await server.stop();
  return server.startMs;
}

const results: Figures[] = [await measure('embedded')];
if (pgUrl) results.push(await measure('postgres'));
const coldDir = mkdtempSync(join(tmpdir(), 'hrw-cold-'));
const fresh = await coldStart(coldDir);
const existing = await coldStart(coldDir);
rmSync(coldDir, { recursive: true, force: true });
console.log(`cold start: fresh ${fresh} ms (includes migrations and the demo seed), existing ${existing} ms`);

const rowsOf = (f: Figures) =>
  `| ${f.mode} | ${f.list.p50} | ${f.list.p99} | ${f.list.rps.toFixed(1)} | ${(f.list.bytes / 1e6).toFixed(1)} | ${f.health.bulkMs} | ${f.health.p50} | ${f.health.p99} | ${f.health.max} |`;
const markdown = `## The v1 API (\`node bench/run.ts\`)

${machine()} ${EMPLOYEES.toLocaleString('en')} employees in the benchmarked company; the server runs
in its own process, as in production.

\`GET /v1/employees?limit=9999\`: autocannon, 4 connections, ${DURATION} s. Health: \`GET /v1/health\` sampled every 10 ms
while \`POST /v1/refs/employees/orgs/departments/bulk\` writes 10,000 new rows in one transaction. Target: health p99
under 200 ms.

| database | list p50 ms | list p99 ms | list req/s | list MB | bulk 10k ms | health p50 ms | health p99 ms | health max ms |
|---|---|---|---|---|---|---|---|---|
${results.map(rowsOf).join('\n')}
${pgUrl ? '' : '\nPostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.\n'}
Cold start of \`node server/main.ts\` (embedded) to the first 200 on \`/v1/health\`:

| data directory | ms |
|---|---|
| fresh (migrations and the demo seed included) | ${fresh} |
| existing | ${existing} |
`;
writeSection('api', markdown);
console.log('Wrote docs/benchmarks.md');
process.exit(0);
