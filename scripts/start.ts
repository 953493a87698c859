/**
 * `npm start`: builds the web app when `dist/` is missing or older than its sources, then starts the server, which
 * serves the API and the built app on one origin.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheCompiledCode } from '../server/module-hooks.ts';

// Before the build and the server are imported: their compiled code is cached on disk (docs/decisions/0081).
cacheCompiledCode();

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'locales', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time among a file or all the files under a folder; 0 when absent. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function staleReason(): string | null {
  if (!existsSync(builtIndex)) return 'dist/index.html is missing';
  const built = statSync(builtIndex).mtimeMs;
  const changed = sources.find((source) => newest(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = staleReason();
if (reason) {
  let vite: typeof import('vite') | undefined;
  try {
    vite = await import('vite');
  } catch {
    // A production install (`npm ci --omit=dev`) has no Vite: serve what was built, if anything.
    if (!existsSync(builtIndex)) {
      console.error('\n  The web app is not built and Vite is not installed: run `npm ci` and then `npm start`.\n');
      process.exit(1);
    }
    console.warn(`  ${reason}, but Vite is not installed: serving the existing build.`);
  }
  if (vite) {
    console.log(`  Building the web app (${reason})…`);
    const started = performance.now();
    const nodeEnv = process.env.NODE_ENV;
    try {
      await vite.build({ root, logLevel: 'warn' });
    } catch (error) {
      console.error(`\n  Could not build the web app: ${(error as Error).message}\n`);
      process.exit(1);
    }
    // Vite sets NODE_ENV for its build; the server should see what it was started with.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    console.log(`  Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
}

await import('../server/main.ts');
