/**
 * The app as `npm start` runs it, for the browser benchmarks: `node scripts/start.ts` (builds dist/ when stale, then
 * serves the API and the app) on a free port and its own data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface Server {
  base: string;
  /** From the spawn to the first 200 on /v1/health. */
  startMs: number;
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
  for (;;) {
    try {
      const reply = await fetch(`${base}/v1/health`);
      if (reply.status === 200) {
        startMs = Math.round(performance.now() - started);
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
  return { base, startMs, stop };
}
