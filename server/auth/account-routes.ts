/**
 * The auth pages' calls (spec 2.1: register, verification, forgot password). Links go out by mail only, through the
 * one mailer (server/mail/mailer.ts: SMTP, or the outbox the developer reads); replies never carry them, and answer
 * the same whoever the username or email belongs to (docs/decisions/0013).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { canAccess } from '../../common/menu.ts';
import { writeLog } from '../activity/log.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { actorViewer } from '../http/access.ts';
import { AppError, databaseError, type FieldError, forbidden, invalid } from '../http/errors.ts';
import { errorResponses, one } from '../http/schemas.ts';
import { type Mailer, publicLink } from '../mail/mailer.ts';
import { passwordResetMail, registrationRefusedMail, verificationMail } from '../mail/messages.ts';
import { consumeOneTimeToken, issueOneTimeToken, lifetimeMinutes } from './one-time.ts';
import { hashNewPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import {
  activateAccount,
  companyCodeTaken,
  createSession,
  findUserById,
  findUserByLogin,
  hasLeft,
  insertDeveloper,
  insertRegisteredCompany,
  lockedFor,
  loginClash,
  recordFailure,
  resetPassword,
  userDetail,
} from './repository.ts';
import { Session } from './routes.ts';

const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 200 });
const Username = Type.String({ pattern: '^[a-zA-Z0-9._-]{3,60}$' });
const Email = Type.String({ format: 'email', maxLength: 200 });
const LinkSent = Type.Object(
  {
    /** The address the mail went to if the request was good: what the user typed (null for a password reset). */
    email: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'LinkSent', additionalProperties: false },
);
export const accountSchemas = [LinkSent];

/** Per-IP budget for the public calls that send mail: 20 attempts per 15 minutes, counted before any lookup. */
async function throttle(db: Db, request: FastifyRequest, action: string) {
  const key = `${action}:ip:${request.ip}`;
  if ((await lockedFor(db, [key])) > 0)
    throw new AppError(429, 'too_many_attempts', 'Too many attempts. Try again later.');
  await recordFailure(db, key, 20, 15, 15);
}

