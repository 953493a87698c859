/**
 * The loan rules the generic routes cannot know (issue 15; spec 5), attached to the generic loan routes with an
 * `onRoute` hook, plus the loan's own actions (schema plus a thin handler):
 * - the employee of a loan is set once: a write that names another is refused (`immutable`);
 * - once something is paid, the terms (amount, installments, rate, effective date) are fixed: 409 `loan_has_payments`;
 * - `GET /v1/loans/{id}/schedule`: the installments with each one's run, status and payslip line;
 * - `POST /v1/loans/{id}/settle` (early settlement) and `POST /v1/loans/{id}/skip` (a month without installment):
 *   logged actions;
 * - `GET /v1/dev/loans`: the developer area's read-only list across companies;
 * - the attachment (docs/decisions/0076): checked on write, read through `GET /v1/loans/{id}/attachment`, deleted with
 *   its loan.
 */
import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { loanMonth } from '../../common/loans.ts';
import type { PayslipLine } from '../../common/payroll/types.ts';
import { writeLog } from '../activity/log.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { companies, employees, loanPayments, loans, payrollSummaries, payslips } from '../db/schema.ts';
import { checkAttachment, releaseAttachments, sendAttachment } from '../files/attachments.ts';
import { actorOf } from '../http/access.ts';
import { AppError, invalid } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import * as repo from '../resources/repository.ts';
import { refreshLoans, scheduleOf } from './payments.ts';
import { loansResource } from './resource.ts';

