import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { resourcePaging } from '../resources/query.ts';
import { COUNT_CAP, listLogs, logUsers } from './repository.ts';

const LogEntry = Type.Object(
  {
    _id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    user: Nullable(Type.Object({ _id: Type.String(), fullname: Type.String(), username: Type.String() })),
    action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
    menu: Type.String(),
    resource: Type.String(),
    record_id: Nullable(Type.String()),
    detail: Type.String(),
    changes: Nullable(Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }))),
    impersonated: Type.Boolean(),
  },
  { $id: 'ActivityLogEntry' },
);
const LogMeta = Type.Object(
  {
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    capped: Type.Boolean({
      description: `True when counting stopped: at least \`total\` rows match (${COUNT_CAP} counted past the page)`,
    }),
  },
  { $id: 'ActivityLogMeta' },
);
export const activitySchemas = [LogEntry, LogMeta];

/** The activity log (spec 2.3, admin only): filters user, action type and date; search on detail; newest first. */
export function activityRoutes(fastify: FastifyInstance, db: Db) {
  fastify.withTypeProvider<TypeBoxTypeProvider>().get('/v1/logs', {
    config: { access: { kind: 'menu', menu: 'activity-log', action: 'read', company: true } },
    schema: {
      operationId: 'listLogs',
      tags: ['logs'],
      querystring: Type.Object(
        {
          limit: resourcePaging.limit,
          skip: resourcePaging.skip,
          user: Type.Optional(Type.Array(Type.String({ format: 'uuid' }))),
          action: Type.Optional(
            Type.Array(Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')])),
          ),
          date: Type.Optional(
            Type.Array(Type.String({ format: 'date' }), { maxItems: 2, description: 'One day, or two for a range' }),
          ),
          search: Type.Optional(Type.String({ maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({ data: Type.Array(Type.Ref(LogEntry)), meta: Type.Ref(LogMeta) }),
        ...errorResponses,
      },
    },
    handler: async (request) =>
      listLogs(db, scopeOf(request), { ...request.query, ...resourcePaging.page(request.query) }),
  });

  fastify.withTypeProvider<TypeBoxTypeProvider>().get('/v1/logs/users', {
    config: { access: { kind: 'menu', menu: 'activity-log', action: 'read', company: true } },
    schema: {
      operationId: 'listLogUsers',
      tags: ['logs'],
      description: "The company's users, for the activity log's user filter",
      response: {
        200: Type.Object({
          data: Type.Array(Type.Object({ _id: Type.String(), fullname: Type.String(), username: Type.String() })),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => logUsers(db, scopeOf(request)),
  });
}
