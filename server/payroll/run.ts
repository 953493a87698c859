/**
 * Payroll runs (spec 3 "Payroll summary"): compute every payslip in memory from set-based loads, then write the run in
 * one transaction with multi-row inserts; complete, re-open, delete, and edit one payslip's inputs. The order rules
 * (server/payroll/README.md): a month's run is built from the completed months before it, so months are completed in
 * order and a completed month is changed only by re-opening it (and every later one) first.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { computePayslip } from '../../common/payroll/payslip.ts';
import { computeThr } from '../../common/payroll/thr.ts';
import type { CompanyPayrollSettings, PayslipInput, PayslipLine, PayslipResult } from '../../common/payroll/types.ts';
import { applyEdits, bpjsSplit, type PayslipEdits, payslipEditFields } from '../../common/payroll-run.ts';
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
import { checkNotInApproval, editWeeklyPayslip, settleWeekly } from './weekly.ts';

export type RunType = 'payroll_run' | 'thr' | 'weekly';

export interface CreateRunBody {
  type: RunType;
  year: number;
  month: number;
  title?: string | undefined;
  holiday_date?: string | undefined;
  acknowledged_warnings?: string[] | undefined;
}

/** How a THR run counts a partial month of service (reference section 4: a company setting; this is its default). */
const THR_PARTIAL_MONTH = 'whole_months' as const;
/** Rows per insert statement: short statements keep the embedded engine responsive (decision 0002); 500 rows took
 * 130-600 ms on PGlite, during which nothing else reaches the embedded database. */
const INSERT_CHUNK = 200;

const MENU = 'payroll-run';
const RESOURCE = 'payroll-summary';

/**
 * The menu a payroll summary belongs to: a daily payroll (`weekly`) is the weekly-payroll screen's, monthly and THR
 * runs the payroll-run screen's. Who may read or change a summary, and the menu its log entries name (decision 0091).
 */
export const menuOfRun = (type: RunType) => (type === 'weekly' ? 'weekly-payroll' : MENU);

/** A computed payslip, ready to insert. */
export interface PayslipValues {
  person: RunEmployee;
  input: PayslipInput;
  lines: PayslipLine[];
  bruto: number;
  pph21: number;
  pph21_dtp: number;
  regular_bruto: number;
  thp: number;
  bpjs_employee: number;
  bpjs_company: number;
  bpjs: Record<string, number>;
}

export function valuesOf(person: RunEmployee, input: PayslipInput, result: PayslipResult): PayslipValues {
  return {
    person,
    input,
    lines: result.lines,
    bruto: result.bruto,
    pph21: result.pph21,
    pph21_dtp: result.pph21_dtp,
    regular_bruto: result.regular_bruto,
    thp: result.thp,
    bpjs_employee: result.bpjs.total_employee,
    bpjs_company: result.bpjs.total_employer,
    bpjs: bpjsSplit(result),
  };
}

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

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Weekly runs are issue 15 (the weekly payroll screen): a translated 400 (errors.codes.payroll_run_type_unsupported). */
export const weeklyUnsupported = () =>
  new AppError(400, 'payroll_run_type_unsupported', 'Weekly runs are made on the weekly payroll screen');

const refused = (code: string, message: string) => new AppError(409, code, message);

/** Refusals that depend only on the runs already stored. */
async function checkCanCreate(db: Executor, companyId: string, body: CreateRunBody) {
  const [existing] = await db
    .select({ id: payrollSummaries.id })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, body.type),
        eq(payrollSummaries.year, body.year),
        eq(payrollSummaries.month, body.month),
      ),
    )
    .limit(1);
  if (existing) throw refused('payroll_run_exists', 'A run of this type already exists for this month');
  if (body.type === 'payroll_run') await checkNoLaterCompleted(db, companyId, body);
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

export interface ComputedRun {
  body: CreateRunBody;
  rows: PayslipValues[];
}

