/**
 * The one scope module (issue 24, docs/decisions/0095): who may see and change what, decided here and nowhere else.
 *
 * A caller (or a job acting for one) becomes a `Reach`: their company, and inside it the department they are limited
 * to. Every repository takes its company, department, self and rank conditions from the functions below; route
 * handlers hold no SQL, and no other server file writes `company_id = …` or a department rule by hand
 * (`tests/server/scope/hand-written.test.ts` reads the source and fails on one). The generic resource repository
 * (`server/resources/repository.ts`) applies the same functions to every resource.
 *
 * Levels (common/menu.ts) and what they reach:
 * - developer: the platform; company data only after signing in to a company, and then as its admin.
 * - admin, sub_admin, custom: the whole company (a custom level further by its role's menus, checked in the access
 *   hook), approver: the requests of their flows (server/approvals), employee: themselves.
 * - admin_department: their own department's employees and their records; no department of their own: nothing.
 * Rank (`outranks`): a user acts on accounts and records of users of lower rank only.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { levelRank } from '../../common/account-rules.ts';
import type { Level } from '../../common/menu.ts';
import type { Actor } from '../http/access.ts';
import { AppError } from '../http/errors.ts';

/** An actor who belongs to a company: what company-scoped repositories need. */
export interface Scope {
  actor: Actor;
  companyId: string;
}

/**
 * What a query may reach: a company, and the department inside it (undefined: the whole company; null: a department
 * admin without a department of their own, who reaches no one). Plain data, so a job stores it with its input and
 * reads exactly what the caller who started it could (a department admin's payslips zip holds their department only).
 */
export interface Reach {
  companyId: string;
  department?: string | null;
}

/** A table that belongs to a company. */
interface Owned {
  company_id: AnyPgColumn;
}

/** The department a level is limited to inside its company: undefined for company-wide callers. */
export function departmentOf(actor: Pick<Actor, 'level' | 'departmentId'>): string | null | undefined {
  return actor.level === 'admin_department' ? actor.departmentId : undefined;
}

/** The reach of a signed-in caller (or of a job started by them). */
export const reachOf = (scope: Scope | Reach): Reach =>
  'actor' in scope ? { companyId: scope.companyId, department: departmentOf(scope.actor) } : scope;

/** The reach of another user of the company (who else may act on a row): their level and their own department. */
export const reachOfUser = (companyId: string, user: { level: Level; department: string | null }): Reach => ({
  companyId,
  department: departmentOf({ level: user.level, departmentId: user.department }),
});

/** A company's whole reach: system work (jobs, the demo fill, mail) that acts for the company, not for a caller. */
export const companyReach = (companyId: string): Reach => ({ companyId });

/** Is the caller limited to one department (a department admin)? */
export const isDepartmentLimited = (scope: Scope | Reach) => reachOf(scope).department !== undefined;

// ---- Company ------------------------------------------------------------------------------------------------------

/** `table.company_id = <the caller's company>`. */
export const inCompany = (scope: Scope | Reach, table: Owned): SQL => eq(table.company_id, scope.companyId);

/** The same for raw SQL over an alias: `alias.company_id = <company>`. */
export const inCompanySql = (scope: Scope | Reach, alias: string): SQL =>
  sql`${sql.identifier(alias)}.company_id = ${scope.companyId}`;

/** A row's two tables belong to one company (a join that crosses company-owned tables). */
export const sameCompany = (left: Owned | AnyPgColumn, right: Owned | AnyPgColumn): SQL =>
  eq(companyColumn(left), companyColumn(right));

const companyColumn = (side: Owned | AnyPgColumn): AnyPgColumn =>
  'company_id' in side ? (side as Owned).company_id : (side as AnyPgColumn);

/** Raw SQL: two aliases' rows belong to one company (`left.company_id = right.company_id`, e.g. an upsert's `excluded`). */
export const sameCompanySql = (left: string, right: string): SQL =>
  sql`${sql.identifier(left)}.company_id = ${sql.identifier(right)}.company_id`;

/** The company a new row belongs to: spread into an insert's values. */
/** Rows addressed to the caller's company by a list of company ids (a platform announcement's targets). */
export const addressedTo = (scope: Scope | Reach, companiesColumn: AnyPgColumn): SQL =>
  sql`${scope.companyId}::uuid = any(${companiesColumn})`;

/** The same as `addressedTo`, on a raw alias: the caller's company is in the row's company list. */
export const addressedToSql = (scope: Scope | Reach, alias: string, column: string): SQL =>
  sql`${scope.companyId}::uuid = any(${sql.identifier(alias)}.${sql.identifier(column)})`;

export const ownedBy = (scope: Scope | Reach) => ({ company_id: scope.companyId });

/**
 * The developer's cross-company lists: every company, or the one the filter chose (undefined: no condition). A
 * developer signed in to a company sees that company's rows only, like its admin.
 */
export function platformCompany(table: Owned, filter: string | undefined, own?: string | null): SQL | undefined {
  return and(own ? eq(table.company_id, own) : undefined, filter ? eq(table.company_id, filter) : undefined);
}

