/**
 * `node bench/reports.ts`: issue 29's target, each of the reports menu's six reports over 10,000 employees for a
 * month in under 1 s on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), through the API in process (Fastify
 * inject, the admin's token; the reply's JSON included).
 * The month's sources are bulk-inserted for every employee: one business trip, about ten job reports, about four
 * overtimes, one clock-correction request (half approved, with the correction logged), a completed monthly run with a
 * payslip each (overtime line included) and four completed daily payrolls with a payslip each. BENCH_REPORT_EMPLOYEES
 * (default 10,000); BENCH_RUNS (default 5) timed loads after one warm-up; the median and the slowest are reported.
 * Skipped without a PostgreSQL server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemoCore } from '../server/seed/demo.ts';
import { createScratchPostgres } from '../tests/support/database.ts';
import { machine, writeSection } from './report.ts';

const EMPLOYEES = Number(process.env.BENCH_REPORT_EMPLOYEES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const YEAR = 2026;
const MONTH = 3;
const reports = [
  'duty-report',
  'clock-correction-report',
  'job-report',
  'overtime-report',
  'daily-payroll-report',
  'man-power',
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!pgUrl) {
  console.log('bench/reports.ts: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'hrw-bench-reports-'));
const scratch = await createScratchPostgres(pgUrl, 'hrw_bench_reports');
const database = await openDatabase({ url: scratch.url, dataDir: `${dataDir}/pg`, statementTimeoutMs: 600_000 });
try {
  await migrateDatabase(database);
  let t0 = performance.now();
  // The core only (companies, logins, employees, reference lists): the month's sources are inserted below.
  await seedDemoCore(database.db, { employees: { DEMO: EMPLOYEES, CJ: 5 } });
  const seedMs = performance.now() - t0;
  t0 = performance.now();
  const counts = await seedMonth();
  const sourceMs = performance.now() - t0;
  const config = { ...loadConfig({}), serveSpa: false, filesDir: `${dataDir}/files`, demoMode: false };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const results: { report: string; rows: number; bytes: number; median: number; max: number }[] = [];
  for (const report of reports) {
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const reply = await app.inject({
        method: 'GET',
        url: `/v1/reports/${report}?year=${YEAR}&month=${MONTH}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - started;
      if (reply.statusCode !== 200) throw new Error(`${report}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
      rows = (reply.json() as { data: { rows: unknown[] } }).data.rows.length;
      bytes = reply.body.length;
      if (run > 0) times.push(ms);
    }
    results.push({ report, rows, bytes, median: median(times), max: Math.max(...times) });
    console.log(
      `${report}: ${rows} rows, median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
  }
  await app.close();
  const lines = results.map(
    (r) =>
      `| ${r.report} | ${r.rows.toLocaleString('en')} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.median.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.max < 1000 ? 'yes' : '**no**'} |`,
  );
  writeSection(
    'reports',
    `## The reports menu: six month reports over ${EMPLOYEES.toLocaleString('en')} employees (\`node bench/reports.ts\`)

${machine()}

PostgreSQL, through the API in process (inject, the admin's token, the JSON reply included). One month's sources for
every employee, bulk-inserted: ${Object.entries(counts)
      .map(([name, n]) => `${n.toLocaleString('en')} ${name}`)
      .join(', ')}. Demo seed ${(seedMs / 1000).toFixed(1)} s, the month's sources ${(sourceMs / 1000).toFixed(1)} s.
${RUNS} timed loads of each report after one warm-up. Target: each under 1 s.

| Report | Rows | Reply | Median | Slowest | Under 1 s |
|---|---|---|---|---|---|
${lines.join('\n')}
`,
  );
} finally {
  await database.close();
  await scratch.drop();
}

/** One month of every report's source for every demo employee (set-based; see the file's comment). */
async function seedMonth() {
  const db = database.db;
  const from = `${YEAR}-${String(MONTH).padStart(2, '0')}-01`;
  const run = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rowCount ?? 0;
  const demo = sql`(select id from companies where code = 'DEMO')`;
  const trips = await run(sql`
    insert into business_trips (company_id, employee_id, start_date, end_date, days, destination, duty_type_id)
    select e.company_id, e.id, ${from}::date + (n % 25)::int, ${from}::date + (n % 25)::int + 1, 2, 'Surabaya',
      (select id from duty_types d where d.company_id = e.company_id order by code offset n % 6 limit 1)
    from (select e.*, row_number() over (order by e.id) as n from employees e where e.company_id = ${demo}) e`);
  await run(sql`
    insert into job_report_categories (company_id, code, name)
    select ${demo}, 'C' || i, 'Category ' || i from generate_series(1, 6) i on conflict do nothing`);
  const jobs = await run(sql`
    insert into job_reports (company_id, employee_id, date, category_id, duration_minutes)
    select e.company_id, e.id, ${from}::date + d * 3,
      (select id from job_report_categories c where c.company_id = e.company_id order by code offset d % 6 limit 1),
      30 + 15 * d
    from employees e cross join generate_series(0, 9) d where e.company_id = ${demo}`);
  const overtimes = await run(sql`
    insert into overtimes (company_id, employee_id, date, hours, day_type)
    select e.company_id, e.id, ${from}::date + d * 7, 1 + d % 3,
      (array['working_day', 'rest_day', 'holiday'])[1 + d % 3]::overtime_day_type
    from employees e cross join generate_series(0, 3) d where e.company_id = ${demo}`);
  const corrections = await run(sql`
    insert into approvals (company_id, employee_id, context, status, approval_number, content, start_date, end_date,
      level, levels, flow)
    select e.company_id, e.id, 'clock_correction', case when n % 2 = 0 then 'approved' else 'rejected' end::approval_status,
      'CC-BENCH-' || n, jsonb_build_object('date', ${from}::text, 'clock_in', '08:00', 'reason', 'Forgot'),
      ${from}::date + (n % 28)::int, ${from}::date + (n % 28)::int, 1, 1, '{"flow": null, "levels": []}'::jsonb
    from (select e.*, row_number() over (order by e.id) as n from employees e where e.company_id = ${demo}) e`);
  const summary = await db.execute<{ id: string }>(sql`
    insert into payroll_summaries (company_id, title, type, year, month, status)
    values (${demo}, 'March 2026', 'payroll_run', ${YEAR}, ${MONTH}, 'completed') returning id`);
  const lines = JSON.stringify([
    { code: 'basic_salary', kind: 'earning', amount: 6_000_000, in_bruto: true, explain: {} },
    { code: 'overtime', kind: 'earning', amount: 250_000, in_bruto: true, explain: {} },
  ]);
  const payslips = await run(sql`
    insert into payslips (company_id, summary_id, employee_id, employee_number, fullname, department_id,
      department_name, location_id, input, lines, bruto, pph21, thp)
    select e.company_id, ${summary.rows[0]!.id}::uuid, e.id, e.employee_id, e.fullname, e.department_id, d.name,
      e.location_id, '{}'::jsonb, ${lines}::jsonb, 6250000, 150000, 6100000
    from employees e left join departments d on d.id = e.department_id where e.company_id = ${demo}`);
  const weekly = JSON.stringify([
    { code: 'daily_wage', kind: 'earning', amount: 750_000, in_bruto: true, explain: {} },
    { code: 'incentive', kind: 'earning', amount: 100_000, in_bruto: true, explain: {} },
  ]);
  let dailyPayslips = 0;
  for (let week = 0; week < 4; week++) {
    const daily = await db.execute<{ id: string }>(sql`
      insert into payroll_summaries (company_id, title, type, year, month, status, period_start, period_end)
      values (${demo}, ${`Week ${week + 1}`}, 'weekly', ${YEAR}, ${MONTH}, 'completed', ${from}::date + ${week * 7}::int,
        ${from}::date + ${week * 7 + 6}::int) returning id`);
    dailyPayslips += await run(sql`
      insert into payslips (company_id, summary_id, employee_id, employee_number, fullname, department_id,
        department_name, location_id, input, lines, bruto, pph21, thp)
      select e.company_id, ${daily.rows[0]!.id}::uuid, e.id, e.employee_id, e.fullname, e.department_id, d.name,
        e.location_id, '{"days_worked": 5}'::jsonb, ${weekly}::jsonb, 850000, 0, 850000
      from employees e left join departments d on d.id = e.department_id where e.company_id = ${demo}`);
  }
  await db.execute(sql`analyze`);
  return {
    'business trips': trips,
    'job reports': jobs,
    overtimes,
    'clock-correction requests': corrections,
    'monthly payslips': payslips,
    'daily payslips': dailyPayslips,
  };
}