const MENU = 'finance-loan';
const terms = ['amount', 'installment', 'interest_rate', 'effective_date'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const callerOf = (request: FastifyRequest): repo.Caller => {
  const actor = actorOf(request);
  return { actor, companyId: actor.companyId };
};

type Body = Record<string, unknown>;

/** The loan writes of a request: the path's id with its body, or every bulk row that names an `_id`. */
function writesOf(request: FastifyRequest): { id: string; row: Body; index: number | null }[] {
  const params = request.params as { id?: string } | undefined;
  const body = (request.body ?? {}) as Body;
  if (params?.id) return [{ id: params.id, row: body, index: null }];
  const rows = Array.isArray(body.rows) ? (body.rows as Body[]) : [];
  return rows.flatMap((row, index) =>
    row && typeof row === 'object' && typeof row._id === 'string' && UUID.test(row._id)
      ? [{ id: row._id, row, index }]
      : [],
  );
}

const sameValue = (a: unknown, b: unknown) => (a === null || a === undefined ? b == null : String(a) === String(b));

export function financeRoutes(app: FastifyInstance, db: Db, config: Config) {
  const guardLoanWrite: preHandlerHookHandler = async (request) => {
    const companyId = actorOf(request).companyId;
    const writes = writesOf(request);
    if (!companyId || writes.length === 0) return;
    const stored = await db
      .select({
        id: loans.id,
        employee: loans.employee,
        amount: loans.amount,
        installment: loans.installment,
        interest_rate: loans.interest_rate,
        effective_date: loans.effective_date,
        amount_paid: loans.amount_paid,
      })
      .from(loans)
      .where(
        and(
          eq(loans.company_id, companyId),
          inArray(
            loans.id,
            writes.map((w) => w.id),
          ),
        ),
      );
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const write of writes) {
      const before = byId.get(write.id);
      if (!before) continue; // the generic route answers 404
      const at = (field: string) => (write.index === null ? field : `rows.${write.index}.${field}`);
      if ('employee' in write.row && !sameValue(write.row.employee, before.employee)) {
        throw invalid(
          { [at('employee')]: { code: 'immutable', message: 'cannot be changed on a loan' } },
          "A loan's employee cannot be changed",
        );
      }
      const changed = terms.filter((field) => field in write.row && !sameValue(write.row[field], before[field]));
      if (changed.length && before.amount_paid > 0) {
        throw new AppError(409, 'loan_has_payments', 'Installments were paid: the terms of this loan are fixed', {
          [at(changed[0] as string)]: { code: 'immutable', message: 'fixed once installments are paid' },
        });
      }
    }
  };

  /**
   * A loan's attachment (docs/decisions/0076): what a write names must be an attachment upload of the company that no
   * other record holds; the files the write's loans held before are kept aside and released once it succeeded
   * (deleted when no loan holds them any more: the loan was deleted, or holds another file now).
   */
  const released = new WeakMap<FastifyRequest, { companyId: string; names: string[] }>();
  const guardAttachments: preHandlerHookHandler = async (request) => {
    const companyId = actorOf(request).companyId;
    if (!companyId) return;
    const params = (request.params ?? {}) as { id?: string };
    const body = (request.body ?? {}) as Body;
    const rows: { row: Body; index: number | null }[] = params.id
      ? [{ row: body, index: null }]
      : Array.isArray(body.rows)
        ? (body.rows as Body[]).map((row, index) => ({ row, index }))
        : request.method === 'POST' && request.url.split('?')[0] === '/v1/loans'
          ? [{ row: body, index: null }]
          : [];
    for (const { row, index } of rows) {
      if (!row || typeof row !== 'object' || typeof row.attachment !== 'string') continue;
      const field = index === null ? 'attachment' : `rows.${index}.attachment`;
      const except = typeof row._id === 'string' && UUID.test(row._id) ? row._id : params.id;
      await checkAttachment(db, companyId, row.attachment, field, except && UUID.test(except) ? except : undefined);
    }
    const ids = [
      ...(params.id ? [params.id] : []),
      ...(Array.isArray(body.ids) ? body.ids : []),
      ...(Array.isArray(body.delete) ? body.delete : []),
      ...rows.flatMap(({ row }) => (row && typeof row._id === 'string' ? [row._id] : [])),
    ].filter((id): id is string => typeof id === 'string' && UUID.test(id));
    if (ids.length === 0) return;
    const held = await db
      .select({ attachment: loans.attachment })
      .from(loans)
      .where(and(eq(loans.company_id, companyId), inArray(loans.id, ids), isNotNull(loans.attachment)));
    if (held.length) released.set(request, { companyId, names: held.map((row) => row.attachment as string) });
  };
  const releaseAfter: onSendHookHandler = async (request, reply, payload) => {
    const held = released.get(request);
    if (held && reply.statusCode < 300) await releaseAttachments(db, config, held.companyId, held.names);
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const put = route.url === '/v1/loans/:id' && methods.includes('PUT');
    const bulk = route.url === '/v1/loans/bulk' && methods.includes('POST');
    const create = route.url === '/v1/loans' && methods.includes('POST');
    const remove = (route.url === '/v1/loans/:id' || route.url === '/v1/loans') && methods.includes('DELETE');
    if (!put && !bulk && !create && !remove) return;
    const listOf = <T>(hook: T | T[] | undefined): T[] => (hook ? (Array.isArray(hook) ? hook : [hook]) : []);
    route.preHandler = [...listOf(route.preHandler), ...(put || bulk ? [guardLoanWrite] : []), guardAttachments];
    route.onSend = [...listOf(route.onSend), releaseAfter];
  });

  const readAccess = { access: { kind: 'menu', menu: MENU, action: 'read', company: true } } as const;
  const writeAccess = { access: { kind: 'menu', menu: MENU, action: 'write', company: true } } as const;

  const Installment = Type.Object({
    number: Type.Integer(),
    year: Type.Integer(),
    month: Type.Integer(),
    principal: Type.Integer(),
    interest: Type.Integer(),
    amount: Type.Integer(),
    paid: Type.Integer({ description: 'Of this installment, paid so far (payments cover installments in order)' }),
    status: Type.Union([Type.Literal('paid'), Type.Literal('partial'), Type.Literal('due'), Type.Literal('upcoming')]),
    run: Nullable(
      Type.Object({
        _id: Type.String(),
        title: Type.String(),
        status: Type.String(),
        payslip: Nullable(Type.String()),
        deducted: Type.Integer({ description: "This loan's part of the month's payslip line" }),
        line: Nullable(
          Type.Object({
            amount: Type.Integer(),
            due: Nullable(Type.Integer()),
            carried: Nullable(Type.Integer()),
          }),
        ),
      }),
    ),
  });
  const Payment = Type.Object({
    _id: Type.String(),
    kind: Type.Union([Type.Literal('payroll'), Type.Literal('settlement')]),
    year: Type.Integer(),
    month: Type.Integer(),
    amount: Type.Integer(),
    paid_on: Nullable(Type.String()),
    note: Nullable(Type.String()),
    run: Nullable(Type.Object({ _id: Type.String(), title: Type.String() })),
  });
  const ScheduleReply = one(
    Type.Object({
      loan: Type.Ref(loansResource.rowSchema),
      interest_total: Type.Integer(),
      total: Type.Integer(),
      remaining: Type.Integer(),
      installments: Type.Array(Installment),
      payments: Type.Array(Payment),
    }),
  );

  async function scheduleOfLoan(request: FastifyRequest, id: string) {
    const caller = callerOf(request);
    const loan = (await repo.findOne(db, loansResource, caller, id, ['employee'])) as Record<string, unknown>;
    const [row] = await db.select().from(loans).where(eq(loans.id, id));
    if (!row) throw new AppError(404, 'not_found', 'Loan not found');
    const schedule = scheduleOf(row);
    const payments = await db
      .select({
        id: loanPayments.id,
        kind: loanPayments.kind,
        year: loanPayments.year,
        month: loanPayments.month,
        amount: loanPayments.amount,
        paid_on: loanPayments.paid_on,
        note: loanPayments.note,
        summary: loanPayments.summary,
        payslip: loanPayments.payslip,
        title: payrollSummaries.title,
        run_status: payrollSummaries.status,
      })
      .from(loanPayments)
      .leftJoin(payrollSummaries, eq(payrollSummaries.id, loanPayments.summary))
      .where(eq(loanPayments.loan, id))
      .orderBy(asc(loanPayments.year), asc(loanPayments.month), asc(loanPayments.created_at));
    // The payslip lines of those runs: the month's loan line as the payslip shows it (capped, carried).
    const payslipIds = payments.flatMap((p) => (p.payslip ? [p.payslip] : []));
    const lines = payslipIds.length
      ? await db
          .select({ id: payslips.id, lines: payslips.lines })
          .from(payslips)
          .where(inArray(payslips.id, payslipIds))
      : [];
    const lineOf = new Map(
      lines.map((p) => [p.id, (p.lines as PayslipLine[]).find((line) => line.code === 'loan_installment') ?? null]),
    );
    const byMonth = new Map(payments.filter((p) => p.kind === 'payroll').map((p) => [loanMonth(p.year, p.month), p]));
    const totalPaid = payments.reduce((sum, p) => sum + p.amount, 0);
    const now = new Date(Date.now() + 7 * 3600_000);
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    let before = 0;
    const installments = schedule.installments.map((item) => {
      const paid = Math.max(0, Math.min(item.amount, totalPaid - before));
      before += item.amount;
      const payment = byMonth.get(loanMonth(item.year, item.month));
      const line = payment?.payslip ? lineOf.get(payment.payslip) : null;
      const status =
        paid >= item.amount
          ? 'paid'
          : paid > 0
            ? 'partial'
            : item.year * 12 + item.month <= current
              ? 'due'
              : 'upcoming';
      return {
        ...item,
        paid,
        status: status as 'paid' | 'partial' | 'due' | 'upcoming',
        run: payment?.summary
          ? {
              _id: payment.summary,
              title: payment.title ?? '',
              status: payment.run_status ?? 'completed',
              payslip: payment.payslip,
              deducted: payment.amount,
              line: line
                ? {
                    amount: line.amount,
                    due: typeof line.explain.due === 'number' ? line.explain.due : null,
                    carried: typeof line.explain.carried === 'number' ? line.explain.carried : null,
                  }
                : null,
            }
          : null,
      };
    });
    return {
      loan,
      interest_total: schedule.interest_total,
      total: schedule.total,
      remaining: Math.max(0, schedule.total - totalPaid),
      installments,
      payments: payments.map((p) => ({
        _id: p.id,
        kind: p.kind,
        year: p.year,
        month: p.month,
        amount: p.amount,
        paid_on: p.paid_on,
        note: p.note,
        run: p.summary ? { _id: p.summary, title: p.title ?? '' } : null,
      })),
    };
  }

  app.get('/v1/loans/:id/schedule', {
    config: readAccess,
    schema: {
      operationId: 'getLoanSchedule',
      tags: ['loans'],
      summary: "A loan's installments: each one's month, amount, run, payslip line and status",
      params: IdParams,
      response: { 200: ScheduleReply, ...errorResponses },
    },
    handler: async (request) => ({ data: await scheduleOfLoan(request, (request.params as { id: string }).id) }),
  });

  app.get('/v1/loans/:id/attachment', {
    config: readAccess,
    schema: {
      operationId: 'getLoanAttachment',
      tags: ['loans'],
      summary: "The loan's attachment (a PDF or image), to who may read the loan",
      params: IdParams,
      response: { 200: Type.String({ format: 'binary' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const loan = await repo.findOne(db, loansResource, caller, (request.params as { id: string }).id);
      return sendAttachment(db, config, reply, caller.companyId as string, loan.attachment);
    },
  });

  app.post('/v1/loans/:id/settle', {
    config: writeAccess,
    schema: {
      operationId: 'settleLoan',
      tags: ['loans'],
      summary: 'Early settlement: the employee pays the remaining balance outside payroll (logged)',
      params: IdParams,
      body: Type.Object(
        {
          paid_on: Type.String({ format: 'date' }),
          note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
        },
        { additionalProperties: false },
      ),
      response: { 200: ScheduleReply, ...errorResponses },
    },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { paid_on: string; note?: string | null };
      const caller = callerOf(request);
      await repo.findOne(db, loansResource, caller, id);
      await db.transaction(async (tx) => {
        const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
        if (!loan) throw new AppError(404, 'not_found', 'Loan not found');
        const remaining = scheduleOf(loan).total - loan.amount_paid;
        if (loan.status === 'settled' || remaining <= 0) {
          throw new AppError(409, 'loan_settled', 'This loan is already settled');
        }
        await tx.insert(loanPayments).values({
          company_id: loan.company_id,
          loan: id,
          employee: loan.employee,
          kind: 'settlement',
          year: Number(body.paid_on.slice(0, 4)),
          month: Number(body.paid_on.slice(5, 7)),
          amount: remaining,
          paid_on: body.paid_on,
          note: body.note ?? null,
          created_by: caller.actor.userId,
        });
        await refreshLoans(tx, [id]);
        await writeLog(tx, {
          actor: { userId: caller.actor.userId, impersonatorId: caller.actor.impersonatorId },
          companyId: loan.company_id,
          action: 'update',
          menu: MENU,
          resource: 'loans',
          recordId: id,
          detail: `Settled ${loan.name} early on ${body.paid_on}: ${remaining} paid outside payroll`,
          changes: { status: { from: 'active', to: 'settled' } },
        });
      });
      return { data: await scheduleOfLoan(request, id) };
    },
  });

  app.post('/v1/loans/:id/skip', {
    config: writeAccess,
    schema: {
      operationId: 'skipLoanMonth',
      tags: ['loans'],
      summary: 'Skip a month: no installment that month, the rest of the schedule moves one month (logged)',
      params: IdParams,
      body: Type.Object(
        { month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: "'YYYY-MM'" }) },
        { additionalProperties: false },
      ),
      response: { 200: ScheduleReply, ...errorResponses },
    },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const { month } = request.body as { month: string };
      const caller = callerOf(request);
      await repo.findOne(db, loansResource, caller, id);
      await db.transaction(async (tx) => {
        const [loan] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
        if (!loan) throw new AppError(404, 'not_found', 'Loan not found');
        if (loan.status === 'settled') throw new AppError(409, 'loan_settled', 'This loan is already settled');
        const schedule = scheduleOf(loan);
        const target = schedule.installments.find((item) => loanMonth(item.year, item.month) === month);
        if (!target) {
          throw invalid({ month: { code: 'not_scheduled', message: 'No installment falls in this month' } });
        }
        // A month a completed run already deducted, or an installment already covered, cannot be skipped.
        const [paidRun] = await tx
          .select({ id: loanPayments.id })
          .from(loanPayments)
          .where(
            and(eq(loanPayments.loan, id), eq(loanPayments.year, target.year), eq(loanPayments.month, target.month)),
          )
          .limit(1);
        if (paidRun || target.number <= loan.installments_paid) {
          throw invalid({ month: { code: 'already_paid', message: 'This month was already deducted' } });
        }
        await tx
          .update(loans)
          .set({
            skipped_months: [...loan.skipped_months, month].sort(),
            updated_at: sql`now()`,
            version: sql`${loans.version} + 1`,
          })
          .where(eq(loans.id, id));
        await writeLog(tx, {
          actor: { userId: caller.actor.userId, impersonatorId: caller.actor.impersonatorId },
          companyId: loan.company_id,
          action: 'update',
          menu: MENU,
          resource: 'loans',
          recordId: id,
          detail: `Skipped ${month} of ${loan.name}: the schedule moves one month`,
          changes: { skipped_months: { from: loan.skipped_months, to: [...loan.skipped_months, month].sort() } },
        });
      });
      return { data: await scheduleOfLoan(request, id) };
    },
  });

  const DevLoan = Type.Object({
    _id: Type.String(),
    company: Type.Object({ _id: Type.String(), name: Type.String(), code: Type.String() }),
    employee: Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() }),
    name: Type.String(),
    effective_date: Type.String(),
    amount: Type.Integer(),
    total_amount: Type.Integer(),
    amount_paid: Type.Integer(),
    installment: Type.Integer(),
    remaining_installment: Type.Integer(),
    interest_rate: Type.Number(),
    status: Type.String(),
  });
  app.get('/v1/dev/loans', {
    config: { access: { kind: 'menu', menu: 'loan', action: 'read', company: false } },
    schema: {
      operationId: 'listDevLoans',
      tags: ['loans'],
      summary: "Every company's loans (developer area, read-only)",
      querystring: Type.Object(
        {
          company: Type.Optional(Type.String({ format: 'uuid' })),
          status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('settled')])),
          search: Type.Optional(Type.String({ maxLength: 200 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(DevLoan), meta: Type.Object({ total: Type.Integer() }) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const q = request.query as { company?: string; status?: 'active' | 'settled'; search?: string; limit?: number };
      const where = and(
        q.company ? eq(loans.company_id, q.company) : undefined,
        q.status ? eq(loans.status, q.status) : undefined,
        q.search
          ? or(
              ilike(loans.name, `%${q.search}%`),
              ilike(employees.fullname, `%${q.search}%`),
              ilike(companies.name, `%${q.search}%`),
            )
          : undefined,
      );
      const rows = await db
        .select({
          id: loans.id,
          company_id: companies.id,
          company_name: companies.name,
          company_code: companies.code,
          employee_id: employees.id,
          fullname: employees.fullname,
          employee_number: employees.employee_id,
          name: loans.name,
          effective_date: loans.effective_date,
          amount: loans.amount,
          total_amount: loans.total_amount,
          amount_paid: loans.amount_paid,
          installment: loans.installment,
          remaining_installment: loans.remaining_installment,
          interest_rate: loans.interest_rate,
          status: loans.status,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(loans)
        .innerJoin(companies, eq(companies.id, loans.company_id))
        .innerJoin(employees, eq(employees.id, loans.employee))
        .where(where)
        .orderBy(asc(companies.name), desc(loans.effective_date), asc(loans.id))
        .limit(q.limit ?? 1000);
      return {
        data: rows.map((r) => ({
          _id: r.id,
          company: { _id: r.company_id, name: r.company_name, code: r.company_code },
          employee: { _id: r.employee_id, fullname: r.fullname, employee_id: r.employee_number },
          name: r.name,
          effective_date: r.effective_date,
          amount: r.amount,
          total_amount: r.total_amount,
          amount_paid: r.amount_paid,
          installment: r.installment,
          remaining_installment: r.remaining_installment,
          interest_rate: Number(r.interest_rate),
          status: r.status,
        })),
        meta: { total: rows[0]?.total ?? 0 },
      };
    },
  });
}
