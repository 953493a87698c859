/**
 * `npm start` on a fresh data directory (docs/decisions/0080): the server answers, and a demo login works, before the
 * demo's history is filled; a fill killed mid-way (SIGKILL, no clean shutdown) leaves only whole steps behind and
 * resumes where it stopped. The server runs as `npm start` runs it, in its own process (`server/main.ts`), on the
 * embedded database in a temporary folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/connect.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { fillDemoHistory, fillProgress } from '../../server/seed/fill.ts';
import { onPostgres } from '../support/database.ts';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-start-test-'));

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** `server/main.ts` on the data folder; resolves when /v1/health answers 200. */
async function start(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SERVE_SPA: 'false',
      LOG_FORMAT: 'pretty',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const reply = await fetch(`${base}/v1/health`).catch(() => null);
    if (reply?.status === 200) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return { child, base, output: () => output };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));

/** The killed server's embedded database process closes by itself (it saw its parent go): waits until it has. */
async function embeddedGone() {
  const folder = `${dataDir}/pg`;
  for (let tries = 0; tries < 600; tries++) {
    const holders = readdirSync('/proc').filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false;
      }
    });
    if (holders.length === 0) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the embedded database process did not exit');
}

/** Waits for the server's log to say that `steps` or more history steps are done. */
async function stepsLogged(server: Started, steps: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const done = [...server.output().matchAll(/demo history (\d+)\/(\d+)/g)].map((match) => Number(match[1]));
    if (done.some((count) => count >= steps)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "demo history ${steps}/…" line:\n${server.output()}`);
}

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// The embedded database only: with DATABASE_URL the server never seeds.
describe.skipIf(onPostgres())('npm start on a fresh data folder', { timeout: 600_000 }, () => {
  it('answers, and lets a demo login sign in, before the history is filled; a killed fill resumes', async () => {
    const server = await start();
    try {
      const login = await fetch(`${server.base}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      // The history was not filled before the first answer: the banner says so, with none of it done yet.
      expect(server.output()).toMatch(/Filling the demo's history .* 0\/\d+ steps done/);
      expect(server.output()).not.toMatch(/demo history complete/);
      // Killed outright once ten steps (leave, attendance, approvals, … some payroll months) are done.
      await stepsLogged(server, 10, 400_000);
    } finally {
      server.child.kill('SIGKILL');
      await exited(server.child);
      await embeddedGone();
    }

    // Only whole steps: every payroll month marked done has its run, and no run exists without its step.
    database = await openDatabase({ dataDir: `${dataDir}/pg` });
    const before = await fillProgress(database.db);
    expect(before.done).toBeGreaterThanOrEqual(10);
    expect(before.done).toBeLessThan(before.total);
    const counts = async () => {
      const result = await database!.pool.query(`
        select (select count(*)::int from demo_fill_steps where step like 'run:%' and done_at is not null) as steps,
               (select count(*)::int from payroll_summaries where type <> 'weekly') as runs,
               (select count(*)::int from demo_fill_steps where done_at is null) as pending`);
      return result.rows[0] as { steps: number; runs: number; pending: number };
    };
    const killed = await counts();
    expect(killed.runs).toBe(killed.steps);
    // Done steps are a prefix of the plan: the fill runs them in order.
    const order = await database.pool.query(
      `select max(position) filter (where done_at is not null) as last_done,
              min(position) filter (where done_at is null) as first_pending from demo_fill_steps`,
    );
    expect(Number(order.rows[0].last_done)).toBeLessThan(Number(order.rows[0].first_pending));

    // The next start resumes where it stopped (here run in this process, as the server would after listening).
    const after = await fillDemoHistory(database.db);
    expect(after).toEqual({ done: before.total, total: before.total });
    const resumed = await counts();
    expect(resumed.pending).toBe(0);
    expect(resumed.runs).toBe(resumed.steps);
  });
});
