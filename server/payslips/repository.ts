/**
 * Reading payslips for their PDFs: the stored payslip with its run, and the company's letterhead. Always scoped by
 * the caller's company; an employee reads only their own payslips of completed runs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PayslipLine } from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { companies, employees, payrollSummaries, payslips } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { companyReach, inCompany, inDepartment, ownEmployee, type Reach, type Scope } from '../scope/scope.ts';
import type { PayslipCompany, StoredPayslip } from './view.ts';

const slipColumns = {
  id: payslips.id,
  employee: payslips.employee,
  summary: payslips.summary,
  year: payrollSummaries.year,
  month: payrollSummaries.month,
  title: payrollSummaries.title,
  status: payrollSummaries.status,
  fullname: payslips.fullname,
  employee_number: payslips.employee_number,
  department_name: payslips.department_name,
  job_title_name: payslips.job_title_name,
  location_name: payslips.location_name,
  lines: payslips.lines,
  bruto: payslips.bruto,
  pph21: payslips.pph21,
  thp: payslips.thp,
};

export type SlipRow = StoredPayslip & { id: string; employee: string; summary: string; status: string };

const asSlip = (row: Record<string, unknown>) => ({ ...row, lines: (row.lines ?? []) as PayslipLine[] }) as SlipRow;

/**
 * One employee's payslip in a run, within `reach` (a department admin reaches their department's payslips by the
 * department the payslip was computed in, decision 0010); `completedOnly` for employees reading their own.
 */
export async function findPayslip(
  db: Executor,
  reach: Scope | Reach,
  summaryId: string,
  employeeId: string,
  options: { completedOnly?: boolean } = {},
): Promise<SlipRow> {
  const [row] = await db
    .select(slipColumns)
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(reach, payslips),
        inCompany(reach, payrollSummaries),
        eq(payslips.summary, summaryId),
        eq(payslips.employee, employeeId),
        ...(options.completedOnly ? [eq(payrollSummaries.status, 'completed')] : []),
        inDepartment(reach, payslips.department),
      ),
    );
  if (!row) throw notFound('Payslip');
  return asSlip(row);
}

/** Every payslip of a run within `reach`, in employee-number order. */
export async function runPayslips(db: Executor, reach: Scope | Reach, summaryId: string): Promise<SlipRow[]> {
  const rows = await db
    .select(slipColumns)
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(and(inCompany(reach, payslips), eq(payslips.summary, summaryId), inDepartment(reach, payslips.department)))
    .orderBy(asc(payslips.employee_number));
  return rows.map(asSlip);
}

/** The run of the company, or 404. */
export async function findRun(db: Executor, reach: Scope | Reach, summaryId: string) {
  const [run] = await db
    .select({
      id: payrollSummaries.id,
      title: payrollSummaries.title,
      year: payrollSummaries.year,
      month: payrollSummaries.month,
      status: payrollSummaries.status,
    })
    .from(payrollSummaries)
    .where(and(eq(payrollSummaries.id, summaryId), inCompany(reach, payrollSummaries)));
  if (!run) throw notFound('Payroll run');
  return run;
}

/** The signed-in user's employee record id in their company, or 404. */
export async function ownEmployeeId(db: Executor, scope: Scope): Promise<string> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(ownEmployee(scope, employees));
  if (!row) throw notFound('Employee');
  return row.id;
}

/** The employee's payslips of completed runs, newest period first (their own: whichever department they were in). */
export async function ownPayslips(db: Executor, companyId: string, employeeId: string) {
  return db
    .select({
      summary: payslips.summary,
      title: payrollSummaries.title,
      type: payrollSummaries.type,
      year: payrollSummaries.year,
      month: payrollSummaries.month,
      bruto: payslips.bruto,
      pph21: payslips.pph21,
      thp: payslips.thp,
      // Severance is reported on its own slip (decision 0207): the payslip has a severance line.
      severance: sql<boolean>`exists (select 1 from jsonb_array_elements(${payslips.lines}) l
        where l->>'kind' = 'earning' and l->'explain'->>'tax' = 'final_pp68_2009' and (l->>'amount')::numeric <> 0)`,
    })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(companyReach(companyId), payslips),
        eq(payslips.employee, employeeId),
        eq(payrollSummaries.status, 'completed'),
      ),
    )
    .orderBy(desc(payrollSummaries.year), desc(payrollSummaries.month), desc(payrollSummaries.created_at));
}

/** The company's letterhead; the logo read from the company's files (a GIF, which PDF cannot embed, is left out). */
export async function payslipCompany(db: Executor, filesDir: string, companyId: string): Promise<PayslipCompany> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  let logo: Buffer | null = null;
  const name = row.logo_url?.match(/^\/v1\/files\/([a-f0-9]{32}\.(png|jpg))$/)?.[1];
  if (name) logo = await readFile(join(filesDir, companyId, name)).catch(() => null);
  return {
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    npwp_number: row.npwp_number,
    kop_template: row.kop_template,
    logo,
  };
}
