/** `npm run db:seed`: loads the demo companies into an empty database (DATABASE_URL or embedded). */
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemo } from '../server/seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pg` });
try {
  await migrateDatabase(database);
  if (!(await isEmpty(database.db))) {
    console.error('The database already has companies; the demo data is only loaded into an empty database.');
    process.exitCode = 1;
  } else {
    const counts = await seedDemo(database.db, { priorYear: true });
    console.log(`Seeded ${counts.companies} companies and ${counts.employees} employees.`);
    console.log(`Logins (password ${DEMO_PASSWORD}): ${demoLogins.map((l) => l.username).join(', ')}`);
  }
} finally {
  await database.close();
}
