/**
 * Generic data access for every resource. Tenancy is applied here and nowhere else: a company-scoped resource is read
 * and written only inside the caller's company, so another company's id simply does not exist (404).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type AccountRefusal, accountChangeRefusals } from '../../common/account-rules.ts';
import { canAccess, type Level } from '../../common/menu.ts';
import { type Changes, diff, type LogEntry, snapshot, writeLog } from '../activity/log.ts';
import type { Db, Executor } from '../db/connect.ts';
import * as schema from '../db/schema.ts';
import { type Actor, actorViewer } from '../http/access.ts';
import { AppError, databaseError, type FieldError, invalid, notFound } from '../http/errors.ts';
import {
  departmentOf,
  employeeInReach,
  inCompany,
  inCompanySql,
  inDepartment,
  isDepartmentLimited,
  outranks,
  ownedBy,
  requireOutranks,
  type Scope,
} from '../scope/scope.ts';
import type { Relation, Resource } from './define.ts';
import { resources } from './index.ts';
import { commitBatch, journalBefore, journalInserted, undoBatch } from './journal.ts';
import { buildOrder, buildWhere, type ListQuery, parseFields, parsePopulate, resourcePaging } from './query.ts';

export interface Caller {
  actor: Actor;
  /** Null only for platform resources. */
  companyId: string | null;
}

type Row = Record<string, unknown>;

/**
 * The rows a caller may reach, by every row rule of the resource, for every operation (list, get, update, delete,
 * bulk): their company's, for an admin_department caller only their own department's (docs/decisions/0010), and only
 * the rows its list holds (`rows`, docs/decisions/0009 and 0015). An id outside them is a 404 everywhere.
 */
function tenancy(resource: Resource, caller: Caller): SQL | undefined {
  const rows = resource.rows?.();
  if (resource.scope === 'platform') return rows;
  const scope = companyScope(caller);
  return and(inCompany(scope, ownedTable(resource)), departmentScope(resource, scope), rows);
}

/** The caller as the scope module's `Scope`: 403 `no_company` unless they are signed in to a company. */
function companyScope(caller: Caller): Scope {
  if (!caller.companyId) throw new AppError(403, 'no_company', 'Sign in to a company to use this');
  return { actor: caller.actor, companyId: caller.companyId };
}

/** A company-scoped resource's table, for the scope module's company conditions. */
const ownedTable = (resource: Resource) => ({ company_id: resource.columns.company_id! });

/**
 * A resource's department rule (server/scope): its department column inside the caller's department, or its employee
 * one of the employees the caller reaches. No condition for company-wide callers.
 */
function departmentScope(resource: Resource, scope: Scope): SQL | undefined {
  const rule = resource.department;
  if (!rule || !isDepartmentLimited(scope)) return undefined;
  if ('column' in rule) return inDepartment(scope, resource.columns[rule.column]!);
  return employeeInReach(scope, resource.columns[rule.employee]!);
}

/** The private fields this caller may not see (docs/decisions/0010): all of them unless they may read its menu. */
export function hiddenFor(resource: Resource, caller: Caller, action: 'read' | 'write' = 'read'): ReadonlySet<string> {
  const guard = resource.private;
  if (!guard || canAccess(guard.menu, actorViewer(caller.actor), action)) return noFields;
  return new Set(guard.fields);
}
const noFields: ReadonlySet<string> = new Set();

/**
 * Refuses a write naming a private field the caller may not change, or moving a department-scoped row out of an
 * admin_department caller's department. Both are 403s: the request asks for something this caller may never do.
 */
export function guardWrite(resource: Resource, caller: Caller, inputs: readonly Row[]) {
  const hidden = hiddenFor(resource, caller, 'write');
  const named = new Set(inputs.flatMap((input) => Object.keys(input).filter((field) => hidden.has(field))));
  if (named.size) {
    throw new AppError(403, 'forbidden_field', `You may not change ${[...named].join(', ')}`, {
      ...Object.fromEntries(
        [...named].map((field) => [field, { code: 'forbidden_field', message: 'is not yours to change' }]),
      ),
    });
  }
  const scope = resource.department;
  const limit = departmentOf(caller.actor);
  if (scope && 'column' in scope && limit !== undefined) {
    const outside = inputs.some((input) => scope.column in input && input[scope.column] !== limit);
    if (outside) {
      throw new AppError(403, 'forbidden_field', 'You may only assign employees to your own department', {
        [scope.column]: { code: 'own_department', message: 'must be your own department' },
      });
    }
  }
}

const refusalMessages = {
  outranked: 'only a user of a higher level may change it',
  self_block: 'you cannot block your own account',
  self_raise: 'you cannot raise your own level',
  level_too_high: 'must be a level below your own',
} as const satisfies Record<AccountRefusal, string>;

/**
 * The account rule of common/account-rules.ts on one user row: the fields of `changes` that would change `stored`
 * and that this caller may not change, as field errors (null when every change is allowed). Every write of a user's
 * account fields goes through here: the generic repository for any resource over `users`, and the feature routes.
 */
export function accountRefusals(caller: Caller, stored: Row, changes: Row): Record<string, FieldError> | null {
  const changed = Object.fromEntries(Object.entries(changes).filter(([field, value]) => stored[field] !== value));
  const refusals = accountChangeRefusals(
    { id: caller.actor.userId, level: caller.actor.level },
    { id: String(stored.id), level: stored.level as Level },
    changed,
  );
  const fields = Object.entries(refusals).map(([field, code]) => [field, { code, message: refusalMessages[code] }]);
  return fields.length ? Object.fromEntries(fields) : null;
}

