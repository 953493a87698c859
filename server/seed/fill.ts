/**
 * The demo's history, filled step by step (docs/decisions/0080): leave, a year of attendance, approvals, tracking, this
 * year's monthly payroll items, and per company its loans and deposits, every payroll month (last year's twelve when
 * `priorYear`, then this year's) and one early loan settlement.
 *
 * `planFill` lists the steps; the core seed (server/seed/demo.ts) writes them into `demo_fill_steps` in its own
 * transaction, so a database with demo logins always knows what history it still lacks. `fillDemoHistory` runs the
 * steps not done, in order, each in one transaction that also writes its `done_at`: a process stopped mid-step leaves
 * nothing of that step, and the next start resumes there. The server runs it after `listen` (server/start.ts); tests,
 * benchmarks and `npm run db:seed` through `seedDemo`, before returning.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect.ts';
import { companies, demoFillSteps, payrollSummaries } from '../db/schema.ts';
import { recordRunFinance } from '../finance/payments.ts';
import { computeRun, storeRun } from '../payroll/run.ts';
import { seedApprovals } from './approvals.ts';
import { seedAttendance } from './attendance.ts';
import { seedEarlySettlement, seedFinance } from './finance.ts';
import { seedLeave } from './leave.ts';
import { seedManFee } from './man-fee.ts';
import { seedPayrollItems } from './payroll.ts';
import { seedReports } from './reports.ts';
import { seedSalesVisits } from './sales.ts';
import { seedSalesObjectives } from './sales-jobs.ts';
import { seedTracking } from './tracking.ts';
import { seedWeeklyPayrolls } from './weekly.ts';

export interface FillOptions {
  /** Loans, deposits and payroll runs (false in tests that make their own). */
  payrollHistory?: boolean;
  /** Last year's twelve completed months too (the demo server and `npm run db:seed`: the 1721-A1 screen). */
  priorYear?: boolean;
}

/** What a step does, by the first part of its name (`kind:company:month`; `attendance::YYYY-MM` has no company). */
type StepKind =
  | 'leave'
  | 'attendance'
  | 'approvals'
  | 'tracking'
  | 'payroll-items'
  | 'finance'
  | 'run'
  | 'settlement'
  | 'weekly'
  | 'man-fee'
  | 'reports'
  | 'sales'
  | 'sales-objectives';

interface StepContext {
  /** The step's transaction. */
  tx: Executor;
  /** The seed's day, `YYYY-MM-DD`. */
  today: string;
  /** The company of a company step, with its admin. */
  company: { id: string; admin: string } | null;
  /** A run step's month, `YYYY-MM`. */
  month: string | null;
}

/**
 * A step: `read` (optional) runs before its transaction, on the database (the embedded one has a single connection,
 * so a read inside the transaction beside another statement would wait or interleave); `write` in the transaction.
 */
interface Step<R = unknown> {
  read?: (db: Db, context: Omit<StepContext, 'tx'>) => Promise<R>;
  write: (context: StepContext, read: R) => Promise<unknown>;
}
const step = <R>(definition: Step<R>) => definition as Step;

const asDb = (tx: Executor) => tx as Db;

const companyIds = async (tx: Executor) =>
  (await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.code))).map((row) => row.id);

/** Minutes since midnight now in Asia/Jakarta (UTC+7): today's demo clock-ins are only of shifts already started. */
function jakartaMinutesNow(): number {
  const now = new Date(Date.now() + 7 * 3_600_000);
  return now.getUTCHours() * 60 + now.getUTCMinutes();
}

const runMonth = (month: string | null) => {
  const [year, number] = (month ?? '').split('-').map(Number) as [number, number];
  return { year, month: number };
};

