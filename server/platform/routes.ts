/** A company user dismisses a banner on their home (spec 2.2 banners): remembered on the server, per user. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import { dismissBanner } from './home.ts';

export function platformRoutes(fastify: FastifyInstance, db: Db) {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post('/v1/banner/:id/dismiss', {
    config: { access: { kind: 'signed-in' } },
    schema: {
      operationId: 'dismissBanner',
      description: 'Hides a banner from my home for good (every device)',
      tags: ['banners'],
      params: IdParams,
      response: { 200: one(Type.Object({ _id: Type.String(), dismissed: Type.Boolean() })), ...errorResponses },
    },
    handler: async (request) => {
      await dismissBanner(db, actorOf(request).userId, request.params.id);
      return { data: { _id: request.params.id, dismissed: true } };
    },
  });
}
