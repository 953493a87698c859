/**
 * The payroll routes' queries (server/payroll/routes.ts, employee-routes.ts, weekly-routes.ts): runs listed within the
 * caller's reach, a run's payslips, one employee's stored payslip, the developer's list of every company's runs.
 * Company, department and platform conditions come from the scope module (server/scope/scope.ts).
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect.ts';
import { companies, employees, payrollSummaries, payslips } from '../db/schema.ts';
import {
  employeesInReach,
  inCompany,
  inDepartment,
  platformCompany,
  type Reach,
  type Scope,
  sameCompany,
} from '../scope/scope.ts';

export type SummaryRow = typeof payrollSummaries.$inferSelect;
type RunType = SummaryRow['type'];
type RunStatus = SummaryRow['status'];

/** The company's runs of `types` (and `status`, `year`), newest period first, with the total count. */
export async function listSummaries(
  db: Db,
  scope: Scope | Reach,
  q: { types: readonly RunType[]; status?: readonly RunStatus[]; year?: number; limit: number; skip: number },
) {
  const where: (SQL | undefined)[] = [inCompany(scope, payrollSummaries), inArray(payrollSummaries.type, [...q.types])];
  if (q.status?.length) where.push(inArray(payrollSummaries.status, [...q.status]));
  if (q.year !== undefined) where.push(eq(payrollSummaries.year, q.year));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(payrollSummaries)
      .where(and(...where))
      .orderBy(desc(payrollSummaries.year), desc(payrollSummaries.month), desc(payrollSummaries.created_at))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ total: count() })
      .from(payrollSummaries)
      .where(and(...where)),
  ]);
  return { rows, total };
}

export interface RunTotals {
  employee_count: number;
  total_bruto: number;
  total_pph21: number;
  total_thp: number;
  total_bpjs_employee: number;
  total_bpjs_company: number;
}

/**
 * A department admin sees a run through their department (docs/decisions/0071): its count and totals over the
 * payslips of their department (one aggregate query for all the listed runs). Undefined for company-wide callers (the
 * stored totals stand); a department admin without a department gets none (zero).
 */
export async function departmentTotals(
  db: Executor,
  scope: Scope | Reach,
  summaryIds: readonly string[],
): Promise<Map<string, RunTotals> | undefined> {
  const department = inDepartment(scope, payslips.department);
  if (department === undefined) return undefined;
  const totals = new Map<string, RunTotals>();
  if (summaryIds.length === 0) return totals;
  const sums = await db
    .select({
      summary: payslips.summary,
      n: sql<number>`count(*)::int`,
      bruto: sql<string>`sum(${payslips.bruto})`,
      pph21: sql<string>`sum(${payslips.pph21})`,
      thp: sql<string>`sum(${payslips.thp})`,
      bpjs_employee: sql<string>`sum(${payslips.bpjs_employee})`,
      bpjs_company: sql<string>`sum(${payslips.bpjs_company})`,
    })
    .from(payslips)
    .where(and(inArray(payslips.summary, [...summaryIds]), inCompany(scope, payslips), department))
    .groupBy(payslips.summary);
  for (const sum of sums) {
    totals.set(sum.summary, {
      employee_count: sum.n,
      total_bruto: Number(sum.bruto),
      total_pph21: Number(sum.pph21),
      total_thp: Number(sum.thp),
      total_bpjs_employee: Number(sum.bpjs_employee),
      total_bpjs_company: Number(sum.bpjs_company),
    });
  }
  return totals;
}

/** Payroll-active employees of the company: whether a run is large enough to be a job. */
export async function payrollActiveCount(db: Executor, scope: Scope | Reach) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(inCompany(scope, employees), eq(employees.payroll_active, true)));
  return n;
}

/** A run's payslips within the caller's reach (a department admin: their department's), by name. */
export async function runPayslipRows(db: Executor, scope: Scope | Reach, summaryId: string) {
  return db
    .select()
    .from(payslips)
    .where(and(eq(payslips.summary, summaryId), inCompany(scope, payslips), inDepartment(scope, payslips.department)))
    .orderBy(asc(payslips.fullname), asc(payslips.id));
}

/** Does the caller reach employee `id` (their company, and their department for a department admin)? */
export async function employeeReached(db: Executor, scope: Scope | Reach, id: string) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), employeesInReach(scope, employees)));
  return row !== undefined;
}

/** The employee's payslip of the month's monthly run (pending or completed), with its run. */
export async function monthlyPayslipOf(
  db: Executor,
  scope: Scope | Reach,
  employeeId: string,
  period: { year: number; month: number },
) {
  const [stored] = await db
    .select({ summary: payrollSummaries, payslip: payslips })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(scope, payslips),
        eq(payslips.employee, employeeId),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.year, period.year),
        eq(payrollSummaries.month, period.month),
      ),
    )
    .limit(1);
  return stored;
}

/** The developer's list of every company's runs (or the filtered company's; a company user: their own only). */
export async function listPlatformSummaries(
  db: Db,
  own: string | null,
  q: { company?: string; status?: RunStatus; type?: RunType[]; limit: number },
) {
  return db
    .select({
      summary: payrollSummaries,
      company_name: companies.name,
      company_code: companies.code,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(payrollSummaries)
    .innerJoin(companies, sameCompany(payrollSummaries, companies.id))
    .where(
      and(
        platformCompany(payrollSummaries, q.company, own),
        q.status ? eq(payrollSummaries.status, q.status) : undefined,
        q.type?.length ? inArray(payrollSummaries.type, q.type) : undefined,
      ),
    )
    .orderBy(asc(companies.name), desc(payrollSummaries.created_at), asc(payrollSummaries.id))
    .limit(q.limit);
}

/** A run's payslips as stored: engine input and edits (the summary's own id, already checked against the caller). */
export async function runPayslipInputs(db: Executor, summaryId: string) {
  return db
    .select({
      id: payslips.id,
      employee: payslips.employee,
      fullname: payslips.fullname,
      input: payslips.input,
      edits: payslips.edits,
    })
    .from(payslips)
    .where(eq(payslips.summary, summaryId))
    .orderBy(asc(payslips.fullname), asc(payslips.id));
}

/**
 * A completed run's payslips with the employee's bank account as the employee record holds it now (the account paid
 * into is today's; the amount is the stored take-home pay): the bank transfer file (server/payroll/bank-file.ts).
 */
export async function bankTransferRows(db: Executor, scope: Scope | Reach, summaryId: string) {
  return db
    .select({
      payslip: payslips.id,
      employee: payslips.employee,
      employee_number: payslips.employee_number,
      fullname: payslips.fullname,
      thp: payslips.thp,
      bank: employees.bank,
      account_number: employees.account_number,
      account_name: employees.account_name,
    })
    .from(payslips)
    .innerJoin(employees, eq(employees.id, payslips.employee))
    .where(and(eq(payslips.summary, summaryId), inCompany(scope, payslips), inDepartment(scope, payslips.department)))
    .orderBy(asc(payslips.fullname), asc(payslips.id));
}
