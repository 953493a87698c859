/**
 * The approvals API (issue #13, /work contract): requests, decisions, history and notifications. Schemas plus thin
 * handlers over repository.ts, history.ts and notifications.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  type ApprovalContext,
  type ApprovalStatus,
  approvalContexts,
  approvalDecisions,
  approvalStatuses,
  notificationKinds,
} from '../../common/approvals.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { sendAttachment } from '../files/attachments.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, FieldErrorSchema, IdParams, listPaging, MetaSchema, Nullable, one } from '../http/schemas.ts';
import { listHistory } from './history.ts';
import { listNotifications, markRead } from './notifications.ts';
import { createApproval, decide, getApproval, listApprovals, withdraw } from './repository.ts';

const id = Type.String({ format: 'uuid' });
const date = Type.String({ format: 'date' });
const Context = Type.Unsafe<ApprovalContext>(Type.String({ enum: [...approvalContexts] }));
const Status = Type.Unsafe<ApprovalStatus>(Type.String({ enum: [...approvalStatuses] }));
const Person = Type.Object({ _id: id, fullname: Type.String() });

export const ApprovalSchema = Type.Object(
  {
    _id: id,
    approval_number: Type.String(),
    context: Context,
    status: Status,
    employee: Type.Object({
      _id: id,
      employee_id: Type.String(),
      fullname: Type.String(),
      department: Nullable(Type.Object({ _id: id, name: Type.String() })),
    }),
    content: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'The request as stored, names resolved (leave_type {_id,type}, shift {_id,name,code}, swap_with {_id,fullname}, business_trip duty_type {_id,name}); total_days (leave, business_trip), total_hours (overtime); employee_profile changes [{field,from,to}]',
    }),
    start_date: date,
    end_date: date,
    level: Type.Integer({ description: '1-based current level' }),
    levels: Type.Integer(),
    flow: Nullable(
      Type.Object({ id, name: Type.String() }, { description: 'The flow that matched; null: supervisor, then admins' }),
    ),
    approvers: Type.Array(Person, { description: 'Who may decide the current level (empty: the company admins)' }),
    can_decide: Type.Boolean(),
    deciders: Type.Array(Person, {
      description:
        "Who can decide an open request the caller cannot: its current level's approvers (employee ids), else the admins who may (user ids); empty otherwise",
    }),
    can_withdraw: Type.Boolean(),
    review: Type.Object({
      balance_remaining: Type.Optional(Nullable(Type.Number())),
      overlaps: Type.Optional(Type.Integer()),
    }),
    history: Type.Array(
      Type.Object({
        level: Type.Integer(),
        decision: Type.String({ enum: [...approvalDecisions] }),
        by: Person,
        at: Type.String(),
        note: Nullable(Type.String()),
        as_admin: Type.Boolean(),
        acknowledged_warnings: Type.Array(Type.String(), {
          description: "The request's warnings the approver acknowledged (overtime past its limit)",
        }),
      }),
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Approval' },
);

export const ApprovalCreateSchema = Type.Object(
  {
    context: Context,
    employee: Type.Optional(id),
    content: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Per context (common/approvals.ts ApprovalContents); validated with the spec messages',
    }),
  },
  { $id: 'ApprovalCreate', additionalProperties: false },
);

export const ApprovalDecisionResultSchema = Type.Object(
  {
    id,
    ok: Type.Boolean(),
    status: Type.Optional(Status),
    error: Type.Optional(
      Type.String({
        description: 'not_found, already_decided, not_approver, insufficient_balance, warnings_not_acknowledged, ...',
      }),
    ),
    message: Type.Optional(Type.String()),
    fields: Type.Optional(
      Type.Record(Type.String(), Type.Ref(FieldErrorSchema), {
        description: "A change refused by a direct edit's checks (a profile change's taken email): per field",
      }),
    ),
  },
  { $id: 'ApprovalDecisionResult' },
);

export const ApprovalHistoryEntrySchema = Type.Object(
  {
    _id: id,
    approval: Type.Object({
      _id: id,
      approval_number: Type.String(),
      context: Context,
      status: Status,
      employee: Type.Object({ _id: id, employee_id: Type.String(), fullname: Type.String() }),
    }),
    level: Type.Integer(),
    decision: Type.String({ enum: [...approvalDecisions] }),
    by: Person,
    at: Type.String(),
    note: Nullable(Type.String()),
    as_admin: Type.Boolean(),
    acknowledged_warnings: Type.Array(Type.String()),
  },
  { $id: 'ApprovalHistoryEntry' },
);

export const NotificationSchema = Type.Object(
  {
    _id: id,
    kind: Type.String({ enum: [...notificationKinds] }),
    approval: Nullable(Type.Object({ _id: id, approval_number: Type.String(), context: Context, status: Status })),
    announcement: Nullable(Type.Object({ _id: id, title: Type.String() })),
    company_announcement: Nullable(Type.Object({ _id: id, title: Type.String() })),
    created_at: Type.String(),
    read_at: Nullable(Type.String()),
  },
  { $id: 'Notification' },
);

export const approvalSchemas = [
  ApprovalSchema,
  ApprovalCreateSchema,
  ApprovalDecisionResultSchema,
  ApprovalHistoryEntrySchema,
  NotificationSchema,
];

/** The inbox's pages and the decision history's (issue 24: a larger limit is clamped, never refused). */
const inboxPaging = listPaging({ defaultLimit: 100, maxLimit: 10_000 });
const historyPaging = listPaging({ defaultLimit: 1000, maxLimit: 100_000 });

