/**
 * The rows of the Coretax files (./coretax.ts, decision 0166), read from completed runs' payslips and their snapshots
 * (decision 0131), within the caller's reach (server/scope/scope.ts): a department admin's file holds their
 * department's payslips.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PtkpStatus } from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { companies, employees, payrollSummaries, payslips } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { kindOf } from '../payroll/run.ts';
import {
  departmentReaches,
  inCompany,
  inCompanySql,
  inDepartmentSql,
  type Reach,
  type Scope,
  sameCompany,
} from '../scope/scope.ts';
import type { Bp21Payment, Bp21Row, BpmpRow, CoretaxWithholder } from './coretax.ts';
import { a1Rows } from './repository.ts';

const ptkpStatuses = new Set(['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3']);
const ptkpOf = (value: string | null): PtkpStatus | null =>
  value && ptkpStatuses.has(value) ? (value as PtkpStatus) : null;

export async function withholderOf(db: Executor, reach: Scope | Reach): Promise<CoretaxWithholder> {
  const [row] = await db
    .select({ npwp: companies.npwp_number, nitku: companies.nitku })
    .from(companies)
    .where(eq(companies.id, reach.companyId));
  return { npwp: row?.npwp ?? null, nitku: row?.nitku ?? null };
}

/** The month's permanent employees' payslips of the completed monthly run, their last tax period excepted (BPA1). */
export async function bpmpRows(db: Executor, reach: Scope | Reach, year: number, month: number): Promise<BpmpRow[]> {
  const result = await db.execute<{
    employee: string;
    employee_id: string;
    fullname: string;
    npwp: string | null;
    nik: string | null;
    ptkp_status: string | null;
    position: string | null;
    tax_id_valid: boolean | null;
    bruto: string;
    pph21: string;
    pph21_dtp: string;
  }>(sql`
    select p.employee_id as employee, p.employee_number as employee_id, p.fullname, p.npwp, p.nik,
      p.input->'employee'->>'ptkp_status' as ptkp_status, p.job_title_name as position,
      coalesce((p.input->'employee'->>'tax_id_valid')::boolean, true) as tax_id_valid,
      p.bruto, p.pph21, p.pph21_dtp
    from ${payslips} p
    join ${payrollSummaries} s on s.id = p.summary_id
    where ${inCompanySql(reach, 'p')} and ${inCompanySql(reach, 's')} and s.year = ${year} and s.month = ${month}
      and s.status = 'completed' and s.type = 'payroll_run' and ${inDepartmentSql(reach, 'p')}
      and coalesce(p.input->'employee'->>'employment_kind', 'permanent') = 'permanent'
      and not coalesce((p.input->>'last_period')::boolean, false)
      and p.bruto > 0
    order by p.employee_number, p.employee_id`);
  return result.rows.map((row) => ({
    employee: { _id: row.employee, fullname: row.fullname, employee_id: row.employee_id },
    npwp: row.npwp,
    nik: row.nik,
    ptkp_status: ptkpOf(row.ptkp_status),
    position: row.position,
    tax_id_valid: row.tax_id_valid !== false,
    bruto: Number(row.bruto),
    pph21: Number(row.pph21),
    pph21_dtp: Number(row.pph21_dtp),
  }));
}

/**
 * One completed daily payroll's workers. The daily payslip's input keeps no PTKP status, so it is the worker's
 * current one (the only read of the live employee here).
 */
export async function bp21Rows(
  db: Executor,
  reach: Scope | Reach,
  summaryId: string,
): Promise<{ payment: Bp21Payment; rows: Bp21Row[] }> {
  const [summary] = await db
    .select()
    .from(payrollSummaries)
    .where(and(eq(payrollSummaries.id, summaryId), inCompany(reach, payrollSummaries)));
  if (!summary || !kindOf(summary.type).exports.includes('coretax_bp21')) throw notFound('Daily payroll');
  if (summary.status !== 'completed') {
    throw new AppError(409, 'coretax_not_completed', 'Only a completed payroll has withholding slips');
  }
  const slips = await db
    .select({
      employee: payslips.employee,
      employee_id: payslips.employee_number,
      fullname: payslips.fullname,
      npwp: payslips.npwp,
      nik: payslips.nik,
      department: payslips.department,
      bruto: payslips.bruto,
      pph21: payslips.pph21,
      tax_id_valid: sql<boolean | null>`(${payslips.input}->>'tax_id_valid')::boolean`,
      rate: sql<
        string | null
      >`(select l->'explain'->>'rate' from jsonb_array_elements(${payslips.lines}) l where l->>'code' = 'pph21' limit 1)`,
      ptkp_status: employees.marital_status,
    })
    .from(payslips)
    .innerJoin(employees, and(eq(employees.id, payslips.employee), sameCompany(employees, payslips)))
    .where(and(eq(payslips.summary, summary.id), inCompany(reach, payslips), sql`${payslips.bruto} > 0`))
    .orderBy(payslips.employee_number);
  const end = summary.period_end ?? `${summary.year}-${String(summary.month).padStart(2, '0')}-28`;
  return {
    payment: { year: summary.year, month: summary.month, document_number: summary.title, document_date: end },
    rows: slips
      .filter((slip) => departmentReaches(reach, slip.department))
      .map((slip) => ({
        employee: { _id: slip.employee, fullname: slip.fullname, employee_id: slip.employee_id },
        npwp: slip.npwp,
        nik: slip.nik,
        ptkp_status: ptkpOf(slip.ptkp_status),
        bruto: slip.bruto,
        pph21: slip.pph21,
        // No pph21 line: a zero tax at the exempt rate.
        rate: slip.rate === null ? (slip.pph21 === 0 ? 0 : null) : Number(slip.rate),
        tax_id_valid: slip.tax_id_valid !== false,
      })),
  };
}

/** The year's final 1721-A1 forms (the last tax period completed). */
export async function bpa1Rows(db: Executor, reach: Scope | Reach, year: number) {
  const forms = await a1Rows(db, reach, year);
  return forms
    .filter((form) => form.final)
    .map((form) => ({
      employee: form.employee,
      npwp: form.npwp,
      nik: form.nik,
      ptkp_status: form.ptkp_known === false ? null : form.ptkp_status,
      position: form.job_title,
      period_start: form.period_start,
      period_end: form.period_end,
      annualised: form.annualised === true,
      lines: form as unknown as Record<`line_${number}`, number>,
    }));
}
