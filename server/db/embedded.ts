import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `starting`: the first process is booting; `up`: it serves; `restarting`: the process died and a new one is starting
 * on the same data folder (requests meanwhile are a 503 with Retry-After); `down`: it died and cannot be restarted
 * (an in-memory database, or restarts that kept failing), or it was stopped. Decision 0115.
 */
export type EmbeddedState = 'starting' | 'up' | 'restarting' | 'down';

/** What the supervisor reports, for the server's log (and, on `gave-up`, its exit). */
export type EmbeddedEvent =
  | { type: 'died'; code: number | null; signal: string | null; restarting: boolean }
  | { type: 'restarted'; attempt: number; ms: number }
  | { type: 'gave-up'; reason: string };

export interface EmbeddedServer {
  /** Directory holding the Unix socket: `pg` connects with `host` = this directory. */
  socketDir: string;
  port: number;
  /** Where the supervisor is (see `EmbeddedState`). */
  state(): EmbeddedState;
  /** Called on every death, restart and final failure of the database process. */
  onEvent(listener: (event: EmbeddedEvent) => void): void;
  /** The database process's id (tests kill it). */
  pid(): number | undefined;
  /** True when the PGlite process answers a query, even mid-transaction. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Saves the whole database to `path` (an uncompressed tar, a `snapshot` for a later start); tests only. */
  dump(path: string): Promise<void>;
  stop(): Promise<void>;
}

/** The socket's file name is `.s.PGSQL.<port>`; the port is only a name here, no TCP port is taken. */
const SOCKET_PORT = 5432;
/** Restarts in a row (each after a longer pause) before the supervisor gives up and reports `gave-up`. */
const RESTART_ATTEMPTS = 5;
const restartPause = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 4000);

/**
 * Starts PGlite in a child process and keeps it running. `dataDir` is a folder (persisted) or `memory://` (tests);
 * `snapshot`, a data folder saved with PGlite's `dumpDataDir()`, to start from (the tests' migrated database).
 * A lock file stops two servers from opening the same folder, which would corrupt it.
 * Returns at once: the socket's path is known before PGlite has started, so the caller may build the app while the
 * child process starts on another core; no query may run before `ready` resolves.
 *
 * If the process dies afterwards (killed, out of memory), a persisted database is started again on the same folder
 * and socket: PostgreSQL's crash recovery replays its write-ahead log, so the folder holds every committed
 * transaction and none of a cut-short one (decision 0115). An in-memory database cannot come back: it is `down`.
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
  const listeners: ((event: EmbeddedEvent) => void)[] = [];
  const emit = (event: EmbeddedEvent) => {
    for (const listener of listeners) listener(event);
  };

  let state: EmbeddedState = 'starting';
  let stopping = false;
  let nextId = 0;
  const pending = new Map<number, (ok: boolean) => void>();

  function spawn(from?: string): ChildProcess {
    // A socket file the dead process left would make the new one's listen fail.
    rmSync(socketPath, { force: true });
    const child = fork(
      new URL('./pglite-process.ts', import.meta.url),
      [persistent ? resolve(dataDir) : dataDir, socketPath, String(maxConnections), ...(from ? [from] : [])],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=4096'] },
    );
    // A message sent as the process dies fails with EPIPE on the ChildProcess: without a listener, an unhandled
    // 'error' event would end the server. The exit below is what is acted on.
    child.on('error', () => {});
    child.on('message', (message: { type: string; id?: number; ok?: boolean }) => {
      if ((message.type === 'pong' || message.type === 'dumped') && message.id !== undefined)
        pending.get(message.id)?.(message.ok === true);
    });
    return child;
  }

  let child = spawn(snapshot);
  let exited = exitOf(child);
  const ready = waitForReady(child).then(
    () => {
      if (!stopping) state = 'up';
      watch(child);
    },
    (error: Error) => {
      state = 'down';
      child.kill('SIGKILL');
      cleanup();
      throw error;
    },
  );
  // Handled here too: the caller awaits it only after building the app, and an early failure must not crash meanwhile.
  ready.catch(() => {});

  /** Acts on the death of a running database process: restarts it, or reports that it cannot. */
  function watch(running: ChildProcess) {
    running.once('exit', (code, signal) => {
      if (stopping || running !== child) return;
      // Pings and dumps waiting on the dead process will not be answered.
      for (const finish of [...pending.values()]) finish(false);
      const restarting = persistent;
      state = restarting ? 'restarting' : 'down';
      emit({ type: 'died', code, signal, restarting });
      if (restarting) void restart();
      else emit({ type: 'gave-up', reason: 'an in-memory database cannot be restarted' });
    });
  }

  async function restart() {
    let reason = '';
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt++) {
      await new Promise((done) => setTimeout(done, restartPause(attempt)));
      if (stopping) return;
      const begun = performance.now();
      child = spawn();
      exited = exitOf(child);
      try {
        await waitForReady(child);
        if (stopping) return;
        state = 'up';
        watch(child);
        emit({ type: 'restarted', attempt, ms: Math.round(performance.now() - begun) });
        return;
      } catch (error) {
        reason = (error as Error).message;
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (stopping) return;
    state = 'down';
    emit({ type: 'gave-up', reason: `${RESTART_ATTEMPTS} restarts failed (${reason})` });
  }

  function cleanup() {
    rmSync(socketDir, { recursive: true, force: true });
    if (lockFile) rmSync(lockFile, { force: true });
  }

  const server: EmbeddedServer = {
    socketDir,
    port: SOCKET_PORT,
    state: () => state,
    onEvent(listener) {
      listeners.push(listener);
    },
    pid: () => child.pid,
    ping(timeoutMs = 2000) {
      if (state !== 'up' || !child.connected) return Promise.resolve(false);
      const id = nextId++;
      return new Promise((done) => {
        const timer = setTimeout(() => finish(false), timeoutMs);
        function finish(ok: boolean) {
          clearTimeout(timer);
          pending.delete(id);
          done(ok);
        }
        pending.set(id, finish);
        child.send({ type: 'ping', id }, (error) => {
          if (error) finish(false);
        });
      });
    },
    dump(path) {
      const id = nextId++;
      return new Promise((done, fail) => {
        pending.set(id, (ok) => {
          pending.delete(id);
          if (ok) done();
          else fail(new Error(`The embedded database could not be saved to ${path}`));
        });
        child.send({ type: 'dump', id, path }, (error) => {
          if (error) pending.get(id)?.(false);
        });
      });
    },
    async stop() {
      stopping = true;
      state = 'down';
      if (child.exitCode === null && child.signalCode === null && child.connected) {
        child.send({ type: 'shutdown' }, () => {});
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      } else if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      cleanup();
    },
  };
  return { server, ready };
}

const exitOf = (child: ChildProcess) => new Promise<void>((done) => child.once('exit', () => done()));

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
