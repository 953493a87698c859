/**
 * The store of every run kind (decision 0210): how a run's payslips are inserted, how one payslip is rewritten with
 * its input and edits, how edits merge and are logged, how a summary's totals follow its payslips, and how a run is
 * marked completed. `run.ts` (the kinds table) and `weekly.ts` (the daily payroll's loading and settling) both write
 * through here; what differs per kind is the figures (`PayslipFigures`), computed by the kind.
 */
import { eq, sql } from 'drizzle-orm';
import { computePayslip } from '../../common/payroll/payslip.ts';
import type { CompanyPayrollSettings, PayslipInput, PayslipResult } from '../../common/payroll/types.ts';
import { computeWeeklyPayslip, type WeeklyEdits, type WeeklyInput } from '../../common/payroll/weekly.ts';
import { applyEdits, bpjsSplit, type PayslipEdits } from '../../common/payroll-run.ts';
import { writeLog } from '../activity/log.ts';
import type { Executor } from '../db/connect.ts';
import { payrollSummaries, payslips } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import type { RunEmployee } from './inputs.ts';

type Summary = typeof payrollSummaries.$inferSelect;
type PayslipRow = typeof payslips.$inferSelect;

/** Rows per insert statement: short statements keep the embedded engine responsive (decision 0002); 500 rows took
 * 130-600 ms on PGlite, during which nothing else reaches the embedded database. */
const INSERT_CHUNK = 200;

const RESOURCE = 'payroll-summary';

/** What a payslip row stores of its computation, whatever the kind (a kind without BPJS stores zeros). */
export interface PayslipFigures {
  lines: unknown[];
  bruto: number;
  pph21: number;
  pph21_dtp: number;
  regular_bruto: number;
  thp: number;
  bpjs_employee: number;
  bpjs_company: number;
  bpjs: Record<string, number>;
}

/** The employee snapshot a payslip keeps (the reports read it, never the live employee). */
export type PayslipPerson = Pick<
  RunEmployee,
  | 'id'
  | 'employee_id'
  | 'fullname'
  | 'department'
  | 'department_name'
  | 'location'
  | 'location_name'
  | 'job_title_name'
  | 'npwp'
  | 'nik'
  | 'gender'
  | 'address'
>;

/** A computed payslip, ready to insert. */
export interface PayslipValues<Input = PayslipInput, Person extends PayslipPerson = PayslipPerson>
  extends PayslipFigures {
  person: Person;
  input: Input;
}

/** The monthly engine's figures of an input with the admin's edits. */
export const monthlyFigures = (input: PayslipInput, edits: PayslipEdits, settings: CompanyPayrollSettings) =>
  figuresOf(computePayslip(applyEdits(input, edits), settings));

/** What a payslip stores of the monthly engine's result. */
export function figuresOf(result: PayslipResult): PayslipFigures {
  return {
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

/** The daily rule's figures (common/payroll/weekly.ts): no BPJS, no DTP, nothing regular. */
export function weeklyFigures(input: WeeklyInput, edits: WeeklyEdits): PayslipFigures {
  const result = computeWeeklyPayslip(input, edits);
  return {
    lines: result.lines,
    bruto: result.bruto,
    pph21: result.pph21,
    pph21_dtp: 0,
    regular_bruto: 0,
    thp: result.thp,
    bpjs_employee: 0,
    bpjs_company: 0,
    bpjs: {},
  };
}

/** A payslip row as the insert's JSON carries it (the columns of `payslips`). */
const payslipRecord = (companyId: string, summaryId: string, row: PayslipValues<unknown>) => ({
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

/**
 * Inserts a run's payslips. One parameter a statement: the rows as one JSON array, expanded by the database
 * (COPY-like, no 65k-parameter limit, one round trip per chunk). Pipelined: the next chunk's JSON is built while the
 * database parses and writes the previous one (docs/decisions/0062); `jsonb` so that the payslips' JSON columns are
 * parsed once.
 */
export async function insertPayslips(
  tx: Executor,
  companyId: string,
  summaryId: string,
  rows: readonly PayslipValues<unknown>[],
) {
  let writing: Promise<unknown> | null = null;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + INSERT_CHUNK).map((row) => payslipRecord(companyId, summaryId, row)));
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
}

/** The summary's totals of computed rows (the columns `refreshTotals` keeps). */
export function totalsOf(rows: readonly PayslipFigures[]) {
  const sum = (key: 'bruto' | 'pph21' | 'thp' | 'bpjs_employee' | 'bpjs_company') =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    employee_count: rows.length,
    total_bruto: sum('bruto'),
    total_pph21: sum('pph21'),
    total_thp: sum('thp'),
    total_bpjs_employee: sum('bpjs_employee'),
    total_bpjs_company: sum('bpjs_company'),
  };
}

/** Stores one payslip's input, edits and the figures computed from them. */
export async function writePayslip(tx: Executor, id: string, input: unknown, edits: object, figures: PayslipFigures) {
  const [row] = await tx
    .update(payslips)
    .set({
      input,
      edits: edits as Record<string, number>,
      ...figures,
      updated_at: sql`now()`,
      version: sql`${payslips.version} + 1`,
    })
    .where(eq(payslips.id, id))
    .returning();
  return row;
}

/** A summary's totals summed again from its payslips. */
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

/** The stored edits with a change applied: a number sets a field, null drops it (back to the loaded value). */
export function mergeEdits(stored: object, edits: Record<string, number | null>): Record<string, number> {
  const merged: Record<string, number> = { ...(stored as Record<string, number>) };
  for (const [field, value] of Object.entries(edits)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

export const actorOfScope = (scope: Scope) => ({
  userId: scope.actor.userId,
  impersonatorId: scope.actor.impersonatorId,
});

/** The activity log of one payslip's edit: each field from its stored edit to the new one. */
export async function logPayslipEdit(
  tx: Executor,
  scope: Scope,
  menu: string,
  summary: Summary,
  row: PayslipRow,
  edits: Record<string, number | null>,
) {
  const before = row.edits as Record<string, number>;
  await writeLog(tx, {
    actor: actorOfScope(scope),
    companyId: scope.companyId,
    action: 'update',
    menu,
    resource: 'payslips',
    recordId: row.id,
    detail: `Changed ${row.fullname}'s inputs in ${summary.title}`,
    changes: Object.fromEntries(
      Object.entries(edits).map(([field, to]) => [field, { from: before[field] ?? null, to }]),
    ),
  });
}

/** Marks a pending run completed and logs it (`note`: how, e.g. " (approved)"). */
export async function markCompleted(tx: Executor, scope: Scope, menu: string, summary: Summary, note = '') {
  const [done] = await tx
    .update(payrollSummaries)
    .set({
      status: 'completed',
      completed_at: sql`now()`,
      completed_by: scope.actor.userId,
      updated_at: sql`now()`,
      version: sql`${payrollSummaries.version} + 1`,
    })
    .where(eq(payrollSummaries.id, summary.id))
    .returning();
  await writeLog(tx, {
    actor: actorOfScope(scope),
    companyId: scope.companyId,
    action: 'update',
    menu,
    resource: RESOURCE,
    recordId: summary.id,
    detail: `Saved ${summary.title}${note}`,
    changes: { status: { from: 'pending', to: 'completed' } },
  });
  return done;
}