/**
 * The companies themselves (a `companies.id` column) a platform list reaches: the caller's own when they have one,
 * else every company, narrowed to `filter` when given (the developer's statistics over chosen companies).
 */
export function platformCompanies(
  idColumn: AnyPgColumn,
  filter: readonly string[] | undefined,
  own?: string | null,
): SQL | undefined {
  return and(own ? eq(idColumn, own) : undefined, filter?.length ? inArray(idColumn, [...filter]) : undefined);
}

/**
 * Rows of the caller's company or the platform's (company_id null: a developer's banner, readable by every signed-in
 * user); a caller without a company (a developer) reaches the platform's only.
 */
export const inCompanyOrPlatform = (companyId: string | null, table: Owned): SQL =>
  companyId ? (or(eq(table.company_id, companyId), isNull(table.company_id)) as SQL) : isNull(table.company_id);

// ---- Department ---------------------------------------------------------------------------------------------------

/** `departmentColumn` is inside the caller's department (no condition for company-wide callers). */
export function inDepartment(scope: Scope | Reach, departmentColumn: AnyPgColumn | SQL): SQL | undefined {
  const department = reachOf(scope).department;
  if (department === undefined) return undefined;
  return department === null ? sql`false` : sql`${departmentColumn} = ${department}`;
}

/** Raw SQL: `alias.department_id` inside the caller's department (`true` for company-wide callers). */
export function inDepartmentSql(scope: Scope | Reach, alias: string): SQL {
  return inDepartment(scope, sql`${sql.identifier(alias)}.department_id`) ?? sql`true`;
}

/** Employees the caller reaches, as a condition on the `employees` table: their company and department. */
export function employeesInReach(scope: Scope | Reach, table: Owned & { department: AnyPgColumn }): SQL {
  return and(inCompany(scope, table), inDepartment(scope, table.department)) as SQL;
}

/** The same for raw SQL over an alias of `employees`. */
export const employeesInReachSql = (scope: Scope | Reach, alias: string): SQL =>
  sql`${inCompanySql(scope, alias)} and ${inDepartmentSql(scope, alias)}`;

/**
 * `employeeColumn` (an employee id on any table) names an employee the caller reaches: in the company, and in the
 * department for a department admin.
 */
export function employeeInReach(scope: Scope | Reach, employeeColumn: AnyPgColumn | SQL): SQL {
  const reach = reachOf(scope);
  const department = reach.department === undefined ? sql`` : sql` and ${inDepartmentSql(reach, 'reach_e')}`;
  return sql`${employeeColumn} in (select reach_e.id from employees reach_e where ${inCompanySql(reach, 'reach_e')}${department})`;
}

/** In-memory form of the department rule, for a row already loaded (its employee's department). */
export function departmentReaches(scope: Scope | Reach, department: string | null | undefined): boolean {
  const limit = reachOf(scope).department;
  return limit === undefined || (limit !== null && department === limit);
}

// ---- Self ---------------------------------------------------------------------------------------------------------

/** The caller's own employee record, as a condition on `employees`. */
export const ownEmployee = (scope: Scope, table: Owned & { user: AnyPgColumn }): SQL =>
  and(inCompany(scope, table), eq(table.user, scope.actor.userId)) as SQL;

// ---- Rank ---------------------------------------------------------------------------------------------------------

/** Does a user of level `actor` outrank one of level `target`? developer > admin > sub_admin > the rest > employee. */
export const outranks = (actor: Level, target: Level): boolean => levelRank[actor] > levelRank[target];

/**
 * The rank rule for acting on another user's account or record (exit, rehire, delete, block, account changes): 403
 * `outranked` unless the caller outranks the target's user. Acting on oneself is refused too where it would remove or
 * raise one's own access (`self` says so).
 */
export function requireOutranks(
  actor: Actor,
  target: { userId: string | null; level: Level | null },
  self: 'allowed' | 'refused' = 'refused',
) {
  if (!target.userId || !target.level) return;
  if (target.userId === actor.userId) {
    if (self === 'allowed') return;
    throw new AppError(403, 'self_access', 'You cannot do this to your own account');
  }
  if (!outranks(actor.level, target.level)) {
    throw new AppError(403, 'outranked', 'Only a user of a higher level can do this to this account');
  }
}

/**
 * The rank rule for naming someone to act for the caller (an approver in a flow): nobody of a higher rank than the
 * caller (a department admin names approvers, department admins and employees, never a sub-admin or the admin).
 */
export const mayName = (actor: Level, target: Level): boolean => !outranks(target, actor);

/**
 * Does `caller` reach everything `content` covers (what a generated file holds, what a job reads)? The same company,
 * and the whole company or the same department: a department admin reaches a zip of their department, never a
 * company-wide one, and nobody reaches another company's.
 */
export function reachCovers(caller: Scope | Reach, content: Reach): boolean {
  return caller.companyId === content.companyId && departmentReaches(caller, content.department);
}
