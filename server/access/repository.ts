/**
 * Access levels' data access (issue 26, spec 6): who holds the sub_admin, admin_department, approver and custom
 * levels of a company, and the company users' access requests to the platform. A level lives on the user account
 * (`users.level`, `users.access_role`); the access hook reloads it with the session on every request, so a change takes
 * effect on the holder's next request. Every condition comes from the scope module; every change is logged.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Level } from '../../common/menu.ts';
import { writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import { accessRequests, accessRoles, companies, departments, employees, users } from '../db/schema.ts';
import { type Actor, mayAccess } from '../http/access.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import {
  inCompany,
  outranks,
  ownedBy,
  platformCompany,
  requireOutranks,
  type Scope,
  sameCompany,
} from '../scope/scope.ts';

/** The levels the admin hands out from the access-level lists, by the list's menu id. */
export const levelLists = {
  'sub-admin': 'sub_admin',
  'admin-department': 'admin_department',
  approver: 'approver',
} as const satisfies Record<string, Level>;
export type LevelList = keyof typeof levelLists;

/** Holder of a level, as the lists show them. */
export interface Holder {
  _id: string;
  employee: string;
  employee_id: string;
  fullname: string;
  username: string;
  email: string | null;
  level: Level;
  department: { _id: string; name: string } | null;
  access_role: { _id: string; code: string; access_level: string } | null;
  updated_at: string;
}

const holderColumns = {
  _id: users.id,
  employee: employees.id,
  employee_id: employees.employee_id,
  fullname: employees.fullname,
  username: users.username,
  email: users.email,
  level: users.level,
  department_id: departments.id,
  department_name: departments.name,
  role_id: accessRoles.id,
  role_code: accessRoles.code,
  role_name: accessRoles.access_level,
  updated_at: users.updated_at,
};

type HolderRow = {
  [K in keyof typeof holderColumns]: (typeof holderColumns)[K]['_']['notNull'] extends true
    ? (typeof holderColumns)[K]['_']['data']
    : (typeof holderColumns)[K]['_']['data'] | null;
};

const toHolder = (row: HolderRow): Holder => ({
  _id: row._id,
  employee: row.employee ?? '',
  employee_id: row.employee_id ?? '',
  fullname: row.fullname ?? row.username,
  username: row.username,
  email: row.email,
  level: row.level,
  department: row.department_id ? { _id: row.department_id, name: row.department_name ?? '' } : null,
  access_role: row.role_id ? { _id: row.role_id, code: row.role_code ?? '', access_level: row.role_name ?? '' } : null,
  updated_at: row.updated_at,
});

async function selectHolders(db: Executor, scope: Scope, where: SQL | undefined) {
  const rows = await db
    .select(holderColumns)
    .from(users)
    .innerJoin(employees, and(eq(employees.user, users.id), sameCompany(employees, users)))
    .leftJoin(departments, and(eq(departments.id, employees.department), sameCompany(departments, employees)))
    .leftJoin(accessRoles, and(eq(accessRoles.id, users.access_role), sameCompany(accessRoles, users)))
    .where(and(inCompany(scope, users), where))
    .orderBy(asc(employees.fullname));
  return rows.map((row) => toHolder(row as HolderRow));
}

/** The company's holders of a level, by name. */
export const listHolders = (db: Executor, scope: Scope, level: Level) =>
  selectHolders(db, scope, eq(users.level, level));

async function holder(db: Executor, scope: Scope, userId: string, level?: Level) {
  const [found] = await selectHolders(db, scope, and(eq(users.id, userId), level ? eq(users.level, level) : undefined));
  if (!found) throw notFound('User');
  return found;
}

