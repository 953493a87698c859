/**
 * The auth pages' calls (spec 2.1: register, verification, forgot password). Links go out by mail only, through the
 * one mailer (server/mail/mailer.ts: SMTP, or the outbox the developer reads); replies never carry them, and answer
 * the same whoever the username or email belongs to (docs/decisions/0013).
 */

import { Type } from '@sinclair/typebox';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHONE_PATTERN } from '../../common/contact.ts';
import { canAccess } from '../../common/menu.ts';
import { writeLog } from '../activity/log.ts';
import { insertCompanyDefaults } from '../companies/defaults.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { companies, users } from '../db/schema.ts';
import { actorViewer } from '../http/access.ts';
import { AppError, databaseError, type FieldError, forbidden, invalid } from '../http/errors.ts';
import { errorResponses, one } from '../http/schemas.ts';
import { type Mailer, publicLink } from '../mail/mailer.ts';
import { passwordResetMail, registrationRefusedMail, verificationMail } from '../mail/messages.ts';
import { consumeOneTimeToken, issueOneTimeToken, lifetimeMinutes } from './one-time.ts';
import { hashNewPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import {
  createSession,
  findUserById,
  findUserByLogin,
  hasLeft,
  lockedFor,
  recordFailure,
  revokeUserSessions,
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

export function accountRoutes(app: FastifyInstance, db: Db, config: Config, mailer: Mailer) {
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
      const body = request.body as {
        fullname: string;
        username: string;
        email: string;
        phone?: string;
        password: string;
        company?: { name: string; code: string; phone?: string; address?: string };
        developer?: boolean;
      };
      // A developer adding a developer is signed in and told about clashes; the public form learns nothing.
      if (body.developer) {
        const actor = request.actor;
        if (!actor || !canAccess('developer', actorViewer(actor), 'write')) throw forbidden();
      } else {
        await throttle(db, request, 'register');
      }
      const taken: Record<string, FieldError> = {};
      const clash = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.username})`, body.username.toLowerCase()),
            eq(sql`lower(${users.email})`, body.email.toLowerCase()),
          ),
        );
      if (clash.some((u) => u.username.toLowerCase() === body.username.toLowerCase())) {
        taken.username = { code: 'unique', message: 'is already used' };
      }
      if (clash.some((u) => u.email?.toLowerCase() === body.email.toLowerCase()))
        taken.email = { code: 'unique', message: 'is already used' };

      if (body.developer) {
        const actor = request.actor!;
        if (Object.keys(taken).length) throw invalid(taken);
        const passwordHash = await hashNewPassword(body.password);
        const created = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              fullname: body.fullname,
              username: body.username,
              email: body.email,
              phone: body.phone ?? null,
              level: 'developer',
              password_hash: passwordHash,
              created_by: actor.userId,
            })
            .returning({ id: users.id, username: users.username });
          await writeLog(tx, {
            actor,
            companyId: null,
            action: 'create',
            menu: 'developer',
            resource: 'developers',
            recordId: user!.id,
            detail: `Created developer ${body.fullname} (${body.username})`,
          });
          return user!;
        });
        reply.status(201);
        return { data: { _id: created.id, username: created.username } };
      }

      if (!body.company) throw invalid({ company: { code: 'required', message: 'is required' } });
      const passwordHash = await hashNewPassword(body.password);
      const [sameCode] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(sql`lower(${companies.code})`, body.company.code.toLowerCase()));
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
      const { token } = request.body as { token: string };
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
          const [company] = await tx
            .insert(companies)
            .values({
              name: p.company.name,
              code: p.company.code,
              phone: p.company.phone ?? null,
              address: p.company.address ?? null,
              email: p.email,
            })
            .returning({ id: companies.id });
          // The lists a company cannot add to (banks, payroll references and rules) start filled.
          await insertCompanyDefaults(tx, { id: company!.id });
          const [admin] = await tx
            .insert(users)
            .values({
              company_id: company!.id,
              fullname: p.fullname,
              username: p.username,
              email: p.email,
              phone: p.phone ?? null,
              level: 'admin',
              password_hash: p.password_hash,
            })
            .returning({ id: users.id });
          await tx
            .update(companies)
            .set({ admin: admin!.id, created_by: admin!.id })
            .where(eq(companies.id, company!.id));
          const session = await createSession(tx, config, {
            userId: admin!.id,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          await writeLog(tx, {
            actor: { userId: admin!.id, impersonatorId: null },
            companyId: company!.id,
            action: 'create',
            menu: 'company-info',
            resource: 'companies',
            recordId: company!.id,
            detail: `Registered ${p.company.name} (${p.company.code}) with admin ${p.fullname}`,
          });
          return { session, adminId: admin!.id };
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
      const { token, password } = request.body as { token: string; password: string };
      const passwordHash = await hashNewPassword(password);
      const userId = await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'activation', token);
        if (!used?.user_id) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
        // An employee who has left cannot take up the account: nothing is written (the link stays unused).
        const account = await findUserById(tx, used.user_id);
        if (!account || hasLeft(account.exit_date)) throw new AppError(400, 'invalid_token', 'This account is closed');
        const [user] = await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
          .where(and(eq(users.id, used.user_id), eq(users.blocked, false)))
          .returning({ id: users.id, company_id: users.company_id, fullname: users.fullname });
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
      const { username } = request.body as { username: string };
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
      const { token, password } = request.body as { token: string; password: string };
      const passwordHash = await hashNewPassword(password);
      await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'password_reset', token);
        if (!used?.user_id) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired');
        await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
          .where(eq(users.id, used.user_id));
        // A new password ends every session, including a thief's.
        await revokeUserSessions(tx, used.user_id);
      });
      return { data: { ok: true } };
    },
  });
}
