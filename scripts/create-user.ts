/**
 * `npm run create-user -- --level developer --username ana --fullname "Ana" --email ana@example.com`
 * Creates an account without demo data, e.g. the first developer of a production database. The password is read from
 * the PASSWORD environment variable, or asked for on the terminal. Company users take `--company CODE`.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { levels } from '../common/menu.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from '../server/auth/passwords.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { companies, users } from '../server/db/schema.ts';

const { values } = parseArgs({
  options: {
    level: { type: 'string' },
    username: { type: 'string' },
    fullname: { type: 'string' },
    email: { type: 'string' },
    company: { type: 'string' },
  },
});
const level = values.level as (typeof levels)[number];
if (!levels.includes(level) || !values.username || !values.fullname) {
  console.error(
    `Usage: npm run create-user -- --level <${levels.join('|')}> --username NAME --fullname "Full Name" [--email E] [--company CODE]`,
  );
  process.exit(2);
}
if (level !== 'developer' && !values.company) {
  console.error('Company users need --company CODE.');
  process.exit(2);
}
let password = process.env.PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password: ');
  rl.close();
}
const problem = passwordProblem(password);
if (problem) {
  console.error(
    problem.code === 'minLength'
      ? `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`
      : `The password ${problem.message}.`,
  );
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pg` });
try {
  await migrateDatabase(database);
  let companyId: string | null = null;
  if (values.company) {
    const [company] = await database.db
      .select()
      .from(companies)
      .where(eq(sql`lower(${companies.code})`, values.company.toLowerCase()));
    if (!company) throw new Error(`No company with code ${values.company}`);
    companyId = company.id;
  }
  const [user] = await database.db
    .insert(users)
    .values({
      company_id: companyId,
      fullname: values.fullname,
      username: values.username,
      email: values.email ?? null,
      level,
      password_hash: await hashPassword(password),
    })
    .returning({ id: users.id });
  console.log(`Created ${level} ${values.username} (${user!.id}).`);
} catch (error) {
  console.error(`Could not create the user: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