/** `accountRefusals` as a 403 `forbidden_field`, for a single write. */
export function guardAccount(caller: Caller, stored: Row, changes: Row) {
  const fields = accountRefusals(caller, stored, changes);
  if (fields) throw new AppError(403, 'forbidden_field', 'You may not change this account', fields);
}

/**
 * A new row of a department-scoped resource, written by an admin_department caller, is in their department when the
 * input names none (another department was refused by `guardWrite`). Every insert goes through here.
 */
function ownDepartment(resource: Resource, caller: Caller, input: Row): Row {
  const scope = resource.department;
  const limit = departmentOf(caller.actor);
  if (!scope || !('column' in scope) || limit === undefined) return input;
  return input[scope.column] === undefined ? { ...input, [scope.column]: limit } : input;
}

/** A condition limited to the rows this caller may reach (company, and department where it applies). */
export const withTenancy = (resource: Resource, caller: Caller, condition?: SQL) =>
  and(tenancy(resource, caller), condition);

/**
 * A stored row as the API shows it: `_id`, no company, ISO timestamps, hidden fields dropped by the schema, and the
 * private fields this caller may not see dropped here.
 */
export function present(resource: Resource, row: Row, caller: Caller): Row {
  const out: Row = { _id: row.id };
  const hidden = hiddenFor(resource, caller);
  for (const [field, value] of Object.entries(row)) {
    if (field === 'id' || field === 'company_id' || hidden.has(field)) continue;
    out[field] =
      resource.kinds[field] === 'timestamp' && typeof value === 'string' ? new Date(value).toISOString() : value;
  }
  return out;
}

/**
 * A page of rows as a ready JSON text. PostgreSQL builds each row's JSON from exactly the response schema's fields
 * (`rowJson`), so a 10,000-row list costs the API almost no CPU: no per-cell mapping, no re-serialising.
 */
