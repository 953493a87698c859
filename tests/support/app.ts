/**
 * Builds the real app on a real database for one test file: embedded PGlite (TEST_DB=pglite), or a fresh database on
 * the PostgreSQL server named by TEST_DATABASE_URL (TEST_DB=postgres). Requests go through the front door (inject).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/connect.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { openSeededTestDatabase, openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in and returns a bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** A request as this token's user; JSON body in, parsed JSON out. */
  call(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: test replies are inspected freely
export type Json = any;

export async function startTestApp(
  options: { seed?: boolean; config?: Partial<Config>; employees?: { DEMO?: number; CJ?: number } } = {},
): Promise<TestApp> {
  const filesDir = mkdtempSync(join(tmpdir(), 'hrw-files-'));
  const config: Config = { ...loadConfig({}), serveSpa: false, filesDir, ...options.config };
  const database =
    options.seed === false
      ? await openTestDatabase()
      : await openSeededTestDatabase(options.employees ? { employees: options.employees } : undefined);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const call: TestApp['call'] = async (token, method, url, body) => {
    const response = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let parsed: Json = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {}
    return { status: response.statusCode, body: parsed };
  };
  return {
    app,
    database,
    config,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const { status, body } = await call(null, 'POST', '/v1/auth/login', { username, password });
      if (status !== 200) throw new Error(`login ${username}: ${status} ${JSON.stringify(body)}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
