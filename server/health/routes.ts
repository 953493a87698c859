import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';

export function healthRoutes(app: FastifyInstance, database: Database) {
  app.get('/v1/health', {
    config: { access: { kind: 'public' } },
    logLevel: 'warn',
    schema: {
      operationId: 'health',
      tags: ['health'],
      response: {
        200: Type.Object({ status: Type.Literal('ok') }),
        503: Type.Object({ status: Type.Literal('unavailable') }),
      },
    },
    handler: async (_request, reply) => {
      if (await database.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  });
}
