/**
 * `/v1/payroll-summary`: payroll runs (issue 14 "The run"). Thin handlers over server/payroll/run.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payingBanks } from '../../common/bank-file.ts';
import type { Action } from '../../common/menu.ts';
import { createApproval } from '../approvals/repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { payslips } from '../db/schema.ts';
import { mayAccess, requireMenu, type Scope, scopeOf } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';
import { errorResponses, IdParams, listPaging, MetaSchema, Nullable } from '../http/schemas.ts';
import { jobStarter } from '../jobs/queue.ts';
import { jobUrl } from '../jobs/routes.ts';
import { departmentOf } from '../scope/scope.ts';
import { bankTransferFile } from './bank-file.ts';
import { loadCompanySettings } from './inputs.ts';
import { inputSources, outOfDateRows } from './out-of-date.ts';
import { preCheck, preCheckCodes } from './precheck.ts';
import { departmentTotals, listSummaries, payrollActiveCount, runPayslipRows, type SummaryRow } from './repository.ts';
import {
  completeRun,
  createRun,
  deleteRun,
  editPayslip,
  menuOfRun,
  recalculateRun,
  reopenRun,
  runKinds,
  runTypes,
  summaryOf,
} from './run.ts';
import { hasDailyPayrollFlow } from './weekly.ts';

/** Every kind's edit fields (the monthly run's inputs and the daily payroll's; incentive is shared). */
const editFields = [...new Set(runTypes.flatMap((type) => runKinds[type].edit?.fields ?? []))];

/**
 * Monthly and THR runs are the payroll-run menu's, daily payrolls (type weekly) the weekly-payroll menu's: the gate lets
 * in whoever may read (write) either, and each handler checks the menu of the type the body names or the summary has
 * (`menuOfRun`, decision 0091).
 */
const runMenus = ['payroll-run', 'weekly-payroll'] as const;
const read = { kind: 'menus', menus: runMenus, action: 'read', company: true } as const;
const write = { kind: 'menus', menus: runMenus, action: 'write', company: true } as const;

const runStatuses = ['pending', 'completed'] as const;
const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v as T[number])));
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
    detail: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  },
  { $id: 'PreCheckWarning' },
);

export const payrollSchemas = [PayrollSummary, PayslipLine, Payslip, PreCheckWarning];

const year = Type.Integer({ minimum: 2000, maximum: 2100 });
/** The runs list's pages: a larger limit is taken as 1,000 (issue 24; the client's list call sends 9999). */
const summaryPaging = listPaging({ defaultLimit: 100, maxLimit: 1000 });
const month = Type.Integer({ minimum: 1, maximum: 12 });

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
 * over those payslips. Company-wide callers get the stored totals.
 */