/** Loads and computes a run (no writes), `batch` employees at a time. `progress` is called after each batch. */
export async function computeRun(
  db: Executor,
  companyId: string,
  body: CreateRunBody,
  progress?: (done: number, total: number) => Promise<void>,
  batch = RUN_BATCH,
): Promise<ComputedRun> {
  if (body.type === 'weekly') throw weeklyUnsupported();
  if (body.type === 'thr' && !body.holiday_date) {
    throw new AppError(400, 'invalid', 'Some fields are invalid', {
      holiday_date: { code: 'required', message: 'Required for a THR run' },
    });
  }
  if (body.holiday_date && !isRealDate(body.holiday_date)) {
    throw new AppError(400, 'invalid', 'Some fields are invalid', {
      holiday_date: { code: 'format', message: 'Not a date' },
    });
  }
  await checkCanCreate(db, companyId, body);
  const period = { year: body.year, month: body.month };
  const rows: PayslipValues[] = [];
  if (body.type === 'thr') {
    for (const person of await loadRunEmployees(db, companyId, period)) {
      const row = thrPayslip(person, period, body.holiday_date as string);
      if (row) rows.push(row);
    }
    return { body, rows };
  }
  const [settings, people] = await loadTogether(db, [
    () => loadCompanySettings(db, companyId),
    () => loadRunEmployees(db, companyId, period),
  ]);
  // A batch of employees at a time: the next batch's inputs load while this one computes.
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
      rows.push(valuesOf(person, input, computePayslip(input, settings)));
      await pause();
    }
    if (progress) await progress(rows.length, people.length);
  }
  return { body, rows };
}

const sum = (rows: readonly PayslipValues[], key: 'bruto' | 'pph21' | 'thp' | 'bpjs_employee' | 'bpjs_company') =>
  rows.reduce((total, row) => total + row[key], 0);

const defaultTitle = (body: CreateRunBody) =>
  body.type === 'thr' ? `THR ${body.holiday_date}` : `Payroll ${body.year}-${String(body.month).padStart(2, '0')}`;

/** A payslip row as the insert's JSON carries it (the columns of `payslips`). */
const payslipRecord = (companyId: string, summaryId: string, row: PayslipValues) => ({
  company_id: companyId,
  summary_id: summaryId,
  employee_id: row.person.id,
  employee_number: row.person.employee_id,
  fullname: row.person.fullname,
  department_id: row.person.department,
  department_name: row.person.department_name,
  location_id: row.person.location,
  location_name: row.person.location_name,
  job_title_name: row.person.job_title_name,
  npwp: row.person.npwp,
  nik: row.person.nik,
  gender: row.person.gender,
  address: row.person.address,
  input: row.input,
  edits: {},
  lines: row.lines,
  bruto: row.bruto,
  pph21: row.pph21,
  pph21_dtp: row.pph21_dtp,
  regular_bruto: row.regular_bruto,
  thp: row.thp,
  bpjs_employee: row.bpjs_employee,
  bpjs_company: row.bpjs_company,
  bpjs: row.bpjs,
});

