import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jakartaToday } from '../../common/employment.ts';
import { insertCompanyDefaults } from '../companies/defaults.ts';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/connect.ts';
import { accessRoles, companies, employees, loginThrottle, sessions, users } from '../db/schema.ts';
import type { Actor } from '../http/access.ts';
import { companyReach, inCompany, sameCompany } from '../scope/scope.ts';
import { hashToken, newToken } from './tokens.ts';

export const userDetailColumns = {
  id: users.id,
  fullname: users.fullname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  level: users.level,
  blocked: users.blocked,
  photo_url: users.photo_url,
  password_hash: users.password_hash,
  company_id: users.company_id,
  company_name: companies.name,
  company_code: companies.code,
  company_logo: companies.logo_url,
  features: companies.features,
  permissions: accessRoles.permissions,
  access_role_id: accessRoles.id,
  access_level: accessRoles.access_level,
  /** The exit date of the user's employee record: from that day on (Asia/Jakarta) the account cannot sign in. */
  exit_date: employees.exit_date,
};

/** Whether an employee has left by today (Asia/Jakarta): their account is closed from their exit date on. */
export const hasLeft = (exitDate: string | null | undefined) => !!exitDate && exitDate <= jakartaToday();

type UserRow = Awaited<ReturnType<typeof findUser>>;

/** One user with their company and access role, or undefined. */
async function findUser(db: Executor, where: SQL) {
  const [row] = await db
    .select(userDetailColumns)
    .from(users)
    .leftJoin(companies, sameCompany(users, companies.id))
    .leftJoin(accessRoles, eq(accessRoles.id, users.access_role))
    .leftJoin(employees, and(eq(employees.user, users.id), sameCompany(employees, users)))
    .where(where)
    .limit(1);
  return row;
}

/** By username or email, case-insensitively. */
export const findUserByLogin = (db: Db, login: string) =>
  findUser(
    db,
    or(eq(sql`lower(${users.username})`, login.toLowerCase()), eq(sql`lower(${users.email})`, login.toLowerCase()))!,
  );

export const findUserById = (db: Executor, id: string) => findUser(db, eq(users.id, id));

/** The user detail of spec 3 (`GET auth/me`). */
export function userDetail(row: NonNullable<UserRow>, impersonator: { _id: string; fullname: string } | null = null) {
  return {
    _id: row.id,
    fullname: row.fullname,
    username: row.username,
    email: row.email,
    phone: row.phone,
    level: row.level,
    photo_url: row.photo_url,
    company: row.company_id
      ? {
          _id: row.company_id,
          name: row.company_name ?? '',
          code: row.company_code ?? '',
          logo_url: row.company_logo,
          features: row.features ?? {},
        }
      : null,
    access_role: row.access_role_id
      ? { _id: row.access_role_id, access_level: row.access_level ?? '', permissions: row.permissions ?? [] }
      : { permissions: [] },
    impersonator,
  };
}

export async function createSession(
  db: Executor,
  config: Config,
  input: { userId: string; impersonatorId?: string; ip: string; userAgent: string | undefined },
) {
  const token = newToken();
  const lifetimeMs = input.impersonatorId
    ? config.session.impersonationMinutes * 60_000
    : config.session.absoluteHours * 3_600_000;
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: input.userId,
    impersonator_id: input.impersonatorId ?? null,
    expires_at: new Date(Date.now() + lifetimeMs).toISOString(),
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

const impersonators = alias(users, 'impersonators');

/**
 * The actor behind a bearer token, or null when the token is unknown, revoked, expired or idle too long, or its user
 * (or the developer acting as them) is blocked.
 */
export async function actorForToken(db: Db, config: Config, token: string): Promise<Actor | null> {
  const idleSince = new Date(Date.now() - config.session.idleMinutes * 60_000).toISOString();
  const now = new Date().toISOString();
  const [row] = await db
    .select({
      session_id: sessions.id,
      last_used_at: sessions.last_used_at,
      impersonator_id: sessions.impersonator_id,
      user_id: users.id,
      level: users.level,
      username: users.username,
      fullname: users.fullname,
      blocked: users.blocked,
      company_id: users.company_id,
      company_code: companies.code,
      features: companies.features,
      permissions: accessRoles.permissions,
      department_id: employees.department,
      exit_date: employees.exit_date,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(companies, sameCompany(users, companies.id))
    .leftJoin(accessRoles, eq(accessRoles.id, users.access_role))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonator_id))
    .leftJoin(employees, and(eq(employees.user, users.id), sameCompany(employees, users)))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        gt(sessions.expires_at, now),
        gt(sessions.last_used_at, idleSince),
        or(isNull(sessions.impersonator_id), eq(impersonators.blocked, false)),
      ),
    )
    .limit(1);
  if (!row || row.blocked || hasLeft(row.exit_date)) return null;
  // Touch the session at most once a minute: not a write per request.
  if (Date.parse(row.last_used_at) < Date.now() - 60_000) {
    await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, row.session_id));
  }
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    level: row.level,
    username: row.username,
    fullname: row.fullname,
    companyId: row.company_id,
    companyCode: row.company_code,
    features: row.features ?? {},
    permissions: row.permissions ?? [],
    impersonatorId: row.impersonator_id,
    departmentId: row.department_id ?? null,
  };
}

