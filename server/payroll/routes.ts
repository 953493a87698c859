/**
 * `/v1/payroll-summary`: payroll runs (issue 14 "The run"). Thin handlers over server/payroll/run.ts.
 */
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action } from '../../common/menu.ts';
import { weeklyEditFields } from '../../common/payroll/weekly.ts';
import { payslipEditFields } from '../../common/payroll-run.ts';
import { createApproval } from '../approvals/repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { employees, payrollSummaries, payslips } from '../db/schema.ts';
import { mayAccess, requireMenu, scopeOf } from '../http/access.ts';
import { AppError, forbidden } from '../http/errors.ts';
import { errorResponses, IdParams, MetaSchema, Nullable } from '../http/schemas.ts';
import { jobUrl } from '../jobs/routes.ts';
import { departmentScope } from '../payslips/repository.ts';
import { loadCompanySettings } from './inputs.ts';
import { preCheck, preCheckCodes } from './precheck.ts';
import {
  type CreateRunBody,
  completeRun,
  computeRun,
  deleteRun,
  editPayslip,
  menuOfRun,
  reopenRun,
  storeRun,
  summaryOf,
} from './run.ts';
import { type CreateWeeklyBody, createWeekly, hasDailyPayrollFlow } from './weekly.ts';

/** The monthly run's inputs and the daily payroll's (days worked, daily rate; incentive is shared). */
const editFields = [...new Set([...payslipEditFields, ...weeklyEditFields])];

/** Monthly and THR runs name their month. */
function requirePeriod(body: { year?: number | undefined; month?: number | undefined }) {
  const missing = (['year', 'month'] as const).filter((field) => body[field] === undefined);
  if (missing.length) {
    throw new AppError(
      400,
      'invalid',
      'Some fields are invalid',
      Object.fromEntries(missing.map((field) => [field, { code: 'required', message: 'is required' }])),
    );
  }
}

/**
 * Monthly and THR runs are the payroll-run menu's, daily payrolls (type weekly) the weekly-payroll menu's: the gate lets
 * in whoever may read (write) either, and each handler checks the menu of the type the body names or the summary has
 * (`menuOfRun`, decision 0091).
 */
const runMenus = ['payroll-run', 'weekly-payroll'] as const;
const read = { kind: 'menus', menus: runMenus, action: 'read', company: true } as const;
const write = { kind: 'menus', menus: runMenus, action: 'write', company: true } as const;

const runTypes = ['payroll_run', 'thr', 'weekly'] as const;
const runStatuses = ['pending', 'completed'] as const;
const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
const rupiah = Type.Integer({ description: 'Integer rupiah' });

export const PayrollSummary = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    type: literals(runTypes),
    year: Type.Integer(),
    month: Type.Integer(),
    status: literals(runStatuses),
    holiday_date: Nullable(Type.String({ format: 'date' })),
    period_start: Nullable(Type.String({ format: 'date', description: 'Weekly (daily) payrolls: the first day' })),
    period_end: Nullable(Type.String({ format: 'date', description: 'Weekly (daily) payrolls: the last day' })),
    employee_count: Type.Integer(),
    total_bruto: rupiah,
    total_pph21: rupiah,
    total_thp: rupiah,
    total_bpjs_employee: rupiah,
    total_bpjs_company: rupiah,
    acknowledged_warnings: Nullable(Type.Array(Type.String())),
    note: Nullable(Type.String()),
    created_by: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    completed_at: Nullable(Type.String()),
    completed_by: Nullable(Type.String()),
    version: Type.Integer(),
    approval_number: Type.Optional(
      Type.String({
        description:
          'In the reply to complete: the daily_payroll approval the completion was sent to (the payroll stays pending)',
      }),
    ),
  },
  { $id: 'PayrollSummary' },
);

const PayslipLine = Type.Object(
  {
    code: Type.String(),
    kind: Type.String(),
    amount: rupiah,
    name: Type.Optional(Type.String()),
    in_bruto: Type.Boolean(),
    explain: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'PayslipLine' },
);

