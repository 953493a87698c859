/**
 * The platform's management fee (developer area, finances → man-fee; issue 15, spec 2.2 and 3; docs/decisions/0073).
 * - `/v1/man-fee-rules`: the fee rules, a generic platform resource (list, edit, bulk upsert: the import screen's
 *   preview writes through it). One rule per company and effective date.
 * - `recordManFee` / `clearManFee`: completing a monthly run stores the fee computed with the month's rule in
 *   `payroll_summaries.man_fee_calculation`; re-opening the run clears it (server/payroll/run.ts).
 * - `GET /v1/dev/man-fee/monthly` and `GET /v1/dev/man-fee/annual`: the reports, read from the stored figures only, so
 *   a report always equals the completed runs.
 */
import { Type } from '@sinclair/typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { computeManFee, type ManFeeCalculation, type ManFeeRule, ruleForMonth } from '../../common/man-fee.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companies, manFeeRules, payrollSummaries } from '../db/schema.ts';
import { errorResponses } from '../http/schemas.ts';
import type { CheckResult } from '../resources/define.ts';
import { defineResource } from '../resources/define.ts';
import { companyRef } from '../resources/relations.ts';

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
          eq(payrollSummaries.company_id, companyId),
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

const CompanyOf = Type.Object({ _id: Type.String(), name: Type.String(), code: Type.String() });
const Method = Type.Union([Type.Literal('percentage'), Type.Literal('per_employee'), Type.Null()]);

export const ManFeeMonthlyRow = Type.Object(
  {
    _id: Type.String({ description: 'The run' }),
    company: CompanyOf,
    title: Type.String(),
    completed_at: Type.Union([Type.String(), Type.Null()]),
    employee_count: Type.Integer(),
    total_bruto: Type.Integer(),
    method: Method,
    percentage: Type.Union([Type.Number(), Type.Null()]),
    amount_per_employee: Type.Union([Type.Integer(), Type.Null()]),
    fee: Type.Integer({ description: 'Rupiah; 0 when the company had no rule for the month' }),
  },
  { $id: 'ManFeeMonthlyRow', additionalProperties: false },
);
export const ManFeeMonthly = Type.Object(
  {
    year: Type.Integer(),
    month: Type.Integer(),
    rows: Type.Array(Type.Ref(ManFeeMonthlyRow)),
    totals: Type.Object({
      companies: Type.Integer(),
      employees: Type.Integer(),
      bruto: Type.Integer(),
      fee: Type.Integer(),
    }),
    /** Companies whose run of the month is still pending (no fee until completed). */
    pending: Type.Integer(),
  },
  { $id: 'ManFeeMonthly', additionalProperties: false },
);
export const ManFeeAnnualRow = Type.Object(
  {
    _id: Type.String({ description: 'The company' }),
    company: CompanyOf,
    /** Twelve entries, January first: the month's fee, or null when the month has no completed run. */
    months: Type.Array(Type.Union([Type.Integer(), Type.Null()]), { minItems: 12, maxItems: 12 }),
    total_bruto: Type.Integer(),
    fee: Type.Integer(),
  },
  { $id: 'ManFeeAnnualRow', additionalProperties: false },
);
export const ManFeeAnnual = Type.Object(
  {
    year: Type.Integer(),
    rows: Type.Array(Type.Ref(ManFeeAnnualRow)),
    totals: Type.Object({
      months: Type.Array(Type.Integer(), { minItems: 12, maxItems: 12 }),
      bruto: Type.Integer(),
      fee: Type.Integer(),
    }),
  },
  { $id: 'ManFeeAnnual', additionalProperties: false },
);
export const manFeeSchemas = [ManFeeMonthlyRow, ManFeeMonthly, ManFeeAnnualRow, ManFeeAnnual];

const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const feeOf = (calculation: unknown) => Number((calculation as ManFeeCalculation | null)?.fee ?? 0);

