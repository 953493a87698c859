import { cacheCompiledCode, speedUpImports } from './module-hooks.ts';

cacheCompiledCode();

const importsDone = speedUpImports();
const { startServer } = await import('./start.ts');
importsDone();

const running = await startServer().catch((error: Error) => {
  console.error(`\n  Could not start: ${error.message}\n`);
  process.exit(1);
});

// The embedded database died and could not be restarted (decision 0115): one clear line, and a non-zero exit for
// whatever supervises this process, rather than a server that answers 503 for ever.
running.database.onEvent((event) => {
  if (event.type !== 'gave-up') return;
  console.error(`\n  The embedded database stopped and could not be restarted (${event.reason}); exiting.\n`);
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  running.app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  await running.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