export const revokeSession = (db: Executor, sessionId: string) => db.delete(sessions).where(eq(sessions.id, sessionId));

/** Ends every session of a user at once (blocked, deleted, password changed). */
export const revokeUserSessions = (db: Executor, userId: string) =>
  db.delete(sessions).where(or(eq(sessions.user_id, userId), eq(sessions.impersonator_id, userId)));

// --- Login throttling: counters in the database, so every API process sees the same numbers. ---

export async function lockedFor(db: Db, keys: string[]): Promise<number> {
  const rows = await db
    .select({ locked_until: loginThrottle.locked_until })
    .from(loginThrottle)
    .where(sql`${loginThrottle.key} in ${keys}`);
  const until = Math.max(0, ...rows.map((r) => (r.locked_until ? Date.parse(r.locked_until) : 0)));
  return Math.max(0, until - Date.now());
}

export async function recordFailure(db: Db, key: string, limit: number, windowMinutes: number, lockMinutes: number) {
  const windowStart = new Date(Date.now() - windowMinutes * 60_000).toISOString();
  const lockUntil = new Date(Date.now() + lockMinutes * 60_000).toISOString();
  await db.execute(sql`
    insert into login_throttle (key, failures, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when login_throttle.window_started_at < ${windowStart} then 1 else login_throttle.failures + 1 end,
      window_started_at = case when login_throttle.window_started_at < ${windowStart} then now() else login_throttle.window_started_at end,
      locked_until = case
        when login_throttle.window_started_at >= ${windowStart} and login_throttle.failures + 1 >= ${limit} then ${lockUntil}::timestamptz
        else login_throttle.locked_until end`);
}

export const clearFailures = (db: Db, key: string) => db.delete(loginThrottle).where(eq(loginThrottle.key, key));

// --- Accounts: registration, activation, password reset and the developer's "log in as the admin". ---

/** Which of a username and an email (case-insensitively) users already sign in with, across the platform. */
export async function loginClash(db: Executor, username: string, email: string) {
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
  return {
    username: clash.some((u) => u.username.toLowerCase() === username.toLowerCase()),
    email: clash.some((u) => u.email?.toLowerCase() === email.toLowerCase()),
  };
}

/** Is a company code taken (case-insensitively)? */
export async function companyCodeTaken(db: Executor, code: string) {
  const [same] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(sql`lower(${companies.code})`, code.toLowerCase()));
  return !!same;
}

export interface NewUser {
  fullname: string;
  username: string;
  email: string;
  phone?: string;
  password_hash: string;
}

/** A developer account (platform-wide: no company), added by a signed-in developer. */
export async function insertDeveloper(tx: Executor, user: NewUser, createdBy: string) {
  const [created] = await tx
    .insert(users)
    .values({
      fullname: user.fullname,
      username: user.username,
      email: user.email,
      phone: user.phone ?? null,
      level: 'developer',
      password_hash: user.password_hash,
      created_by: createdBy,
    })
    .returning({ id: users.id, username: users.username });
  return created!;
}

/**
 * A verified registration: the company, the lists it cannot add to (banks, payroll references and rules) filled, and
 * its admin, who owns and created it. Returns both ids.
 */
export async function insertRegisteredCompany(
  tx: Executor,
  admin: NewUser,
  company: { name: string; code: string; phone?: string; address?: string },
) {
  const [created] = await tx
    .insert(companies)
    .values({
      name: company.name,
      code: company.code,
      phone: company.phone ?? null,
      address: company.address ?? null,
      email: admin.email,
    })
    .returning({ id: companies.id });
  const reach = companyReach(created!.id);
  await insertCompanyDefaults(tx, { id: reach.companyId });
  const [user] = await tx
    .insert(users)
    .values({
      company_id: reach.companyId,
      fullname: admin.fullname,
      username: admin.username,
      email: admin.email,
      phone: admin.phone ?? null,
      level: 'admin',
      password_hash: admin.password_hash,
    })
    .returning({ id: users.id });
  await tx.update(companies).set({ admin: user!.id, created_by: user!.id }).where(eq(companies.id, reach.companyId));
  return { companyId: reach.companyId, adminId: user!.id };
}

/** An invited user sets their first password; nothing when the account is blocked. */
export async function activateAccount(tx: Executor, userId: string, passwordHash: string) {
  const [user] = await tx
    .update(users)
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where(and(eq(users.id, userId), eq(users.blocked, false)))
    .returning({ id: users.id, company_id: users.company_id, fullname: users.fullname });
  return user;
}

/** A new password (a reset link): every session of the user ends with it, a thief's included. */
export async function resetPassword(tx: Executor, userId: string, passwordHash: string) {
  await tx
    .update(users)
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId);
}

/** A company and its admin's account when that account is active in the company (else `admin` undefined). */
export async function companyWithAdmin(db: Db, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company?.admin) return { company, admin: undefined };
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, company.admin), inCompany(companyReach(company.id), users), eq(users.blocked, false)));
  return { company, admin };
}
