/**
 * Once per `vitest run`, before any API test file (decision 0078): the migrations are applied once, and every test
 * file's database starts from the result instead of from nothing.
 * - PGlite (api-pglite): an in-memory database is migrated here and saved with `dumpDataDir()`; each file's embedded
 *   database process loads that file (`openTestDatabase`). Creating a PGlite database from nothing (initdb in
 *   WebAssembly) is the slowest step of a file's set-up, several times slower than loading the saved one.
 * - PostgreSQL (api-postgres): a template database is migrated here; each file's database is
 *   `CREATE DATABASE … TEMPLATE` it, a file copy; a file that wants the demo data copies a seeded copy of it, seeded
 *   once per seed option set by the first file to ask (tests/support/database.ts). All are dropped at the end.
 * A file still runs the migrations itself (`migrateDatabase`), which finds them applied: a snapshot that missed a
 * migration would still be brought up to date.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/connect.ts';
import { createScratchPostgres } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data folder (an uncompressed tar from `dumpDataDir`). */
    pgliteSnapshot: string;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate: string;
    /** PGlite: the folder of seeded snapshots, one per seed option set, written by the first file to need one. */
    pgliteSeeded: string;
  }
}

const migrationsFolder = new URL('../../server/db/migrations', import.meta.url).pathname;

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const template = await createScratchPostgres(adminUrl, 'hrw_template');
    const database = await openDatabase({ url: template.url, dataDir: 'memory://', poolSize: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    const name = new URL(template.url).pathname.slice(1);
    project.provide('postgresTemplate', name);
    return async () => {
      // The seeded copies the files made (tests/support/database.ts `seededTemplate`), then the template.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const copies = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
          `${name}\\_%`,
        ]);
        for (const { datname } of copies.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.end();
      }
      await template.drop();
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'hrw-snapshot-'));
  const snapshot = join(folder, 'migrated.tar');
  const db = await PGlite.create('memory://', { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(db), { migrationsFolder });
    const dump = await db.dumpDataDir('none');
    writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  mkdirSync(join(folder, 'seeded'));
  project.provide('pgliteSeeded', join(folder, 'seeded'));
  return () => rmSync(folder, { recursive: true, force: true });
}