export function accountRoutes(parent: FastifyInstance, db: Db, config: Config, mailer: Mailer) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/v1/auth/register', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'register',
      tags: ['auth'],
      body: Type.Object(
        {
          fullname: Type.String({ minLength: 1, maxLength: 200 }),
          username: Username,
          email: Email,
          phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN })),
          password: Password,
          company: Type.Optional(
            Type.Object(
              {
                name: Type.String({ minLength: 1, maxLength: 200 }),
                code: Type.String({ pattern: '^[A-Z0-9]{1,20}$' }),
                phone: Type.Optional(Type.String({ maxLength: 30 })),
                address: Type.Optional(Type.String({ maxLength: 500 })),
              },
              { additionalProperties: false },
            ),
          ),
          /** Set by the developer add form: creates a developer, and only a signed-in developer may. */
          developer: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      response: {
        200: one(Type.Ref(LinkSent)),
        201: one(Type.Object({ _id: Type.String(), username: Type.String() })),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const body = request.body;
      // A developer adding a developer is signed in and told about clashes; the public form learns nothing.
      if (body.developer) {
        const actor = request.actor;
        if (!actor || !canAccess('developer', actorViewer(actor), 'write')) throw forbidden();
      } else {
        await throttle(db, request, 'register');
      }
      const taken: Record<string, FieldError> = {};
      const clash = await loginClash(db, body.username, body.email);
      if (clash.username) taken.username = { code: 'unique', message: 'is already used' };
      if (clash.email) taken.email = { code: 'unique', message: 'is already used' };

      if (body.developer) {
        const actor = request.actor!;
        if (Object.keys(taken).length) throw invalid(taken);
        const passwordHash = await hashNewPassword(body.password);
        const created = await db.transaction(async (tx) => {
          const user = await insertDeveloper(tx, { ...body, password_hash: passwordHash }, actor.userId);
          await writeLog(tx, {
            actor,
            companyId: null,
            action: 'create',
            menu: 'developer',
            resource: 'developers',
            recordId: user.id,
            detail: `Created developer ${body.fullname} (${body.username})`,
          });
          return user;
        });
        reply.status(201);
        return { data: { _id: created.id, username: created.username } };
      }

      if (!body.company) throw invalid({ company: { code: 'required', message: 'is required' } });
      const passwordHash = await hashNewPassword(body.password);
      const sameCode = await companyCodeTaken(db, body.company.code);
      const recipient = { email: body.email, name: body.fullname };
      const refusals = [
        taken.email ? 'this email address already has an account' : null,
        taken.username ? `the username ${body.username} is taken` : null,
        sameCode ? `the company code ${body.company.code} is taken` : null,
      ].filter((reason) => reason !== null);
      if (refusals.length) {
        // The same reply as a registration that goes on: only the mailbox's owner learns why it did not.
        await mailer.send(db, [
          registrationRefusedMail(recipient, refusals, publicLink(config, '/forgot-password', {})),
        ]);
        return { data: { email: body.email } };
      }
      const { password: _password, developer: _, ...rest } = body;
      const token = await issueOneTimeToken(db, 'registration', { payload: { ...rest, password_hash: passwordHash } });
      const link = publicLink(config, '/verification', { token });
      await mailer.send(db, [verificationMail(recipient, body.company.name, link)]);
      return { data: { email: body.email } };
    },
  });

  app.post('/v1/auth/verify', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'verifyRegistration',
      tags: ['auth'],
      body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }, { additionalProperties: false }),
      response: { 200: one(Type.Ref(Session)), ...errorResponses },
    },
    handler: async (request) => {
      const { token } = request.body;
      const result = await db
        .transaction(async (tx) => {
          const used = await consumeOneTimeToken(tx, 'registration', token);
          if (!used?.payload) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
          const p = used.payload as {
            fullname: string;
            username: string;
            email: string;
            phone?: string;
            password_hash: string;
            company: { name: string; code: string; phone?: string; address?: string };
          };
          const { company, ...admin } = p;
          const created = await insertRegisteredCompany(tx, admin, company);
          const session = await createSession(tx, config, {
            userId: created.adminId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          await writeLog(tx, {
            actor: { userId: created.adminId, impersonatorId: null },
            companyId: created.companyId,
            action: 'create',
            menu: 'company-info',
            resource: 'companies',
            recordId: created.companyId,
            detail: `Registered ${p.company.name} (${p.company.code}) with admin ${p.fullname}`,
          });
          return { session, adminId: created.adminId };
        })
        .catch((error: unknown) => {
          if (databaseError(error)?.code === '23505') {
            throw new AppError(409, 'already_registered', 'This company or account was registered meanwhile');
          }
          throw error;
        });
      const user = await findUserById(db, result.adminId);
      return { data: { token: result.session, user: userDetail(user!) } };
    },
  });

  app.post('/v1/auth/activate', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'activateAccount',
      description: 'An invited employee sets their password with the link from their invitation, and is signed in',
      tags: ['auth'],
      body: Type.Object(
        { token: Type.String({ minLength: 10, maxLength: 200 }), password: Password },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Ref(Session)), ...errorResponses },
    },
    handler: async (request) => {
      await throttle(db, request, 'activate');
      const { token, password } = request.body;
      const passwordHash = await hashNewPassword(password);
      const userId = await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'activation', token);
        if (!used?.user_id) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
        // An employee who has left cannot take up the account: nothing is written (the link stays unused).
        const account = await findUserById(tx, used.user_id);
        if (!account || hasLeft(account.exit_date)) throw new AppError(400, 'invalid_token', 'This account is closed');
        const user = await activateAccount(tx, used.user_id, passwordHash);
        if (!user) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
        await writeLog(tx, {
          actor: { userId: user.id, impersonatorId: null },
          companyId: user.company_id,
          action: 'update',
          menu: 'active-employees',
          resource: 'employee-accounts',
          recordId: user.id,
          detail: `Activated the account of ${user.fullname}`,
        });
        return user.id;
      });
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
      const session = await createSession(db, config, {
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { data: { token: session, user: userDetail(user) } };
    },
  });

  app.post('/v1/auth/forgot-password', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'forgotPassword',
      tags: ['auth'],
      body: Type.Object(
        { username: Type.String({ minLength: 1, maxLength: 200, description: 'Username or email' }) },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Ref(LinkSent)), ...errorResponses },
    },
    handler: async (request) => {
      await throttle(db, request, 'reset');
      const { username } = request.body;
      const user = await findUserByLogin(db, username.trim());
      // The same reply whether the account exists or not: nothing to enumerate.
      if (user && !user.blocked && !hasLeft(user.exit_date)) {
        const token = await issueOneTimeToken(db, 'password_reset', { userId: user.id });
        const link = publicLink(config, '/forgot-password', { token });
        const to = { email: user.email, name: user.fullname, companyId: user.company_id };
        await mailer.send(db, [passwordResetMail(to, user.username, link, lifetimeMinutes.password_reset)]);
      }
      return { data: { email: null } };
    },
  });

  app.post('/v1/auth/reset-password', {
    config: { access: { kind: 'public' } },
    schema: {
      operationId: 'resetPassword',
      tags: ['auth'],
      body: Type.Object(
        { token: Type.String({ minLength: 10, maxLength: 200 }), password: Password },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Object({ ok: Type.Boolean() })), ...errorResponses },
    },
    handler: async (request) => {
      const { token, password } = request.body;
      const passwordHash = await hashNewPassword(password);
      await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'password_reset', token);
        if (!used?.user_id) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
        await resetPassword(tx, used.user_id, passwordHash);
      });
      return { data: { ok: true } };
    },
  });
}
