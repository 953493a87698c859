/**
 * Creating a company is domain work (docs/decisions/0004): the company and its default lists (./defaults.ts: banks,
 * payroll references and rules, which offer no create) are written in one transaction, so a company never exists
 * without them. The generic machinery serves the rest of /v1/companies; its bulk upsert updates companies only.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { invalid } from '../http/errors.ts';
import { errorResponses, one } from '../http/schemas.ts';
import * as repo from '../resources/repository.ts';
import { insertCompanyDefaults } from './defaults.ts';
import { companiesResource } from './resource.ts';

export function companyRoutes(fastify: FastifyInstance, db: Db) {
  fastify.withTypeProvider<TypeBoxTypeProvider>().post('/v1/companies', {
    config: { access: { kind: 'menu', menu: companiesResource.menu, action: 'write', company: false } },
    schema: {
      operationId: 'createCompany',
      tags: [companiesResource.name],
      body: Type.Ref(companiesResource.createSchema),
      response: { 201: one(Type.Ref(companiesResource.rowSchema)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const caller: repo.Caller = { actor: actorOf(request), companyId: null };
      const input = request.body;
      const errors = await repo.checkRelations(db, companiesResource, caller, [input]);
      if (errors.size) throw invalid(errors.get(0)!);
      const company = await repo.guardUnique(companiesResource, () =>
        db.transaction(async (tx) => {
          const row = await repo.insertRow(tx, companiesResource, caller, input);
          await insertCompanyDefaults(tx, { id: row._id as string, umk: row.umk as number | null });
          return row;
        }),
      );
      reply.status(201);
      return { data: company };
    },
  });
}
