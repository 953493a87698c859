/**
 * `npm run dev`: the API (`server/main.ts`, not serving the built app) in a child process, and the Vite dev server,
 * which proxies `/v1` to it (see vite.config.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

// The dev server proxies /v1 to port 3000.
const api = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: '3000', SERVE_SPA: 'false' },
  stdio: 'inherit',
});

const vite = await createServer({ root });
await vite.listen();
vite.printUrls();
vite.bindCLIShortcuts({ print: true });

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await vite.close();
  if (api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  process.exit(code);
}

api.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`\n  The API stopped (${signal ?? `exit code ${code}`}).`);
  void stop(code || 1);
});
// Vite's `q` shortcut exits the process directly: the API goes with it.
process.on('exit', () => api.kill('SIGTERM'));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
