/**
 * Issue 10 section 5: logs never print the parameters of a failed statement (salaries, NIK numbers and names are in
 * them), nor the values PostgreSQL repeats in its messages and details.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/connect.ts';
import { departments } from '../../../server/db/schema.ts';
import { seedDemo } from '../../../server/seed/demo.ts';
import { openTestDatabase } from '../../support/database.ts';

const NIK = '3171234567890123';
const SALARY = 987654321;
const NAME = 'Siti Rahayu Secretname';

let database: Database;
let app: FastifyInstance;
let companyId: string;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { employees: { DEMO: 1, CJ: 1 } });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: { ...loadConfig({}), serveSpa: false },
    database,
    logger: { level: 'info', stream },
  });
  // Statements that fail with personal data in their parameters, behind routes that reach the real error handler.
  app.get('/test/failed-cast', { config: { access: { kind: 'public' } } }, async () => {
    await database.db.execute(sql`select ${NIK}::integer + ${SALARY} as total, ${NAME}::uuid as who`);
    return {};
  });
  app.get('/test/failed-unique', { config: { access: { kind: 'public' } } }, async () => {
    const row = { company_id: companyId, code: NIK, name: NAME };
    await database.db.insert(departments).values(row);
    await database.db.insert(departments).values(row);
    return {};
  });
  await app.ready();
  const { rows } = await database.pool.query<{ id: string }>("select id from companies where code = 'DEMO'");
  companyId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('logging of failed statements', () => {
  it.each([
    ['a value that does not cast', '/test/failed-cast'],
    ['a unique violation (whose detail repeats the key)', '/test/failed-unique'],
  ])('V16.2.5 sensitive data is not logged: %s logs its SQL and error code, never its parameters', async (_, url) => {
    lines.length = 0;
    const reply = await app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    // The client learns nothing either.
    expect(reply.body).not.toContain(NIK);
    expect(reply.body).not.toContain(NAME);
    const log = lines.join('');
    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.err);
    expect(entry?.err).toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{5}$/) });
    expect(log).not.toContain(NIK);
    expect(log).not.toContain(String(SALARY));
    expect(log).not.toContain(NAME);
    expect(log).not.toContain('Secretname');
  });
});
