/**
 * `GET /v1/demo-history`: how far the demo's history fill has come (docs/decisions/0080), for the progress card a
 * signed-in user sees while attendance, payroll runs and requests are still being written after a fresh start.
 * `total` is 0 on a database the demo never planned (a real company's database).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { errorResponses, one } from '../http/schemas.ts';
import { fillProgress } from './fill.ts';

export function demoHistoryRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/demo-history', {
    config: { access: { kind: 'signed-in' } },
    logLevel: 'warn',
    schema: {
      operationId: 'demoHistoryProgress',
      tags: ['health'],
      response: {
        200: one(
          Type.Object({
            done: Type.Integer({ minimum: 0, description: 'Steps of the demo history written' }),
            total: Type.Integer({ minimum: 0, description: 'Steps planned; 0 when there is no demo history' }),
          }),
        ),
        ...errorResponses,
      },
    },
    handler: async () => ({ data: await fillProgress(db) }),
  });
}
