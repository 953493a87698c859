/**
 * Issue 24: the server outlives its embedded database's process (decision 0115). The real server (`server/main.ts`,
 * as `npm start` runs it) on a temporary data folder; its PGlite process is killed with SIGKILL while writes are in
 * flight. Meanwhile every request answers 503 `database_unavailable` with Retry-After (never a 500, never an exit);
 * the supervisor starts a new database process on the same folder, and the server answers again with every write it
 * confirmed before the kill still there. An in-memory database cannot come back: it reports that it gave up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedEvent, launchEmbedded } from '../../../server/db/embedded.ts';
import { DEMO_PASSWORD } from '../../../server/seed/demo.ts';
import { onPostgres } from '../../support/database.ts';

const root = new URL('../../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-embedded-restart-'));
let server: ChildProcess | undefined;
// A timed-out test ends without its afterAll: never leave a server behind.
process.once('exit', () => server?.kill('SIGKILL'));
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await new Promise((done) => server!.once('exit', done));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The process serving the embedded database of this data folder (`pglite-process.ts <dataDir>/pg …`). */
function embeddedPid(): number | undefined {
  const folder = `${dataDir}/pg`;
  const pid = readdirSync('/proc').find((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return command.includes('pglite-process') && command.includes(folder);
    } catch {
      return false;
    }
  });
  return pid ? Number(pid) : undefined;
}

describe.skipIf(onPostgres())(
  'the embedded database process killed under a running server',
  { timeout: 300_000 },
  () => {
    it('answers 503 with Retry-After while a new database process starts, then serves every confirmed write again', async () => {
      const port = await freePort();
      let output = '';
      server = spawn(process.execPath, ['server/main.ts'], {
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
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      server.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      const base = `http://127.0.0.1:${port}`;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        const reply = await fetch(`${base}/v1/health`).catch(() => null);
        if (reply?.status === 200) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      const login = await fetch(`${base}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const departments = `${base}/v1/refs/employees/orgs/departments`;
      const create = (code: string) =>
        fetch(departments, { method: 'POST', headers, body: JSON.stringify({ code, name: `Restart ${code}` }) })
          .then((reply) => ({ code, status: reply.status }))
          .catch(() => ({ code, status: 0 }));
      expect((await create('BEFORE')).status).toBe(201);

      const pid = embeddedPid();
      expect(pid).toBeDefined();
      // Writes in flight as the database dies: each either was confirmed (and must survive) or answered 503.
      const racing = Array.from({ length: 8 }, (_, i) => create(`RACE${i}`));
      process.kill(pid!, 'SIGKILL');
      const raced = await Promise.all(racing);

      // Until the database is back: every answer a 503 with Retry-After and a translated code, or already a 200.
      const seen: { status: number; retryAfter: string | null; code?: string; health: number }[] = [];
      const deadline = Date.now() + 120_000;
      for (;;) {
        expect(server.exitCode, output).toBeNull();
        const [reply, health] = await Promise.all([
          fetch(`${departments}?limit=1000`, { headers }),
          fetch(`${base}/v1/health`),
        ]);
        const body = (await reply.json()) as { code?: string };
        seen.push({
          status: reply.status,
          retryAfter: reply.headers.get('retry-after'),
          ...(body.code ? { code: body.code } : {}),
          health: health.status,
        });
        if (health.status === 503) expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
        if (reply.status === 200 && health.status === 200) break;
        if (Date.now() > deadline) throw new Error(`the database did not come back:\n${output}`);
        await new Promise((done) => setTimeout(done, 25));
      }
      const unavailable = seen.filter((entry) => entry.status !== 200);
      expect(unavailable.length, 'the restart was seen').toBeGreaterThan(0);
      for (const entry of unavailable) {
        expect(entry).toMatchObject({
          status: 503,
          code: 'database_unavailable',
          retryAfter: expect.stringMatching(/^\d+$/),
        });
      }
      for (const write of raced) expect([0, 201, 503], write.code).toContain(write.status);
      expect(embeddedPid()).not.toBe(pid);

      // Every write confirmed before or during the kill is on disk after the restart; the pool and sign-in work again.
      const after = await fetch(`${departments}?limit=1000`, { headers });
      const codes = ((await after.json()) as { data: { code: string }[] }).data.map((row) => row.code);
      for (const code of ['BEFORE', ...raced.filter((write) => write.status === 201).map((write) => write.code)]) {
        expect(codes, code).toContain(code);
      }
      expect((await create('AFTER')).status).toBe(201);
      expect(output).toMatch(/the embedded database process died \(signal SIGKILL\); restarting it/);
      expect(output).toMatch(/the embedded database restarted in \d+ ms/);
      expect(output).not.toMatch(/Unhandled|unhandled error/);

      // Stopped as usual, it exits cleanly.
      server.kill('SIGTERM');
      const code = await new Promise<number | null>((done) => server!.once('exit', (exitCode) => done(exitCode)));
      expect(code, output).toBe(0);
    });
  },
);

describe('an in-memory embedded database killed', () => {
  it('is down for good and says so (nothing to restart from)', async () => {
    const { server: embedded, ready } = launchEmbedded('memory://', 3);
    const events: EmbeddedEvent[] = [];
    embedded.onEvent((event) => events.push(event));
    await ready;
    expect(embedded.state()).toBe('up');
    process.kill(embedded.pid()!, 'SIGKILL');
    for (let tries = 0; tries < 200 && events.length < 2; tries++) await new Promise((done) => setTimeout(done, 50));
    expect(events).toEqual([
      { type: 'died', code: null, signal: 'SIGKILL', restarting: false },
      { type: 'gave-up', reason: 'an in-memory database cannot be restarted' },
    ]);
    expect(embedded.state()).toBe('down');
    expect(await embedded.ping()).toBe(false);
    await embedded.stop();
    // A database made from nothing (initdb in WebAssembly) takes its time on a busy machine.
  }, 90_000);
});
