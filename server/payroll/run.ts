/**
 * Payroll runs (spec 3 "Payroll summary"): one pipeline for every kind of run (decision 0210). `runKinds` is the
 * exhaustive table of what differs per kind (its menu, how its body is planned, input loading and compute, the checks
 * before it is stored, completed or re-opened, its edit fields, its import, its exports); creating, storing, editing,
 * merging and logging edits, totals, completing, re-opening and deleting are written once, here and in
 * `payslip-store.ts`. The order rules (server/payroll/README.md): a month's run is built from the completed months
 * before it, so months are completed in order and a completed month is changed only by re-opening it (and every later
 * one) first.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { computePayslip } from '../../common/payroll/payslip.ts';
import { computeThr } from '../../common/payroll/thr.ts';
import type { PayslipInput, PayslipLine } from '../../common/payroll/types.ts';
import { type WeeklyEdits, type WeeklyInput, weeklyEditFields } from '../../common/payroll/weekly.ts';
import { type PayslipEdits, payslipEditFields } from '../../common/payroll-run.ts';
import { writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import { payrollSummaries, payslips } from '../db/schema.ts';
import { loadTogether } from '../db/sql.ts';
import { clearManFee, recordManFee } from '../finance/man-fee.ts';
import { recordRunFinance, reverseRunFinance } from '../finance/payments.ts';
import type { Scope } from '../http/access.ts';
import { AppError, notFound } from '../http/errors.ts';
import { slices } from '../jobs/slices.ts';
import { companyReach, inCompany } from '../scope/scope.ts';
import { importPayroll, importTemplate } from './import.ts';
import {
  loadCompanySettings,
  loadMonthlyInputs,
  loadRunEmployees,
  type Period,
  RUN_BATCH,
  type RunEmployee,
} from './inputs.ts';
import { assertNoNegativeTakeHome } from './negative-pay.ts';
import { assertUpToDate, outOfDateRows, recalculateOutOfDate } from './out-of-date.ts';
import {
  actorOfScope,
  figuresOf,
  insertPayslips,
  logPayslipEdit,
  markCompleted,
  mergeEdits,
  monthlyFigures,
  type PayslipFigures,
  type PayslipValues,
  refreshTotals,
  totalsOf,
  weeklyFigures,
  writePayslip,
} from './payslip-store.ts';
import {
  checkNoOverlap,
  checkNotInApproval,
  checkRange,
  checkWeeklyEdits,
  computeWeeklyRows,
  importWeekly,
  settleWeekly,
  weeklyTemplate,
  weeklyTitle,
} from './weekly.ts';

export const runTypes = ['payroll_run', 'thr', 'weekly'] as const;
export type RunType = (typeof runTypes)[number];

type Summary = typeof payrollSummaries.$inferSelect;

/** `POST /v1/payroll-summary`'s body (and the job's data): monthly and THR runs name a month, daily payrolls a range. */
export interface CreateRunBody {
  type: RunType;
  year?: number | undefined;
  month?: number | undefined;
  period_start?: string | undefined;
  period_end?: string | undefined;
  title?: string | undefined;
  holiday_date?: string | undefined;
  acknowledged_warnings?: string[] | undefined;
}

/** A create body checked by its kind: the summary's own fields, title defaulted. */
export interface RunPlan {
  type: RunType;
  year: number;
  month: number;
  title: string;
  holiday_date: string | null;
  period_start: string | null;
  period_end: string | null;
  acknowledged_warnings: string[] | null;
}

/** What a run of the kind can be exported as (besides its list): payslip PDFs, the bank file, Coretax's BP21. */
export type RunExport = 'payslip_pdf' | 'bank_transfers' | 'coretax_bp21';

/** An edit's figures: the calculator of a kind, loaded once per transaction (the monthly one needs the settings). */
type Calculator = (input: unknown, edits: Record<string, number>) => PayslipFigures;

