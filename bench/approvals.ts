/**
 * `node bench/approvals.ts`: issue 13's two targets, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), through
 * the API in process (Fastify inject, the admin's token):
 * - approving 1,000 leave requests in one `POST /v1/approvals/decisions` (final approval: the status, the history,
 *   the leave rows approved after the balance re-check, the requesters' notifications), under 2 s. Each run decides a
 *   fresh set of 1,000 single-level pending requests (decisions are final), bulk-inserted beforehand with their holds.
 * - the Leave Approval screen's load with 10,000 pending leave requests in the inbox, under 1 s: the screen pages
 *   (docs/decisions/0068), so what the user waits for is the first page (`limit=200`, reply shape with balances and
 *   overlaps); the rest comes behind it in pages of 2,000 (measured too: when Ctrl+A covers all 10,000), and the old
 *   single call of 10,000 for comparison. The grid's part (AG Grid showing 10,000 rows) is `bench/grid.ts`'s measure.
 * - the same inbox in Chromium (`BENCH_BROWSER=0` skips it): the app as `npm start` serves it over this database, the
 *   admin on home, from Enter on "Leave Approval" in the Ctrl+K palette to the first request's row on screen; the
 *   first visit (the screen's code loaded too) and then BENCH_BROWSER_RUNS (default 5) more, back to home between.
 * Skipped without a PostgreSQL server. BENCH_APPROVAL_EMPLOYEES (default 2,500) demo employees; BENCH_RUNS (default
 * 3) decision runs, and inbox loads after one warm-up.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { formatApprovalNumber } from '../common/approvals.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';
import { startServer } from './server.ts';

const EMPLOYEES = Number(process.env.BENCH_APPROVAL_EMPLOYEES ?? 2_500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = 1_000;
const INBOX = 10_000;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

if (!pgUrl) {
  // `npm run bench` without a PostgreSQL server: the targets are PostgreSQL's, so nothing to measure here.
  console.log('bench/approvals.ts: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-appr-'));
const scratch = await createScratchPostgres(pgUrl, 'hrw_bench_approvals');
const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 600_000 });
try {
  await migrateDatabase(database);
  let t0 = performance.now();
  await seedDemo(database.db, { employees: { DEMO: EMPLOYEES, CJ: 5 }, payrollHistory: false });
  const seedMs = performance.now() - t0;
  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const call = async (method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) => {
    const reply = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: reply.statusCode, body: JSON.parse(reply.body), bytes: reply.rawPayload.length };
  };
  const token = (await call('POST', '/v1/auth/login', null, { username: 'admin', password: DEMO_PASSWORD })).body.data
    .token as string;
  const { rows: companies } = await database.db.execute<{ id: string }>(
    sql`select id from companies where code = 'DEMO'`,
  );
  const company = companies[0]!.id;
  const annual = (
    await database.db.execute<{ id: string }>(
      sql`select id from leave_rules where company_id = ${company} and type = 'Annual Leave'`,
    )
  ).rows[0]!.id;

  // RUNS working days (no weekend, no holiday) of one year, from a week ahead: one batch a day.
  const holidays = new Set(
    (
      await database.db.execute<{ day: string }>(sql`
        select distinct to_char(d, 'YYYY-MM-DD') as day from mass_leaves m,
          generate_series(m.start_date, m.end_date, interval '1 day') d where m.company_id = ${company}`)
    ).rows.map((row) => row.day),
  );
  const days: string[] = [];
  for (let day = plus(new Date().toISOString().slice(0, 10), 7); days.length < RUNS; day = plus(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || holidays.has(day)) continue;
    if (days.length && day.slice(0, 4) !== days[0]!.slice(0, 4)) {
      days.length = 0;
      continue;
    }
    days.push(day);
  }
  const year = days[0]!.slice(0, 4);

  // Employees whose annual leave covers one day per run.
  const balances = (await call('GET', `/v1/leave-balance?year=${year}&leave_rule=${annual}&limit=100000`, token)).body
    .data as { employee: { _id: string }; remaining: number | null }[];
  // Not the admin's own record: nobody decides their own request.
  const own = (
    await database.db.execute<{ id: string }>(
      sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'admin' and e.company_id = ${company}`,
    )
  ).rows[0]?.id;
  const candidates = balances
    .filter((b) => (b.remaining ?? 0) >= RUNS && b.employee._id !== own)
    .map((b) => b.employee._id);
  if (candidates.length < BATCH) throw new Error(`only ${candidates.length} employees with ${RUNS} days left`);
  const users = new Map(
    (
      await database.db.execute<{ id: string; user_id: string }>(
        sql`select id, user_id from employees where company_id = ${company}`,
      )
    ).rows.map((row) => [row.id, row.user_id]),
  );

  // ---- RUNS sets of 1,000 pending single-level leave requests, each holding its pending leave row, bulk-inserted as
  // the demo seed does (asking 3,000 through the API one by one is not what is measured) ------------------------------
  let number =
    ((
      await database.db.execute<{ last: number }>(sql`
        select coalesce(max(last), 0)::int as last from approval_counters
        where company_id = ${company} and context = 'leave' and year = ${Number(year)}`)
    ).rows[0]?.last ?? 0) + 1;
  const insertPending = async (items: { employee: string; day: string }[]) => {
    const ids: string[] = [];
    for (let at = 0; at < items.length; at += 2_000) {
      const chunk = items.slice(at, at + 2_000).map((item) => ({ ...item, id: crypto.randomUUID(), n: number++ }));
      ids.push(...chunk.map((item) => item.id));
      await database.db.execute(sql`
        insert into approvals (id, company_id, employee_id, context, status, approval_number, content, start_date,
          end_date, level, levels, flow, approvers, participants, created_by)
        values ${sql.join(
          chunk.map(
            (item) => sql`(${item.id}::uuid, ${company}::uuid, ${item.employee}::uuid, 'leave', 'pending',
              ${formatApprovalNumber('leave', Number(year), item.n)},
              ${JSON.stringify({ leave_type: annual, start_date: item.day, end_date: item.day, unit: 'day', hours: null, reason: 'Family matters', attachment: null, total_days: 1 })}::jsonb,
              ${item.day}::date, ${item.day}::date, 1, 1,
              ${JSON.stringify({ flow: null, levels: [{ approvers: [], mode: 'any' }] })}::jsonb, '{}'::uuid[],
              '{}'::uuid[], ${users.get(item.employee) ?? null}::uuid)`,
          ),
          sql`, `,
        )}`);
      await database.db.execute(sql`
        insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status, reason,
          approval_id)
        values ${sql.join(
          chunk.map(
            (item) =>
              sql`(${company}::uuid, ${item.employee}::uuid, ${annual}::uuid, ${item.day}::date, ${item.day}::date, 'day', 1, 'pending', 'Family matters', ${item.id}::uuid)`,
          ),
          sql`, `,
        )}`);
    }
    return ids;
  };
  const batches: string[][] = [];
  for (const day of days)
    batches.push(await insertPending(candidates.slice(0, BATCH).map((employee) => ({ employee, day }))));
  await database.db.execute(sql`analyze approvals, leaves`);

  const decideTimes: number[] = [];
  let approved = 0;
  for (const batch of batches) {
    t0 = performance.now();
    const reply = await call('POST', '/v1/approvals/decisions', token, { ids: batch, decision: 'approve' });
    decideTimes.push(performance.now() - t0);
    if (reply.status !== 200) throw new Error(`decisions: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    const results = reply.body.data as { ok: boolean; status?: string }[];
    approved = results.filter((r) => r.ok && r.status === 'approved').length;
    if (approved !== BATCH) throw new Error(`only ${approved} approved: ${JSON.stringify(results.find((r) => !r.ok))}`);
  }
  const { rows: effect } = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from leaves l join approvals a on a.id = l.approval_id
    where a.id = any(${`{${batches.flat().join(',')}}`}::uuid[]) and l.status = 'approved'`);
  if (effect[0]!.n !== BATCH * RUNS) throw new Error(`only ${effect[0]!.n} leave rows approved`);

  // ---- an inbox of 10,000 pending leave requests (bulk-inserted as the demo seed does) ----------------------------
  const people = (
    await database.db.execute<{ id: string }>(sql`
      select e.id from employees e where e.company_id = ${company} and e.exit_date is null
        and e.id <> ${own ?? null}::uuid order by e.employee_id`)
  ).rows;
  await insertPending(
    Array.from({ length: INBOX }, (_, i) => ({
      employee: people[i % people.length]!.id,
      day: plus(days[0]!, 7 + (i % 40)),
    })),
  );
  await database.db.execute(sql`analyze approvals`);
  const inbox = async (limit: number, skip = 0) => {
    const reply = await call('GET', `/v1/approvals?box=inbox&context=leave&limit=${limit}&skip=${skip}`, token);
    if (reply.status !== 200) throw new Error(`inbox: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    return reply;
  };
  // As the screen loads (src/screens/approvals/api.ts loadForContexts): FIRST_PAGE, then NEXT_PAGE at a time.
  const FIRST_PAGE = 200;
  const NEXT_PAGE = 2_000;
  const firstTimes: number[] = [];
  const pagedTimes: number[] = [];
  const inboxTimes: number[] = [];
  let firstBytes = 0;
  let listed = 0;
  let total = 0;
  let bytes = 0;
  for (let run = 0; run <= RUNS; run++) {
    t0 = performance.now();
    const first = await inbox(FIRST_PAGE);
    const firstMs = performance.now() - t0;
    firstBytes = first.bytes;
    total = first.body.total;
    let rows = first.body.data.length;
    for (let skip = FIRST_PAGE; skip < total; skip += NEXT_PAGE)
      rows += (await inbox(NEXT_PAGE, skip)).body.data.length;
    const pagedMs = performance.now() - t0;
    if (rows < INBOX) throw new Error(`the paged inbox listed ${rows}`);
    t0 = performance.now();
    const whole = await inbox(INBOX);
    if (run > 0) {
      firstTimes.push(firstMs);
      pagedTimes.push(pagedMs);
      inboxTimes.push(performance.now() - t0);
    }
    listed = whole.body.data.length;
    bytes = whole.bytes;
  }
  if (listed < INBOX) throw new Error(`the inbox listed ${listed}`);

  // ---- the same inbox in the browser: palette Enter to the first row ------------------------------------------------
  const browserTimes: number[] = [];
  if (process.env.BENCH_BROWSER !== '0' && existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const server = await startServer(mkdtempSync(join(tmpdir(), 'hrw-bench-appr-web-')), {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'false',
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
      await page.goto(`${server.base}/`);
      await page.getByLabel('Username or email').fill('admin');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL('**/dashboard/home');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      for (let visit = 0; visit <= Number(process.env.BENCH_BROWSER_RUNS ?? 5); visit++) {
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.keyboard.press('Control+K');
        await palette.getByRole('combobox').waitFor();
        await page.keyboard.type('leave approval');
        await palette.getByRole('option', { selected: true, name: /Leave Approval/ }).waitFor();
        t0 = performance.now();
        await page.keyboard.press('Enter');
        await page
          .locator('.ag-row[row-index="0"]')
          .first()
          .waitFor()
          .catch(async (error: Error) => {
            await page.screenshot({ path: join(tmpdir(), 'bench-approvals-inbox.png') });
            throw error;
          });
        browserTimes.push(performance.now() - t0);
        await page.goBack();
        await page.waitForURL('**/dashboard/home');
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  }
  const browserRow = browserTimes.length
    ? `| the same inbox in Chromium (the app as \`npm start\` serves it, 1440×900): from Enter on "Leave Approval" in the Ctrl+K palette to the first request's row on screen | first visit, then ${browserTimes.length - 1} | ${median(browserTimes).toFixed(0)} ms (first visit ${browserTimes[0]!.toFixed(0)} ms, all: ${browserTimes.map((v) => v.toFixed(0)).join(', ')}) | ${Math.max(...browserTimes).toFixed(0)} ms | < 1,000 ms |\n`
    : '';

  const text = `## Approvals: a batch of 1,000 and an inbox of 10,000 (\`node bench/approvals.ts\`)

${machine()} PostgreSQL, ${EMPLOYEES.toLocaleString('en')} demo employees (demo seed ${(seedMs / 1000).toFixed(1)} s), the API
in process (Fastify inject, as the company admin). Each decision run approves a fresh set of ${BATCH.toLocaleString('en')}
single-level annual leave requests of ${BATCH.toLocaleString('en')} employees, bulk-inserted beforehand as pending with their
pending leave rows (as the demo seed does); the inbox is ${INBOX.toLocaleString('en')} more pending leave requests on top.

| what | runs | median | max | target |
| --- | --- | --- | --- | --- |
| approve ${BATCH.toLocaleString('en')} leave requests in one \`POST /v1/approvals/decisions\` (locks, status, history, balance re-check, leave rows approved, notifications) | ${RUNS} | ${median(decideTimes).toFixed(0)} ms | ${Math.max(...decideTimes).toFixed(0)} ms | < 2,000 ms |
| Leave Approval inbox of ${total.toLocaleString('en')} pending, **first page** as the screen asks (\`GET /v1/approvals?box=inbox&context=leave&limit=${FIRST_PAGE}\`, ${(firstBytes / 2 ** 10).toFixed(0)} KB) | ${RUNS} after a warm-up | ${median(firstTimes).toFixed(0)} ms | ${Math.max(...firstTimes).toFixed(0)} ms | < 1,000 ms with the grid |
| the same inbox, all pages one after another (${FIRST_PAGE}, then ${NEXT_PAGE.toLocaleString('en')} at a time: behind the first page, until Ctrl+A covers all) | ${RUNS} after a warm-up | ${median(pagedTimes).toFixed(0)} ms | ${Math.max(...pagedTimes).toFixed(0)} ms | — |
| the same inbox in one call, for comparison (\`limit=10000\`, ${(bytes / 2 ** 20).toFixed(1)} MB; the screen no longer asks this) | ${RUNS} after a warm-up | ${median(inboxTimes).toFixed(0)} ms | ${Math.max(...inboxTimes).toFixed(0)} ms | — |
${browserRow}`;
  writeSection('approvals', text);
  console.log(text);
  await app.close();
} finally {
  await database.close();
  await scratch.drop();
}