export const Payslip = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    summary: Type.String({ format: 'uuid' }),
    employee: Type.Object({
      _id: Type.String({ format: 'uuid' }),
      employee_id: Type.String(),
      fullname: Type.String(),
      department: Nullable(Type.String()),
      department_name: Nullable(Type.String()),
      location: Nullable(Type.String()),
      location_name: Nullable(Type.String()),
      job_title_name: Nullable(Type.String()),
    }),
    bruto: rupiah,
    pph21: rupiah,
    thp: rupiah,
    bpjs_employee: rupiah,
    bpjs_company: rupiah,
    bpjs: Type.Record(Type.String(), Type.Integer()),
    lines: Type.Array(Type.Ref(PayslipLine)),
    /** The engine input as loaded (what the grid recalculates and explains with). */
    input: Type.Record(Type.String(), Type.Unknown()),
    edits: Type.Record(Type.String(), Type.Number()),
    version: Type.Integer(),
  },
  { $id: 'Payslip' },
);

const PreCheckWarning = Type.Object(
  {
    code: literals(preCheckCodes),
    employee: Nullable(Type.Object({ _id: Type.String(), employee_id: Type.String(), fullname: Type.String() })),
    date: Type.Optional(Type.String({ format: 'date', description: 'The day it concerns (missing clock-outs)' })),
    link: Type.String(),
  },
  { $id: 'PreCheckWarning' },
);

export const payrollSchemas = [PayrollSummary, PayslipLine, Payslip, PreCheckWarning];

const year = Type.Integer({ minimum: 2000, maximum: 2100 });
const month = Type.Integer({ minimum: 1, maximum: 12 });

type SummaryRow = typeof payrollSummaries.$inferSelect;
const summaryReply = (row: SummaryRow) => ({
  _id: row.id,
  title: row.title,
  type: row.type,
  year: row.year,
  month: row.month,
  status: row.status,
  holiday_date: row.holiday_date,
  period_start: row.period_start,
  period_end: row.period_end,
  employee_count: row.employee_count,
  total_bruto: row.total_bruto,
  total_pph21: row.total_pph21,
  total_thp: row.total_thp,
  total_bpjs_employee: row.total_bpjs_employee,
  total_bpjs_company: row.total_bpjs_company,
  acknowledged_warnings: (row.acknowledged_warnings as string[] | null) ?? null,
  note: row.note,
  created_by: row.created_by,
  created_at: row.created_at,
  updated_at: row.updated_at,
  completed_at: row.completed_at,
  completed_by: row.completed_by,
  version: row.version,
});

type PayslipRow = typeof payslips.$inferSelect;
const payslipReply = (row: PayslipRow) => ({
  _id: row.id,
  summary: row.summary,
  employee: {
    _id: row.employee,
    employee_id: row.employee_number,
    fullname: row.fullname,
    department: row.department,
    department_name: row.department_name,
    location: row.location,
    location_name: row.location_name,
    job_title_name: row.job_title_name,
  },
  bruto: row.bruto,
  pph21: row.pph21,
  thp: row.thp,
  bpjs_employee: row.bpjs_employee,
  bpjs_company: row.bpjs_company,
  bpjs: row.bpjs,
  lines: row.lines as never,
  input: row.input as Record<string, unknown>,
  edits: row.edits,
  version: row.version,
});

/**
 * A department admin sees a run through their department (docs/decisions/0071): its payslips, and its count and totals
 * over those payslips (one aggregate query for all the listed runs). Company-wide callers get the stored totals.
 */