/** What differs between the kinds of run; everything else is the one pipeline below. */
export interface RunKind {
  /** The menu that reads and changes runs of the kind and that their log entries name (decision 0091). */
  menu: 'payroll-run' | 'weekly-payroll';
  /** Whether a large company's run is made as a job (decision 0044). */
  job: boolean;
  /** The body checked (400) and completed into the summary's fields. */
  plan: (body: CreateRunBody) => RunPlan;
  /** Refusals that depend on the runs already stored (409); repeated in the store under `lockKey`. */
  checkCreate: (db: Executor, companyId: string, plan: RunPlan) => Promise<void>;
  lockKey: (companyId: string, plan: RunPlan) => string;
  /** Input loading and compute: every payslip of the run, `batch` employees at a time where the kind batches. */
  compute: (
    db: Executor,
    companyId: string,
    plan: RunPlan,
    progress: ((done: number, total: number) => Promise<void>) | undefined,
    batch: number,
  ) => Promise<PayslipValues<unknown>[]>;
  /** The activity log's words for a stored run. */
  created: (plan: RunPlan, count: number) => string;
  /** Editing one payslip: the fields, the kind's own checks, the calculator. Null: nothing to edit (409). */
  edit: {
    fields: readonly string[];
    noun: string;
    check: (edits: Record<string, number | null>) => void;
    calculator: (db: Executor, companyId: string) => Promise<Calculator>;
  } | null;
  /** Whether a pending run's rows can be out of date and recalculated (decision 0175). */
  outOfDate: boolean;
  /** The approval context completing goes through when the company has a flow for it (decision 0072). */
  approval: 'daily_payroll' | null;
  /** Refusals of any change of a pending run (edit, import, delete, complete). */
  beforeChange: (db: Executor, summary: Summary) => Promise<void>;
  /** The kind's checks and effects of completing, in the completing transaction (before the status changes). */
  complete: (tx: Executor, scope: Scope, summary: Summary, expected: ExpectedTotals | undefined) => Promise<void>;
  /** The kind's checks and effects of re-opening. */
  reopen: (tx: Executor, scope: Scope, summary: Summary) => Promise<void>;
  /** The template and import (`/v1/payroll-summary/template`, `/import`) and their menu; null: none. */
  import: {
    menu: 'payroll-import' | 'weekly-payroll';
    template: (db: Executor, scope: Scope, query: ImportQuery) => Promise<ImportTemplate>;
    apply: (db: Executor, scope: Scope, body: ImportBody) => Promise<ImportResult>;
  } | null;
  exports: readonly RunExport[];
}

type ImportTemplate = Awaited<ReturnType<typeof importTemplate>> | Awaited<ReturnType<typeof weeklyTemplate>>;
type ImportResult = Awaited<ReturnType<typeof importPayroll>> | Awaited<ReturnType<typeof importWeekly>>;
export interface ImportQuery {
  year?: number | undefined;
  month?: number | undefined;
  summary?: string | undefined;
}
export interface ImportBody {
  summary?: string | undefined;
  rows: { employee_id: string; year: number; month: number; amounts: Record<string, number> }[];
}

/** The totals the confirmation showed: completing refuses others (decision 0175). */
export interface ExpectedTotals {
  employee_count?: number | undefined;
  total_bruto?: number | undefined;
  total_pph21?: number | undefined;
  total_thp?: number | undefined;
}

/** How a THR run counts a partial month of service (reference section 4: a company setting; this is its default). */
const THR_PARTIAL_MONTH = 'whole_months' as const;

const RESOURCE = 'payroll-summary';

const refused = (code: string, message: string) => new AppError(409, code, message);
const invalidFields = (fields: Record<string, { code: string; message: string }>) =>
  new AppError(400, 'invalid', 'Some fields are invalid', fields);
const none = async () => {};

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A THR run's payslip: the THR owed for the holiday (reference section 4); its tax is withheld in the month's run. */
function thrPayslip(person: RunEmployee, period: Period, holiday: string): PayslipValues | null {
  if (!person.join_date) return null;
  const wage =
    person.basic_salary +
    person.transport_allowance +
    person.meal_allowance +
    person.communication_allowance +
    person.job_allowance +
    person.other_allowance;
  const thr = computeThr({
    joinDate: person.join_date,
    holidayDate: holiday,
    wage,
    partialMonth: THR_PARTIAL_MONTH,
    exitDate: person.exit_date,
    dismissedPermanent: person.exit_reason === 'phk' && person.status !== 'pkwt',
  });
  if (!thr.eligible || thr.amount === 0) return null;
  const line: PayslipLine = {
    code: 'thr',
    kind: 'earning',
    amount: thr.amount,
    in_bruto: true,
    explain: {
      holiday_date: holiday,
      wage,
      reason: thr.reason,
      service: thr.service,
      partial_month: THR_PARTIAL_MONTH,
    },
  };
  const input = {
    period,
    employee: { ptkp_status: null },
    salary: { basic_salary: person.basic_salary },
    thr: thr.amount,
  };
  return {
    person,
    input: input as PayslipInput,
    lines: [line],
    bruto: thr.amount,
    pph21: 0,
    pph21_dtp: 0,
    regular_bruto: 0,
    thp: thr.amount,
    bpjs_employee: 0,
    bpjs_company: 0,
    bpjs: {},
  };
}

