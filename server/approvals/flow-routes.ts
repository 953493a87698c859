/**
 * `/v1/approval-flow` (spec 2.2 approval-flow, admins): list, get, create, update, delete. A flow names contexts,
 * leave types (for leave), members (employees or departments) and ordered levels of approvers (employees, or the
 * requester's supervisor), each level needing one approver unless `mode: 'all'`. Requests snapshot their flow, so an
 * edit applies to new requests only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type ApprovalContext, approvalContexts } from '../../common/approvals.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import { createFlow, deleteFlow, getFlow, listFlows, updateFlow } from './flow-repository.ts';

const id = Type.String({ format: 'uuid' });
const Named = Type.Object({ _id: id, name: Type.String() });
const Context = Type.Unsafe<ApprovalContext>(Type.String({ enum: [...approvalContexts] }));
const Approver = Type.Union([
  Type.Object({ type: Type.Literal('employee'), employee: id }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('supervisor') }, { additionalProperties: false }),
]);
const Level = Type.Object(
  {
    approvers: Type.Array(Approver, { minItems: 1, maxItems: 20 }),
    mode: Type.Unsafe<'any' | 'all'>(Type.String({ enum: ['any', 'all'] })),
  },
  { additionalProperties: false },
);

export const ApprovalFlowInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    context: Type.Array(Context, { minItems: 1, uniqueItems: true }),
    leave_type: Type.Optional(Type.Array(id, { maxItems: 100, uniqueItems: true })),
    members: Type.Object(
      {
        employees: Type.Array(id, { maxItems: 10_000, uniqueItems: true }),
        departments: Type.Array(id, { maxItems: 1000, uniqueItems: true }),
      },
      { additionalProperties: false },
    ),
    levels: Type.Array(Level, { minItems: 1, maxItems: 10 }),
  },
  { $id: 'ApprovalFlowInput', additionalProperties: false },
);

export const ApprovalFlowSchema = Type.Object(
  {
    _id: id,
    name: Type.String(),
    context: Type.Array(Context),
    leave_type: Type.Array(id),
    members: Type.Object({ employees: Type.Array(id), departments: Type.Array(id) }),
    levels: Type.Array(Level),
    /** Names for the ids above. */
    names: Type.Object({
      employees: Type.Array(Named),
      departments: Type.Array(Named),
      leave_types: Type.Array(Named),
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'ApprovalFlow' },
);

export const approvalFlowSchemas = [ApprovalFlowInputSchema, ApprovalFlowSchema];

const read = { access: { kind: 'menu', menu: 'approval-flow', action: 'read', company: true } } as const;
const write = { access: { kind: 'menu', menu: 'approval-flow', action: 'write', company: true } } as const;
const tags = ['approval-flow'];

export function approvalFlowRoutes(server: FastifyInstance, db: Db) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/approval-flow', {
    config: read,
    schema: {
      operationId: 'listApprovalFlows',
      tags,
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(ApprovalFlowSchema)), total: Type.Integer() }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const data = await listFlows(db, scopeOf(request));
      return { data, total: data.length };
    },
  });

  app.get('/v1/approval-flow/:id', {
    config: read,
    schema: {
      operationId: 'getApprovalFlow',
      tags,
      params: IdParams,
      response: { 200: one(Type.Ref(ApprovalFlowSchema)), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await getFlow(db, scopeOf(request), request.params.id) };
    },
  });

  app.post('/v1/approval-flow', {
    config: write,
    schema: {
      operationId: 'createApprovalFlow',
      tags,
      body: Type.Ref(ApprovalFlowInputSchema),
      response: { 201: one(Type.Ref(ApprovalFlowSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const flow = await createFlow(db, scopeOf(request), request.body);
      return reply.status(201).send({ data: flow });
    },
  });

  app.put('/v1/approval-flow/:id', {
    config: write,
    schema: {
      operationId: 'updateApprovalFlow',
      tags,
      params: IdParams,
      body: Type.Ref(ApprovalFlowInputSchema),
      response: { 200: one(Type.Ref(ApprovalFlowSchema)), ...errorResponses },
    },
    handler: async (request) => ({
      data: await updateFlow(db, scopeOf(request), request.params.id, request.body),
    }),
  });

  app.delete('/v1/approval-flow/:id', {
    config: write,
    schema: {
      operationId: 'deleteApprovalFlow',
      description: 'Deletes a flow; requests already made keep the levels they were given',
      tags,
      params: IdParams,
      response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
    },
    handler: async (request) => ({ data: await deleteFlow(db, scopeOf(request), request.params.id) }),
  });
}
