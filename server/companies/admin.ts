/**
 * Developer area → companies → "Assign admin" (spec 2.2, issue 26): the developer names a company's admin, either
 * one of the company's people (an employee's account, raised to the admin level) or a new account invited by email
 * (created without a password; the mailed activation link lets them choose it). The company's `admin` then points to
 * that user, whom "Log in as admin" uses. Every assignment is logged in the company's activity log.
 * Queries and writes: ./admin-repository.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { errorResponses, IdParams, one } from '../http/schemas.ts';
import type { Mailer } from '../mail/mailer.ts';
import { adminCandidates, assignAdmin } from './admin-repository.ts';

const Candidate = Type.Object(
  {
    user: Type.String(),
    fullname: Type.String(),
    employee_id: Type.String(),
    username: Type.String(),
    level: Type.String(),
  },
  { $id: 'AdminCandidate' },
);
export const companyAdminSchemas = [Candidate];

export function companyAdminRoutes(fastify: FastifyInstance, db: Db, config: Config, mailer: Mailer) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const access = { kind: 'menu', menu: 'companies', action: 'write', company: false } as const;

  app.get('/v1/companies/:id/admin-candidates', {
    config: { access },
    schema: {
      operationId: 'listAdminCandidates',
      description: "The company's people with an account, to pick its admin from",
      tags: ['companies'],
      params: IdParams,
      querystring: Type.Object(
        { search: Type.Optional(Type.String({ maxLength: 100 })) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(Candidate)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await adminCandidates(db, request.params.id, request.query.search) }),
  });

  app.put('/v1/companies/:id/admin', {
    config: { access },
    schema: {
      operationId: 'assignCompanyAdmin',
      description:
        "Makes one of the company's people its admin (`user`), or invites a new admin by email (`invite`): one of the two",
      tags: ['companies'],
      params: IdParams,
      body: Type.Union([
        Type.Object({ user: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        Type.Object(
          {
            invite: Type.Object(
              {
                fullname: Type.String({ minLength: 1, maxLength: 200 }),
                email: Type.String({ format: 'email', maxLength: 200 }),
              },
              { additionalProperties: false },
            ),
          },
          { additionalProperties: false },
        ),
      ]),
      response: {
        200: one(
          Type.Object({
            company: Type.String(),
            admin: Type.Object({ _id: Type.String(), fullname: Type.String(), username: Type.String() }),
            invited: Type.Boolean(),
          }),
        ),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      const result = await assignAdmin(db, config, mailer, actor, request.params.id, body);
      return { data: result };
    },
  });
}
