import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/connect.ts';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemo } from './seed/demo.ts';

export interface Running {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates, seeds demo data on an empty embedded database, and listens. */
export async function startServer(config: Config = loadConfig()): Promise<Running> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pg` });
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    let seeded = false;
    if (config.seedDemo && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      seeded = true;
    }
    app = await buildApp({ config, database });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    const mode = database.kind === 'embedded' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}/pg` : 'PostgreSQL';
    app.log.info({ url, database: database.kind, seeded }, 'listening');
    console.log(`\n  HR Workspace is running at ${url}  (database: ${mode})`);
    if (config.host === '127.0.0.1' || config.host === 'localhost') {
      console.log('  Listening on this machine only: set HOST=0.0.0.0 and PUBLIC_URL to open it to others.');
    }
    console.log(
      config.smtpUrl
        ? `  Mail goes out through SMTP; links in it start with ${config.publicUrl}.`
        : `  No SMTP_URL: mail is kept in the outbox (the developer's Outbox screen); links start with ${config.publicUrl}.`,
    );
    if (config.seedDemo) {
      console.log(
        `  Demo logins (password ${DEMO_PASSWORD}): ${demoLogins.map((login) => login.username).join(', ')}\n`,
      );
    }
    const running = app;
    return {
      app: running,
      database,
      config,
      url,
      async stop() {
        await running.close();
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