export async function list(db: Db, resource: Resource, caller: Caller, query: ListQuery) {
  const hidden = hiddenFor(resource, caller);
  const where = withTenancy(resource, caller, buildWhere(resource, query, hidden));
  const order = buildOrder(resource, query.sort, hidden);
  const populate = parsePopulate(resource, query.populate);
  const fields = parseFields(resource, query.fields);
  const { limit, skip } = resourcePaging.page(query);
  const table = resource.table;
  const [page, [{ total } = { total: 0 }]] = await Promise.all([
    db.execute<{ json: string }>(
      sql`select ${rowJson(resource, caller, populate, fields)} as json from ${table} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${skip}`,
    ),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { json: `[${page.rows.map((row) => row.json).join(',')}]`, meta: { total, limit, skip } };
}

const isoTimestamp = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `row_to_json` of the row's API fields: `_id`, the schema's properties (those in `only`, when given), populated
 * relations as objects.
 */
function rowJson(resource: Resource, caller: Caller, populate: string[], only?: ReadonlySet<string>): SQL {
  const hidden = hiddenFor(resource, caller);
  const names = Object.keys(resource.rowSchema.properties).filter(
    (field) => !hidden.has(field) && (!only || only.has(field)),
  );
  const fields = names.map((field) => {
    const column = field === '_id' ? resource.columns.id! : resource.columns[field]!;
    const value = populate.includes(field)
      ? relatedJson(resource.relations![field as never] as Relation, field, column, caller)
      : resource.kinds[field] === 'timestamp'
        ? isoTimestamp(column)
        : sql`${column}`;
    return sql`${value} as ${sql.identifier(field)}`;
  });
  return sql`(select row_to_json(api_row)::text from (select ${sql.join(fields, sql`, `)}) api_row)`;
}

/** The related record as a JSON object (null when it is gone or belongs to another company). */
function relatedJson(relation: Relation, field: string, localColumn: PgColumn, caller: Caller): SQL {
  const alias = sql.identifier(`related_${field}`);
  const pairs = Object.entries({ _id: relation.table.id, ...relation.columns }).map(
    ([name, column]) => sql`${name}::text, ${alias}.${sql.identifier(column.name)}`,
  );
  const owned =
    relation.owned && caller.companyId
      ? sql` and ${inCompanySql({ companyId: caller.companyId }, `related_${field}`)}`
      : sql``;
  return sql`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${relation.table} ${alias} where ${alias}.id = ${localColumn}${owned})`;
}

/** One row, shaped and populated exactly as `list` shapes its rows. */
export async function findOne(db: Executor, resource: Resource, caller: Caller, id: string, populate: string[] = []) {
  const where = withTenancy(resource, caller, eq(resource.columns.id!, id));
  const { rows } = await db.execute<{ json: string }>(
    sql`select ${rowJson(resource, caller, populate)} as json from ${resource.table} where ${where}`,
  );
  if (!rows[0]) throw notFound(resource.label);
  return JSON.parse(rows[0].json) as Row;
}

/** A sub-record's employee must be in an admin_department caller's department too. */
function ownerScope(resource: Resource, caller: Caller, field: string): SQL | undefined {
  const scope = resource.department;
  if (!scope || !('employee' in scope) || scope.employee !== field || !caller.companyId) return undefined;
  return inDepartment(companyScope(caller), schema.employees.department);
}

function relatedTenancy(relation: Relation, caller: Caller): SQL | undefined {
  if (!relation.owned || !caller.companyId) return undefined;
  return inCompany({ companyId: caller.companyId }, relation.table as unknown as { company_id: PgColumn });
}

/** Every relation id in the input must name a record the caller may see; otherwise it is a field error. */
export async function checkRelations(db: Executor, resource: Resource, caller: Caller, inputs: Row[]) {
  const errors = new Map<number, Record<string, FieldError>>();
  for (const [field, relation] of Object.entries(resource.relations ?? {}) as [string, Relation][]) {
    const ids = [...new Set(inputs.map((input) => input[field]).filter((id): id is string => typeof id === 'string'))];
    if (ids.length === 0) continue;
    const found = await db
      .select({ id: relation.table.id, accepted: relation.accepts ?? sql<boolean>`true` })
      .from(relation.table)
      .where(
        and(inArray(relation.table.id, ids), relatedTenancy(relation, caller), ownerScope(resource, caller, field)),
      );
    const known = new Map(found.map((item) => [item.id as string, Boolean(item.accepted)]));
    inputs.forEach((input, index) => {
      const id = input[field];
      if (typeof id !== 'string' || known.get(id) === true) return;
      const error: FieldError = known.has(id)
        ? { code: 'not_candidate', message: 'may not be chosen for this field' }
        : { code: 'not_found', message: 'does not exist' };
      errors.set(index, { ...errors.get(index), [field]: error });
    });
  }
  return errors;
}

const stamp = (caller: Caller) => ({ updated_at: new Date().toISOString(), created_by: caller.actor.userId });

function logEntry(
  resource: Resource,
  caller: Caller,
  action: LogEntry['action'],
  row: Row,
  changes: Changes,
): LogEntry {
  const title = resource.title(row);
  const verb = { create: 'Created', update: 'Updated', delete: 'Deleted' }[action];
  const fields = action === 'update' ? `: ${Object.keys(changes).join(', ')}` : '';
  return {
    actor: caller.actor,
    companyId: resource.scope === 'company' ? caller.companyId : null,
    action,
    menu: resource.menu,
    resource: resource.name,
    recordId: row.id as string,
    detail: `${verb} ${resource.label.toLowerCase()} ${title}${fields}`,
    changes,
  };
}

const tableNames = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort((a, b) => b.length - a.length);

/** `sub_departments_code_key` -> `code`: the field a unique index guards. */
function fieldOfConstraint(constraint: string | undefined): string | undefined {
  if (!constraint?.endsWith('_key')) return undefined;
  const table = tableNames.find((name) => constraint.startsWith(`${name}_`));
  return table ? constraint.slice(table.length + 1, -'_key'.length) : undefined;
}

/**
 * Unique-key violations become a field error on the key's field, read from the index name
 * (`<table>_<field>_key`, the convention of server/db/schema.ts).
 */
export async function guardUnique<T>(resource: Resource, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const found = databaseError(error);
    if (found?.code === '23505') {
      const field = fieldOfConstraint(found.constraint) ?? resource.naturalKey ?? 'code';
      throw invalid({ [field]: { code: 'unique', message: 'is already used' } }, `This ${field} is already used`);
    }
    throw error;
  }
}

/**
 * The resource's cross-field check (`check`, docs/decisions/0007) on the row as it will be stored: `stored` (null for
 * a new row) with `values` applied. Returns its field errors, and nulls in `values` the stored or given fields that
 * do not apply to the row.
 */
function crossCheck(resource: Resource, stored: Row | null, values: Row): Record<string, FieldError> | null {
  if (!resource.check) return null;
  const row = { ...stored, ...values };
  const result = resource.check(row);
  for (const field of result?.clear ?? []) if (row[field] !== null && row[field] !== undefined) values[field] = null;
  return result?.errors && Object.keys(result.errors).length ? result.errors : null;
}

export async function create(db: Db, resource: Resource, caller: Caller, input: Row) {
  guardWrite(resource, caller, [input]);
  const values = { ...input };
  const ruleErrors = crossCheck(resource, null, values);
  const errors = await checkRelations(db, resource, caller, [values]);
  if (ruleErrors || errors.size) throw invalid({ ...errors.get(0), ...ruleErrors });
  return guardUnique(resource, () => db.transaction((tx) => insertRow(tx, resource, caller, values)));
}

/** Inserts one row inside the caller's transaction, stamped, company-scoped and logged. Input is already valid. */
export async function insertRow(tx: Executor, resource: Resource, caller: Caller, input: Row) {
  const values = {
    ...ownDepartment(resource, caller, input),
    ...stamp(caller),
    ...(resource.scope === 'company' ? ownedBy(companyScope(caller)) : {}),
  };
  const [row] = await tx
    .insert(resource.table)
    .values(values as never)
    .returning();
  await writeLog(tx, logEntry(resource, caller, 'create', row!, snapshot(input)));
  return present(resource, row!, caller);
}

/**
 * Inserts many rows inside the caller's transaction, a batch per statement, stamped and company-scoped. Input is
 * already valid. Returns the stored rows in input order and their log entries, for the caller to write.
 */
export async function insertRows(tx: Executor, resource: Resource, caller: Caller, inputs: readonly Row[]) {
  const rows: Row[] = [];
  const logs: LogEntry[] = [];
  for (let i = 0; i < inputs.length; i += WRITE_BATCH) {
    const chunk = inputs.slice(i, i + WRITE_BATCH);
    const stored = await tx
      .insert(resource.table)
      .values(
        chunk.map((values) => ({
          ...ownDepartment(resource, caller, values),
          ...stamp(caller),
          ...(resource.scope === 'company' ? ownedBy(companyScope(caller)) : {}),
        })) as never,
      )
      .returning();
    stored.forEach((row, j) => {
      rows.push(row);
      logs.push(logEntry(resource, caller, 'create', row, snapshot(chunk[j]!)));
    });
  }
  return { rows, logs };
}

/** Optimistic concurrency: the write names the version it edited; a stale write is 409 with the current row. */
export async function update(db: Db, resource: Resource, caller: Caller, id: string, input: Row) {
  const { version, ...changes } = input as Row & { version: number };
  guardWrite(resource, caller, [changes]);
  const errors = await checkRelations(db, resource, caller, [changes]);
  if (errors.size) throw invalid(errors.get(0)!);
  return guardUnique(resource, () =>
    db.transaction(async (tx) => {
      const idMatch = withTenancy(resource, caller, eq(resource.columns.id!, id));
      const [before] = await tx.select().from(resource.table).where(idMatch).for('update');
      if (!before) throw notFound(resource.label);
      if (before.version !== version) throw conflict(resource, caller, before);
      if (resource.table === schema.users) guardAccount(caller, before, changes);
      for (const holder of await holdersOf(tx, resource, [before])) requireOutranks(caller.actor, holder, 'allowed');
      const ruleErrors = crossCheck(resource, before, changes);
      if (ruleErrors) throw invalid(ruleErrors);
      const [row] = await tx
        .update(resource.table)
        .set({
          ...changes,
          updated_at: new Date().toISOString(),
          version: sql`${resource.columns.version} + 1`,
        } as never)
        .where(idMatch)
        .returning();
      const changed = diff(before, changes);
      if (Object.keys(changed).length) await writeLog(tx, logEntry(resource, caller, 'update', row!, changed));
      return present(resource, row!, caller);
    }),
  );
}

const conflict = (resource: Resource, caller: Caller, current: Row) =>
  new AppError(
    409,
    'conflict',
    `This ${resource.label.toLowerCase()} was changed by someone else. Reload it to see the changes.`,
    undefined,
    {
      current: present(resource, current, caller),
    },
  );

/**
 * The users the rows of a resource with a `holder` stand for (an employee record's account), with their levels: what
 * the rank rule of server/scope judges. Empty for other resources and rows without a user.
 */
export async function holdersOf(
  tx: Executor,
  resource: Resource,
  rows: readonly Row[],
): Promise<{ userId: string; level: Level }[]> {
  if (!resource.holder) return [];
  const ids = [
    ...new Set(rows.map((row) => row[resource.holder!]).filter((id): id is string => typeof id === 'string')),
  ];
  const out: { userId: string; level: Level }[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const found = await tx
      .select({ userId: schema.users.id, level: schema.users.level })
      .from(schema.users)
      .where(inArray(schema.users.id, ids.slice(i, i + LOOKUP_BATCH)));
    out.push(...found);
  }
  return out;
}

/** Whether the rank rule lets the caller write a record of this user (their own included). */
const mayActOn = (caller: Caller, holder: { userId: string; level: Level }) =>
  holder.userId === caller.actor.userId || outranks(caller.actor.level, holder.level);

export async function remove(db: Db, resource: Resource, caller: Caller, ids: string[]) {
  return db.transaction((tx) => deleteRows(tx, resource, caller, ids));
}

/**
 * Deletes rows by id inside the caller's transaction, each logged: all of them or none. An id that does not exist or
 * belongs to another company is a 404 (with the `missing` ids), which rolls the whole transaction back. Answers the
 * deleted ids in the order asked, without repeats.
 */
export async function deleteRows(tx: Executor, resource: Resource, caller: Caller, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  // Unknown ids first (404), so that a use count never tells anything about a row the caller may not reach.
  const reachable = new Map<string, Row>();
  const holderColumn: Record<string, PgColumn> = resource.holder ? { holder: resource.columns[resource.holder]! } : {};
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    const found = await tx
      .select({ id: resource.columns.id!, ...holderColumn })
      .from(resource.table)
      .where(withTenancy(resource, caller, inArray(resource.columns.id!, unique.slice(i, i + LOOKUP_BATCH))));
    for (const row of found as Row[])
      reachable.set(row.id as string, resource.holder ? { [resource.holder]: row.holder } : {});
  }
  if (reachable.size !== unique.length) {
    throw new AppError(404, 'not_found', `${resource.label} not found`, undefined, {
      missing: unique.filter((id) => !reachable.has(id)),
    });
  }
  // The rank rule (a sub-admin never deletes the admin's employee, nobody their own) before any use count.
  for (const holder of await holdersOf(tx, resource, [...reachable.values()])) requireOutranks(caller.actor, holder);
  await resource.guardDelete?.(tx, unique);
  await guardInUse(tx, caller, resource, unique);
  const rows: Row[] = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    rows.push(
      ...(await tx
        .delete(resource.table)
        .where(withTenancy(resource, caller, inArray(resource.columns.id!, unique.slice(i, i + LOOKUP_BATCH))))
        .returning()),
    );
  }
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((row) => row.id as string));
    throw new AppError(404, 'not_found', `${resource.label} not found`, undefined, {
      missing: unique.filter((id) => !found.has(id)),
    });
  }
  await writeLog(
    tx,
    rows.map((row) => logEntry(resource, caller, 'delete', row, snapshot(row))),
  );
  return unique;
}

