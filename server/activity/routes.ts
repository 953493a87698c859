import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { activityLogs, users } from '../db/schema.ts';
import { scopeOf } from '../http/access.ts';
import { errorResponses, MetaSchema, Nullable } from '../http/schemas.ts';
import { cleanValues, containsPattern, DEFAULT_LIMIT, MAX_LIMIT, wholeDays } from '../resources/query.ts';

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
export const activitySchemas = [LogEntry];

/** The activity log (spec 2.3, admin only): filters user, action type and date; search on detail; newest first. */
export function activityRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/logs', {
    config: { access: { kind: 'menu', menu: 'activity-log', action: 'read', company: true } },
    schema: {
      operationId: 'listLogs',
      tags: ['logs'],
      querystring: Type.Object(
        {
          limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
          skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
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
        200: Type.Object({ data: Type.Array(Type.Ref(LogEntry)), meta: Type.Ref(MetaSchema) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const { companyId } = scopeOf(request);
      const q = request.query as {
        limit?: number;
        skip?: number;
        user?: string[];
        action?: string[];
        date?: string[];
        search?: string;
      };
      const where: (SQL | undefined)[] = [eq(activityLogs.company_id, companyId)];
      const userIds = cleanValues(q.user ?? []);
      if (userIds.length) where.push(inArray(activityLogs.user, userIds));
      const actions = cleanValues(q.action ?? []) as ('create' | 'update' | 'delete')[];
      if (actions.length) where.push(inArray(activityLogs.action, actions));
      const days = cleanValues(q.date ?? []);
      if (days.length) where.push(wholeDays(activityLogs.created_at, days));
      if (q.search?.trim()) where.push(ilike(activityLogs.detail, containsPattern(q.search.trim())));
      const condition = and(...where);
      const limit = q.limit ?? DEFAULT_LIMIT;
      const skip = q.skip ?? 0;
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select({ log: activityLogs, user_id: users.id, fullname: users.fullname, username: users.username })
          .from(activityLogs)
          .leftJoin(users, eq(users.id, activityLogs.user))
          .where(condition)
          .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
          .limit(limit)
          .offset(skip),
        db.select({ total: count() }).from(activityLogs).where(condition),
      ]);
      return {
        data: rows.map(({ log, user_id, fullname, username }) => ({
          _id: log.id,
          created_at: new Date(log.created_at).toISOString(),
          user: user_id ? { _id: user_id, fullname: fullname!, username: username! } : null,
          action: log.action,
          menu: log.menu,
          resource: log.resource,
          record_id: log.record_id,
          detail: log.detail,
          changes: log.changes,
          impersonated: log.impersonator !== null,
        })),
        meta: { total, limit, skip },
      };
    },
  });
}