const steps = {
  leave: step({ write: ({ tx, today }) => seedLeave(tx, today) }),
  // One month a step (`attendance:YYYY-MM`): a year in one transaction kept every request waiting for it.
  attendance: step({
    write: async ({ tx, today, month }) =>
      seedAttendance(tx, await companyIds(tx), today, jakartaMinutesNow(), month ?? undefined),
  }),
  approvals: step({ write: ({ tx, today }) => seedApprovals(tx, today) }),
  // After attendance: positions go on the tracked members' recent clocks.
  tracking: step({ write: ({ tx, today }) => seedTracking(tx, today) }),
  // The reports menu's sources (duties, job reports, clock corrections), before the runs that pay the duties.
  reports: step({ write: ({ tx, today }) => seedReports(tx, today) }),
  // A year of the sales team's store visits (issue 29), on the stores and assignments of the core seed.
  sales: step({ write: ({ tx, today }) => seedSalesVisits(tx, today) }),
  // The sales team's monthly objectives (issue 29): the last twelve months.
  'sales-objectives': step({ write: ({ tx, today }) => seedSalesObjectives(tx, today) }),
  // This year's monthly items (payroll-import's data), before the runs that read them.
  'payroll-items': step({
    write: async ({ tx, today }) => {
      const now = new Date(today);
      await seedPayrollItems(tx, await companyIds(tx), now.getUTCFullYear(), now.getUTCMonth() + 1);
    },
  }),
  finance: step({
    write: async ({ tx, today, company }) => {
      if (company) await seedFinance(asDb(tx), company.id, company.admin, new Date(today));
    },
  }),
  // One month of payroll (issue 14), computed by the engine like a real run (a read: before the transaction).
  run: step({
    read: async (db, { company, month }) =>
      company ? computeRun(db, company.id, { type: 'payroll_run', ...runMonth(month) }) : null,
    write: async ({ tx, today, company, month }, computed: Awaited<ReturnType<typeof computeRun>> | null) => {
      if (company && computed) await storeRunMonth(tx, company, today, runMonth(month), computed);
    },
  }),
  settlement: step({
    write: async ({ tx, today, company }) => {
      if (company) await seedEarlySettlement(asDb(tx), company.id, company.admin, new Date(today));
    },
  }),
  // Four weeks of daily-worker payroll (issue 15), three completed and this week's pending.
  weekly: step({
    write: async ({ tx, today, company }) => {
      if (company) await seedWeeklyPayrolls(asDb(tx), company.id, company.admin, new Date(today));
    },
  }),
  // The platform's man-fee rules and the fees of the completed demo months (decision 0073), after every run. Demo-sized
  // companies only: the small test seeds keep runs without a fee (their tests set their own rules).
  'man-fee': step({
    write: async ({ tx, today }) => {
      const rows = await tx.execute<{ id: string }>(sql`
        select c.id from companies c
        where c.admin_id is not null and (select count(*) from employees e where e.company_id = c.id) >= 50
        order by c.code`);
      await seedManFee(
        asDb(tx),
        rows.rows.map((row) => row.id),
        new Date(today).getUTCFullYear(),
      );
    },
  }),
} satisfies Record<StepKind, Step>;

/**
 * Stores a computed month: a month before the current one is completed (this year's also records what it deducted
 * from loans and deposits), the current month stays pending.
 */
