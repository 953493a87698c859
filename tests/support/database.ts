import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/connect.ts';
import { seedDemo } from '../../server/seed/demo.ts';

/**
 * A throwaway database on the PostgreSQL server at `adminUrl`, a copy of `template` when given; `drop()` removes it.
 */
export async function createScratchPostgres(adminUrl: string, prefix = 'hrw_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export const onPostgres = () => process.env.TEST_DB === 'postgres';

/** What tests/support/global-setup.ts prepared once for this run (decision 0078); nothing outside Vitest. */
async function prepared() {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return {
    snapshot: inject('pgliteSnapshot'),
    template: inject('postgresTemplate'),
    seeded: inject('pgliteSeeded'),
  };
}

/**
 * A migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a throwaway database on
 * TEST_DATABASE_URL's server, dropped by `close()`. Under Vitest it starts as a copy of the run's migrated database
 * (the PGlite snapshot or the PostgreSQL template, tests/support/global-setup.ts); the migrations then find nothing
 * left to do.
 */
export async function openTestDatabase(prefix?: string, from?: string): Promise<Database> {
  const { snapshot, template } = await prepared();
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  if (onPostgres()) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    scratch = await createScratchPostgres(adminUrl, prefix, template);
  }
  const database = await openDatabase({
    url: scratch?.url,
    dataDir: 'memory://',
    snapshot: scratch ? undefined : (from ?? snapshot),
  });
  await migrateDatabase(database);
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch?.drop();
  };
  return database;
}

/**
 * `openTestDatabase()` with the demo data seeded with `options`. On PGlite under Vitest (decision 0051) the first file
 * of the run to ask for an option set seeds its database and saves it to the run's folder of seeded snapshots; every
 * later file asking for the same set starts from that save instead of seeding (each file still has its own database).
 * Today's date is part of the key: the seed dates everything from today, so a run that passes midnight seeds again.
 */
export async function openSeededTestDatabase(options?: Parameters<typeof seedDemo>[1]): Promise<Database> {
  const { seeded } = await prepared();
  if (onPostgres() || !seeded) {
    const database = await openTestDatabase();
    await seedDemo(database.db, options);
    return database;
  }
  const key = createHash('sha256')
    .update(JSON.stringify({ options: options ?? null, today: new Date().toISOString().slice(0, 10) }))
    .digest('hex')
    .slice(0, 16);
  const file = join(seeded, `${key}.tar`);
  if (existsSync(file)) return openTestDatabase(undefined, file);
  const database = await openTestDatabase();
  await seedDemo(database.db, options);
  // Two files may seed the same set at once: each writes its own temporary file, and the rename keeps one whole.
  await database.dump?.(file);
  return database;
}
