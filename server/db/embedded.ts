import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface EmbeddedServer {
  /** Directory holding the Unix socket: `pg` connects with `host` = this directory. */
  socketDir: string;
  port: number;
  /** True when the PGlite process answers a query, even mid-transaction. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Saves the whole database to `path` (an uncompressed tar, a `snapshot` for a later start); tests only. */
  dump(path: string): Promise<void>;
  stop(): Promise<void>;
}

/** The socket's file name is `.s.PGSQL.<port>`; the port is only a name here, no TCP port is taken. */
const SOCKET_PORT = 5432;

/**
 * Starts PGlite in a child process. `dataDir` is a folder (persisted) or `memory://` (tests); `snapshot`, a data folder
 * saved with PGlite's `dumpDataDir()`, to start from (the tests' migrated database).
 * A lock file stops two servers from opening the same folder, which would corrupt it.
 * Returns at once: the socket's path is known before PGlite has started, so the caller may build the app while the
 * child process starts on another core; no query may run before `ready` resolves.
 */
export function launchEmbedded(
  dataDir: string,
  maxConnections = 8,
  snapshot?: string,
): { server: EmbeddedServer; ready: Promise<void> } {
  const persistent = dataDir !== 'memory://';
  const lockFile = persistent ? `${resolve(dataDir)}.lock` : null;
  if (persistent) {
    mkdirSync(dataDir, { recursive: true });
    takeLock(lockFile!);
  }
  const socketDir = mkdtempSync(join(tmpdir(), 'hrw-pg-'));
  const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  const child = fork(
    new URL('./pglite-process.ts', import.meta.url),
    [persistent ? resolve(dataDir) : dataDir, socketPath, String(maxConnections), ...(snapshot ? [snapshot] : [])],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=4096'] },
  );
  const ready = waitForReady(child).catch((error: Error) => {
    child.kill('SIGKILL');
    cleanup();
    throw error;
  });
  // Handled here too: the caller awaits it only after building the app, and an early failure must not crash meanwhile.
  ready.catch(() => {});

  let nextPing = 0;
  const pending = new Map<number, (ok: boolean) => void>();
  child.on('message', (message: { type: string; id?: number; ok?: boolean }) => {
    if ((message.type === 'pong' || message.type === 'dumped') && message.id !== undefined)
      pending.get(message.id)?.(message.ok === true);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  function cleanup() {
    rmSync(socketDir, { recursive: true, force: true });
    if (lockFile) rmSync(lockFile, { force: true });
  }

  const server: EmbeddedServer = {
    socketDir,
    port: SOCKET_PORT,
    ping(timeoutMs = 2000) {
      if (!child.connected) return Promise.resolve(false);
      const id = nextPing++;
      return new Promise((done) => {
        const timer = setTimeout(() => finish(false), timeoutMs);
        function finish(ok: boolean) {
          clearTimeout(timer);
          pending.delete(id);
          done(ok);
        }
        pending.set(id, finish);
        child.send({ type: 'ping', id });
      });
    },
    dump(path) {
      const id = nextPing++;
      return new Promise((done, fail) => {
        pending.set(id, (ok) => {
          pending.delete(id);
          if (ok) done();
          else fail(new Error(`The embedded database could not be saved to ${path}`));
        });
        child.send({ type: 'dump', id, path });
      });
    },
    async stop() {
      if (child.exitCode === null && child.connected) {
        child.send({ type: 'shutdown' });
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      cleanup();
    },
  };
  return { server, ready };
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((done, fail) => {
    // A first start creates the database (initdb in WebAssembly): minutes on a busy 2-core machine is slow, not stuck.
    // The check is deferred by one turn so that a "ready" that arrived while this process was busy (compiling the
    // routes meanwhile) is read first.
    const timer = setTimeout(
      () => setImmediate(() => fail(new Error('The embedded database did not start within 3 minutes'))),
      180_000,
    );
    child.once('message', (message: { type?: string }) => {
      clearTimeout(timer);
      if (message.type === 'ready') done();
      else fail(new Error('The embedded database sent an unexpected first message'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The embedded database exited during start-up (code ${code})`));
    });
  });
}

function takeLock(lockFile: string) {
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data directory is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
