/**
 * The embedded database: PGlite in its own process, served over a private Unix socket with the PostgreSQL wire
 * protocol, so the API talks to it with the same `pg` driver as to a real PostgreSQL and PGlite's synchronous work
 * never blocks the API's event loop. See docs/decisions/0002-embedded-postgres.md.
 *
 * Started by `server/db/embedded.ts` with `fork()`; argv: <dataDir|memory://> <socketPath> <maxConnections> [snapshot].
 * `snapshot` is a data folder saved with `dumpDataDir()` (uncompressed tar) to start from instead of an empty one: the
 * tests start every file's database from one migrated snapshot (tests/support/global-setup.ts, decision 0078), or a
 * seeded one that a `dump` message saved (decision 0051).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dataDir = 'memory://', socketPath = '', maxConnections = '8', snapshot] = process.argv.slice(2);

const db = await PGlite.create(dataDir, snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {});
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: Number(maxConnections) });
await server.start();

let closing = false;
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  await server.stop().catch(() => {});
  await db.close().catch(() => {});
  process.exit(code);
}

type Message = { type: 'ping'; id: number } | { type: 'dump'; id: number; path: string } | { type: 'shutdown' };
process.on('message', async (message: Message) => {
  if (message.type === 'shutdown') return shutdown(0);
  if (message.type === 'dump') {
    // The tests' seeded snapshots (tests/support/database.ts, decision 0051): the caller has no statement in flight.
    // Written under a temporary name and renamed, so a reader never loads half a file.
    try {
      const dump = await db.dumpDataDir('none');
      const temporary = `${message.path}.${process.pid}`;
      writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
      renameSync(temporary, message.path);
      process.send?.({ type: 'dumped', id: message.id, ok: true });
    } catch {
      process.send?.({ type: 'dumped', id: message.id, ok: false });
    }
    return;
  }
  if (message.type === 'ping') {
    // PGlite is one session shared by every connection: running SQL here would land between another connection's
    // Parse and Bind and replace its unnamed statement. Instead: this process answers only between statements (PGlite
    // runs synchronously), so an answer proves the engine is not stuck, and it reports whether PGlite is open.
    if (process.connected) process.send?.({ type: 'pong', id: message.id, ok: db.ready && !db.closed });
  }
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.send?.({ type: 'ready' });
