/**
 * The generic routes every resource gets (spec section 7): list, read, create, update, delete, bulk delete and bulk
 * write (deletions and upserts in one transaction). Each route is its schema plus a thin handler over the repository.
 * `create: false` drops the create route, `remove: false` the delete routes (docs/decisions/0004).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { AppError, invalid } from '../http/errors.ts';
import { errorResponses, IdParams, many, one } from '../http/schemas.ts';
import { compileCheck } from '../http/validation.ts';
import type { Resource } from './define.ts';
import { type ListQuery, listQuerySchema, parsePopulate } from './query.ts';
import * as repo from './repository.ts';

export const BULK_MAX_ROWS = 10_000;

const camel = (name: string) => name.replace(/[-_/](\w)/g, (_, c: string) => c.toUpperCase());

/**
 * `chunkedBulk`: bulk writes go in short transactions (the embedded database's one connection stays free for other
 * requests between them, docs/decisions/0024).
 */
export function resourceRoutes(
  fastify: FastifyInstance,
  db: Db,
  config: Config,
  resource: Resource,
  { chunkedBulk = false } = {},
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = `/v1${resource.path}`;
  const plural = camel(resource.name).replace(/^./, (c) => c.toUpperCase());
  const Name = resource.typeName;
  const tags = [resource.name];
  const read = {
    access: { kind: 'menu', menu: resource.menu, action: 'read', company: resource.scope === 'company' },
  } as const;
  const write = {
    access: { kind: 'menu', menu: resource.menu, action: 'write', company: resource.scope === 'company' },
  } as const;
  const caller = (request: Parameters<typeof actorOf>[0]): repo.Caller => {
    const actor = actorOf(request);
    return { actor, companyId: resource.scope === 'company' ? actor.companyId : null };
  };
  const row = Type.Ref(resource.rowSchema);
  const populate = Type.Object({ populate: Type.Optional(Type.String()) }, { additionalProperties: false });
  const checkCreate = compileCheck(resource.createSchema);
  const checkPatch = compileCheck(Type.Partial(Type.Omit(resource.updateSchema, ['version']) as TObject));

  // The list's reply is JSON the database built (not a value the type provider checks): typed by its route generic.
  fastify.get<{ Querystring: ListQuery }>(base, {
    config: read,
    schema: {
      operationId: `list${plural}`,
      tags,
      querystring: listQuerySchema(resource),
      response: { 200: many(row), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { json, meta } = await repo.list(db, resource, caller(request), request.query);
      // Already JSON, built by the database from the row schema's fields: sent as it is.
      return reply.type('application/json; charset=utf-8').send(`{"data":${json},"meta":${JSON.stringify(meta)}}`);
    },
  });

  app.get(`${base}/:id`, {
    config: read,
    schema: {
      operationId: `get${Name}`,
      tags,
      params: IdParams,
      querystring: populate,
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      const names = parsePopulate(resource, request.query.populate);
      return { data: await repo.findOne(db, resource, caller(request), request.params.id, names) };
    },
  });

  if (resource.create) {
    app.post(base, {
      config: write,
      schema: {
        operationId: `create${Name}`,
        tags,
        body: Type.Ref(resource.createSchema),
        response: { 201: one(row), ...errorResponses },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return { data: await repo.create(db, resource, caller(request), request.body) };
      },
    });
  }

  app.put(`${base}/:id`, {
    config: write,
    schema: {
      operationId: `update${Name}`,
      tags,
      params: IdParams,
      body: Type.Ref(resource.updateSchema),
      response: { 200: one(row), ...errorResponses },
    },
    handler: async (request) => {
      return { data: await repo.update(db, resource, caller(request), request.params.id, request.body) };
    },
  });

  if (resource.remove) {
    app.delete(`${base}/:id`, {
      config: write,
      schema: {
        operationId: `delete${Name}`,
        tags,
        params: IdParams,
        response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
      },
      handler: async (request) => {
        await repo.remove(db, resource, caller(request), [request.params.id]);
        return { data: { _id: request.params.id } };
      },
    });

    app.delete(base, {
      config: write,
      schema: {
        operationId: `deleteMany${plural}`,
        tags,
        body: Type.Object(
          { ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: BULK_MAX_ROWS }) },
          { additionalProperties: false },
        ),
        response: { 200: one(Type.Object({ deleted: Type.Array(Type.String()) })), ...errorResponses },
      },
      handler: async (request) => {
        return { data: { deleted: await repo.remove(db, resource, caller(request), request.body.ids) } };
      },
    });
  }

  const BulkRow = Type.Object(
    { _id: Type.Optional(Type.String({ format: 'uuid' })), version: Type.Optional(Type.Integer({ minimum: 1 })) },
    {
      additionalProperties: true,
      description: `${Name}Create fields; with _id (or a known ${resource.naturalKey ?? '_id'}) the row updates that record and must carry its version (else the row is refused: version_required, or conflict when stale)`,
    },
  );
  const BulkBody = Type.Object(
    {
      rows: Type.Optional(
        Type.Array(BulkRow, {
          maxItems: BULK_MAX_ROWS,
          description: 'Rows to create or update, after the deletions',
        }),
      ),
      delete: Type.Optional(
        Type.Array(Type.String({ format: 'uuid' }), {
          maxItems: BULK_MAX_ROWS,
          description: resource.remove
            ? 'Ids to delete first, in the same transaction: an unknown id is a 404 and nothing is written'
            : `${Name} rows cannot be deleted: any id here is refused (403)`,
        }),
      ),
    },
    {
      additionalProperties: false,
      description: 'At least one of `rows` and `delete` is not empty. All of it is written, or nothing.',
    },
  );
  app.post(`${base}/bulk`, {
    config: write,
    bodyLimit: config.limits.bulkBodyBytes,
    schema: {
      operationId: `bulkUpsert${plural}`,
      tags,
      body: BulkBody,
      response: {
        200: one(
          Type.Object({
            created: Type.Integer(),
            updated: Type.Integer(),
            unchanged: Type.Integer(),
            /** The ids deleted, in the order asked, without repeats. */
            deleted: Type.Array(Type.String()),
            rows: Type.Array(
              Type.Object({
                index: Type.Integer(),
                status: Type.Union([
                  Type.Literal('created'),
                  Type.Literal('updated'),
                  Type.Literal('unchanged'),
                  Type.Literal('invalid'),
                ]),
                _id: Type.Optional(Type.String()),
                version: Type.Optional(Type.Integer()),
              }),
            ),
          }),
        ),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const body = request.body;
      const work = { rows: body.rows ?? [], delete: body.delete ?? [] };
      if (work.rows.length === 0 && work.delete.length === 0) {
        throw invalid(
          { rows: { code: 'required', message: 'is required when nothing is deleted' } },
          'Send rows to save or ids to delete',
        );
      }
      if (work.delete.length && !resource.remove) {
        throw new AppError(403, 'forbidden', `${resource.label} rows cannot be deleted`);
      }
      const validate = (values: Record<string, unknown>, mode: 'create' | 'update') =>
        (mode === 'create' ? checkCreate : checkPatch)(values);
      return { data: await repo.bulkUpsert(db, resource, caller(request), work, validate, { chunked: chunkedBulk }) };
    },
  });
}
