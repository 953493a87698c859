/**
 * Developer area → developer (spec 2.2, 3 "Developer"): the platform's developer accounts (photo, name, phone,
 * email), and the add form's invitation. A developer invites another by name and email: the account is created
 * without a password and an activation link is mailed that opens `/register` with the developer flag (spec 2.2's
 * hidden redirect), where the new developer chooses their own password (`POST /v1/auth/activate`). No developer ever
 * types another's password.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PHONE_PATTERN } from '../../common/contact.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inviteDeveloper, listDevelopers } from './developer-repository.ts';

const Developer = Type.Object(
  {
    _id: Type.String(),
    fullname: Type.String(),
    username: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    photo_url: Nullable(Type.String()),
    blocked: Type.Boolean(),
    activated: Type.Boolean({ description: 'Whether the developer has chosen a password (taken up the invitation)' }),
    created_at: Type.String(),
  },
  { $id: 'Developer' },
);
export const developerSchemas = [Developer];

const access = (action: 'read' | 'write') => ({ kind: 'menu', menu: 'developer', action, company: false }) as const;

export function developerRoutes(fastify: FastifyInstance, db: Db, config: Config, mailer: Mailer) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/developers', {
    config: { access: access('read') },
    schema: {
      operationId: 'listDevelopers',
      tags: ['developers'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(Developer)) }), ...errorResponses },
    },
    handler: async () => ({ data: await listDevelopers(db) }),
  });

  app.post('/v1/developers', {
    config: { access: access('write') },
    schema: {
      operationId: 'inviteDeveloper',
      description:
        'Invites a developer: the account is created without a password and a link to /register?developer=1 is mailed, where they choose it',
      tags: ['developers'],
      body: Type.Object(
        {
          fullname: Type.String({ minLength: 1, maxLength: 200 }),
          email: Type.String({ format: 'email', maxLength: 200 }),
          phone: Type.Optional(Nullable(Type.String({ pattern: PHONE_PATTERN }))),
          photo_url: Type.Optional(
            Nullable(
              Type.String({
                pattern: '^/v1/files/[a-f0-9]{32}\\.(png|jpg)$',
                description: 'An uploaded PNG or JPEG photo (POST /v1/files?accept=photo), checked by content',
              }),
            ),
          ),
        },
        { additionalProperties: false },
      ),
      response: { 201: one(Type.Ref(Developer)), ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const created = await inviteDeveloper(db, config, mailer, actor, body);
      const row = (await listDevelopers(db)).find((developer) => developer._id === created)!;
      reply.status(201);
      return { data: row };
    },
  });
}
