import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canAccess } from '../../common/menu.ts';
import type { Db } from '../db/connect.ts';
import { jobs } from '../db/schema.ts';
import { actorViewer, scopeOf } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';

export const JobSchema = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    status: Type.Union([
      Type.Literal('queued'),
      Type.Literal('running'),
      Type.Literal('completed'),
      Type.Literal('failed'),
    ]),
    done: Type.Integer(),
    total: Type.Integer(),
    result: Nullable(Type.Record(Type.String(), Type.Unknown())),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Job' },
);
export const jobSchemas = [JobSchema];

/** Where a client follows a job: the progress card polls this route (src/overlays/progress.ts). */
export const jobUrl = (id: string) => `/v1/jobs/${id}`;

export function jobRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/jobs/:id', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'getJob',
      tags: ['jobs'],
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      response: { 200: Type.Object({ data: Type.Ref(JobSchema) }), ...errorResponses },
    },
    handler: async (request) => {
      const { actor, companyId } = scopeOf(request);
      const { id } = request.params as { id: string };
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.company_id, companyId)));
      // Another company's job, or one of a menu the caller may not read, does not exist for them.
      if (!row || !canAccess(row.menu, actorViewer(actor), 'read')) throw notFound('Job');
      return {
        data: {
          _id: row.id,
          kind: row.kind,
          status: row.status,
          done: row.done,
          total: row.total,
          result: (row.result as Record<string, unknown> | null) ?? null,
          error: (row.error as { code: string; message: string } | null) ?? null,
          created_at: row.created_at,
          updated_at: row.updated_at,
        },
      };
    },
  });
}