/** Monthly and THR runs name their month; a THR run its holiday. */
function monthPlan(body: CreateRunBody): RunPlan {
  const missing = (['year', 'month'] as const).filter((field) => body[field] === undefined);
  if (missing.length) {
    throw invalidFields(
      Object.fromEntries(missing.map((field) => [field, { code: 'required', message: 'is required' }])),
    );
  }
  if (body.type === 'thr' && !body.holiday_date) {
    throw invalidFields({ holiday_date: { code: 'required', message: 'Required for a THR run' } });
  }
  if (body.holiday_date && !isRealDate(body.holiday_date)) {
    throw invalidFields({ holiday_date: { code: 'format', message: 'Not a date' } });
  }
  const year = body.year as number;
  const month = body.month as number;
  const title =
    body.title?.trim() ||
    (body.type === 'thr' ? `THR ${body.holiday_date}` : `Payroll ${year}-${String(month).padStart(2, '0')}`);
  return {
    type: body.type,
    year,
    month,
    title,
    holiday_date: body.holiday_date ?? null,
    period_start: null,
    period_end: null,
    acknowledged_warnings: body.acknowledged_warnings?.length ? body.acknowledged_warnings : null,
  };
}

/** A daily payroll names its range (a missing date is not a real date: `checkRange` answers it as required). */
function rangePlan(body: CreateRunBody): RunPlan {
  const range = { period_start: body.period_start ?? '', period_end: body.period_end ?? '', title: body.title };
  const { year, month } = checkRange(range);
  return {
    type: body.type,
    year,
    month,
    title: weeklyTitle(range),
    holiday_date: null,
    period_start: range.period_start,
    period_end: range.period_end,
    acknowledged_warnings: null,
  };
}

/** One run per type and month; a monthly run not before a completed later month. */
async function checkMonthFree(db: Executor, companyId: string, plan: RunPlan) {
  const [existing] = await db
    .select({ id: payrollSummaries.id })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, plan.type),
        eq(payrollSummaries.year, plan.year),
        eq(payrollSummaries.month, plan.month),
      ),
    )
    .limit(1);
  if (existing) throw refused('payroll_run_exists', 'A run of this type already exists for this month');
  if (plan.type === 'payroll_run') await checkNoLaterCompleted(db, companyId, plan);
}

async function checkNoLaterCompleted(db: Executor, companyId: string, period: Period) {
  const [later] = await db
    .select({ month: payrollSummaries.month })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, period.year),
        gt(payrollSummaries.month, period.month),
      ),
    )
    .limit(1);
  if (later) {
    throw refused('payroll_run_later_completed', 'A later month is already completed: re-open it first');
  }
}

const monthLock = (companyId: string, plan: RunPlan) => `payroll:${companyId}:${plan.type}:${plan.year}:${plan.month}`;

/** The monthly run's payslips, a batch of employees at a time: the next batch's inputs load while one computes. */
async function computeMonthly(
  db: Executor,
  companyId: string,
  plan: RunPlan,
  progress: ((done: number, total: number) => Promise<void>) | undefined,
  batch: number,
) {
  const period = { year: plan.year, month: plan.month };
  const rows: PayslipValues[] = [];
  const [settings, people] = await loadTogether(db, [
    () => loadCompanySettings(db, companyId),
    () => loadRunEmployees(db, companyId, period),
  ]);
  const load = (from: number) =>
    from < people.length ? loadMonthlyInputs(db, companyId, period, people.slice(from, from + batch)) : null;
  const pause = slices();
  let next = load(0);
  for (let from = 0; next; from += batch) {
    const inputs = await next;
    next = load(from + batch);
    // Settled at once, so that a failed prefetch never goes unhandled while this batch computes; awaited above.
    next?.catch(() => {});
    for (const { person, input } of inputs) {
      rows.push({ person, input, ...figuresOf(computePayslip(input, settings)) });
      await pause();
    }
    if (progress) await progress(rows.length, people.length);
  }
  return rows;
}

/** The THR run's payslips: every payroll-active employee owed THR for the holiday. */
async function computeThrRun(db: Executor, companyId: string, plan: RunPlan) {
  const period = { year: plan.year, month: plan.month };
  const rows: PayslipValues[] = [];
  for (const person of await loadRunEmployees(db, companyId, period)) {
    const row = thrPayslip(person, period, plan.holiday_date as string);
    if (row) rows.push(row);
  }
  return rows;
}

