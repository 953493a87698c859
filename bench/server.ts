/**
 * The app as `npm start` runs it, for the browser benchmarks: `node scripts/start.ts` (builds dist/ when stale, then
 * serves the API and the app) on a free port and its own data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A process's parent and its CPU time so far (ms), from /proc; null when it cannot be read. */
function procStat(pid: number | string): { ppid: number; cpuMs: number } | null {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    const tick = 10; // USER_HZ is 100 on Linux
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * tick };
  } catch {
    return null;
  }
}

function cpuOf(pid: number | undefined): { server: number; children: number } {
  const own = pid === undefined ? null : procStat(pid);
  if (!own) return { server: Number.NaN, children: Number.NaN };
  let children = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat && stat.ppid === pid) children += stat.cpuMs;
  }
  return { server: own.cpuMs, children };
}

export interface Server {
  base: string;
  /** From the spawn to the first 200 on /v1/health. */
  startMs: number;
  /**
   * CPU time (user + system) by then: the server's process and, apart, its children (the embedded database), read from
   * /proc (Linux; NaN elsewhere). Wall time on a machine shared with other work says little; this says what it cost.
   */
  cpuMs: { server: number; children: number };
  stop: () => Promise<void>;
}

/** A free port from 3400 up, tried in a random order (other benchmarks and test runs may hold some). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 3400 + Math.floor(Math.random() * 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3400–3499');
}

/** Starts the server on the embedded database in `dataDir`; resolves once /v1/health answers and the app is served. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ...env,
    },
    // Logging stays as `npm start` has it (level and format); the banner and log lines are not the benchmark's output.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const started = performance.now();
  let startMs = 0;
  let cpuMs = { server: Number.NaN, children: Number.NaN };
  for (;;) {
    try {
      const reply = await fetch(`${base}/v1/health`);
      if (reply.status === 200) {
        startMs = Math.round(performance.now() - started);
        cpuMs = cpuOf(child.pid);
        break;
      }
    } catch {}
    if (child.exitCode !== null || performance.now() - started > 300_000) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const index = await fetch(`${base}/dashboard/home`);
  if (!(index.headers.get('content-type') ?? '').includes('text/html')) {
    await stop();
    throw new Error('the server does not serve the app (dist/ missing?)');
  }
  return { base, startMs, cpuMs, stop };
}