/** Writes a computed run: one transaction, checks repeated under a lock, payslips inserted in multi-row batches. */
export async function storeRun(
  db: Executor,
  scope: { companyId: string; userId: string; impersonatorId?: string | null },
  run: ComputedRun,
  options: { log?: boolean } = {},
) {
  const { body, rows } = run;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`payroll:${scope.companyId}:${body.type}:${body.year}:${body.month}`}))`,
    );
    await checkCanCreate(tx, scope.companyId, body);
    const [summary] = await tx
      .insert(payrollSummaries)
      .values({
        company_id: scope.companyId,
        created_by: scope.userId,
        title: body.title?.trim() || defaultTitle(body),
        type: body.type,
        year: body.year,
        month: body.month,
        holiday_date: body.holiday_date ?? null,
        employee_count: rows.length,
        total_bruto: sum(rows, 'bruto'),
        total_pph21: sum(rows, 'pph21'),
        total_thp: sum(rows, 'thp'),
        total_bpjs_employee: sum(rows, 'bpjs_employee'),
        total_bpjs_company: sum(rows, 'bpjs_company'),
        acknowledged_warnings: body.acknowledged_warnings?.length ? body.acknowledged_warnings : null,
      })
      .returning();
    if (!summary) throw new Error('insert returned nothing');
    // One parameter a statement: the rows as one JSON array, expanded by the database (COPY-like, no 65k-parameter
    // limit, one round trip per chunk). Pipelined: the next chunk's JSON is built while the database parses and writes
    // the previous one (docs/decisions/0062); `jsonb` so that the payslips' JSON columns are parsed once.
    let writing: Promise<unknown> | null = null;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const json = JSON.stringify(
        rows.slice(i, i + INSERT_CHUNK).map((row) => payslipRecord(scope.companyId, summary.id, row)),
      );
      if (writing) await writing;
      writing = Promise.resolve(
        tx.execute(sql`
          insert into payslips (company_id, summary_id, employee_id, employee_number, fullname, department_id,
            department_name, location_id, location_name, job_title_name, npwp, nik, gender, address, input, edits,
            lines, bruto, pph21, pph21_dtp, regular_bruto, thp, bpjs_employee, bpjs_company, bpjs)
          select company_id, summary_id, employee_id, employee_number, fullname, department_id, department_name,
            location_id, location_name, job_title_name, npwp, nik, gender, address, input, edits, lines, bruto, pph21,
            pph21_dtp, regular_bruto, thp, bpjs_employee, bpjs_company, bpjs
          from jsonb_populate_recordset(null::payslips, ${json}::jsonb)`),
      );
    }
    if (writing) await writing;
    if (options.log === false) return summary;
    await writeLog(tx, {
      actor: { userId: scope.userId, impersonatorId: scope.impersonatorId ?? null },
      companyId: scope.companyId,
      action: 'create',
      menu: MENU,
      resource: RESOURCE,
      recordId: summary.id,
      detail: `Ran ${summary.title}: ${rows.length} employees${body.acknowledged_warnings?.length ? `; pre-run warnings acknowledged: ${body.acknowledged_warnings.join(', ')}` : ''}`,
    });
    return summary;
  });
}

async function summaryOf(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(payrollSummaries)
    .where(and(eq(payrollSummaries.id, id), inCompany(companyReach(companyId), payrollSummaries)));
  if (!row) throw notFound('Payroll run');
  return row;
}

const actorOfScope = (scope: Scope) => ({ userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId });

/** The totals the confirmation showed: completing refuses others (decision 0175). */
export interface ExpectedTotals {
  employee_count?: number | undefined;
  total_bruto?: number | undefined;
  total_pph21?: number | undefined;
  total_thp?: number | undefined;
}

function assertExpectedTotals(summary: typeof payrollSummaries.$inferSelect, expected: ExpectedTotals | undefined) {
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

/** Recalculates a pending monthly run's out-of-date rows (decision 0175) and returns them with the new summary. */
export async function recalculateRun(db: Executor, scope: Scope, id: string) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'A saved run cannot be changed');
    if (summary.type !== 'payroll_run') {
      throw refused('payroll_run_not_editable', 'Only a monthly run has inputs to edit');
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-recalc:${id}`}))`);
    const rows = await recalculateOutOfDate(tx, scope, summary, (payslipId, input, edits, settings) =>
      writePayslip(tx, payslipId, input, edits, settings),
    );
    if (rows.length) await refreshTotals(tx, summary.id);
    return { rows, summary: await summaryOf(tx, scope.companyId, id) };
  });
}

/** Completes a pending run ('Are you sure to save payroll?'): in month order, only as last calculated. */
export async function completeRun(db: Executor, scope: Scope, id: string, expected?: ExpectedTotals) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (summary.status !== 'pending') throw refused('payroll_run_completed', 'This run is already completed');
    if (summary.type === 'payroll_run') {
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
    // A daily payroll's tax with the month's other completed daily payrolls as they are now.
    if (summary.type === 'weekly') {
      await checkNotInApproval(tx, summary.id);
      await settleWeekly(tx, summary);
    }
    const [done] = await tx
      .update(payrollSummaries)
      .set({
        status: 'completed',
        completed_at: sql`now()`,
        completed_by: scope.actor.userId,
        updated_at: sql`now()`,
        version: sql`${payrollSummaries.version} + 1`,
      })
      .where(eq(payrollSummaries.id, id))
      .returning();
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'update',
      menu: menuOfRun(summary.type),
      resource: RESOURCE,
      recordId: id,
      detail: `Saved ${summary.title}`,
      changes: { status: { from: 'pending', to: 'completed' } },
    });
    return done;
  });
}

export async function writePayslip(
  tx: Executor,
  id: string,
  input: PayslipInput,
  edits: PayslipEdits,
  settings: CompanyPayrollSettings,
) {
  const result = computePayslip(applyEdits(input, edits), settings);
  const [row] = await tx
    .update(payslips)
    .set({
      input,
      edits: edits as Record<string, number>,
      lines: result.lines,
      bruto: result.bruto,
      pph21: result.pph21,
      pph21_dtp: result.pph21_dtp,
      regular_bruto: result.regular_bruto,
      thp: result.thp,
      bpjs_employee: result.bpjs.total_employee,
      bpjs_company: result.bpjs.total_employer,
      bpjs: bpjsSplit(result),
      updated_at: sql`now()`,
      version: sql`${payslips.version} + 1`,
    })
    .where(eq(payslips.id, id))
    .returning();
  return row;
}

export async function refreshTotals(tx: Executor, summaryId: string) {
  await tx.execute(sql`
    update payroll_summaries s set
      employee_count = t.n, total_bruto = t.bruto, total_pph21 = t.pph21, total_thp = t.thp,
      total_bpjs_employee = t.bpjs_employee, total_bpjs_company = t.bpjs_company, updated_at = now()
    from (select count(*)::int as n, coalesce(sum(bruto), 0) as bruto, coalesce(sum(pph21), 0) as pph21,
            coalesce(sum(thp), 0) as thp, coalesce(sum(bpjs_employee), 0) as bpjs_employee,
            coalesce(sum(bpjs_company), 0) as bpjs_company
          from payslips where summary_id = ${summaryId}) t
    where s.id = ${summaryId}`);
}

/** Re-opens a completed run: the company admin only, the latest completed month first, logged. */
export async function reopenRun(db: Executor, scope: Scope, id: string) {
  return db.transaction(async (tx) => {
    const summary = await summaryOf(tx, scope.companyId, id);
    if (scope.actor.level !== 'admin') {
      throw new AppError(403, 'payroll_reopen_admin_only', 'Only the company admin can re-open a saved payroll');
    }
    if (summary.status !== 'completed') throw refused('payroll_run_not_completed', 'This run is not completed');
    if (summary.type === 'payroll_run') {
      await checkNoLaterCompleted(tx, scope.companyId, summary);
      // The loan installments and deposits this run recorded are reversed.
      await reverseRunFinance(tx, summary.id);
      await clearManFee(tx, summary.id);
    }
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
      menu: menuOfRun(summary.type),
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
    if (summary.type === 'weekly') await checkNotInApproval(tx, summary.id);
    await tx.delete(payrollSummaries).where(eq(payrollSummaries.id, id));
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'delete',
      menu: menuOfRun(summary.type),
      resource: RESOURCE,
      recordId: id,
      detail: `Deleted ${summary.title}`,
    });
  });
}

/** Changes one payslip's inputs in a pending run and returns the recalculated row. */
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
    if (summary.type === 'weekly') return editWeeklyPayslip(tx, scope, summary, payslipId, edits);
    if (summary.type !== 'payroll_run') {
      throw refused('payroll_run_not_editable', 'Only a monthly run has inputs to edit');
    }
    const monthly = Object.keys(edits).filter((field) => !(payslipEditFields as readonly string[]).includes(field));
    if (monthly.length) {
      throw new AppError(
        400,
        'invalid',
        'Some fields are invalid',
        Object.fromEntries(
          monthly.map((f) => [f, { code: 'unknown_field', message: 'Not an input of a monthly run' }]),
        ),
      );
    }
    const [row] = await tx
      .select()
      .from(payslips)
      .where(and(eq(payslips.id, payslipId), eq(payslips.summary, summaryId)));
    if (!row) throw notFound('Payslip');
    const merged: PayslipEdits = { ...(row.edits as PayslipEdits) };
    for (const [field, value] of Object.entries(edits)) {
      if (value === null) delete merged[field as keyof PayslipEdits];
      else merged[field as keyof PayslipEdits] = value;
    }
    const settings = await loadCompanySettings(tx, scope.companyId);
    const updated = await writePayslip(tx, row.id, row.input as PayslipInput, merged, settings);
    await refreshTotals(tx, summaryId);
    await writeLog(tx, {
      actor: actorOfScope(scope),
      companyId: scope.companyId,
      action: 'update',
      menu: MENU,
      resource: 'payslips',
      recordId: row.id,
      detail: `Changed ${row.fullname}'s inputs in ${summary.title}`,
      changes: Object.fromEntries(
        Object.entries(edits).map(([field, to]) => [
          field,
          { from: (row.edits as PayslipEdits)[field as keyof PayslipEdits] ?? null, to },
        ]),
      ),
    });
    return updated;
  });
}

export { summaryOf };