/** The account behind an employee of the caller's company (a 404 for another company's or a missing one). */
async function accountOfEmployee(db: Executor, scope: Scope, employeeIds: readonly string[]) {
  const rows = await db
    .select({ user: users.id, level: users.level, employee: employees.id, fullname: employees.fullname })
    .from(employees)
    .innerJoin(users, and(eq(users.id, employees.user), sameCompany(users, employees)))
    .where(and(inCompany(scope, employees), inArray(employees.id, [...employeeIds]), isNull(employees.exit_date)));
  if (rows.length !== new Set(employeeIds).size) {
    throw invalid({ employee: { code: 'not_found', message: 'Pick an employee of this company' } });
  }
  return rows;
}

/**
 * The rank rule for giving `user` the level `to`: the caller outranks the user (and is not them), and the new level
 * stays below the caller's own (only the admin names sub-admins).
 */
function requireMayGive(actor: Actor, user: { userId: string; level: Level }, to: Level) {
  requireOutranks(actor, user);
  if (!outranks(actor.level, to)) {
    throw new AppError(403, 'level_too_high', 'You cannot give a level as high as your own');
  }
}

const levelMenu: Record<Level, string> = {
  developer: 'access-level',
  admin: 'access-level',
  sub_admin: 'sub-admin',
  custom: 'assign-access',
  admin_department: 'admin-department',
  approver: 'approver',
  employee: 'access-level',
};

/** Sets the level (and access role) of several accounts, logging each change on `menu`. */
async function setLevels(
  tx: Executor,
  scope: Scope,
  menu: string,
  changes: readonly {
    user: string;
    fullname: string;
    from: Level;
    fromRole: string | null;
    to: Level;
    role: string | null;
  }[],
) {
  const real = changes.filter((c) => c.from !== c.to || c.fromRole !== c.role);
  for (const change of real) {
    await tx
      .update(users)
      .set({ level: change.to, access_role: change.role, updated_at: new Date().toISOString() })
      .where(and(inCompany(scope, users), eq(users.id, change.user)));
  }
  if (real.length) {
    await writeLog(
      tx,
      real.map((c) => ({
        actor: scope.actor,
        companyId: scope.companyId,
        action: 'update' as const,
        menu,
        resource: 'users',
        recordId: c.user,
        detail: `${c.fullname}: access level ${c.from}${c.fromRole ? ` (${c.fromRole})` : ''} → ${c.to}${c.role ? ` (${c.role})` : ''}`,
        changes: {
          level: { from: c.from, to: c.to },
          ...(c.fromRole !== c.role ? { access_role: { from: c.fromRole, to: c.role } } : {}),
        },
      })),
    );
  }
}

/** Adds an employee to a level list (sub-admin, admin-department, approver); a department admin may get a department. */
export async function addHolder(db: Db, scope: Scope, list: LevelList, employeeId: string, department?: string | null) {
  const to = levelLists[list];
  return db.transaction(async (tx) => {
    const [account] = await accountOfEmployee(tx, scope, [employeeId]);
    if (!account) throw notFound('Employee');
    if (account.level === to) throw new AppError(409, 'already_holds', 'This employee already holds this level');
    requireMayGive(scope.actor, { userId: account.user, level: account.level }, to);
    if (department !== undefined && list === 'admin-department') await setDepartment(tx, scope, account, department);
    await setLevels(tx, scope, list, [
      { user: account.user, fullname: account.fullname, from: account.level, fromRole: null, to, role: null },
    ]);
    return holder(tx, scope, account.user, to);
  });
}

async function setDepartment(
  tx: Executor,
  scope: Scope,
  account: { employee: string; fullname: string },
  department: string | null,
) {
  if (department) {
    const [found] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(inCompany(scope, departments), eq(departments.id, department)));
    if (!found) throw invalid({ department: { code: 'not_found', message: 'Pick a department of this company' } });
  }
  const [before] = await tx
    .select({ department: employees.department })
    .from(employees)
    .where(and(inCompany(scope, employees), eq(employees.id, account.employee)));
  if ((before?.department ?? null) === department) return;
  await tx
    .update(employees)
    .set({ department, updated_at: new Date().toISOString() })
    .where(and(inCompany(scope, employees), eq(employees.id, account.employee)));
  await writeLog(tx, {
    actor: scope.actor,
    companyId: scope.companyId,
    action: 'update',
    menu: 'admin-department',
    resource: 'employees',
    recordId: account.employee,
    detail: `${account.fullname}: department admin's department changed`,
    changes: { department: { from: before?.department ?? null, to: department } },
  });
}

