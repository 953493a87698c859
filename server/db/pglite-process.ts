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
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dataDir = 'memory://', socketPath = '', maxConnections = '8', snapshot] = process.argv.slice(2);

// pg_trgm: the activity log's search on the detail is served by a trigram index (docs/decisions/0155).
const extensions = { pg_trgm };
const db = await PGlite.create(
  dataDir,
  snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]), extensions } : { extensions },
);
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: Number(maxConnections) });
await server.start();

/**
 * A message to the server. The server may be gone already (killed, or a test worker stopped mid-start): then the
 * channel is closed and `send` would throw EPIPE as an unhandled 'error' event; the callback takes the error instead,
 * and 'disconnect' below shuts this process down.
 */
function tell(message: object) {
  if (process.connected) process.send?.(message, undefined, {}, () => {});
}

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
      tell({ type: 'dumped', id: message.id, ok: true });
    } catch {
      tell({ type: 'dumped', id: message.id, ok: false });
    }
    return;
  }
  if (message.type === 'ping') {
    // PGlite is one session shared by every connection: running SQL here would land between another connection's
    // Parse and Bind and replace its unnamed statement. Instead: this process answers only between statements (PGlite
    // runs synchronously), so an answer proves the engine is not stuck, and it reports whether PGlite is open.
    tell({ type: 'pong', id: message.id, ok: db.ready && !db.closed });
  }
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Ctrl-C in a terminal reaches the whole process group: the server stops this process itself (`shutdown` above, or
// the IPC channel closing), so that a database that stops on its own is one the server restarts (decision 0115).
process.on('SIGINT', () => {});
tell({ type: 'ready' });
