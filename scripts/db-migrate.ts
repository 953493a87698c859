/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pg` });
try {
  await migrateDatabase(database);
  console.log(`Migrated the ${database.kind === 'embedded' ? 'embedded' : 'PostgreSQL'} database.`);
} finally {
  await database.close();
}
