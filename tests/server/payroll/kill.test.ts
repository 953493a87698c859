/**
 * kill -9 during a payroll run (issue 14, decision 0044): the real server process (`server/main.ts`) on a scratch
 * PostgreSQL database runs a large run as a job; SIGKILLed mid-run it leaves no run and no payslip; restarted, the
 * job is picked up again (pg-boss's heartbeat lapses) and the run completes whole. PostgreSQL only (the embedded
 * database lives in the server's own child process): runs in the PostgreSQL pass only (TEST_DB=postgres).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../../server/db/connect.ts';
import { loadRunEmployees } from '../../../server/payroll/inputs.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo.ts';
import { createScratchPostgres } from '../../support/database.ts';
import {
  exited,
  multiplyEmployees as multiply,
  startServerProcess as startServer,
  until,
} from '../../support/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
/** Copies of each demo employee (with their user): about 1,000 in the run. */
const COPIES = 80;

describe.skipIf(!adminUrl || process.env.TEST_DB !== 'postgres')('kill -9 during a payroll run', () => {
  it('leaves no partial run; restarted, the job runs again and the run completes whole', async () => {
    const started = Date.now();
    // Where the time goes (the test should take under a minute on a quiet machine; seeding dominates under load).
    const phase = (name: string) =>
      console.log(`kill test: ${name} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const scratch = await createScratchPostgres(adminUrl as string, 'hrw_kill');
    const dataDir = mkdtempSync(join(tmpdir(), 'hrw-kill-'));
    const database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    let server: ChildProcess | undefined;
    // A timed-out test ends without its `finally`: never leave a server behind.
    process.once('exit', () => server?.kill('SIGKILL'));
    try {
      await migrateDatabase(database);
      await seedDemo(database.db, { employees: { DEMO: 12, CJ: 1 }, payrollHistory: false });
      phase('seeded');
      const [company] = (await database.db.execute<{ id: string }>(sql`select id from companies where code = 'DEMO'`))
        .rows;
      await multiply(database, company!.id, COPIES);
      phase('multiplied');
      const period = { year: 2026, month: 1 };
      const expected = (await loadRunEmployees(database.db, company!.id, period)).length;
      expect(expected).toBeGreaterThan(400);
      const counts = async () =>
        (
          await database.db.execute<{ runs: number; slips: number }>(sql`
            select (select count(*)::int from payroll_summaries) as runs, (select count(*)::int from payslips) as slips`)
        ).rows[0]!;

      const first = await startServer(scratch.url, dataDir);
      server = first.child;
      phase('server started');
      const login = await fetch(`${first.url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const posted = await fetch(`${first.url}/v1/payroll-summary`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'payroll_run', ...period }),
      });
      expect(posted.status).toBe(202);
      const jobId = ((await posted.json()) as { data: { job: { _id: string } } }).data.job._id;
      const jobStatus = async () =>
        (await database.db.execute<{ status: string }>(sql`select status::text from jobs where id = ${jobId}`)).rows[0]
          ?.status;

      // Killed as soon as the job runs: loading and computing ~1,000 payslips is far longer than this poll.
      await until('the job to start', async () => ((await jobStatus()) === 'running' ? true : undefined), 30_000, 5);
      server.kill('SIGKILL');
      await exited(server);
      phase('killed mid-run');
      expect(await counts()).toEqual({ runs: 0, slips: 0 });
      expect(await jobStatus()).toBe('running');

      // Restarted: pg-boss fails the dead worker's job when its heartbeat lapses (10 s) and retries it here.
      const second = await startServer(scratch.url, dataDir);
      server = second.child;
      phase('server restarted');
      const status = await until(
        'the job to finish',
        async () => {
          const now = await jobStatus();
          return now === 'completed' || now === 'failed' ? now : undefined;
        },
        45_000,
        250,
      );
      phase(`job ${status}`);
      expect(status).toBe('completed');
      expect(await counts()).toEqual({ runs: 1, slips: expected });
      const [run] = (
        await database.db.execute<{ employee_count: number; status: string }>(
          sql`select employee_count, status::text from payroll_summaries`,
        )
      ).rows;
      expect(run).toEqual({ employee_count: expected, status: 'pending' });
    } finally {
      server?.kill('SIGKILL');
      if (server) await exited(server);
      await database.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);
});
