/**
 * Employee behaviour beyond the generic record: finding an employee by their account, the exit flow and rehiring,
 * the account behind an employee, their BPJS contributions, and the signed-in employee's own record.
 */
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { bpjsContributions } from '../../common/bpjs.ts';
import { jakartaToday } from '../../common/employment.ts';
import { writeLog } from '../activity/log.ts';
import { issueOneTimeToken } from '../auth/one-time.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/repository.ts';
import type { Db, Executor } from '../db/connect.ts';
import { companies, employeeFamily, employees, oneTimeTokens, users } from '../db/schema.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import type { Resource } from '../resources/define.ts';
import * as repo from '../resources/repository.ts';
import { inCompany, ownEmployee, requireOutranks, type Scope, sameCompanySql } from '../scope/scope.ts';
import { allEmployeesResource, employeesResource } from './resource.ts';

type Row = Record<string, unknown>;

/** Rows per statement when creating accounts. */
const ACCOUNT_BATCH = 250;

/**
 * The user accounts of new employees (level employee, no password until activated), a batch per statement inside the
 * caller's transaction. Returns their ids in the order of `accounts`.
 */
export async function insertAccounts(
  tx: Executor,
  caller: Scope,
  /** `email` when decided already (an import's check); else the values' email, unless another company holds it. */
  accounts: readonly { values: Row; username: string; email?: string | null }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < accounts.length; i += ACCOUNT_BATCH) {
    const chunk = accounts.slice(i, i + ACCOUNT_BATCH);
    const undecided = chunk.filter((account) => account.email === undefined);
    const elsewhere = await emailsElsewhere(
      tx,
      caller,
      undecided.map(({ values }) => values.email),
    );
    const inserted = await tx
      .insert(users)
      .values(
        chunk.map(({ values, username, email }) => ({
          company_id: caller.companyId,
          fullname: String(values.fullname),
          username,
          email: email === undefined ? signInEmail(values.email, elsewhere) : email,
          phone: (values.phone as string | null | undefined) ?? null,
          level: 'employee' as const,
          created_by: caller.actor.userId,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const byName = new Map(inserted.map((user) => [user.username, user.id]));
    ids.push(...chunk.map((account) => byName.get(account.username)!));
  }
  return ids;
}

/**
 * Emails (lower case) that users of other companies (or the platform) already sign in with: sign-in emails are unique
 * across the platform, but another company's are never disclosed (docs/decisions/0126).
 */
async function emailsElsewhere(tx: Executor, caller: Scope, emails: readonly unknown[]): Promise<Set<string>> {
  const wanted = [
    ...new Set(emails.filter((e): e is string => typeof e === 'string' && e !== '').map((e) => e.toLowerCase())),
  ];
  if (!wanted.length) return new Set();
  const found = await tx
    .select({
      email: sql<string>`lower(${users.email})`,
      own: sql<boolean>`coalesce(${inCompany(caller, users)}, false)`,
    })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  return new Set(found.filter((user) => !user.own).map((user) => user.email));
}

/** A new account's sign-in email: none when another company's user holds it (the employee record keeps it). */
const signInEmail = (email: unknown, elsewhere: ReadonlySet<string>) =>
  typeof email === 'string' && email !== '' && !elsewhere.has(email.toLowerCase()) ? email : null;

/** The employee whose account is `userId`: the detail editor's id (spec 2.1). 404 when not the caller's to see. */
export async function findByUser(db: Db, caller: Scope, userId: string, populate: string[]) {
  const query = { user: userId, populate: populate.join(','), limit: 1 };
  const { json } = await repo.list(db, allEmployeesResource, caller, query);
  const [row] = JSON.parse(json) as Row[];
  if (!row) throw notFound('Employee');
  return row;
}

export interface ExitInput {
  version: number;
  exit_reason: 'resign' | 'phk';
  exit_date: string;
}

/**
 * The exit flow: sets the exit reason and date. From that date (Asia/Jakarta) the employee is on the resigned list
 * and their account cannot sign in (checked at sign-in and on every request), so no session outlives it.
 */
export async function exit(db: Db, caller: Scope, id: string, input: ExitInput) {
  const current = await repo.findOne(db, allEmployeesResource, caller, id);
  await requireOutranksHolder(db, caller, current);
  if (typeof current.join_date === 'string' && input.exit_date < current.join_date) {
    throw invalid({ exit_date: { code: 'before_join', message: 'must not be before the join date' } });
  }
  return repo.update(db, allEmployeesResource, caller, id, { ...input });
}

/**
 * The rank rule of server/scope for exiting and rehiring: only a user of a higher level than the employee's account,
 * never oneself (a sub-admin cannot exit the company admin, issue 24).
 */
async function requireOutranksHolder(db: Db, caller: Scope, employee: Row) {
  for (const holder of await repo.holdersOf(db, allEmployeesResource, [employee])) {
    requireOutranks(caller.actor, holder);
  }
}

/** Rehire: clears the exit fields, so the employee is active again and may sign in. */
export async function rehire(db: Db, caller: Scope, id: string, version: number) {
  const current = await repo.findOne(db, allEmployeesResource, caller, id);
  await requireOutranksHolder(db, caller, current);
  if (current.exit_date === null) {
    throw new AppError(409, 'not_exited', 'This employee has no exit date: there is nothing to rehire');
  }
  return repo.update(db, allEmployeesResource, caller, id, { version, exit_reason: null, exit_date: null });
}

const accountColumns = {
  _id: users.id,
  fullname: users.fullname,
  username: users.username,
  /**
   * The sign-in email, or when the account has none the employee record's: an address another company's user signs
   * in with is kept on the record only, and the reply says nothing about that (docs/decisions/0126).
   */
  email: sql<
    string | null
  >`coalesce(${users.email}, (select e.email from employees e where e.user_id = ${sql.identifier('users')}.id and ${sameCompanySql('e', 'users')} limit 1))`,
  phone: users.phone,
  photo_url: users.photo_url,
  blocked: users.blocked,
  level: users.level,
  /** Whether the user has set a password (activated the account); until then an activation link may be issued. */
  activated: sql<boolean>`${users.password_hash} is not null`,
};

/** The user id behind an employee the caller may see (tenancy and department through the generic repository). */
async function accountId(db: Db, caller: Scope, id: string): Promise<string> {
  const employee = await repo.findOne(db, allEmployeesResource, caller, id);
  return employee.user as string;
}

async function readAccount(db: Db, where: SQL) {
  const [account] = await db.select(accountColumns).from(users).where(where);
  if (!account) throw notFound('Account');
  return account;
}

export async function account(db: Db, caller: Scope, id: string) {
  const userId = await accountId(db, caller, id);
  return readAccount(db, and(eq(users.id, userId), inCompany(caller, users))!);
}

/**
 * A fresh activation link for an employee's account that is not activated yet (issue 10 section 1, decision 0013):
 * for the user who invited them or a company admin, never an employee-level caller. Older unused activation links of
 * the user stop working; the new one is mailed (`deliver`, through the caller's transaction) and returned.
 */
export async function reissueActivation(
  db: Db,
  caller: Scope,
  id: string,
  deliver: (tx: Executor, token: string, person: { email: string | null; fullname: string }) => Promise<string>,
): Promise<string> {
  const userId = await accountId(db, caller, id);
  return db.transaction(async (tx) => {
    const where = and(eq(users.id, userId), inCompany(caller, users))!;
    const [user] = await tx
      .select({
        fullname: users.fullname,
        username: users.username,
        email: users.email,
        level: users.level,
        created_by: users.created_by,
        activated: isNotNull(users.password_hash),
      })
      .from(users)
      .where(where)
      .for('update');
    if (!user) throw notFound('Account');
    const inviter = user.created_by !== null && user.created_by === caller.actor.userId;
    if (
      caller.actor.level === 'employee' ||
      (!inviter && caller.actor.level !== 'admin') ||
      user.level !== 'employee'
    ) {
      throw new AppError(
        403,
        'forbidden',
        'Only the inviter or a company admin may get this account’s activation link',
      );
    }
    if (user.activated) {
      throw new AppError(409, 'already_activated', 'This account is already activated: it needs no activation link');
    }
    await tx
      .update(oneTimeTokens)
      .set({ used_at: sql`now()` })
      .where(
        and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.purpose, 'activation'), isNull(oneTimeTokens.used_at)),
      );
    const token = await issueOneTimeToken(tx, 'activation', { userId });
    const link = await deliver(tx, token, { email: user.email, fullname: user.fullname });
    await writeLog(tx, {
      actor: caller.actor,
      companyId: caller.companyId,
      action: 'update',
      menu: employeesResource.menu,
      resource: 'employee-accounts',
      recordId: userId,
      detail: `Issued a new activation link for ${user.fullname} (${user.username})`,
    });
    return link;
  });
}

export interface AccountChanges {
  fullname?: string;
  username?: string;
  email?: string | null;
  phone?: string | null;
  photo_url?: string | null;
  blocked?: boolean;
  password?: string;
}

/**
 * Changes the account of an employee. A new password (admins only) is hashed and, like blocking, ends every session
 * of the user at once. The full name and contact fields are kept the same on the employee record. Logged, without the
 * password.
 */
export async function updateAccount(db: Db, caller: Scope, id: string, changes: AccountChanges) {
  if (changes.password !== undefined && caller.actor.level !== 'admin') {
    throw new AppError(403, 'forbidden_field', 'Only an admin may set another user’s password', {
      password: { code: 'forbidden_field', message: 'only an admin may set it' },
    });
  }
  const userId = await accountId(db, caller, id);
  const { password, ...fields } = changes;
  return repo.guardUnique(employeesResource, () =>
    db.transaction(async (tx) => {
      const where = and(eq(users.id, userId), inCompany(caller, users))!;
      const [before] = await tx.select(accountColumns).from(users).where(where).for('update');
      if (!before) throw notFound('Account');
      // Who may change whom (common/account-rules.ts): the target's level must rank below the caller's.
      const judged: Row =
        fields.username === undefined ? { ...changes } : { ...changes, username: fields.username.toLowerCase() };
      repo.guardAccount(caller, { ...before, id: before._id }, judged);
      const values: Row = { ...fields, updated_at: new Date().toISOString() };
      if (fields.username !== undefined) values.username = fields.username.toLowerCase();
      // An address another company's user signs in with is not disclosed (docs/decisions/0126): the employee record
      // takes it, the account has no sign-in email, and the reply is the same as for a free address.
      if (fields.email) values.email = signInEmail(fields.email, await emailsElsewhere(tx, caller, [fields.email]));
      if (password !== undefined) values.password_hash = await hashNewPassword(password);
      await tx.update(users).set(values).where(where);
      const mirrored = Object.fromEntries(
        (['fullname', 'email', 'phone'] as const).filter((f) => f in fields).map((f) => [f, fields[f]]),
      );
      if (Object.keys(mirrored).length) {
        await tx
          .update(employees)
          .set(mirrored)
          .where(and(eq(employees.user, userId), inCompany(caller, employees)));
      }
      if (password !== undefined || fields.blocked === true) await revokeUserSessions(tx, userId);
      const changed = Object.fromEntries(
        Object.entries(fields)
          .filter(([field, value]) => before[field as keyof typeof before] !== value)
          .map(([field, value]) => [field, { from: before[field as keyof typeof before], to: value }]),
      );
      if (password !== undefined) changed.password = { from: null, to: null };
      if (Object.keys(changed).length) {
        await writeLog(tx, {
          actor: caller.actor,
          companyId: caller.companyId,
          action: 'update',
          menu: employeesResource.menu,
          resource: 'employee-accounts',
          recordId: userId,
          detail: `Updated the account of ${before.fullname} (${before.username}): ${Object.keys(changed).join(', ')}`,
          changes: changed,
        });
      }
      return readAccount(tx as unknown as Db, where);
    }),
  );
}

/**
 * The BPJS contributions of an employee this month, from their stored salary data and the company's UMK and JKK rate
 * (common/bpjs.ts). Family members marked `bpjs_ks_additional` are the additional Kesehatan members.
 */
export async function bpjs(db: Db, caller: Scope, id: string) {
  const employee = await repo.findOne(db, allEmployeesResource, caller, id);
  const [company] = await db
    .select({ umk: companies.umk, jkk: companies.jkk_percentage })
    .from(companies)
    .where(eq(companies.id, caller.companyId!));
  const [{ members } = { members: 0 }] = await db
    .select({ members: count() })
    .from(employeeFamily)
    .where(and(eq(employeeFamily.employee, id), eq(employeeFamily.bpjs_ks_additional, true)));
  const stored = Number(company?.jkk ?? 0);
  const companyJkk = Number.isFinite(stored) ? stored : 0;
  const jkk = (employee.jkk_percentage as number | null) ?? companyJkk;
  const basic = Number(employee.basic_salary ?? 0);
  const date = jakartaToday();
  const contributions = bpjsContributions({
    tkWage: (employee.bpjs_tk_salary as number | null) ?? basic,
    ksWage: (employee.bpjs_ks_salary as number | null) ?? basic,
    date,
    jkkPercent: jkk,
    umk: company?.umk ?? null,
    tkRegistered: employee.bpjs_tk_registered === true,
    ksRegistered: employee.bpjs_ks_registered === true,
    type: (employee.bpjs_type as 1 | 2 | 3) ?? 1,
    additionalFamilyMembers: members,
  });
  return {
    umk: company?.umk ?? null,
    jkk_percentage: companyJkk,
    date,
    additional_family_members: members,
    contributions,
  };
}

/** What an employee may change on their own record (my-profile): personal and contact data, never pay or status. */
export const selfEditable = [
  'nickname',
  'email',
  'phone',
  'birth_place',
  'marital_status',
  'religion',
  'same_address',
  ...(['id_card', 'domicile'] as const).flatMap((prefix) =>
    ['address', 'rt', 'rw', 'postal_code', 'province', 'city', 'district', 'sub_district'].map(
      (part) => `${prefix}_${part}` as const,
    ),
  ),
] as const;

/** The signed-in user's own employee record, read and written as themselves (tenancy still applies). */
async function ownId(db: Db, caller: Scope): Promise<string> {
  const [own] = await db.select({ id: employees.id }).from(employees).where(ownEmployee(caller, employees));
  if (!own) throw notFound('Employee');
  return own.id;
}

/** The own record bypasses the department scope and the list views: it is simply yours. */
const ownRecord: Resource = { ...allEmployeesResource, department: undefined };

export async function me(db: Db, caller: Scope, populate: string[]) {
  return repo.findOne(db, ownRecord, caller, await ownId(db, caller), populate);
}

export async function updateMe(db: Db, caller: Scope, input: Row & { version: number }) {
  return repo.update(db, ownRecord, caller, await ownId(db, caller), input);
}
