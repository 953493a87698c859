import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, launchDatabase, migrateDatabase } from './db/connect.ts';
import { issuePendingLetters } from './portal/letters.ts';
import { recoverBulkWrites } from './resources/journal.ts';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemoCore } from './seed/demo.ts';
import { fillDemoHistory, fillProgress } from './seed/fill.ts';

export interface Running {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url: string;
  /** Settles when the demo's history fill (started after `listen`, decision 0080) has finished or stopped. */
  historyFilled: Promise<unknown>;
  stop(): Promise<void>;
}

/** Where the server listens, as a person would type it into a browser; `host` is the address actually bound. */
export function boundUrl(address: AddressInfo): { url: string; host: string; everywhere: boolean } {
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${everywhere ? 'localhost' : host}:${address.port}`, host, everywhere };
}

/**
 * Opens the database, migrates, takes back an unfinished bulk write, seeds demo data on an empty database, listens,
 * and then starts the job workers. The embedded database starts in its own process while this one compiles the routes
 * (docs/decisions/0019); what is not needed to answer the first request waits until after `listen` (decision 0077).
 */
export async function startServer(config: Config = loadConfig()): Promise<Running> {
  const { database, ready } = launchDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pg` });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, database });
    await app.ready();
    await ready;
    await migrateDatabase(database);
    // A bulk write a crash cut short is taken back (docs/decisions/0024); one server per embedded data folder.
    if (database.kind === 'embedded') {
      const undone = await recoverBulkWrites(database.db, 'start-up');
      if (undone) app.log.warn({ undone }, `took back ${undone} unfinished bulk write(s)`);
    }
    // The embedded database's process restarted after it died (decision 0115): said once in the log, and a bulk write
    // its death cut short, whose own undo could not run, is taken back (a write still in flight undoes itself).
    const supervised = app;
    database.onEvent((event) => {
      if (event.type === 'died') {
        const how = event.signal ? `signal ${event.signal}` : `code ${event.code}`;
        supervised.log.error(
          { code: event.code, signal: event.signal },
          `the embedded database process died (${how})${event.restarting ? '; restarting it' : ''}`,
        );
      } else if (event.type === 'restarted') {
        supervised.log.warn(
          { attempt: event.attempt, ms: event.ms },
          `the embedded database restarted in ${event.ms} ms`,
        );
        recoverBulkWrites(database.db).then(
          (undone) => {
            if (undone) supervised.log.warn({ undone }, `took back ${undone} unfinished bulk write(s)`);
          },
          (error: Error) => supervised.log.error({ err: error }, 'unfinished bulk writes could not be taken back'),
        );
      }
    });
    // The demo's core (companies, logins, employees) before the first answer; its history (attendance, payroll runs,
    // approvals, loans) afterwards, step by step, resuming where a stopped fill left off (docs/decisions/0080).
    let seeded = false;
    if (config.seedDemo && (await isEmpty(database.db))) {
      await seedDemoCore(database.db, { priorYear: true });
      seeded = true;
    }
    const fill = config.seedDemo ? await fillProgress(database.db) : { done: 0, total: 0 };
    const history = new AbortController();
    let filling: Promise<unknown> = Promise.resolve();
    if (fill.done < fill.total && config.demoHistory === 'wait') await fillDemoHistory(database.db);
    // Fastify logs one "Server listening" line per address; the banner below says it once, as bound.
    const level = app.log.level;
    if (config.logFormat === 'pretty') app.log.level = 'warn';
    await app.listen({ host: config.host, port: config.port });
    app.log.level = level;
    // The job workers start once the server answers (docs/decisions/0077): pg-boss's start-up statements take seconds
    // on the embedded database's one connection. A job a killed process left behind is picked up again then
    // (docs/decisions/0044); an enqueue meanwhile waits for the same start.
    const started = app;
    if (fill.done < fill.total && config.demoHistory === 'background') {
      const begun = performance.now();
      filling = fillDemoHistory(database.db, {
        signal: history.signal,
        onStep: ({ done, total }) => {
          if (done === total || done % 10 === 0) started.log.info({ done, total }, `demo history ${done}/${total}`);
        },
      }).then(
        ({ done, total }) => {
          if (done === total) {
            const seconds = ((performance.now() - begun) / 1000).toFixed(1);
            started.log.info({ done, total }, `demo history complete in ${seconds} s`);
          }
        },
        (error: Error) => {
          // Stopped mid-step (the server closing), or a step that failed: what it wrote is rolled back, and the next
          // start resumes at that step.
          if (!history.signal.aborted) started.log.error({ err: error }, 'the demo history fill stopped');
        },
      );
    }
    // The demo's warning letters get their issued PDFs (decision 0200); one printed before this reaches it is issued
    // on that print.
    if (seeded) {
      issuePendingLetters(database.db, config).catch((error: Error) =>
        started.log.error({ err: error }, "the demo's warning letters were not issued"),
      );
    }
    // What was not compiled for the first answer compiles now, between requests (docs/decisions/0081).
    started.warmSchemas().catch((error: Error) => started.log.error({ err: error }, 'a route schema did not compile'));
    // The job workers after the fill's first step has the connection: both queue on it; workers first would only
    // delay the demo's history behind pg-boss's start-up statements.
    started.jobs.start().catch((error: Error) => started.log.error({ err: error }, 'the job queue did not start'));
    const bound = boundUrl(app.server.address() as AddressInfo);
    const mode = database.kind === 'embedded' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}/pg` : 'PostgreSQL';
    app.log.info({ url: bound.url, address: bound.host, database: database.kind, seeded }, 'listening');
    console.log(`\n  HR Workspace is running at ${bound.url}  (database: ${mode})`);
    if (bound.everywhere) console.log(`  Listening on every network interface (HOST=${config.host}).`);
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
      if (fill.done < fill.total && config.demoHistory === 'background') {
        console.log(
          `  Filling the demo's history (attendance, payroll runs, approvals, loans) in the background: ${fill.done}/${fill.total} steps done.\n`,
        );
      }
    }
    const running = app;
    return {
      app: running,
      database,
      config,
      url: bound.url,
      historyFilled: filling,
      async stop() {
        // The fill stops between steps; a step in flight is rolled back when the database closes under it.
        history.abort();
        await Promise.race([filling, new Promise((done) => setTimeout(done, 5000))]);
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
