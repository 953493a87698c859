/**
 * Long work as jobs on pg-boss (docs/decisions/0044). Any API process works the queue, a job a crashed process was
 * working is retried by another (or by the same one after a restart) once its heartbeat lapses, and the `jobs` table
 * is what the client's progress card follows (`GET /v1/jobs/{id}`).
 *
 * Enqueue: `await jobs.enqueue('payroll-run', jobStarter(scope), 'payroll-run', data)` returns the job id; the handler
 * for the kind (server/jobs/handlers.ts) receives a context with `progress(done, total)` and the starting caller's
 * `reach` (server/scope/scope.ts), so the job reads exactly what its caller could (issue 24).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { companyReach, ownedBy, type Reach, reachOf, type Scope } from '../scope/scope.ts';

/** Every kind of job: a closed union, each with its handler in server/jobs/handlers.ts. */
export const jobKinds = ['payroll-run', 'payslips-zip', 'pph-a1-zip', 'id-cards'] as const;
export type JobKind = (typeof jobKinds)[number];

/** Who started a job: their user and their reach. */
export interface JobStarter {
  userId: string;
  reach: Reach;
}

/** The starter of a job started by a signed-in caller. */
export const jobStarter = (scope: Scope): JobStarter => ({ userId: scope.actor.userId, reach: reachOf(scope) });

export interface JobContext<D> {
  id: string;
  companyId: string;
  /** What the job may read: the reach of the caller who started it. */
  reach: Reach;
  userId: string;
  data: D;
  db: Db;
  /** Records how far the job is; cheap enough to call every few hundred items. */
  progress(done: number, total: number): Promise<void>;
}

/** A job's work: returns what the client needs afterwards (e.g. `{ summary_id }`), stored as the job's result. */
export type JobHandler<D = unknown> = (context: JobContext<D>) => Promise<Record<string, unknown>>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

interface Envelope {
  companyId: string;
  /** Absent on a job queued before reaches were stored: the company's (those jobs were company-wide runs). */
  reach?: Reach;
  userId: string;
  data: unknown;
}

/** A job queued before reaches were stored: a department admin's zip said so in its data (`scoped`, `department`). */
function legacyReach(envelope: Envelope): Reach {
  const data = envelope.data as { scoped?: boolean; department?: string | null } | null;
  return data?.scoped
    ? { companyId: envelope.companyId, department: data.department ?? null }
    : companyReach(envelope.companyId);
}

/** A unique violation while pg-boss installed its schema: another process installed it at the same moment. */
function lostInstallRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '42P06' || code === '42P07';
}

/** Seconds without a heartbeat after which a job's worker is presumed dead and the job is retried. */
const HEARTBEAT_SECONDS = 10;

export class JobQueue {
  private starting: Promise<PgBoss> | null = null;
  private readonly handlers: Partial<Record<JobKind, JobHandler<never>>> = {};

  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  register<D>(kind: JobKind, handler: JobHandler<D>) {
    this.handlers[kind] = handler as JobHandler<never>;
  }

  /**
   * Starts pg-boss (its own schema `pgboss`, created on first start) and the workers of every registered kind. A start
   * that fails is not kept: the next `start()` (an enqueue, say) tries again, instead of every later job failing.
   */
  start(): Promise<PgBoss> {
    if (this.starting) return this.starting;
    const starting = this.startOnce().catch(async (error: unknown) => {
      // Two processes starting on a new database both install pg-boss's schema: the one that loses the race fails
      // with a duplicate key on the schema or a table (pg-boss recognises only some of these races), and finds the
      // schema installed when it starts again.
      if (!lostInstallRace(error)) throw error;
      return this.startOnce();
    });
    this.starting = starting;
    starting.catch(() => {
      if (this.starting === starting) this.starting = null;
    });
    return starting;
  }

  private async startOnce(): Promise<PgBoss> {
    const pool = this.database.pool;
    const boss = new PgBoss({
      // Our own pool: in embedded mode it is the one connection to PGlite (decision 0002), and pg-boss's statements
      // queue behind the API's like any other query.
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
      schedule: false,
      superviseIntervalSeconds: 5,
      // How often a dead worker's job (heartbeat lapsed) is failed and retried: 60 s by default.
      monitorIntervalSeconds: 10,
    });
    boss.on('error', () => {
      // A failed poll is retried on the next interval; a job's own failure is recorded on its row.
    });
    try {
      await boss.start();
      for (const kind of Object.keys(this.handlers) as JobKind[]) {
        await boss.createQueue(kind, { heartbeatSeconds: HEARTBEAT_SECONDS, retryLimit: 3, expireInSeconds: 3600 });
        await boss.work<Envelope>(
          kind,
          { pollingIntervalSeconds: 0.5, batchSize: 1, heartbeatRefreshSeconds: HEARTBEAT_SECONDS / 2 },
          async ([job]) => {
            if (job) await this.run(kind, job.id, job.data);
          },
        );
      }
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, close: false, timeout: 2000 }).catch(() => {});
      throw error;
    }
  }

  async stop() {
    const starting = this.starting;
    if (!starting) return;
    this.starting = null;
    const boss = await starting.catch(() => null);
    await boss?.stop({ graceful: false, close: false, timeout: 2000 }).catch(() => {});
  }

  /**
   * Queues a job for its starter (their user and reach) and returns its id; `menu` is the menu whose readers may
   * follow it (server/jobs/routes.ts: the starter, and who outranks them over their reach).
   */
  async enqueue(kind: JobKind, starter: JobStarter, menu: string, data: unknown): Promise<string> {
    const boss = await this.start();
    const id = randomUUID();
    const { reach, userId } = starter;
    await this.database.db.insert(jobs).values({ id, ...ownedBy(reach), kind, menu, reach, created_by: userId });
    const envelope: Envelope = { companyId: reach.companyId, reach, userId, data };
    await boss.send(kind, envelope as object, { id });
    return id;
  }

  private async run(kind: JobKind, id: string, envelope: Envelope) {
    const handler = this.handlers[kind] as JobHandler<unknown> | undefined;
    const db = this.database.db;
    const set = (values: Partial<typeof jobs.$inferInsert>) =>
      db
        .update(jobs)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(jobs.id, id));
    if (!handler) return;
    await set({ status: 'running' });
    try {
      const result = await handler({
        id,
        companyId: envelope.companyId,
        reach: envelope.reach ?? legacyReach(envelope),
        userId: envelope.userId,
        data: envelope.data,
        db,
        progress: async (done, total) => {
          await set({ done, total });
        },
      });
      await set({ status: 'completed', result });
    } catch (error) {
      // A refusal (bad input, a run out of order) is the job's answer, not a reason to retry.
      if (error instanceof AppError) {
        await set({ status: 'failed', error: { code: error.code, message: error.message } });
        return;
      }
      await set({ status: 'failed', error: { code: 'job_failed', message: 'The job failed' } });
      throw error;
    }
  }
}