/**
 * The foreign keys that keep a row from being deleted while other rows point at it: every one that neither cascades
 * (a sub-record owned by its parent goes with it) nor sets null (an audit stamp of who acted), read from
 * server/db/schema.ts (docs/decisions/0016). By referenced table.
 */
const usesByTable: ReadonlyMap<PgTable, readonly { table: PgTable; column: PgColumn }[]> = (() => {
  const uses = new Map<PgTable, { table: PgTable; column: PgColumn }[]>();
  for (const table of Object.values(schema as Record<string, unknown>)) {
    if (!is(table, PgTable)) continue;
    for (const key of getTableConfig(table).foreignKeys) {
      if (key.onDelete === 'cascade' || key.onDelete === 'set null' || key.onDelete === 'set default') continue;
      const reference = key.reference();
      if (reference.columns.length !== 1) continue;
      const list = uses.get(reference.foreignTable) ?? [];
      list.push({ table, column: reference.columns[0]! });
      uses.set(reference.foreignTable, list);
    }
  }
  return uses;
})();

/** The name a table's rows go by in messages: the first registered resource over it, else the table's name. */
const usedByName = (table: PgTable) => resources.find((r) => r.table === table)?.name ?? getTableName(table);

/** How many of the using rows a refusal names (with their id, title and menu, so the client can open them). */
const NAMED_USES = 5;

