import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from '../http/errors.ts';

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
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const });
    },
  });
}

/**
 * While the embedded database's process is being restarted (decision 0115), an API request is a 503
 * `database_unavailable` with Retry-After at once, before signing in reads the sessions table; health answers itself.
 * Registered before the access hook. A request already waiting on the database when it died fails with the lost
 * connection, which the error handler answers the same way.
 */
export function installDatabaseGate(app: FastifyInstance, database: Database) {
  app.addHook('onRequest', async (request) => {
    if (database.available() || !request.url.startsWith('/v1/') || request.url.startsWith('/v1/health')) return;
    throw databaseUnavailable();
  });
}