/** The monthly run's own part of completing: month order, up to date, the confirmed totals, finance, man-fee. */
async function completeMonthly(tx: Executor, scope: Scope, summary: Summary, expected: ExpectedTotals | undefined) {
  const [earlier] = await tx
    .select({ month: payrollSummaries.month })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(scope, payrollSummaries),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'pending'),
        eq(payrollSummaries.year, summary.year),
        lt(payrollSummaries.month, summary.month),
      ),
    )
    .limit(1);
  if (earlier) {
    throw refused('payroll_run_out_of_order', 'An earlier month is still pending: complete the months in order');
  }
  await checkNoLaterCompleted(tx, scope.companyId, summary);
  // Completing saves what the screen shows (decision 0175): inputs changed since the last calculation (loans and
  // deposits, approvals, attendance, the months completed before it) are recalculated visibly first, never here.
  assertUpToDate(await outOfDateRows(tx, scope.companyId, summary));
  assertExpectedTotals(summary, expected);
  // Never saved with a negative take-home pay (decision 0075): the whole save rolls back.
  await assertNoNegativeTakeHome(tx, summary.id);
  await recordRunFinance(tx, scope.companyId, summary);
  // The platform's management fee of the month, from the final totals (decision 0073).
  await recordManFee(tx, summary.id);
}

/** The monthly run's own part of re-opening: the latest month first; its installments, deposits and man-fee undone. */
async function reopenMonthly(tx: Executor, scope: Scope, summary: Summary) {
  await checkNoLaterCompleted(tx, scope.companyId, summary);
  await reverseRunFinance(tx, summary.id);
  await clearManFee(tx, summary.id);
}

/** The log words of a stored monthly or THR run. */
const ranDetail = (plan: RunPlan, count: number) =>
  `Ran ${plan.title}: ${count} employees${plan.acknowledged_warnings ? `; pre-run warnings acknowledged: ${plan.acknowledged_warnings.join(', ')}` : ''}`;

const requiredFields = (fields: readonly string[]) =>
  invalidFields(Object.fromEntries(fields.map((field) => [field, { code: 'required', message: 'is required' }])));

/**
 * The kinds of run (decision 0210). The exit pay is no kind: it is an input of the exit month's monthly run
 * (`input.exit_pay`, decision 0170), paid and taxed there.
 */
export const runKinds = {
  payroll_run: {
    menu: 'payroll-run',
    job: true,
    plan: monthPlan,
    checkCreate: checkMonthFree,
    lockKey: monthLock,
    compute: computeMonthly,
    created: ranDetail,
    edit: {
      fields: payslipEditFields,
      noun: 'a monthly run',
      check: () => {},
      calculator: async (db, companyId) => {
        const settings = await loadCompanySettings(db, companyId);
        return (input, edits) => monthlyFigures(input as PayslipInput, edits as PayslipEdits, settings);
      },
    },
    outOfDate: true,
    approval: null,
    beforeChange: none,
    complete: completeMonthly,
    reopen: reopenMonthly,
    import: {
      menu: 'payroll-import',
      template: async (db, scope, query) => {
        if (query.year === undefined || query.month === undefined) {
          throw requiredFields((['year', 'month'] as const).filter((f) => query[f] === undefined));
        }
        return importTemplate(db, scope, { year: query.year, month: query.month });
      },
      apply: (db, scope, body) => importPayroll(db, scope, body.rows),
    },
    exports: ['payslip_pdf', 'bank_transfers'],
  },
  thr: {
    menu: 'payroll-run',
    job: true,
    plan: monthPlan,
    checkCreate: checkMonthFree,
    lockKey: monthLock,
    compute: computeThrRun,
    created: ranDetail,
    // The THR is the engine's figure for the holiday; it is paid (and its amount imported) in the monthly run.
    edit: null,
    outOfDate: false,
    approval: null,
    beforeChange: none,
    complete: none,
    reopen: none,
    import: null,
    exports: ['payslip_pdf'],
  },
  weekly: {
    menu: 'weekly-payroll',
    // A daily payroll covers the freelance workers of at most 31 days: never a job.
    job: false,
    plan: rangePlan,
    checkCreate: checkNoOverlap,
    lockKey: (companyId) => `payroll:${companyId}:weekly`,
    compute: computeWeeklyRows,
    created: (plan, count) => `Created ${plan.title}: ${count} daily workers`,
    edit: {
      fields: weeklyEditFields,
      noun: 'a daily payroll',
      check: checkWeeklyEdits,
      calculator: async () => (input, edits) => weeklyFigures(input as WeeklyInput, edits as WeeklyEdits),
    },
    outOfDate: false,
    approval: 'daily_payroll',
    beforeChange: (db, summary) => checkNotInApproval(db, summary.id),
    // The tax with the month's other completed daily payrolls as they are now.
    complete: async (tx, _scope, summary) => {
      await checkNotInApproval(tx, summary.id);
      await settleWeekly(tx, summary);
    },
    reopen: none,
    import: {
      menu: 'weekly-payroll',
      template: async (db, scope, query) => {
        if (!query.summary) throw requiredFields(['summary']);
        return weeklyTemplate(db, scope.companyId, query.summary);
      },
      apply: async (db, scope, body) => {
        if (!body.summary) throw requiredFields(['summary']);
        return importWeekly(db, scope, body.summary, body.rows);
      },
    },
    exports: ['payslip_pdf', 'bank_transfers', 'coretax_bp21'],
  },
} as const satisfies Record<RunType, RunKind>;

