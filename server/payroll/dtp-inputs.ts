/**
 * What a monthly run tells the engine about PPh 21 DTP (common/payroll/dtp.ts, decision 0165): the company's KLU code,
 * whether each employee has a tax id the tax office knows, the reference month's fixed and regular bruto (the year's
 * first completed month of the employee: January, or the first month worked) and the DTP already paid this year.
 * Nothing when the company has no KLU code (DTP is not considered, and the payslip says nothing about it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DtpInput } from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { companies, payrollSummaries, payslips } from '../db/schema.ts';
import { inIds } from '../db/sql.ts';
import { companyReach, inCompany } from '../scope/scope.ts';
import type { Period, RunEmployee } from './inputs.ts';

/** A 16-digit NIK, or a 16-digit NPWP (Coretax's tax ids). */
export const isCoretaxTin = (value: string | null | undefined) => /^\d{16}$/.test(value?.replace(/\D/g, '') ?? '');

export async function loadCompanyKlu(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db.select({ klu: companies.klu_code }).from(companies).where(eq(companies.id, companyId));
  return row?.klu?.trim() || null;
}

/** Each employee's DTP input for the period; null when the company has no KLU code. */
export async function loadDtpInputs(
  db: Executor,
  companyId: string,
  period: Period,
  people: readonly RunEmployee[],
): Promise<Map<string, DtpInput> | null> {
  const klu = await loadCompanyKlu(db, companyId);
  if (!klu) return null;
  const rows = await db
    .select({
      employee: payslips.employee,
      first_month: sql<number>`min(${payrollSummaries.month})::int`,
      first_regular: sql<string>`(array_agg(${payslips.regular_bruto} order by ${payrollSummaries.month}))[1]`,
      regular: sql<string>`coalesce(sum(${payslips.regular_bruto}), 0)`,
      dtp: sql<string>`coalesce(sum(${payslips.pph21_dtp}), 0)`,
    })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, period.year),
        sql`${payrollSummaries.month} < ${period.month}`,
        inIds(
          payslips.employee,
          people.map((p) => p.id),
        ),
      ),
    )
    .groupBy(payslips.employee);
  const before = new Map(rows.map((row) => [row.employee, row]));
  const out = new Map<string, DtpInput>();
  for (const person of people) {
    const row = before.get(person.id);
    out.set(person.id, {
      klu,
      has_tax_id: person.tax_id_valid && (isCoretaxTin(person.nik) || isCoretaxTin(person.npwp)),
      reference: row ? { month: row.first_month, regular_bruto: Number(row.first_regular) } : null,
      ytd_regular_bruto: row ? Number(row.regular) : 0,
      ytd_dtp: row ? Number(row.dtp) : 0,
    });
  }
  return out;
}