/** A department admin's department (their employee record's). */
export async function updateHolderDepartment(db: Db, scope: Scope, userId: string, department: string | null) {
  return db.transaction(async (tx) => {
    const found = await holder(tx, scope, userId, 'admin_department');
    requireOutranks(scope.actor, { userId, level: found.level });
    await setDepartment(tx, scope, { employee: found.employee, fullname: found.fullname }, department);
    return holder(tx, scope, userId, 'admin_department');
  });
}

/** Takes a level away: the holder is an employee again. */
export async function removeHolder(db: Db, scope: Scope, level: Level, userId: string) {
  return db.transaction(async (tx) => {
    const found = await holder(tx, scope, userId, level);
    requireOutranks(scope.actor, { userId, level: found.level });
    await setLevels(tx, scope, levelMenu[level], [
      {
        user: userId,
        fullname: found.fullname,
        from: found.level,
        fromRole: found.access_role?.code ?? null,
        to: 'employee',
        role: null,
      },
    ]);
  });
}

// ---- Custom access levels: assigning employees (custom-users) ---------------------------------------------------

/** The company's custom access levels, for the assign-access picker. */
export const roleOptions = (db: Executor, scope: Scope) =>
  db
    .select({ _id: accessRoles.id, code: accessRoles.code, access_level: accessRoles.access_level })
    .from(accessRoles)
    .where(inCompany(scope, accessRoles))
    .orderBy(asc(accessRoles.code));

async function roleOf(tx: Executor, scope: Scope, roleId: string) {
  const [role] = await tx
    .select({ id: accessRoles.id, code: accessRoles.code })
    .from(accessRoles)
    .where(and(inCompany(scope, accessRoles), eq(accessRoles.id, roleId)));
  if (!role) throw invalid({ access_role: { code: 'not_found', message: 'Pick an access level of this company' } });
  return role;
}

/** Gives several employees a custom access level at once (all or none). */
export async function assignCustom(db: Db, scope: Scope, employeeIds: readonly string[], roleId: string) {
  return db.transaction(async (tx) => {
    const role = await roleOf(tx, scope, roleId);
    const accounts = await accountOfEmployee(tx, scope, employeeIds);
    const current = await tx
      .select({ id: users.id, role: accessRoles.code })
      .from(users)
      .leftJoin(accessRoles, eq(accessRoles.id, users.access_role))
      .where(
        and(
          inCompany(scope, users),
          inArray(
            users.id,
            accounts.map((a) => a.user),
          ),
        ),
      );
    const roleByUser = new Map(current.map((row) => [row.id, row.role]));
    for (const account of accounts)
      requireMayGive(scope.actor, { userId: account.user, level: account.level }, 'custom');
    await setLevels(
      tx,
      scope,
      'assign-access',
      accounts.map((a) => ({
        user: a.user,
        fullname: a.fullname,
        from: a.level,
        fromRole: roleByUser.get(a.user) ?? null,
        to: 'custom' as const,
        role: role.id,
      })),
    );
    const assigned = await selectHolders(
      tx,
      scope,
      inArray(
        users.id,
        accounts.map((a) => a.user),
      ),
    );
    return assigned;
  });
}

/** Moves a custom-level user to another custom access level. */
export async function changeCustomRole(db: Db, scope: Scope, userId: string, roleId: string) {
  return db.transaction(async (tx) => {
    const found = await holder(tx, scope, userId, 'custom');
    requireOutranks(scope.actor, { userId, level: found.level });
    const role = await roleOf(tx, scope, roleId);
    await setLevels(tx, scope, 'assign-access', [
      {
        user: userId,
        fullname: found.fullname,
        from: 'custom',
        fromRole: found.access_role?._id ?? null,
        to: 'custom',
        role: role.id,
      },
    ]);
    return holder(tx, scope, userId, 'custom');
  });
}

