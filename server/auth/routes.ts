import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { levels } from '../../common/menu.ts';
import { writeLog } from '../activity/log.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorOf } from '../http/access.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable, one } from '../http/schemas.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearFailures,
  companyWithAdmin,
  createSession,
  findUserById,
  findUserByLogin,
  hasLeft,
  lockedFor,
  recordFailure,
  revokeSession,
  userDetail,
} from './repository.ts';

const CompanySummary = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    code: Type.String(),
    logo_url: Nullable(Type.String()),
    features: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'CompanySummary' },
);
export const UserDetail = Type.Object(
  {
    _id: Type.String(),
    fullname: Type.String(),
    username: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    level: Type.Union(levels.map((level) => Type.Literal(level))),
    photo_url: Nullable(Type.String()),
    company: Nullable(Type.Ref(CompanySummary)),
    access_role: Type.Object({
      _id: Type.Optional(Type.String()),
      access_level: Type.Optional(Type.String()),
      permissions: Type.Array(Type.String()),
    }),
    impersonator: Nullable(Type.Object({ _id: Type.String(), fullname: Type.String() })),
  },
  { $id: 'UserDetail' },
);
export const authSchemas = [CompanySummary, UserDetail];

export const Session = Type.Object({ token: Type.String(), user: Type.Ref(UserDetail) }, { $id: 'Session' });
authSchemas.push(Session as never);

const INVALID = 'Invalid username or password';

export function authRoutes(parent: FastifyInstance, db: Db, config: Config) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/v1/auth/login', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'login',
      tags: ['auth'],
      body: Type.Object(
        {
          username: Type.String({ minLength: 1, maxLength: 200, description: 'Username or email' }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Ref(Session)), ...errorResponses },
    },
    handler: async (request) => {
      const { username, password } = request.body;
      const login = username.trim().toLowerCase();
      // Throttled by the account the text resolves to (a username and its email are one account), and by address with
      // a limit high enough that one NAT address cannot lock out an office: an address others' failures marked still
      // signs in with the right password until it passes that limit (docs/decisions/0013).
      const user = await findUserByLogin(db, login);
      const accountKey = user ? `account:${user.id}` : `login:${login}`;
      const ipKey = `ip:${request.ip}`;
      const waitMs = await lockedFor(db, [accountKey, ipKey]);
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        throw new AppError(
          429,
          'too_many_attempts',
          `Too many failed sign-in attempts. Try again in ${minutes} minute(s).`,
          undefined,
          {
            retry_after_minutes: minutes,
          },
        );
      }
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok || user.blocked || hasLeft(user.exit_date)) {
        const { accountFailures, ipFailures, windowMinutes, lockMinutes } = config.throttle;
        await recordFailure(db, accountKey, accountFailures, windowMinutes, lockMinutes);
        await recordFailure(db, ipKey, ipFailures, windowMinutes, lockMinutes);
        // One answer for unknown users, wrong passwords and blocked accounts: nothing to enumerate.
        throw new AppError(401, 'invalid_credentials', INVALID);
      }
      await clearFailures(db, accountKey);
      const token = await createSession(db, config, {
        userId: user.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { data: { token, user: userDetail(user) } };
    },
  });

  app.delete('/v1/auth/logout', {
    config: { access: { kind: 'signed-in' } },
    schema: {
      operationId: 'logout',
      tags: ['auth'],
      response: { 200: one(Type.Object({ ok: Type.Boolean() })), ...errorResponses },
    },
    handler: async (request) => {
      await revokeSession(db, actorOf(request).sessionId);
      return { data: { ok: true } };
    },
  });

  app.get('/v1/auth/me', {
    config: { access: { kind: 'signed-in' } },
    schema: { operationId: 'me', tags: ['auth'], response: { 200: one(Type.Ref(UserDetail)), ...errorResponses } },
    handler: async (request) => {
      const actor = actorOf(request);
      const user = await findUserById(db, actor.userId);
      if (!user) throw unauthorized();
      const impersonator = actor.impersonatorId ? await findUserById(db, actor.impersonatorId) : null;
      return {
        data: userDetail(user, impersonator ? { _id: impersonator.id, fullname: impersonator.fullname } : null),
      };
    },
  });

  /** "Log in as the admin" on the companies screen (spec 2.2): a developer acts as a company's admin. */
  app.post('/v1/companies/:id/impersonate', {
    config: { access: { kind: 'menu', menu: 'companies', action: 'write' } },
    schema: {
      operationId: 'impersonateCompanyAdmin',
      tags: ['companies'],
      params: IdParams,
      response: { 200: one(Type.Ref(Session)), ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      if (actor.impersonatorId) throw new AppError(403, 'already_impersonating', 'Log out of the company first');
      const { company, admin } = await companyWithAdmin(db, request.params.id);
      if (!company) throw notFound('Company');
      if (!admin) throw new AppError(409, 'no_admin', 'This company has no active admin. Assign one first.');
      const token = await db.transaction(async (tx) => {
        const token = await createSession(tx, config, {
          userId: admin.id,
          impersonatorId: actor.userId,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await writeLog(tx, {
          actor,
          companyId: company.id,
          action: 'create',
          menu: 'companies',
          resource: 'impersonation',
          recordId: admin.id,
          detail: `Developer ${actor.fullname} logged in as the admin of ${company.name}`,
        });
        return token;
      });
      const user = await findUserById(db, admin.id);
      return { data: { token, user: userDetail(user!, { _id: actor.userId, fullname: actor.fullname }) } };
    },
  });
}
