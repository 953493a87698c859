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
  if (onPostgres()) scratch = await createScratchPostgres(adminUrlOf(), prefix, from ?? template);
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
  const { seeded, template } = await prepared();
  const key = createHash('sha256')
    .update(JSON.stringify({ options: options ?? null, today: new Date().toISOString().slice(0, 10) }))
    .digest('hex')
    .slice(0, 16);
  if (onPostgres() && template) return openTestDatabase(undefined, await seededTemplate(template, key, options));
  if (onPostgres() || !seeded) {
    const database = await openTestDatabase();
    await seedDemo(database.db, options);
    return database;
  }
  const file = join(seeded, `${key}.tar`);
  if (existsSync(file)) return openTestDatabase(undefined, file);
  const database = await openTestDatabase();
  await seedDemo(database.db, options);
  // Two files may seed the same set at once: each writes its own temporary file, and the rename keeps one whole.
  await database.dump?.(file);
  return database;
}

function adminUrlOf(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return adminUrl;
}

/**
 * PostgreSQL under Vitest: the seeded copy of the run's template for one seed option set, `<template>_<key>`, made by
 * the first file to need it (seeded under a temporary name, renamed when whole; an advisory lock keeps a second
 * worker waiting instead of seeding it twice). Each file's database is then a `CREATE DATABASE … TEMPLATE` copy of it
 * (about half a second) instead of a seed of its own (about ten). tests/support/global-setup.ts drops them at the end.
 */
async function seededTemplate(template: string, key: string, options?: Parameters<typeof seedDemo>[1]) {
  const name = `${template}_${key}`;
  const admin = new pg.Client({ connectionString: adminUrlOf() });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const scratch = await createScratchPostgres(adminUrlOf(), `${name}_new`, template);
    const database = await openDatabase({ url: scratch.url, dataDir: 'memory://', poolSize: 1 });
    try {
      await migrateDatabase(database);
      await seedDemo(database.db, options);
    } catch (error) {
      await database.close();
      await scratch.drop();
      throw error;
    }
    await database.close();
    await admin.query(`alter database ${new URL(scratch.url).pathname.slice(1)} rename to ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}