async function scopedSummaries(db: Db, scope: Scope, rows: SummaryRow[]) {
  const totals = await departmentTotals(
    db,
    scope,
    rows.map((row) => row.id),
  );
  if (!totals) return rows.map(summaryReply);
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

export function payrollRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
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
          limit: summaryPaging.limit,
          skip: summaryPaging.skip,
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(PayrollSummary)), meta: Type.Ref(MetaSchema) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      // The types whose menu the caller reads: asking for another is refused, and no type means these.
      const readable = runTypes.filter((type) => mayAccess(scope.actor, menuOfRun(type), 'read'));
      if (q.type?.some((type) => !readable.includes(type))) throw forbidden();
      const { limit, skip } = summaryPaging.page(q);
      const { rows, total } = await listSummaries(db, scope, {
        types: q.type?.length ? q.type : readable,
        ...(q.status ? { status: q.status } : {}),
        ...(q.year !== undefined ? { year: q.year } : {}),
        limit,
        skip,
      });
      return { data: await scopedSummaries(db, scope, rows), meta: { total, limit, skip } };
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
      const scope = scopeOf(request);
      return { data: { warnings: await preCheck(db, scope.companyId, request.query, departmentOf(scope.actor)) } };
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
      const body = request.body;
      const kind = runKinds[body.type];
      requireMenu(scope.actor, kind.menu, 'write');
      // The body checked by its kind (400) before a job is queued.
      kind.plan(body);
      if (kind.job && (await payrollActiveCount(db, scope)) > config.payrollJobThreshold) {
        const id = await app.jobs.enqueue('payroll-run', jobStarter(scope), 'payroll-run', body);
        return reply.code(202).send({ data: { job: { _id: id, url: jobUrl(id) } } });
      }
      return reply.code(201).send({ data: summaryReply(await createRun(db, scope, body)) });
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
      const summaries = await scopedSummaries(db, scopeOf(request), [
        await allowed(request, request.params.id, 'read'),
      ]);
      return { data: summaries[0]! };
    },
  });

  // Registered through `route` (a DELETE), as `app.delete(` reads like a query to the scope test.
  app.route({
    method: 'DELETE',
    url: '/v1/payroll-summary/:id',
    config: { access: write },
    schema: {
      operationId: 'deletePayrollSummary',
      tags: ['payroll'],
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      await allowed(request, id, 'write');
      await deleteRun(db, scopeOf(request), id);
      return reply.code(204).send(null);
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
      const scope = scopeOf(request);
      const { id } = request.params;
      await allowed(request, id, 'read');
      const [rows, settings] = await Promise.all([
        runPayslipRows(db, scope, id),
        loadCompanySettings(db, scope.companyId),
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
      const { id, payslipId } = request.params;
      // JSON has no undefined: the schema's optional fields are present with a number or null.
      const edits = Object.fromEntries(
        Object.entries(request.body.edits).flatMap(([field, value]) => (value === undefined ? [] : [[field, value]])),
      );
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
      body: Type.Optional(
        Type.Object(
          {
            expected: Type.Optional(
              Type.Object(
                {
                  employee_count: Type.Optional(Type.Integer({ minimum: 0 })),
                  total_bruto: Type.Optional(rupiah),
                  total_pph21: Type.Optional(rupiah),
                  total_thp: Type.Optional(rupiah),
                },
                {
                  additionalProperties: false,
                  description:
                    'The totals the confirmation showed (decision 0175): a monthly run whose stored totals differ is ' +
                    'refused (409 payroll_run_totals_changed), never completed with other figures.',
                },
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      response: { 200: Type.Object({ data: Type.Ref(PayrollSummary) }), ...errorResponses },
    },
    // No body at all (the API before decision 0175) is an empty one: completes without a totals check.
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request) => {
      const { id } = request.params;
      const scope = scopeOf(request);
      const expected = request.body?.expected;
      // A daily payroll of a company with a daily_payroll flow is completed by the approval's final decision.
      const summary = await allowed(request, id, 'write');
      const context = runKinds[summary.type].approval;
      if (context && summary.status === 'pending' && (await hasDailyPayrollFlow(db, scope.companyId))) {
        const approval = await createApproval(db, scope, { context, content: { summary_id: id } });
        return { data: { ...summaryReply(summary), approval_number: approval?.approval_number ?? '' } };
      }
      const row = await completeRun(db, scope, id, expected);
      if (!row) throw new Error('update returned nothing');
      return { data: summaryReply(row) };
    },
  });

  app.get('/v1/payroll-summary/:id/out-of-date', {
    config: { access: read },
    schema: {
      operationId: 'payrollRunOutOfDate',
      tags: ['payroll'],
      description:
        "A pending monthly run's rows whose inputs changed since they were calculated (loans, approvals, attendance, " +
        'salary items, the months completed before it), with what changed (decision 0175). Other runs: none.',
      params: IdParams,
      response: {
        200: Type.Object({
          data: Type.Object({
            count: Type.Integer(),
            rows: Type.Array(
              Type.Object({
                payslip: Type.String({ format: 'uuid' }),
                employee: Type.String({ format: 'uuid' }),
                fullname: Type.String(),
                sources: Type.Array(literals(inputSources)),
              }),
            ),
          }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const summary = await allowed(request, request.params.id, 'read');
      const rows = await outOfDateRows(db, scope.companyId, summary);
      return {
        data: {
          count: rows.length,
          rows: rows.map(({ payslip, employee, fullname, sources }) => ({ payslip, employee, fullname, sources })),
        },
      };
    },
  });

  app.post('/v1/payroll-summary/:id/recalculate', {
    config: { access: write },
    schema: {
      operationId: 'recalculatePayrollRun',
      tags: ['payroll'],
      description:
        "Recalculates a pending monthly run's out-of-date rows with their inputs as they are now (the edits kept), " +
        'logged; returns the new summary and the recalculated payslips (decision 0175).',
      params: IdParams,
      response: {
        200: Type.Object({
          data: Type.Object({
            summary: Type.Ref(PayrollSummary),
            payslips: Type.Array(Type.Ref(Payslip)),
            sources: Type.Record(Type.String(), Type.Array(literals(inputSources))),
          }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      await allowed(request, id, 'write');
      const { rows, summary } = await recalculateRun(db, scope, id);
      const changed = new Set(rows.map((row) => row.payslip));
      const payslips = changed.size ? (await runPayslipRows(db, scope, id)).filter((row) => changed.has(row.id)) : [];
      return {
        data: {
          summary: (await scopedSummaries(db, scope, [summary]))[0]!,
          payslips: payslips.map(payslipReply),
          sources: Object.fromEntries(rows.map((row) => [row.payslip, row.sources])),
        },
      };
    },
  });

  app.get('/v1/payroll-summary/:id/bank-transfers', {
    config: { access: read },
    schema: {
      operationId: 'payrollBankTransfers',
      tags: ['payroll'],
      description:
        "A completed monthly run's or daily payroll's bank transfers (decision 0176): one per payslip with take-home " +
        "pay, into the employee's account; refused (409 bank_account_missing, naming them) while an employee with " +
        'pay has no bank account. The browser writes them as the generic CSV/xlsx (account, name, bank, amount, ' +
        'reference); no bank-specific layout could be verified.',
      params: IdParams,
      querystring: Type.Object(
        {
          paying_bank: Type.Optional(literals(payingBanks)),
          recipients: Type.Optional(
            Type.Union([Type.Literal('all'), Type.Literal('same_bank')], {
              description: 'same_bank: only employees whose account is at the paying bank',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({
          data: Type.Object({
            paying_bank: literals(payingBanks),
            layout: Type.Null(),
            transfers: Type.Array(
              Type.Object({
                employee: Type.Object({ _id: Type.String(), employee_id: Type.String(), fullname: Type.String() }),
                account: Type.String(),
                name: Type.String(),
                bank: Type.String(),
                amount: rupiah,
                reference: Type.String(),
              }),
            ),
            banks: Type.Array(Type.Object({ bank: Type.String(), count: Type.Integer(), total: rupiah })),
            count: Type.Integer(),
            total: rupiah,
          }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const summary = await allowed(request, request.params.id, 'read');
      const { paying_bank = 'other', recipients = 'all' } = request.query;
      return { data: await bankTransferFile(db, scope, summary, paying_bank, recipients) };
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
      const { id } = request.params;
      await allowed(request, id, 'write');
      const row = await reopenRun(db, scopeOf(request), id);
      if (!row) throw new Error('update returned nothing');
      return { data: summaryReply(row) };
    },
  });
}
