/**
 * Several API processes on one PostgreSQL, the production shape (issue 24 section 3, decision 0044): two real servers
 * (`server/main.ts`) on one database; a payroll run of a few thousand employees started as a job through the first;
 * the first SIGKILLed mid-job. The second, which was serving all along, takes the job over once the dead worker's
 * heartbeat lapses (pg-boss fails it and retries it on a live worker) and finishes it: one run, one payslip per
 * employee, the progress card's job (`GET /v1/jobs/{id}`, asked of the second process) at 100 %.
 *
 * The second process is paused (SIGSTOP) from just before the job is sent until the first has it running, so that
 * the job's worker is the process that is then killed (either process's worker may fetch a new job); it is resumed
 * (SIGCONT) at the kill. PostgreSQL only: the embedded database belongs to one server process (decision 0002).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../../server/db/connect.ts';
import { loadRunEmployees } from '../../../server/payroll/inputs.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo.ts';
import { createScratchPostgres } from '../../support/database.ts';
import { exited, multiplyEmployees, startServerProcess, until } from '../../support/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
/** Copies of each of the demo company's employees: 10 in January's run × (1 + 299) = 3,000 in the run. */
const COPIES = 299;

describe.skipIf(!adminUrl || process.env.TEST_DB !== 'postgres')(
  'two API processes on one PostgreSQL (skipped on PGlite: its database belongs to one server process)',
  () => {
    it('a payroll job whose process is SIGKILLed mid-run is finished by the other process: one run, every payslip once, the job at 100 %', async () => {
      const started = Date.now();
      const phase = (name: string) =>
        console.log(`processes test: ${name} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // A copy of the run's migrated template (decision 0078): the migrations then find nothing to do.
      const scratch = await createScratchPostgres(adminUrl as string, 'hrw_processes', inject('postgresTemplate'));
      const dataDirs = [mkdtempSync(join(tmpdir(), 'hrw-proc-a-')), mkdtempSync(join(tmpdir(), 'hrw-proc-b-'))];
      // Copying thousands of employees is one long statement on a busy machine: beyond the server's 30 s limit.
      const database = await openDatabase({ url: scratch.url, dataDir: 'memory://', statementTimeoutMs: 300_000 });
      const servers: ChildProcess[] = [];
      // A timed-out test ends without its `finally`: never leave a server behind (nor one stopped).
      process.once('exit', () => {
        for (const server of servers) server.kill('SIGKILL');
      });
      try {
        await migrateDatabase(database);
        phase('migrated');
        await seedDemo(database.db, { employees: { DEMO: 12, CJ: 1 }, payrollHistory: false });
        phase('seeded');
        const [company] = (await database.db.execute<{ id: string }>(sql`select id from companies where code = 'DEMO'`))
          .rows;
        await multiplyEmployees(database, company!.id, COPIES);
        phase('employees copied');
        const period = { year: 2026, month: 1 };
        const expected = (await loadRunEmployees(database.db, company!.id, period)).length;
        expect(expected).toBeGreaterThanOrEqual(3000);
        phase(`seeded ${expected} employees`);

        // Both processes at once: each migrates under the advisory lock, then listens and starts its job workers.
        const [first, second] = await Promise.all(dataDirs.map((dir) => startServerProcess(scratch.url, dir)));
        servers.push(first!.child, second!.child);
        phase('both servers listening');
        const signIn = async (url: string) => {
          const reply = await fetch(`${url}/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
          });
          return ((await reply.json()) as { data: { token: string } }).data.token;
        };
        const [firstToken, secondToken] = await Promise.all([signIn(first!.url), signIn(second!.url)]);
        // The job queue of each has started (its workers poll) before the job is sent.
        await new Promise((resolve) => setTimeout(resolve, 1500));

        second!.child.kill('SIGSTOP');
        const posted = await fetch(`${first!.url}/v1/payroll-summary`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${firstToken}` },
          body: JSON.stringify({ type: 'payroll_run', ...period }),
        });
        // A surprise names the reply and what the server logged.
        if (posted.status !== 202) console.error(await posted.clone().text(), first!.output());
        expect(posted.status).toBe(202);
        const jobId = ((await posted.json()) as { data: { job: { _id: string } } }).data.job._id;
        const job = async () =>
          (
            await database.db.execute<{ status: string; done: number | null; total: number | null }>(
              sql`select status::text, done, total from jobs where id = ${jobId}`,
            )
          ).rows[0];
        // Mid-run: the first process is computing the run (it reports progress as it goes).
        await until('the job to run', async () => ((await job())?.status === 'running' ? true : undefined), 30_000, 5);
        first!.child.kill('SIGKILL');
        second!.child.kill('SIGCONT');
        await exited(first!.child);
        phase('first process killed mid-run');
        expect((await job())?.status).toBe('running');
        const counts = async () =>
          (
            await database.db.execute<{ runs: number; slips: number }>(sql`
              select (select count(*)::int from payroll_summaries) as runs, (select count(*)::int from payslips) as slips`)
          ).rows[0]!;
        expect(await counts()).toEqual({ runs: 0, slips: 0 });

        // The second process (still serving) takes the job over and finishes it; its progress card reaches 100 %.
        const card = await until(
          'the job to finish on the second process',
          async () => {
            const reply = await fetch(`${second!.url}/v1/jobs/${jobId}`, {
              headers: { authorization: `Bearer ${secondToken}` },
            });
            const { data } = (await reply.json()) as { data: { status: string; done: number; total: number } };
            return data.status === 'completed' || data.status === 'failed' ? data : undefined;
          },
          120_000,
          250,
        ).catch(async (error: unknown) => {
          console.error(await job(), second!.output());
          throw error;
        });
        phase(`job ${card.status} on the second process`);
        expect(card.status).toBe('completed');
        expect(card.total).toBe(expected);
        expect(card.done).toBe(card.total);
        expect(await counts()).toEqual({ runs: 1, slips: expected });
        const [perEmployee] = (
          await database.db.execute<{ employees: number; most: number }>(sql`
            select count(*)::int as employees, max(n)::int as most
            from (select employee_id, count(*) as n from payslips group by employee_id) p`)
        ).rows;
        expect(perEmployee).toEqual({ employees: expected, most: 1 });
        const [run] = (
          await database.db.execute<{ employee_count: number }>(sql`select employee_count from payroll_summaries`)
        ).rows;
        expect(run).toEqual({ employee_count: expected });
        expect(second!.child.exitCode).toBeNull();
      } finally {
        for (const server of servers) {
          server.kill('SIGCONT');
          server.kill('SIGKILL');
          await exited(server);
        }
        await database.close();
        await scratch.drop();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    }, 300_000);
  },
);
