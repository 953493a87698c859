/**
 * The embedded database: PGlite in its own process, served over a private Unix socket with the PostgreSQL wire
 * protocol, so the API talks to it with the same `pg` driver as to a real PostgreSQL and PGlite's synchronous work
 * never blocks the API's event loop. See docs/decisions/0002-embedded-postgres.md.
 *
 * Started by `server/db/embedded.ts` with `fork()`; argv: <dataDir|memory://> <socketPath> <maxConnections>.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dataDir = 'memory://', socketPath = '', maxConnections = '8'] = process.argv.slice(2);

const db = await PGlite.create(dataDir);
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

type Message = { type: 'ping'; id: number } | { type: 'shutdown' };
process.on('message', async (message: Message) => {
  if (message.type === 'shutdown') return shutdown(0);
  if (message.type === 'ping') {
    // PGlite is one session: a ping runs between the statements of whatever transaction holds it. An aborted
    // transaction still means the engine answered.
    let ok = true;
    try {
      await db.query('select 1');
    } catch (error) {
      ok = (error as { code?: string }).code === '25P02';
    }
    process.send?.({ type: 'pong', id: message.id, ok });
  }
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.send?.({ type: 'ready' });
