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
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { checkAttachment, releaseAttachments, sendAttachment } from '../files/attachments.ts';
import { actorOf, scopeOf } from '../http/access.ts';
import { AppError, invalid } from '../http/errors.ts';
import { errorResponses, IdParams, listPaging, Nullable, one } from '../http/schemas.ts';
import { isUuid } from '../http/validation.ts';
import * as repo from '../resources/repository.ts';
import { companyReach } from '../scope/scope.ts';
import {
  listPlatformLoans,
  loanAttachments,
  loanSchedule,
  loanTerms,
  settleLoan,
  skipLoanMonth,
} from './repository.ts';
import { loansResource } from './resource.ts';

const MENU = 'finance-loan';
const terms = ['amount', 'installment', 'interest_rate', 'effective_date'] as const;

const callerOf = (request: FastifyRequest): repo.Caller => {
  const actor = actorOf(request);
  return { actor, companyId: actor.companyId };
};

type Body = Record<string, unknown>;

/** The hooks below run on the generic loan routes, whose request types they do not know: read them as plain data. */
const bodyOf = (request: FastifyRequest): Body => {
  const body: unknown = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
};
const pathIdOf = (request: FastifyRequest): string | undefined => {
  const params: unknown = request.params;
  return params && typeof params === 'object' && 'id' in params && typeof params.id === 'string'
    ? params.id
    : undefined;
};

/** The loan writes of a request: the path's id with its body, or every bulk row that names an `_id`. */
function writesOf(request: FastifyRequest): { id: string; row: Body; index: number | null }[] {
  const id = pathIdOf(request);
  const body = bodyOf(request);
  if (id) return [{ id, row: body, index: null }];
  const rows = Array.isArray(body.rows) ? (body.rows as Body[]) : [];
  return rows.flatMap((row, index) =>
    row && typeof row === 'object' && isUuid(row._id) ? [{ id: row._id, row, index }] : [],
  );
}

/** The developer's list of every company's loans: a larger limit is taken as 5,000 (issue 24). */
const devPaging = listPaging({ defaultLimit: 1000, maxLimit: 5000 });

const sameValue = (a: unknown, b: unknown) => (a === null || a === undefined ? b == null : String(a) === String(b));

export function financeRoutes(fastify: FastifyInstance, db: Db, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const guardLoanWrite: preHandlerHookHandler = async (request) => {
    const companyId = actorOf(request).companyId;
    const writes = writesOf(request);
    if (!companyId || writes.length === 0) return;
    const stored = await loanTerms(
      db,
      companyReach(companyId),
      writes.map((w) => w.id),
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
    const params = { id: pathIdOf(request) };
    const body = bodyOf(request);
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
      const except = isUuid(row._id) ? row._id : params.id;
      await checkAttachment(db, companyId, row.attachment, field, isUuid(except) ? except : undefined);
    }
    const ids = [
      ...(params.id ? [params.id] : []),
      ...(Array.isArray(body.ids) ? body.ids : []),
      ...(Array.isArray(body.delete) ? body.delete : []),
      ...rows.flatMap(({ row }) => (row && typeof row._id === 'string' ? [row._id] : [])),
    ].filter(isUuid);
    if (ids.length === 0) return;
    const held = await loanAttachments(db, companyReach(companyId), ids);
    if (held.length) released.set(request, { companyId, names: held });
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
    const loan = (await repo.findOne(db, loansResource, callerOf(request), id, ['employee'])) as Record<
      string,
      unknown
    >;
    return { loan, ...(await loanSchedule(db, id)) };
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
    handler: async (request) => ({ data: await scheduleOfLoan(request, request.params.id) }),
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
      const loan = await repo.findOne(db, loansResource, caller, request.params.id);
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
      const { id } = request.params;
      const scope = scopeOf(request);
      await repo.findOne(db, loansResource, scope, id);
      await settleLoan(db, scope, id, request.body);
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
      const { id } = request.params;
      const scope = scopeOf(request);
      await repo.findOne(db, loansResource, scope, id);
      await skipLoanMonth(db, scope, id, request.body.month);
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
          limit: devPaging.limit,
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(DevLoan), meta: Type.Object({ total: Type.Integer() }) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      return listPlatformLoans(db, { ...request.query, limit: devPaging.page(request.query).limit });
    },
  });
}
