import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Level } from '../../common/menu.ts';
import type { Db } from '../db/connect.ts';
import type { jobs } from '../db/schema.ts';
import { mayAccess, scopeOf } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { companyReach, outranks, reachCovers, reachOf, type Scope } from '../scope/scope.ts';
import { findJob } from './repository.ts';

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

/**
 * Who follows a job (issue 24): its starter, and a user who outranks the starter, may read the job's menu and reaches
 * everything the job read (the admin follows a department admin's zip, never the reverse). A starter whose account is
 * gone counts as an employee.
 */
function mayFollow(scope: Scope, job: typeof jobs.$inferSelect, starterLevel: Level | null) {
  if (job.created_by === scope.actor.userId) return true;
  return (
    mayAccess(scope.actor, job.menu, 'read') &&
    outranks(scope.actor.level, starterLevel ?? 'employee') &&
    reachCovers(scope, job.reach ?? companyReach(scope.companyId))
  );
}

export function jobRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/jobs/:id', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'getJob',
      tags: ['jobs'],
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      response: { 200: Type.Object({ data: Type.Ref(JobSchema) }), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const found = await findJob(db, reachOf(scope), request.params.id);
      // Another company's job, or one the caller may not follow, does not exist for them.
      if (!found || !mayFollow(scope, found.job, found.starterLevel)) throw notFound('Job');
      const row = found.job;
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