async function scopedSummaries(db: Db, department: string | null | undefined, rows: SummaryRow[]) {
  if (department === undefined || rows.length === 0) return rows.map(summaryReply);
  const totals = new Map<string, Record<string, number>>();
  if (department !== null) {
    const { rows: sums } = await db.execute<{
      summary: string;
      n: number;
      bruto: string;
      pph21: string;
      thp: string;
      bpjs_employee: string;
      bpjs_company: string;
    }>(sql`
      select summary_id as summary, count(*)::int as n, sum(bruto) as bruto, sum(pph21) as pph21, sum(thp) as thp,
        sum(bpjs_employee) as bpjs_employee, sum(bpjs_company) as bpjs_company
      from payslips
      where summary_id in (${sql.join(
        rows.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )}) and department_id = ${department}
      group by summary_id`);
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
  }
  const none = {
    employee_count: 0,
    total_bruto: 0,
    total_pph21: 0,
    total_thp: 0,
    total_bpjs_employee: 0,
    total_bpjs_company: 0,
  };
  return rows.map((row) => ({ ...summaryReply(row), ...(totals.get(row.id) ?? none) }));
}

export function payrollRoutes(app: FastifyInstance, db: Db, config: Config) {
  /** The company's summary `id` (404 if none), if the caller may `action` its menu (403 if not: decision 0091). */
  const allowed = async (request: FastifyRequest, id: string, action: Action) => {
    const { companyId, actor } = scopeOf(request);
    const summary = await summaryOf(db, companyId, id);
    requireMenu(actor, menuOfRun(summary.type), action);
    return summary;
  };

  app.get('/v1/payroll-summary', {
    config: { access: read },
    schema: {
      operationId: 'listPayrollSummaries',
      tags: ['payroll'],
      querystring: Type.Object(
        {
          type: Type.Optional(Type.Array(literals(runTypes))),
          status: Type.Optional(Type.Array(literals(runStatuses))),
          year: Type.Optional(year),
          limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 100 })),
          skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(PayrollSummary)), meta: Type.Ref(MetaSchema) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { companyId, actor } = scopeOf(request);
      const q = request.query as {
        type?: (typeof runTypes)[number][];
        status?: (typeof runStatuses)[number][];
        year?: number;
        limit?: number;
        skip?: number;
      };
      // The types whose menu the caller reads: asking for another is refused, and no type means these.
      const readable = runTypes.filter((type) => mayAccess(actor, menuOfRun(type), 'read'));
      if (q.type?.some((type) => !readable.includes(type))) throw forbidden();
      const where: (SQL | undefined)[] = [
        eq(payrollSummaries.company_id, companyId),
        inArray(payrollSummaries.type, q.type?.length ? q.type : readable),
      ];
      if (q.status?.length) where.push(inArray(payrollSummaries.status, q.status));
      if (q.year !== undefined) where.push(eq(payrollSummaries.year, q.year));
      const limit = q.limit ?? 100;
      const skip = q.skip ?? 0;
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select()
          .from(payrollSummaries)
          .where(and(...where))
          .orderBy(desc(payrollSummaries.year), desc(payrollSummaries.month), desc(payrollSummaries.created_at))
          .limit(limit)
          .offset(skip),
        db
          .select({ total: count() })
          .from(payrollSummaries)
          .where(and(...where)),
      ]);
      return { data: await scopedSummaries(db, departmentScope(actor), rows), meta: { total, limit, skip } };
    },
  });

  app.get('/v1/payroll-summary/pre-check', {
    // The monthly run's check before it is made.
    config: { access: { kind: 'menu', menu: 'payroll-run', action: 'read', company: true } },
    schema: {
      operationId: 'payrollPreCheck',
      tags: ['payroll'],
      querystring: Type.Object({ year, month }, { additionalProperties: false }),
      response: {
        200: Type.Object({ data: Type.Object({ warnings: Type.Array(Type.Ref(PreCheckWarning)) }) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { companyId, actor } = scopeOf(request);
      const period = request.query as { year: number; month: number };
      return { data: { warnings: await preCheck(db, companyId, period, departmentScope(actor)) } };
    },
  });

  app.post('/v1/payroll-summary', {
    config: { access: write },
    schema: {
      operationId: 'createPayrollSummary',
      tags: ['payroll'],
      description:
        'Computes a run for every payroll-active employee employed in the period and stores it pending, in one ' +
        "transaction. A large company's run is a job: the reply is 202 with the job to follow (GET /v1/jobs/{id}).",
      body: Type.Object(
        {
          type: literals(runTypes),
          year: Type.Optional(year),
          month: Type.Optional(month),
          period_start: Type.Optional(
            Type.String({ format: 'date', description: 'type weekly: the first day of the daily payroll' }),
          ),
          period_end: Type.Optional(
            Type.String({ format: 'date', description: 'type weekly: the last day (its month is the payroll month)' }),
          ),
          title: Type.Optional(Type.String({ maxLength: 200 })),
          holiday_date: Type.Optional(Type.String({ format: 'date', description: 'THR runs: the religious holiday' })),
          acknowledged_warnings: Type.Optional(
            Type.Array(literals(preCheckCodes), { maxItems: preCheckCodes.length, uniqueItems: true }),
          ),
        },
        { additionalProperties: false },
      ),
      response: {
        201: Type.Object({ data: Type.Ref(PayrollSummary) }),
        202: Type.Object({
          data: Type.Object({ job: Type.Object({ _id: Type.String({ format: 'uuid' }), url: Type.String() }) }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const body = request.body as CreateRunBody & CreateWeeklyBody;
      requireMenu(scope.actor, menuOfRun(body.type), 'write');
      // A daily workers' payroll (type weekly) for a date range: server/payroll/weekly.ts, never a job.
      if (body.type === 'weekly') {
        return reply.code(201).send({ data: summaryReply(await createWeekly(db, scope, body)) });
      }
      requirePeriod(body);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(employees)
        .where(and(eq(employees.company_id, scope.companyId), eq(employees.payroll_active, true)));
      if (n > config.payrollJobThreshold) {
        const id = await app.jobs.enqueue(
          'payroll-run',
          { companyId: scope.companyId, userId: scope.actor.userId },
          'payroll-run',
          body,
        );
        return reply.code(202).send({ data: { job: { _id: id, url: jobUrl(id) } } });
      }
      const computed = await computeRun(db, scope.companyId, body);
      const summary = await storeRun(
        db,
        { companyId: scope.companyId, userId: scope.actor.userId, impersonatorId: scope.actor.impersonatorId },
        computed,
      );
      return reply.code(201).send({ data: summaryReply(summary) });
    },
  });

  app.get('/v1/payroll-summary/:id', {
    config: { access: read },
    schema: {
      operationId: 'getPayrollSummary',
      tags: ['payroll'],
      params: IdParams,
      response: { 200: Type.Object({ data: Type.Ref(PayrollSummary) }), ...errorResponses },
    },
    handler: async (request) => {
      const { actor } = scopeOf(request);
      const { id } = request.params as { id: string };
      const [summary] = await scopedSummaries(db, departmentScope(actor), [await allowed(request, id, 'read')]);
      return { data: summary };
    },
  });

  app.delete('/v1/payroll-summary/:id', {
    config: { access: write },
    schema: {
      operationId: 'deletePayrollSummary',
      tags: ['payroll'],
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      await allowed(request, id, 'write');
      await deleteRun(db, scopeOf(request), id);
      return reply.code(204).send();
    },
  });

  app.get('/v1/payroll-summary/:id/payslips', {
    config: { access: read },
    schema: {
      operationId: 'listPayslips',
      tags: ['payroll'],
      params: IdParams,
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(Payslip)),
          meta: Type.Ref(MetaSchema),
          settings: Type.Record(Type.String(), Type.Unknown(), {
            description:
              "The company's payroll settings an edit is recalculated with (common/payroll/types.ts " +
              'CompanyPayrollSettings): the run grid recalculates an edited row in the browser with the same engine.',
          }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { companyId, actor } = scopeOf(request);
      const { id } = request.params as { id: string };
      await allowed(request, id, 'read');
      const department = departmentScope(actor);
      const [rows, settings] = await Promise.all([
        db
          .select()
          .from(payslips)
          .where(
            and(
              eq(payslips.summary, id),
              eq(payslips.company_id, companyId),
              department === undefined
                ? undefined
                : department === null
                  ? sql`false`
                  : eq(payslips.department, department),
            ),
          )
          .orderBy(asc(payslips.fullname), asc(payslips.id)),
        loadCompanySettings(db, companyId),
      ]);
      return {
        data: rows.map(payslipReply),
        meta: { total: rows.length, limit: rows.length, skip: 0 },
        settings: settings as Record<string, unknown>,
      };
    },
  });

  app.patch('/v1/payroll-summary/:id/payslips/:payslipId', {
    config: { access: write },
    schema: {
      operationId: 'editPayslip',
      tags: ['payroll'],
      description: "Changes one payslip's inputs (null: back to the loaded value) and returns it recalculated.",
      params: Type.Object({ id: Type.String({ format: 'uuid' }), payslipId: Type.String({ format: 'uuid' }) }),
      body: Type.Object(
        {
          edits: Type.Object(
            Object.fromEntries(
              editFields.map((field) => [
                field,
                Type.Optional(
                  // A type list, not anyOf: with type coercion a null would become 0 in an anyOf's number branch.
                  Type.Unsafe<number | null>(
                    field === 'overtime_hours'
                      ? { type: ['number', 'null'], minimum: 0, maximum: 744, multipleOf: 0.25 }
                      : { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000_000 },
                  ),
                ),
              ]),
            ),
            { additionalProperties: false, minProperties: 1 },
          ),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Ref(Payslip) }), ...errorResponses },
    },
    handler: async (request) => {
      const { id, payslipId } = request.params as { id: string; payslipId: string };
      const { edits } = request.body as { edits: Record<string, number | null> };
      await allowed(request, id, 'write');
      const row = await editPayslip(db, scopeOf(request), id, payslipId, edits);
      if (!row) throw new Error('update returned nothing');
      return { data: payslipReply(row) };
    },
  });

  app.post('/v1/payroll-summary/:id/complete', {
    config: { access: write },
    schema: {
      operationId: 'completePayrollSummary',
      tags: ['payroll'],
      description:
        'Completes a pending run. A daily payroll (type weekly) of a company with a daily_payroll approval flow is ' +
        'sent to that approval instead: the reply names it in approval_number, and the final approval completes it.',
      params: IdParams,
      response: { 200: Type.Object({ data: Type.Ref(PayrollSummary) }), ...errorResponses },
    },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const scope = scopeOf(request);
      // A daily payroll of a company with a daily_payroll flow is completed by the approval's final decision.
      const summary = await allowed(request, id, 'write');
      if (
        summary.type === 'weekly' &&
        summary.status === 'pending' &&
        (await hasDailyPayrollFlow(db, scope.companyId))
      ) {
        const approval = await createApproval(db, scope, { context: 'daily_payroll', content: { summary_id: id } });
        return { data: { ...summaryReply(summary), approval_number: approval?.approval_number ?? '' } };
      }
      const row = await completeRun(db, scope, id);
      if (!row) throw new Error('update returned nothing');
      return { data: summaryReply(row) };
    },
  });

  app.post('/v1/payroll-summary/:id/reopen', {
    config: { access: write },
    schema: {
      operationId: 'reopenPayrollSummary',
      tags: ['payroll'],
      description: 'Re-opens a completed run (the company admin only; logged).',
      params: IdParams,
      response: { 200: Type.Object({ data: Type.Ref(PayrollSummary) }), ...errorResponses },
    },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      await allowed(request, id, 'write');
      const row = await reopenRun(db, scopeOf(request), id);
      if (!row) throw new Error('update returned nothing');
      return { data: summaryReply(row) };
    },
  });
}
