/**
 * `/v1/approval-flow` (spec 2.2 approval-flow, admins): list, get, create, update, delete. A flow names contexts,
 * leave types (for leave), members (employees or departments) and ordered levels of approvers (employees, or the
 * requester's supervisor), each level needing one approver unless `mode: 'all'`. Requests snapshot their flow, so an
 * edit applies to new requests only.
 */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { approvalContexts } from '../../common/approvals.ts';
import type { Db } from '../db/connect.ts';
import { uuidArray } from '../db/sql.ts';
import { type Scope, scopeOf } from '../http/access.ts';
import { databaseError, type FieldError, invalid, notFound } from '../http/errors.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import type { FlowLevel } from './flows.ts';

const id = Type.String({ format: 'uuid' });
const Named = Type.Object({ _id: id, name: Type.String() });
const Approver = Type.Union([
  Type.Object({ type: Type.Literal('employee'), employee: id }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('supervisor') }, { additionalProperties: false }),
]);
const Level = Type.Object(
  {
    approvers: Type.Array(Approver, { minItems: 1, maxItems: 20 }),
    mode: Type.String({ enum: ['any', 'all'] }),
  },
  { additionalProperties: false },
);

export const ApprovalFlowInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    context: Type.Array(Type.String({ enum: [...approvalContexts] }), { minItems: 1, uniqueItems: true }),
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
    context: Type.Array(Type.String({ enum: [...approvalContexts] })),
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

type FlowInput = {
  name: string;
  context: string[];
  leave_type?: string[];
  members: { employees: string[]; departments: string[] };
  levels: FlowLevel[];
};
type FlowRow = {
  id: string;
  name: string;
  context: string[];
  leave_type: string[];
  members: { employees: string[]; departments: string[] };
  levels: FlowLevel[];
  created_at: string;
  updated_at: string;
};