// ---- Access requests --------------------------------------------------------------------------------------------

export type AccessRequestStatus = (typeof accessRequests.$inferSelect)['status'];

const requestColumns = {
  _id: accessRequests.id,
  company_id: companies.id,
  company_name: companies.name,
  company_code: companies.code,
  user_id: users.id,
  user_name: users.fullname,
  purpose: accessRequests.purpose,
  status: accessRequests.status,
  created_at: accessRequests.created_at,
  updated_at: accessRequests.updated_at,
};

export interface AccessRequest {
  _id: string;
  company: { _id: string; name: string; code: string };
  user: { _id: string; fullname: string } | null;
  purpose: string;
  status: AccessRequestStatus;
  created_at: string;
  updated_at: string;
}

async function selectRequests(db: Executor, where: SQL | undefined): Promise<AccessRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(accessRequests)
    .innerJoin(companies, sameCompany(accessRequests, companies.id))
    .leftJoin(users, eq(users.id, accessRequests.user))
    .where(where)
    .orderBy(desc(accessRequests.created_at))
    .limit(5000);
  return rows.map((row) => ({
    _id: row._id,
    company: { _id: row.company_id, name: row.company_name, code: row.company_code },
    user: row.user_id ? { _id: row.user_id, fullname: row.user_name ?? '' } : null,
    purpose: row.purpose,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

/**
 * The requests a caller reads: the developer (menu `access`) every company's, filtered by company and status; a
 * company user their company's when they may write role-permission (the admin), else their own.
 */
export function listRequests(
  db: Executor,
  actor: Actor,
  filters: { company?: string | undefined; status?: AccessRequestStatus | undefined },
) {
  const status = filters.status ? eq(accessRequests.status, filters.status) : undefined;
  if (mayAccess(actor, 'access', 'read')) {
    return selectRequests(db, and(platformCompany(accessRequests, filters.company, actor.companyId), status));
  }
  if (!actor.companyId) return Promise.resolve([]);
  const scope: Scope = { actor, companyId: actor.companyId };
  const mine = mayAccess(actor, 'role-permission', 'write') ? undefined : eq(accessRequests.user, actor.userId);
  return selectRequests(db, and(inCompany(scope, accessRequests), mine, status));
}

export async function createRequest(db: Db, scope: Scope, purpose: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessRequests)
      .values({ ...ownedBy(scope), user: scope.actor.userId, purpose, created_by: scope.actor.userId })
      .returning({ id: accessRequests.id });
    if (!row) throw new Error('insert returned nothing');
    await writeLog(tx, {
      actor: scope.actor,
      companyId: scope.companyId,
      action: 'create',
      menu: 'request-access',
      resource: 'requests',
      recordId: row.id,
      detail: `Access request: ${purpose}`,
      changes: { purpose: { from: null, to: purpose } },
    });
    const [created] = await selectRequests(tx, eq(accessRequests.id, row.id));
    return created!;
  });
}

/** The developer works a request off: only its status changes. */
export async function updateRequestStatus(db: Db, actor: Actor, id: string, status: AccessRequestStatus) {
  return db.transaction(async (tx) => {
    const [before] = await selectRequests(tx, eq(accessRequests.id, id));
    if (!before) throw notFound('Access request');
    if (before.status !== status) {
      await tx
        .update(accessRequests)
        .set({ status, updated_at: new Date().toISOString() })
        .where(eq(accessRequests.id, id));
      await writeLog(tx, {
        actor,
        companyId: before.company._id,
        action: 'update',
        menu: 'access',
        resource: 'requests',
        recordId: id,
        detail: `Access request of ${before.company.name}: ${before.status} → ${status}`,
        changes: { status: { from: before.status, to: status } },
      });
    }
    const [after] = await selectRequests(tx, eq(accessRequests.id, id));
    return after!;
  });
}