async function storeRunMonth(
  tx: Executor,
  company: { id: string; admin: string },
  today: string,
  period: { year: number; month: number },
  computed: Awaited<ReturnType<typeof computeRun>>,
) {
  const now = new Date(today);
  const thisYear = now.getUTCFullYear();
  const summary = await storeRun(tx, { companyId: company.id, userId: company.admin }, computed, { log: false });
  if (period.year === thisYear && period.month === now.getUTCMonth() + 1) return;
  await tx
    .update(payrollSummaries)
    .set({
      status: 'completed',
      completed_at: new Date(Date.UTC(period.year, period.month, 0)).toISOString(),
      completed_by: company.admin,
    })
    .where(eq(payrollSummaries.id, summary.id));
  if (period.year === thisYear) await recordRunFinance(tx, company.id, summary);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The steps of a demo's history, in order, for the companies (by code) that have an admin. */
export function planFill(companyCodes: readonly string[], today: string, options: FillOptions = {}): string[] {
  const now = new Date(today);
  const year = now.getUTCFullYear();
  const current = now.getUTCMonth() + 1;
  // The months of the year up to today, oldest first (13: the current month a year ago is partly in it).
  const attendance = Array.from({ length: 13 }, (_, back) => {
    const first = new Date(Date.UTC(year, current - 1 - (12 - back), 1));
    return `attendance::${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`;
  });
  const planned = [
    'leave',
    ...attendance,
    'approvals',
    'tracking',
    'reports',
    'sales',
    'sales-objectives',
    'payroll-items',
  ];
  if (options.payrollHistory === false) return planned;
  for (const code of companyCodes) {
    planned.push(`finance:${code}`);
    if (options.priorYear)
      for (let month = 1; month <= 12; month++) planned.push(`run:${code}:${year - 1}-${pad(month)}`);
    for (let month = 1; month <= current; month++) planned.push(`run:${code}:${year}-${pad(month)}`);
    planned.push(`settlement:${code}`);
    planned.push(`weekly:${code}`);
  }
  planned.push('man-fee');
  return planned;
}

/**
 * Writes the planned steps, not done, in the core seed's transaction, in place of any earlier plan (a database emptied
 * and seeded again, as the tests do).
 */
export async function recordFillPlan(tx: Executor, planned: readonly string[], today: string) {
  await tx.delete(demoFillSteps);
  if (planned.length === 0) return;
  await tx.insert(demoFillSteps).values(planned.map((step, position) => ({ step, position, today })));
}

/** How many steps there are and how many are done; `total` 0 on a database the fill never planned. */
export async function fillProgress(db: Executor): Promise<{ done: number; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(${demoFillSteps.done_at})::int`,
    })
    .from(demoFillSteps);
  return { done: row?.done ?? 0, total: row?.total ?? 0 };
}

/**
 * Runs every step not done yet, in order, each in its own transaction with its `done_at`, and reports after each.
 * Between steps other requests get the database (the embedded one has one connection, decision 0002). A step another
 * process holds is skipped (`skip locked`); `signal` stops the fill between steps (a server shutting down).
 */
export async function fillDemoHistory(
  db: Db,
  options: {
    onStep?: (progress: { done: number; total: number; step: string; ms: number }) => void;
    signal?: AbortSignal;
  } = {},
): Promise<{ done: number; total: number }> {
  const pending = await db
    .select({ step: demoFillSteps.step, today: demoFillSteps.today })
    .from(demoFillSteps)
    .where(isNull(demoFillSteps.done_at))
    .orderBy(asc(demoFillSteps.position));
  let { done, total } = await fillProgress(db);
  const admins = new Map<string, { id: string; admin: string }>();
  for (const row of await db
    .select({ id: companies.id, code: companies.code, admin: companies.admin })
    .from(companies)) {
    if (row.admin) admins.set(row.code, { id: row.id, admin: row.admin });
  }
  for (const { step: name, today } of pending) {
    if (options.signal?.aborted) break;
    const started = performance.now();
    const [kind, code, month] = name.split(':') as [StepKind, string | undefined, string | undefined];
    const context = { today, company: code ? (admins.get(code) ?? null) : null, month: month ?? null };
    const definition = steps[kind];
    const read = definition.read ? await definition.read(db, context) : undefined;
    const ran = await db.transaction(async (tx) => {
      // Taken, or done meanwhile, by another process: skipped here.
      const [claimed] = await tx
        .select({ step: demoFillSteps.step })
        .from(demoFillSteps)
        .where(and(eq(demoFillSteps.step, name), isNull(demoFillSteps.done_at)))
        .for('update', { skipLocked: true });
      if (!claimed) return false;
      await definition.write({ tx, ...context }, read);
      await tx.update(demoFillSteps).set({ done_at: sql`now()` }).where(eq(demoFillSteps.step, name));
      return true;
    });
    if (ran) done++;
    options.onStep?.({ done, total, step: name, ms: Math.round(performance.now() - started) });
  }
  ({ done, total } = await fillProgress(db));
  return { done, total };
}