async function present(db: Db, scope: Scope, rows: FlowRow[]) {
  const employeeIds = new Set<string>();
  const departmentIds = new Set<string>();
  const leaveTypeIds = new Set<string>();
  for (const row of rows) {
    for (const e of row.members.employees) employeeIds.add(e);
    for (const d of row.members.departments) departmentIds.add(d);
    for (const l of row.leave_type) leaveTypeIds.add(l);
    for (const level of row.levels)
      for (const a of level.approvers) if (a.type === 'employee') employeeIds.add(a.employee);
  }
  const [employees, departments, leaveTypes] = await Promise.all([
    db.execute(
      sql`select id, fullname as name from employees where company_id = ${scope.companyId} and id = any(${uuidArray([...employeeIds])})`,
    ),
    db.execute(
      sql`select id, name from departments where company_id = ${scope.companyId} and id = any(${uuidArray([...departmentIds])})`,
    ),
    db.execute(
      sql`select id, type as name from leave_rules where company_id = ${scope.companyId} and id = any(${uuidArray([...leaveTypeIds])})`,
    ),
  ]);
  const named = (result: { rows: unknown[] }) =>
    new Map((result.rows as { id: string; name: string }[]).map((r) => [r.id, { _id: r.id, name: r.name }]));
  const [e, d, l] = [named(employees), named(departments), named(leaveTypes)];
  return rows.map((row) => {
    const employeesHere = new Set([
      ...row.members.employees,
      ...row.levels.flatMap((level) => level.approvers.flatMap((a) => (a.type === 'employee' ? [a.employee] : []))),
    ]);
    return {
      _id: row.id,
      name: row.name,
      context: row.context,
      leave_type: row.leave_type,
      members: row.members,
      levels: row.levels,
      names: {
        employees: [...employeesHere].flatMap((id) => e.get(id) ?? []),
        departments: row.members.departments.flatMap((id) => d.get(id) ?? []),
        leave_types: row.leave_type.flatMap((id) => l.get(id) ?? []),
      },
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

const selectFlows = sql`select id, name, context::text[] as context, leave_type, members, levels,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at from approval_flows`;

async function listFlows(db: Db, scope: Scope, flowId?: string) {
  const rows = await db.execute(
    sql`${selectFlows} where company_id = ${scope.companyId} ${flowId ? sql`and id = ${flowId}` : sql``} order by lower(name)`,
  );
  return present(db, scope, rows.rows as FlowRow[]);
}

/** Every id a flow names must be the company's: a field error otherwise (never another company's row). */
async function checkReferences(db: Db, scope: Scope, input: FlowInput) {
  const fields: Record<string, FieldError> = {};
  const approverIds = input.levels.flatMap((level) =>
    level.approvers.flatMap((a) => (a.type === 'employee' ? [a.employee] : [])),
  );
  const checks = [
    ['members.employees', 'employees', input.members.employees],
    ['members.departments', 'departments', input.members.departments],
    ['leave_type', 'leave_rules', input.leave_type ?? []],
    ['levels', 'employees', approverIds],
  ] as const;
  for (const [field, table, ids] of checks) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) continue;
    const found = (
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${scope.companyId} and id = any(${uuidArray(unique)})`,
      )
    ).rows[0] as { n: number };
    if (found.n !== unique.length) fields[field] = { code: 'not_found', message: 'names a record that does not exist' };
  }
  if ((input.leave_type ?? []).length > 0 && !input.context.includes('leave')) {
    fields.leave_type = { code: 'leave_only', message: 'applies to leave flows only' };
  }
  if (input.members.employees.length === 0 && input.members.departments.length === 0) {
    fields.members = { code: 'required', message: 'Members is required' };
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const duplicateName = (error: unknown) => {
  if (databaseError(error)?.code === '23505') {
    return invalid({ name: { code: 'unique', message: 'is already used' } });
  }
  return error;
};

const read = { access: { kind: 'menu', menu: 'approval-flow', action: 'read', company: true } } as const;
const write = { access: { kind: 'menu', menu: 'approval-flow', action: 'write', company: true } } as const;
const tags = ['approval-flow'];

export function approvalFlowRoutes(app: FastifyInstance, db: Db) {
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
      const [flow] = await listFlows(db, scopeOf(request), (request.params as { id: string }).id);
      if (!flow) throw notFound('Approval flow');
      return { data: flow };
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
      const scope = scopeOf(request);
      const input = request.body as FlowInput;
      await checkReferences(db, scope, input);
      const row = await db
        .execute(sql`
          insert into approval_flows (company_id, name, context, leave_type, members, levels, created_by)
          values (${scope.companyId}, ${input.name.trim()}, ${sql`array[${sql.join(
            input.context.map((c) => sql`${c}`),
            sql`, `,
          )}]::approval_context[]`}, ${uuidArray(input.leave_type ?? [])}, ${JSON.stringify(input.members)}::jsonb,
            ${JSON.stringify(input.levels)}::jsonb, ${scope.actor.userId})
          returning id`)
        .catch((error) => {
          throw duplicateName(error);
        });
      const [flow] = await listFlows(db, scope, (row.rows[0] as { id: string }).id);
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
    handler: async (request) => {
      const scope = scopeOf(request);
      const flowId = (request.params as { id: string }).id;
      const input = request.body as FlowInput;
      await checkReferences(db, scope, input);
      const updated = await db
        .execute(sql`
          update approval_flows set name = ${input.name.trim()},
            context = ${sql`array[${sql.join(
              input.context.map((c) => sql`${c}`),
              sql`, `,
            )}]::approval_context[]`}, leave_type = ${uuidArray(input.leave_type ?? [])},
            members = ${JSON.stringify(input.members)}::jsonb, levels = ${JSON.stringify(input.levels)}::jsonb,
            updated_at = now(), version = version + 1
          where id = ${flowId} and company_id = ${scope.companyId} returning id`)
        .catch((error) => {
          throw duplicateName(error);
        });
      if (updated.rows.length === 0) throw notFound('Approval flow');
      const [flow] = await listFlows(db, scope, flowId);
      return { data: flow };
    },
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
    handler: async (request) => {
      const scope = scopeOf(request);
      const deleted = await db.execute(
        sql`delete from approval_flows where id = ${(request.params as { id: string }).id} and company_id = ${scope.companyId} returning id`,
      );
      if (deleted.rows.length === 0) throw notFound('Approval flow');
      return { data: { _id: (request.params as { id: string }).id } };
    },
  });
}
