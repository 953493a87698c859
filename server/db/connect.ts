import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type EmbeddedEvent, type EmbeddedServer, launchEmbedded } from './embedded.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'embedded' | 'postgres';
  db: Db;
  pool: pg.Pool;
  /** Does the database answer? Never waits on a busy pool for long. */
  ping(): Promise<boolean>;
  /**
   * False while the embedded database's process is being restarted, or after it died for good (decision 0115):
   * requests are then a 503 with Retry-After without trying it. Always true on PostgreSQL, whose pool reconnects.
   */
  available(): boolean;
  /** The embedded database's process died, was restarted, or cannot be (for the log, and the server's exit). */
  onEvent(listener: (event: EmbeddedEvent) => void): void;
  /** Embedded only: the database process's id (tests kill it). */
  pid?: () => number | undefined;
  /** Embedded only: saves the database as a `snapshot` file for a later start (the tests' seeded snapshots). */
  dump?: (path: string) => Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Embedded data folder, or `memory://`. */
  dataDir: string;
  /** Embedded only: a data folder saved with PGlite's `dumpDataDir()` to start from (the tests' migrated database). */
  snapshot?: string | undefined;
  /** PostgreSQL only: the embedded database always has one connection. */
  poolSize?: number;
  statementTimeoutMs?: number;
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { database, ready } = launchDatabase(options);
  await ready;
  return database;
}

/**
 * Returns the database at once and a promise of its being ready to answer: the embedded one starts in a child
 * process, on another core, while the caller builds the app (docs/decisions/0019). No query before `ready`.
 */
export function launchDatabase(options: DatabaseOptions): { database: Database; ready: Promise<void> } {
  const statement_timeout = options.statementTimeoutMs ?? 30_000;
  let embedded: EmbeddedServer | null = null;
  let ready = Promise.resolve();
  let pool: pg.Pool;
  if (options.url) {
    pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, statement_timeout });
  } else {
    // One connection: PGlite is one session, and pglite-socket interleaves concurrent extended-protocol batches of
    // different connections outside a transaction (one connection's Parse replaces another's unnamed statement before
    // its Bind: electric-sql/pglite#1046). The pool queues instead; PGlite runs one statement at a time anyway.
    const max = 1;
    const launched = launchEmbedded(options.dataDir, max + 2, options.snapshot);
    embedded = launched.server;
    ready = launched.ready;
    pool = new pg.Pool({
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
      max,
      statement_timeout,
    });
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // A client checked out of the pool (a transaction, the migration) has no listener of the pool's: a connection lost
  // under it (the embedded database's process killed, PostgreSQL restarted) would be an unhandled 'error' event that
  // ends the server. The statement in flight fails with the same error, which is what the request answers (a 503),
  // and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  const server = embedded;
  const database: Database = {
    kind: embedded ? 'embedded' : 'postgres',
    db,
    pool,
    async ping() {
      if (embedded) return embedded.ping();
      try {
        await withTimeout(pool.query('select 1'), 2000);
        return true;
      } catch {
        return false;
      }
    },
    available: () => (server ? server.state() === 'up' : true),
    onEvent(listener) {
      server?.onEvent(listener);
    },
    ...(server ? { dump: (path: string) => server.dump(path), pid: () => server.pid() } : {}),
    async close() {
      await pool.end();
      await ready.catch(() => {});
      await embedded?.stop();
    },
  };
  return { database, ready };
}

/** Applies the committed migrations, holding an advisory lock so that several starting processes take turns. */
export async function migrateDatabase(database: Database) {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        done(value);
      },
      (error) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}