/** A row that keeps a record from being deleted, named for the message and opened from it (its menu's list). */
export interface NamedUse {
  _id: string;
  title: string;
  /** Text that finds the row in its list's search (its first search field: a name, a code). */
  search: string;
}

/**
 * Refuses (409 `in_use`) to delete rows that other rows still use, saying how many rows use them and where: the same
 * rule for every relation, before the database's RESTRICT keys would refuse it (docs/decisions/0016).
 */
async function guardInUse(tx: Executor, caller: Caller, resource: Resource, ids: readonly string[]) {
  const usedBy: UsedBy[] = [];
  for (const { table, column } of usesByTable.get(resource.table) ?? []) {
    let total = 0;
    for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(table)
        .where(inArray(column, ids.slice(i, i + LOOKUP_BATCH)));
      total += Number(n);
    }
    if (total === 0) continue;
    // The first few using rows by name, for a caller who may read their list ("used by 1 Attendance Group: Office").
    const user = resources.find((r) => r.table === table);
    if (user?.columns.id && canAccess(user.menu, actorViewer(caller.actor), 'read')) {
      const named = await tx
        .select()
        .from(table)
        .where(withTenancy(user, caller, inArray(column, ids.slice(0, LOOKUP_BATCH))))
        .limit(NAMED_USES);
      usedBy.push({
        resource: user.name,
        count: total,
        menu: user.menu,
        rows: named.map((row) => ({
          _id: String(row.id),
          title: user.title(row),
          search: String(row[user.search[0] ?? 'id'] ?? ''),
        })),
      });
    } else usedBy.push({ resource: usedByName(table), count: total });
  }
  if (usedBy.length) throw inUse(usedBy);
}

/** One place that uses a record: how many rows, and the first of them by name when the caller may read them. */
export interface UsedBy {
  resource: string;
  count: number;
  menu?: string;
  rows?: NamedUse[];
}

/** 409 `in_use`: "Used by 51 employees". Also what a RESTRICT key's violation (23503) becomes, counted or not. */
export const inUse = (usedBy: readonly UsedBy[]) =>
  new AppError(
    409,
    'in_use',
    usedBy.length
      ? `Cannot delete: used by ${usedBy.map((use) => `${use.count} ${use.resource}${use.rows?.length ? ` (${use.rows.map((row) => row.title).join(', ')})` : ''}`).join(', ')}`
      : 'Cannot delete: it is still in use',
    undefined,
    { used_by: usedBy },
  );

/**
 * One UPDATE for many rows writing the same fields (with `checkVersion`, only over the version each row was read at): `update t set f = v.f … from (values …) v where t.id = v.id`.
 * Values go through each column's own driver mapping and are cast to its SQL type, as a single-row update would.
 * Returns each row's new version by id.
 */