/**
 * The menu a payroll summary belongs to: a daily payroll (`weekly`) is the weekly-payroll screen's, monthly and THR
 * runs the payroll-run screen's. Who may read or change a summary, and the menu its log entries name (decision 0091).
 */
export const menuOfRun = (type: RunType) => runKinds[type].menu;

/** A kind as the interface names it (its `exports` a list of `RunExport`, its `edit` possibly null). */
export const kindOf = (type: RunType): RunKind => runKinds[type];

export interface ComputedRun {
  body: RunPlan;
  rows: PayslipValues<unknown>[];
}

/** Loads and computes a run (no writes), `batch` employees at a time. `progress` is called after each batch. */
export async function computeRun(
  db: Executor,
  companyId: string,
  body: CreateRunBody,
  progress?: (done: number, total: number) => Promise<void>,
  batch = RUN_BATCH,
): Promise<ComputedRun> {
  const kind = kindOf(body.type);
  const plan = kind.plan(body);
  await kind.checkCreate(db, companyId, plan);
  return { body: plan, rows: await kind.compute(db, companyId, plan, progress, batch) };
}

/** Writes a computed run: one transaction, checks repeated under a lock, payslips inserted in multi-row batches. */
export async function storeRun(
  db: Executor,
  scope: { companyId: string; userId: string; impersonatorId?: string | null },
  run: ComputedRun,
  options: { log?: boolean } = {},
) {
  const { body: plan, rows } = run;
  const kind = kindOf(plan.type);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind.lockKey(scope.companyId, plan)}))`);
    await kind.checkCreate(tx, scope.companyId, plan);
    const [summary] = await tx
      .insert(payrollSummaries)
      .values({
        company_id: scope.companyId,
        created_by: scope.userId,
        title: plan.title,
        type: plan.type,
        year: plan.year,
        month: plan.month,
        holiday_date: plan.holiday_date,
        period_start: plan.period_start,
        period_end: plan.period_end,
        ...totalsOf(rows),
        acknowledged_warnings: plan.acknowledged_warnings,
      })
      .returning();
    if (!summary) throw new Error('insert returned nothing');
    await insertPayslips(tx, scope.companyId, summary.id, rows);
    if (options.log === false) return summary;
    await writeLog(tx, {
      actor: { userId: scope.userId, impersonatorId: scope.impersonatorId ?? null },
      companyId: scope.companyId,
      action: 'create',
      menu: kind.menu,
      resource: RESOURCE,
      recordId: summary.id,
      detail: kind.created(plan, rows.length),
    });
    return summary;
  });
}

/** Computes and stores a run in the request (a large company's monthly or THR run is a job instead: run-job.ts). */
export async function createRun(db: Executor, scope: Scope, body: CreateRunBody) {
  const computed = await computeRun(db, scope.companyId, body);
  return storeRun(
    db,
    { companyId: scope.companyId, userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
    computed,
  );
}

async function summaryOf(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(payrollSummaries)
    .where(and(eq(payrollSummaries.id, id), inCompany(companyReach(companyId), payrollSummaries)));
  if (!row) throw notFound('Payroll run');
  return row;
}

function assertExpectedTotals(summary: Summary, expected: ExpectedTotals | undefined) {
  if (!expected) return;
  const changed = (['employee_count', 'total_bruto', 'total_pph21', 'total_thp'] as const).filter(
    (key) => expected[key] !== undefined && expected[key] !== summary[key],
  );
  if (changed.length === 0) return;
  throw new AppError(
    409,
    'payroll_run_totals_changed',
    `The run changed since its totals were shown (${changed.map((key) => `${key}: shown ${expected[key]}, stored ${summary[key]}`).join('; ')}): review them and complete again`,
  );
}

const notEditable = () => refused('payroll_run_not_editable', 'Only a monthly run has inputs to edit');

/** Recalculates a pending monthly run's out-of-date rows (decision 0175) and returns them with the new summary. */
export async function recalculateRun(db: Executor, scope: Scope, id: string) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'A saved run cannot be changed');
    if (!kindOf(summary.type).outOfDate) throw notEditable();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-recalc:${id}`}))`);
    const rows = await recalculateOutOfDate(tx, scope, summary, (payslipId, input, edits, settings) =>
      writePayslip(tx, payslipId, input, edits, monthlyFigures(input, edits, settings)),
    );
    if (rows.length) await refreshTotals(tx, summary.id);
    return { rows, summary: await summaryOf(tx, scope.companyId, id) };
  });
}

/** Completes a pending run ('Are you sure to save payroll?'): the kind's checks and effects, then the status. */
export async function completeRun(db: Executor, scope: Scope, id: string, expected?: ExpectedTotals) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'This run is already completed');
    const kind = kindOf(summary.type);
    await kind.complete(tx, scope, summary, expected);
    return markCompleted(tx, scope, kind.menu, summary);
  });
}

/** Re-opens a completed run: the company admin only, the latest completed month first, logged. */
export async function reopenRun(db: Executor, scope: Scope, id: string) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (scope.actor.level !== 'admin') {
      throw new AppError(403, 'payroll_reopen_admin_only', 'Only the company admin can re-open a saved payroll');
    }
    if (summary.status !== 'completed') throw refused('payroll_run_not_completed', 'This run is not completed');
    const kind = kindOf(summary.type);
    await kind.reopen(tx, scope, summary);
    const [row] = await tx
      .update(payrollSummaries)
      .set({
        status: 'pending',
        completed_at: null,
        completed_by: null,
        updated_at: sql`now()`,
        version: sql`${payrollSummaries.version} + 1`,
      })
      .where(eq(payrollSummaries.id, id))
      .returning();
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'update',
      menu: kind.menu,
      resource: RESOURCE,
      recordId: id,
      detail: `Re-opened ${summary.title}`,
      changes: { status: { from: 'completed', to: 'pending' } },
    });
    return row;
  });
}

/** Deletes a pending run with its payslips. */
export async function deleteRun(db: Executor, scope: Scope, id: string) {
  await db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (summary.status !== 'pending') {
      throw refused('payroll_run_completed', 'A saved run cannot be deleted: re-open it first');
    }
    const kind = kindOf(summary.type);
    await kind.beforeChange(tx, summary);
    await tx.delete(payrollSummaries).where(eq(payrollSummaries.id, id));
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'delete',
      menu: kind.menu,
      resource: RESOURCE,
      recordId: id,
      detail: `Deleted ${summary.title}`,
    });
  });
}

/** Changes one payslip's inputs in a pending run (null: back to the loaded value) and returns the recalculated row. */
export async function editPayslip(
  db: Executor,
  scope: Scope,
  summaryId: string,
  payslipId: string,
  edits: Record<string, number | null>,
) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, summaryId);
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'A saved run cannot be changed');
    const kind = kindOf(summary.type);
    if (!kind.edit) throw notEditable();
    const fields = kind.edit.fields;
    const unknown = Object.keys(edits).filter((field) => !fields.includes(field));
    if (unknown.length) {
      const message = `Not an input of ${kind.edit.noun}`;
      throw invalidFields(Object.fromEntries(unknown.map((f) => [f, { code: 'unknown_field', message }])));
    }
    kind.edit.check(edits);
    await kind.beforeChange(tx, summary);
    const [row] = await tx
      .select()
      .from(payslips)
      .where(and(eq(payslips.id, payslipId), eq(payslips.summary, summaryId)));
    if (!row) throw notFound('Payslip');
    const merged = mergeEdits(row.edits, edits);
    const calculate = await kind.edit.calculator(tx, scope.companyId);
    const updated = await writePayslip(tx, row.id, row.input, merged, calculate(row.input, merged));
    await refreshTotals(tx, summaryId);
    await logPayslipEdit(tx, scope, kind.menu, summary, row, edits);
    return updated;
  });
}

export { summaryOf };
