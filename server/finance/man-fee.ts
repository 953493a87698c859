/**
 * The platform's management fee (developer area, finances → man-fee; issue 15, spec 2.2 and 3; docs/decisions/0073).
 * - `/v1/man-fee-rules`: the fee rules, a generic platform resource (list, edit, bulk upsert: the import screen's
 *   preview writes through it). One rule per company and effective date.
 * - `recordManFee` / `clearManFee`: completing a monthly run stores the fee computed with the month's rule in
 *   `payroll_summaries.man_fee_calculation`; re-opening the run clears it (server/payroll/run.ts).
 * - the reports `GET /v1/dev/man-fee/monthly` and `/annual` are `man-fee-routes.ts` (queries in `repository.ts`),
 *   read from the stored figures only, so a report always equals the completed runs.
 */
import { Type } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import { computeManFee, type ManFeeCalculation, type ManFeeRule, ruleForMonth } from '../../common/man-fee.ts';
import type { Executor } from '../db/connect.ts';
import { manFeeRules, payrollSummaries } from '../db/schema.ts';
import type { CheckResult } from '../resources/define.ts';
import { defineResource } from '../resources/define.ts';
import { companyRef } from '../resources/relations.ts';
import { companyReach, inCompany } from '../scope/scope.ts';

/** A rule carries the figure of its method: a percentage, or an amount per employee. */
function ruleCheck(row: Readonly<Record<string, unknown>>): CheckResult {
  const required = { code: 'required', message: 'Required for this method' };
  if (row.method === 'percentage' && (row.percentage === null || row.percentage === undefined)) {
    return { errors: { percentage: required } };
  }
  if (row.method === 'per_employee' && (row.amount_per_employee === null || row.amount_per_employee === undefined)) {
    return { errors: { amount_per_employee: required } };
  }
  // The other method's figure is dropped, so a rule never shows two.
  return { clear: row.method === 'percentage' ? ['amount_per_employee'] : ['percentage'] };
}

export const manFeeRulesResource = defineResource({
  name: 'man-fee-rules',
  path: '/man-fee-rules',
  table: manFeeRules,
  menu: 'man-fee-import',
  scope: 'platform',
  label: 'Man fee rule',
  title: (row) => `${String(row.effective_date)} ${String(row.method)}`,
  search: ['note'],
  filters: ['company', 'method', 'effective_date'],
  sort: ['effective_date', 'method', 'created_at', 'updated_at'],
  defaultSort: '-effective_date',
  relations: { company: companyRef },
  refine: {
    percentage: Type.Union([
      Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01, description: 'Percent of total bruto' }),
      Type.Null(),
    ]),
    amount_per_employee: Type.Union([
      Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Integer rupiah per employee per month' }),
      Type.Null(),
    ]),
    note: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  },
  check: ruleCheck,
});

/** Whether a run type carries a man-fee: the monthly run (a THR run's amounts are paid in that month's run). */
export const chargesManFee = (type: string) => type === 'payroll_run';

async function rulesOf(db: Executor, companyId: string): Promise<(ManFeeRule & { id: string })[]> {
  const rows = await db
    .select({
      id: manFeeRules.id,
      effective_date: manFeeRules.effective_date,
      method: manFeeRules.method,
      percentage: manFeeRules.percentage,
      amount_per_employee: manFeeRules.amount_per_employee,
    })
    .from(manFeeRules)
    .where(eq(manFeeRules.company, companyId));
  return rows.map((row) => ({ ...row, percentage: row.percentage === null ? null : Number(row.percentage) }));
}

/**
 * Stores the fee of a run being completed: the month's rule applied to the run's totals as they are now (call it after
 * the totals are final). No rule for the month: null, and the reports show the run without a fee.
 */
export async function recordManFee(tx: Executor, summaryId: string): Promise<ManFeeCalculation | null> {
  const [summary] = await tx
    .select({
      company_id: payrollSummaries.company_id,
      type: payrollSummaries.type,
      year: payrollSummaries.year,
      month: payrollSummaries.month,
      total_bruto: payrollSummaries.total_bruto,
      employee_count: payrollSummaries.employee_count,
    })
    .from(payrollSummaries)
    .where(eq(payrollSummaries.id, summaryId));
  if (!summary || !chargesManFee(summary.type)) return null;
  const rule = ruleForMonth(await rulesOf(tx, summary.company_id), summary.year, summary.month);
  const calculation = rule
    ? computeManFee(rule, { bruto: summary.total_bruto, employees: summary.employee_count })
    : null;
  await tx.update(payrollSummaries).set({ man_fee_calculation: calculation }).where(eq(payrollSummaries.id, summaryId));
  return calculation;
}

/** Re-opening a run takes its fee back: a pending run owes none. */
export async function clearManFee(tx: Executor, summaryId: string) {
  await tx.update(payrollSummaries).set({ man_fee_calculation: null }).where(eq(payrollSummaries.id, summaryId));
}

/** The demo and bulk seeds: the fee of every completed monthly run of these companies, in one statement a company. */
export async function recordManFees(db: Executor, companyIds: readonly string[]) {
  for (const companyId of companyIds) {
    const rules = await rulesOf(db, companyId);
    if (rules.length === 0) continue;
    const runs = await db
      .select({
        id: payrollSummaries.id,
        year: payrollSummaries.year,
        month: payrollSummaries.month,
        total_bruto: payrollSummaries.total_bruto,
        employee_count: payrollSummaries.employee_count,
      })
      .from(payrollSummaries)
      .where(
        and(
          inCompany(companyReach(companyId), payrollSummaries),
          eq(payrollSummaries.type, 'payroll_run'),
          eq(payrollSummaries.status, 'completed'),
        ),
      );
    const values = runs.map((run) => {
      const rule = ruleForMonth(rules, run.year, run.month);
      return {
        id: run.id,
        calculation: rule ? computeManFee(rule, { bruto: run.total_bruto, employees: run.employee_count }) : null,
      };
    });
    if (values.length === 0) continue;
    await db.execute(sql`
      update payroll_summaries s set man_fee_calculation = v.calculation
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, calculation jsonb)
      where s.id = v.id`);
  }
}