export function manFeeRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/dev/man-fee/monthly', {
    config: { access: { kind: 'menu', menu: 'man-fee-monthly', action: 'read', company: false } },
    schema: {
      operationId: 'manFeeMonthly',
      tags: ['man-fee'],
      summary: "A month's man-fee per company, from the completed monthly runs",
      querystring: Type.Object(
        { year: Year, month: Type.Integer({ minimum: 1, maximum: 12 }) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Ref(ManFeeMonthly) }), ...errorResponses },
    },
    handler: async (request) => {
      const { year, month } = request.query as { year: number; month: number };
      const runs = await db
        .select({
          id: payrollSummaries.id,
          status: payrollSummaries.status,
          title: payrollSummaries.title,
          completed_at: payrollSummaries.completed_at,
          employee_count: payrollSummaries.employee_count,
          total_bruto: payrollSummaries.total_bruto,
          calculation: payrollSummaries.man_fee_calculation,
          company_id: companies.id,
          company_name: companies.name,
          company_code: companies.code,
        })
        .from(payrollSummaries)
        .innerJoin(companies, eq(companies.id, payrollSummaries.company_id))
        .where(
          and(
            eq(payrollSummaries.type, 'payroll_run'),
            eq(payrollSummaries.year, year),
            eq(payrollSummaries.month, month),
          ),
        )
        .orderBy(asc(companies.name), asc(payrollSummaries.id));
      const completed = runs.filter((run) => run.status === 'completed');
      const rows = completed.map((run) => {
        const calc = run.calculation as ManFeeCalculation | null;
        return {
          _id: run.id,
          company: { _id: run.company_id, name: run.company_name, code: run.company_code },
          title: run.title,
          completed_at: run.completed_at,
          employee_count: run.employee_count,
          total_bruto: run.total_bruto,
          method: calc?.method ?? null,
          percentage: calc?.percentage ?? null,
          amount_per_employee: calc?.amount_per_employee ?? null,
          fee: feeOf(calc),
        };
      });
      return {
        data: {
          year,
          month,
          rows,
          totals: {
            companies: rows.length,
            employees: rows.reduce((sum, row) => sum + row.employee_count, 0),
            bruto: rows.reduce((sum, row) => sum + row.total_bruto, 0),
            fee: rows.reduce((sum, row) => sum + row.fee, 0),
          },
          pending: runs.length - completed.length,
        },
      };
    },
  });

  app.get('/v1/dev/man-fee/annual', {
    config: { access: { kind: 'menu', menu: 'man-fee-annual', action: 'read', company: false } },
    schema: {
      operationId: 'manFeeAnnual',
      tags: ['man-fee'],
      summary: "A year's man-fee per company and month, from the completed monthly runs",
      querystring: Type.Object({ year: Year }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Ref(ManFeeAnnual) }), ...errorResponses },
    },
    handler: async (request) => {
      const { year } = request.query as { year: number };
      const runs = await db
        .select({
          month: payrollSummaries.month,
          total_bruto: payrollSummaries.total_bruto,
          calculation: payrollSummaries.man_fee_calculation,
          company_id: companies.id,
          company_name: companies.name,
          company_code: companies.code,
        })
        .from(payrollSummaries)
        .innerJoin(companies, eq(companies.id, payrollSummaries.company_id))
        .where(
          and(
            eq(payrollSummaries.type, 'payroll_run'),
            eq(payrollSummaries.status, 'completed'),
            eq(payrollSummaries.year, year),
          ),
        )
        .orderBy(asc(companies.name), asc(payrollSummaries.month));
      const byCompany = new Map<
        string,
        {
          _id: string;
          company: { _id: string; name: string; code: string };
          months: (number | null)[];
          total_bruto: number;
          fee: number;
        }
      >();
      const totals = { months: Array.from({ length: 12 }, () => 0), bruto: 0, fee: 0 };
      for (const run of runs) {
        let row = byCompany.get(run.company_id);
        if (!row) {
          row = {
            _id: run.company_id,
            company: { _id: run.company_id, name: run.company_name, code: run.company_code },
            months: Array.from({ length: 12 }, () => null),
            total_bruto: 0,
            fee: 0,
          };
          byCompany.set(run.company_id, row);
        }
        const fee = feeOf(run.calculation);
        row.months[run.month - 1] = fee;
        row.total_bruto += run.total_bruto;
        row.fee += fee;
        totals.months[run.month - 1] = (totals.months[run.month - 1] ?? 0) + fee;
        totals.bruto += run.total_bruto;
        totals.fee += fee;
      }
      return { data: { year, rows: [...byCompany.values()], totals } };
    },
  });
}