const ListQuery = Type.Object(
  {
    context: Type.Optional(Context),
    status: Type.Optional(Status),
    employee: Type.Optional(id),
    from: Type.Optional(date),
    to: Type.Optional(date),
    box: Type.Optional(Type.Unsafe<'mine' | 'inbox' | 'all'>(Type.String({ enum: ['mine', 'inbox', 'all'] }))),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    limit: inboxPaging.limit,
    skip: inboxPaging.skip,
  },
  { additionalProperties: false },
);
const HistoryQuery = Type.Object(
  {
    context: Type.Optional(Context),
    from: Type.Optional(date),
    to: Type.Optional(date),
    limit: historyPaging.limit,
    skip: historyPaging.skip,
  },
  { additionalProperties: false },
);
const DecisionBody = Type.Object(
  {
    ids: Type.Array(id, { minItems: 1, maxItems: 1000 }),
    decision: Type.Unsafe<'approve' | 'reject'>(Type.String({ enum: ['approve', 'reject'] })),
    note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    acknowledge_warnings: Type.Optional(
      Type.Boolean({
        description:
          "Approving a request that carries warnings (an overtime request's `content.limit_warnings`) needs true; without it that id is refused with `warnings_not_acknowledged`",
      }),
    ),
  },
  { additionalProperties: false },
);

/** Requests are made and read by anyone with an employee record (the handler checks); deciding is the approval menu's. */
const signedIn = { access: { kind: 'signed-in', company: true } } as const;
const deciding = { access: { kind: 'menu', menu: 'approval', action: 'write', company: true } } as const;
const historyRead = { access: { kind: 'menu', menu: 'approval-history', action: 'read', company: true } } as const;
const tags = ['approvals'];

export function approvalRoutes(server: FastifyInstance, db: Db, config: Config) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/approvals', {
    config: signedIn,
    schema: {
      operationId: 'listApprovals',
      description:
        'Requests: box=mine (my own), inbox (waiting for my decision), all (what my level may read). Default: inbox for deciders, mine otherwise',
      tags,
      querystring: ListQuery,
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(ApprovalSchema)),
          total: Type.Integer(),
          meta: Type.Ref(MetaSchema),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) =>
      listApprovals(db, scopeOf(request), { ...request.query, ...inboxPaging.page(request.query) }),
  });

  app.post('/v1/approvals', {
    config: signedIn,
    schema: {
      operationId: 'createApproval',
      description:
        'Requests something (leave, overtime, ...) for oneself, or (admins) for an employee; contract requests are made by admins',
      tags,
      body: Type.Ref(ApprovalCreateSchema),
      response: { 201: one(Type.Ref(ApprovalSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const data = await createApproval(db, scopeOf(request), request.body);
      return reply.status(201).send({ data });
    },
  });

  app.get('/v1/approvals/history', {
    config: historyRead,
    schema: {
      operationId: 'listApprovalHistory',
      description: 'Every decision (who, when, level, note), newest first; from/to are days in Asia/Jakarta',
      tags,
      querystring: HistoryQuery,
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(ApprovalHistoryEntrySchema)),
          total: Type.Integer(),
          meta: Type.Ref(MetaSchema),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) =>
      listHistory(db, scopeOf(request), { ...request.query, ...historyPaging.page(request.query) }),
  });

  app.post('/v1/approvals/decisions', {
    config: deciding,
    schema: {
      operationId: 'decideApprovals',
      description: 'Approves or rejects up to 1,000 requests at their current level; answers per id (always 200)',
      tags,
      body: DecisionBody,
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(ApprovalDecisionResultSchema)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await decide(db, scopeOf(request), request.body) }),
  });

  app.get('/v1/approvals/:id', {
    config: signedIn,
    schema: {
      operationId: 'getApproval',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(ApprovalSchema)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await getApproval(db, scopeOf(request), request.params.id),
    }),
  });

  app.get('/v1/approvals/:id/attachment', {
    config: signedIn,
    schema: {
      operationId: 'getApprovalAttachment',
      description:
        "The request's attachment (a leave request's PDF or image), to who may read the request: the requester, its approvers, the admins of its company or department",
      tags,
      params: IdParams,
      response: { 200: Type.String({ format: 'binary' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      const approval = await getApproval(db, scope, request.params.id);
      const attachment = approval?.content.attachment as { name?: string } | null | undefined;
      return sendAttachment(db, config, reply, scope.companyId, attachment?.name);
    },
  });

  app.post('/v1/approvals/:id/withdraw', {
    config: signedIn,
    schema: {
      operationId: 'withdrawApproval',
      description: 'The requester withdraws a pending or partial request; what it held is released',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(ApprovalSchema)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await withdraw(db, scopeOf(request), request.params.id),
    }),
  });

  app.get('/v1/notifications', {
    config: signedIn,
    schema: {
      operationId: 'listNotifications',
      description: 'My latest 100 notifications and how many are unread',
      tags: ['notifications'],
      querystring: Type.Object({ unread: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(NotificationSchema)), unread: Type.Integer() }),
        ...errorResponses,
      },
    },
    handler: async (request) => listNotifications(db, scopeOf(request), request.query),
  });

  app.post('/v1/notifications/read', {
    config: signedIn,
    schema: {
      operationId: 'readNotifications',
      description: 'Marks my notifications read: the ids given, or all',
      tags: ['notifications'],
      body: Type.Object({ ids: Type.Optional(Type.Array(id, { maxItems: 1000 })) }, { additionalProperties: false }),
      response: { 200: one(Type.Object({ unread: Type.Integer() })), ...errorResponses },
    },
    handler: async (request) => ({
      data: await markRead(db, scopeOf(request), request.body?.ids),
    }),
  });
}