async function updateMany(
  tx: Executor,
  resource: Resource,
  fields: readonly string[],
  rows: readonly { before: Row; values: Row }[],
  { checkVersion = false } = {},
): Promise<Map<string, number>> {
  const table = resource.table;
  const columns = fields.map((field) => resource.columns[field]!);
  const tuples = rows.map(
    (row) =>
      sql`(${row.before.id}::uuid, ${Number(row.before.version)}::integer, ${sql.join(
        columns.map((column, i) => {
          const value = row.values[fields[i]!];
          const mapped = value === null || value === undefined ? null : column.mapToDriverValue(value);
          return sql`${mapped}::${sql.raw(column.getSQLType())}`;
        }),
        sql`, `,
      )})`,
  );
  const names = sql.join(
    columns.map((column) => sql.identifier(`v_${column.name}`)),
    sql`, `,
  );
  const sets = columns.map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(`v_${column.name}`)}`);
  const result = await tx.execute<{ id: string; version: number }>(
    sql`update ${table} set ${sql.join(
      [
        ...sets,
        sql`${sql.identifier(resource.columns.updated_at!.name)} = now()`,
        sql`${sql.identifier(resource.columns.version!.name)} = ${table}.${sql.identifier(resource.columns.version!.name)} + 1`,
      ],
      sql`, `,
    )} from (values ${sql.join(tuples, sql`, `)}) as v(v_id, v_version, ${names}) where ${table}.${sql.identifier(resource.columns.id!.name)} = v.v_id${checkVersion ? sql` and ${table}.${sql.identifier(resource.columns.version!.name)} = v.v_version` : sql``} returning ${table}.${sql.identifier(resource.columns.id!.name)} as id, ${table}.${sql.identifier(resource.columns.version!.name)} as version`,
  );
  return new Map(result.rows.map((row) => [row.id, Number(row.version)]));
}

/**
 * Rows per statement in bulk work. Small enough that each statement is short: the embedded engine serves one statement
 * at a time, and the API's event loop builds each statement synchronously.
 */
export const WRITE_BATCH = 250;
const LOOKUP_BATCH = 2000;

export type BulkRowReport = {
  index: number;
  status: 'created' | 'updated' | 'unchanged' | 'invalid';
  _id?: string;
  version?: number;
  fields?: Record<string, FieldError>;
};

/** A bulk request: ids to delete first, then rows to create or update, in one transaction. */
export interface BulkWork {
  rows: Row[];
  delete: string[];
}

/** How a bulk write is applied. */
export interface BulkOptions {
  /**
   * In short transactions with an undo journal, so that other requests are served between them: for the embedded
   * database, one connection (docs/decisions/0024). Used for upserts of more than one chunk and no deletions.
   */
  chunked?: boolean;
  /** Called after each committed chunk of a chunked write (tests stop a write half-way with it). */
  afterChunk?: (chunk: number) => void | Promise<void>;
}

type Validate = (row: Row, mode: 'create' | 'update') => Record<string, FieldError> | null;
/** A valid input row: what it writes, over which stored row (null: a new row). */
export type Planned = { index: number; before: Row | null; values: Row };

/**
 * Deletes `work.delete` and then creates or updates `work.rows`, all or nothing, rows matched by `_id` or by the
 * natural key (a row naming a deleted `_id` no longer exists; a deleted row's natural key is free for a new row).
 * Writes nothing when an id to delete is unknown (404, `missing`) or any row is invalid (400 `bulk_invalid`, whose
 * report says which rows and why). One transaction; or, with `options.chunked`, rows checked first and written in
 * short transactions, taken back together if one fails (docs/decisions/0024).
 */
export async function bulkUpsert(
  db: Db,
  resource: Resource,
  caller: Caller,
  work: BulkWork,
  validate: Validate,
  options: BulkOptions = {},
) {
  guardWrite(resource, caller, work.rows);
  if (options.chunked && work.delete.length === 0 && work.rows.length > WRITE_BATCH) {
    return guardUnique(resource, async () => {
      const plan = await planBulk(db, resource, caller, work.rows, validate, { lock: false, deleted: [] });
      return applyChunked(db, resource, caller, plan, options.afterChunk);
    });
  }
  return guardUnique(resource, () =>
    db.transaction(async (tx) => {
      const deleted = await deleteRows(tx, resource, caller, work.delete);
      const plan = await planBulk(tx, resource, caller, work.rows, validate, { lock: true, deleted });
      const { creates, groups, unchanged } = sortPlan(resource, caller, plan);
      const report: BulkRowReport[] = [...unchanged];
      const logs: LogEntry[] = [];
      const inserted = await insertRows(
        tx,
        resource,
        caller,
        creates.map((p) => p.values),
      );
      inserted.rows.forEach((row, j) => {
        report.push({
          index: creates[j]!.index,
          status: 'created',
          _id: row.id as string,
          version: row.version as number,
        });
      });
      logs.push(...inserted.logs);
      for (const [fields, rows] of groups) {
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          const chunk = rows.slice(i, i + WRITE_BATCH);
          const updated = await updateMany(tx, resource, fields, chunk);
          for (const row of chunk) {
            const id = row.before.id as string;
            report.push({ index: row.index, status: 'updated', _id: id, version: updated.get(id)! });
            logs.push(row.log);
          }
        }
      }
      await writeLog(tx, logs);
      return summary(report, deleted);
    }),
  );
}

/**
 * Finds the stored rows the inputs name (by `_id` or natural key, inside the caller's reach) and checks every row:
 * its schema, cross-field rule, account rule, version and relations, and no record written twice. Throws
 * `bulk_invalid` with every invalid row; answers the valid plan. `lock`: inside the write's transaction, the stored
 * rows are locked (`for update`); without it, a chunked write checks their versions as it writes them.
 */
async function planBulk(
  db: Executor,
  resource: Resource,
  caller: Caller,
  inputs: Row[],
  validate: Validate,
  { lock, deleted }: { lock: boolean; deleted: readonly string[] },
): Promise<Planned[]> {
  const key = resource.naturalKey;
  const keyOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : null);
  const table = resource.table;
  const ids = inputs.map((row) => row._id).filter((id): id is string => typeof id === 'string');
  const keys = key ? inputs.map((row) => keyOf(row[key])).filter((k): k is string => k !== null) : [];
  const existing: Row[] = [];
  const lookup = async (condition: SQL) => {
    const query = db
      .select()
      .from(table)
      .where(withTenancy(resource, caller, condition));
    existing.push(...(await (lock ? query.for('update') : query)));
  };
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    await lookup(inArray(resource.columns.id!, ids.slice(i, i + LOOKUP_BATCH)));
  }
  if (key) {
    for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
      await lookup(inArray(sql`lower(${resource.columns[key]!})`, keys.slice(i, i + LOOKUP_BATCH)));
    }
  }
  const byId = new Map(existing.map((row) => [row.id as string, row]));
  const outranked = new Set(
    (await holdersOf(db, resource, existing)).filter((h) => !mayActOn(caller, h)).map((h) => h.userId),
  );
  const byKey = new Map(key ? existing.map((row) => [keyOf(row[key])!, row]) : []);

  const report: BulkRowReport[] = [];
  const plan: Planned[] = [];
  const seenKeys = new Set<string>();
  const seenRecords = new Set<string>();
  inputs.forEach((input, index) => {
    const { _id, version, ...values } = input as Row & { _id?: string; version?: number };
    const before =
      (typeof _id === 'string' ? byId.get(_id) : undefined) ??
      (key ? byKey.get(keyOf(values[key]) ?? '') : undefined) ??
      null;
    if (!before && (typeof _id === 'string' || !resource.create)) {
      const field = typeof _id === 'string' || !key ? '_id' : key;
      report.push({
        index,
        status: 'invalid',
        fields: { [field]: { code: 'not_found', message: 'does not exist' } },
      });
      return;
    }
    const fields = validate(values, before ? 'update' : 'create') ?? {};
    for (const [field, error] of Object.entries(crossCheck(resource, before, values) ?? {})) fields[field] ??= error;
    if (before && resource.table === schema.users) {
      for (const [field, error] of Object.entries(accountRefusals(caller, before, values) ?? {}))
        fields[field] ??= error;
    }
    if (before && resource.holder && outranked.has(before[resource.holder] as string)) {
      fields._id = { code: 'outranked', message: 'only a user of a higher level may change this record' };
    }
    // A row that updates a record names the version it edited, like a single update: a stale or a missing
    // version is this row's conflict, reported with the current version (docs/decisions/0015).
    if (before && version === undefined) {
      fields.version = {
        code: 'version_required',
        message: 'is required to update an existing record',
        params: { current: before.version },
      };
    } else if (before && before.version !== version) {
      fields.version = {
        code: 'conflict',
        message: 'was changed by someone else',
        params: { current: before.version },
      };
    }
    // Two rows writing one record would each pass its version check, the second silently overwriting the first:
    // a repeated `_id` is refused like a repeated natural key, and so is a row that reaches by its natural key a
    // record another row already holds (e.g. by `_id`, renaming it).
    const rowKey = key ? keyOf(values[key] ?? before?.[key]) : null;
    const recordId = before ? (before.id as string) : null;
    if (recordId && seenRecords.has(recordId)) {
      if (typeof _id === 'string') fields._id = { code: 'duplicate', message: 'appears twice in this upload' };
      else fields[key!] = { code: 'duplicate', message: 'is the same record as another row in this upload' };
    } else if (rowKey && seenKeys.has(rowKey)) {
      fields[key!] = { code: 'duplicate', message: 'appears twice in this upload' };
    }
    if (recordId) seenRecords.add(recordId);
    if (rowKey) seenKeys.add(rowKey);
    if (Object.keys(fields).length) report.push({ index, status: 'invalid', fields });
    else plan.push({ index, before, values });
  });
  const relationErrors = await checkRelations(
    db,
    resource,
    caller,
    plan.map((p) => p.values),
  );
  for (const [planIndex, fields] of relationErrors) {
    report.push({ index: plan[planIndex]!.index, status: 'invalid', fields });
  }
  if (report.length) throw bulkInvalid(report, inputs.length, deleted.length > 0);
  return plan;
}

function bulkInvalid(report: BulkRowReport[], total: number, deleting: boolean) {
  report.sort((a, b) => a.index - b.index);
  return new AppError(
    400,
    'bulk_invalid',
    `${report.length} of ${total} rows are invalid; nothing was saved${deleting ? ' or deleted' : ''}`,
    undefined,
    { rows: report },
  );
}

type UpdateRow = { index: number; before: Row; values: Row; log: LogEntry };

/**
 * The valid plan sorted for writing: new rows; updates in groups of rows that write the same fields (one statement
 * per batch, not one per row), each with its log entry; rows that change nothing, already reported.
 */
function sortPlan(resource: Resource, caller: Caller, plan: readonly Planned[]) {
  const creates = plan.filter((p) => !p.before);
  const groups = new Map<string, UpdateRow[]>();
  const unchanged: BulkRowReport[] = [];
  for (const p of plan) {
    const before = p.before;
    if (!before) continue;
    const changed = diff(before, p.values);
    if (Object.keys(changed).length === 0) {
      unchanged.push({
        index: p.index,
        status: 'unchanged',
        _id: before.id as string,
        version: before.version as number,
      });
      continue;
    }
    const log = logEntry(resource, caller, 'update', { ...before, ...p.values }, changed);
    const fields = Object.keys(p.values).sort().join(',');
    const group = groups.get(fields) ?? [];
    group.push({ index: p.index, before, values: p.values, log });
    groups.set(fields, group);
  }
  return {
    creates,
    groups: [...groups].map(([fields, rows]) => [fields ? fields.split(',') : [], rows] as const),
    unchanged,
  };
}

function summary(report: BulkRowReport[], deleted: string[]) {
  report.sort((a, b) => a.index - b.index);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const r of report) if (r.status !== 'invalid') counts[r.status]++;
  return { ...counts, deleted, rows: report };
}

/**
 * A checked plan written in short transactions of WRITE_BATCH rows, each with its log entries and its undo journal
 * (server/resources/journal.ts), so that the one connection to the embedded database is free between them. An update
 * is written only over the version the plan checked; a row someone changed meanwhile, a key taken meanwhile, or any
 * other failure takes back every chunk written so far. The journal's removal is the commit point.
 */
async function applyChunked(
  db: Db,
  resource: Resource,
  caller: Caller,
  plan: readonly Planned[],
  afterChunk?: (chunk: number) => void | Promise<void>,
) {
  const batch = randomUUID();
  let report: BulkRowReport[];
  try {
    report = await writeChunks(db, resource, caller, plan, batch, chunkCounter(afterChunk));
    await commitBatch(db, batch);
  } catch (error) {
    await undoBatch(db, batch);
    throw error;
  }
  return summary(report, []);
}

/** Calls `afterChunk` with 1, 2, 3… after each committed chunk of a chunked write. */
export function chunkCounter(afterChunk?: (chunk: number) => void | Promise<void>) {
  let chunks = 0;
  return async () => {
    chunks++;
    await afterChunk?.(chunks);
  };
}

/**
 * Checks bulk rows as a chunked write does before writing (`planBulk` without locks, outside any transaction): throws
 * `bulk_invalid` with every invalid row, or answers the plan for `writeChunks`. For writes that combine a bulk write
 * with work of their own (the employee import, decision 0052).
 */
export function checkBulk(db: Db, resource: Resource, caller: Caller, inputs: Row[], validate: Validate) {
  guardWrite(resource, caller, inputs);
  return planBulk(db, resource, caller, inputs, validate, { lock: false, deleted: [] });
}

/**
 * Writes a checked plan in short transactions of WRITE_BATCH rows, journalled under `batch` (server/resources/
 * journal.ts), calling `committed` after each. The caller commits the batch (`commitBatch`) or takes it back
 * (`undoBatch`): a write of its own may belong to the same batch.
 */
export async function writeChunks(
  db: Db,
  resource: Resource,
  caller: Caller,
  plan: readonly Planned[],
  batch: string,
  committed: () => Promise<void>,
): Promise<BulkRowReport[]> {
  const { creates, groups, unchanged } = sortPlan(resource, caller, plan);
  const table = resource.table;
  const report: BulkRowReport[] = [...unchanged];
  for (let i = 0; i < creates.length; i += WRITE_BATCH) {
    const chunk = creates.slice(i, i + WRITE_BATCH);
    await db.transaction(async (tx) => {
      const inserted = await insertRows(
        tx,
        resource,
        caller,
        chunk.map((p) => p.values),
      );
      await journalInserted(
        tx,
        batch,
        table,
        inserted.rows.map((row) => row.id as string),
      );
      await journalInserted(tx, batch, schema.activityLogs, await writeLog(tx, inserted.logs));
      inserted.rows.forEach((row, j) => {
        report.push({
          index: chunk[j]!.index,
          status: 'created',
          _id: row.id as string,
          version: row.version as number,
        });
      });
    });
    await committed();
  }
  for (const [fields, rows] of groups) {
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const chunk = rows.slice(i, i + WRITE_BATCH);
      await db.transaction(async (tx) => {
        const ids = chunk.map((row) => row.before.id as string);
        await journalBefore(tx, batch, table, ids);
        const updated = await updateMany(tx, resource, fields, chunk, { checkVersion: true });
        const stale = chunk.filter((row) => !updated.has(row.before.id as string));
        if (stale.length) throw await staleRows(tx, resource, stale, plan.length);
        await journalInserted(
          tx,
          batch,
          schema.activityLogs,
          await writeLog(
            tx,
            chunk.map((row) => row.log),
          ),
        );
        for (const row of chunk) {
          const id = row.before.id as string;
          report.push({ index: row.index, status: 'updated', _id: id, version: updated.get(id)! });
        }
      });
      await committed();
    }
  }
  return report;
}

/** Rows changed (or deleted) by someone else after the plan checked them: `bulk_invalid` with their current version. */
async function staleRows(tx: Executor, resource: Resource, stale: readonly UpdateRow[], total: number) {
  const current = await tx
    .select({ id: resource.columns.id!, version: resource.columns.version! })
    .from(resource.table)
    .where(
      inArray(
        resource.columns.id!,
        stale.map((row) => row.before.id as string),
      ),
    );
  const versions = new Map(current.map((row) => [row.id as string, row.version as number]));
  return bulkInvalid(
    stale.map((row): BulkRowReport => {
      const id = row.before.id as string;
      return {
        index: row.index,
        status: 'invalid',
        fields: versions.has(id)
          ? {
              version: {
                code: 'conflict',
                message: 'was changed by someone else',
                params: { current: versions.get(id) },
              },
            }
          : { _id: { code: 'not_found', message: 'does not exist' } },
      };
    }),
    total,
    false,
  );
}
