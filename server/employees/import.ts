/**
 * Employee import and bulk invitation: rows from a spreadsheet, matched to existing employees by `_id`, employee id,
 * NIK (ktp_number) or email, in that order. Matched rows update the employee; the others create an employee with their
 * account, which gets an activation link. All of it or nothing (400 `bulk_invalid` with a report per row, like the
 * generic bulk endpoint): in one transaction, or on the embedded database in short ones with an undo journal
 * (decision 0052).
 */
import { randomUUID } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import { type LogEntry, snapshot, writeLog } from '../activity/log.ts';
import { issueOneTimeTokens } from '../auth/one-time.ts';
import type { Db, Executor } from '../db/connect.ts';
import { activityLogs, employees, users } from '../db/schema.ts';
import { AppError, type FieldError } from '../http/errors.ts';
import { commitBatch, journalInserted, undoBatch } from '../resources/journal.ts';
import * as repo from '../resources/repository.ts';
import { inCompany, type Scope } from '../scope/scope.ts';
import { insertAccounts } from './repository.ts';
import { allEmployeesResource, employeesResource } from './resource.ts';

type Row = Record<string, unknown>;
type Check = (value: unknown) => Record<string, FieldError> | null;

export interface ImportChecks {
  /** The schema of a new employee (with `username`). */
  create: Check;
  /** The schema of changes to an existing one. */
  update: Check;
}

export interface ImportRowReport {
  index: number;
  status: 'created' | 'updated' | 'unchanged' | 'invalid';
  _id?: string;
  fields?: Record<string, FieldError>;
  /** Bulk invite only: the activation link of a created account, for the inviter to pass on (decision 0013). */
  link?: string;
}

const lower = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null);
const MATCH_KEYS = ['employee_id', 'ktp_number', 'email'] as const;

/** `email`: the account's sign-in email, decided at the check (none when another company's user holds it). */
type Create = { index: number; values: Row; username: string; email?: string | null };
type Update = { index: number; row: Row };

export interface ImportOptions {
  mode: 'import' | 'invite';
  activationLink: (token: string, person: { email: string | null; fullname: string }) => string | undefined;
  /**
   * The embedded database (decision 0052): rows checked first outside any transaction, then written in short
   * transactions of 250 rows with the undo journal of bulk writes, so that other requests are answered meanwhile; a
   * failure takes every written chunk back. Imports of one chunk keep the one transaction.
   */
  chunked?: boolean;
  /** Called after each committed chunk of a chunked import (tests stop an import half-way with it). */
  afterChunk?: (chunk: number) => void | Promise<void>;
}

/**
 * Imports `rows`. `mode: 'invite'` only creates (a row matching an existing employee is invalid) and requires an email,
 * since the activation link goes there. `activationLink` is told each new account's token (to mail it) and returns
 * the link the reply may carry, if any.
 */
export async function importEmployees(
  db: Db,
  caller: Scope,
  rows: Row[],
  checks: ImportChecks,
  options: ImportOptions,
) {
  repo.guardWrite(employeesResource, caller, rows);
  if (options.chunked && rows.length > repo.WRITE_BATCH) {
    return repo.guardUnique(employeesResource, () => importChunked(db, caller, rows, checks, options));
  }
  return repo.guardUnique(employeesResource, () =>
    db.transaction(async (tx) => {
      const { report, creates, updates } = await sortRows(tx, caller, rows, checks, options.mode);
      // Updates through the generic bulk write (a savepoint inside this transaction), its report mapped back.
      if (updates.length) {
        let updateReport: repo.BulkRowReport[] = [];
        try {
          const result = await repo.bulkUpsert(
            tx as unknown as Db,
            allEmployeesResource,
            caller,
            { rows: updates.map((u) => u.row), delete: [] },
            (values) => checks.update(values),
          );
          updateReport = result.rows;
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'bulk_invalid') throw error;
          updateReport = (error.extra?.rows as repo.BulkRowReport[]) ?? [];
        }
        for (const entry of updateReport) report.push({ ...entry, index: updates[entry.index]!.index });
      }
      refuseInvalid(report, rows.length);
      // New accounts and employees, a batch per statement: 10,000 invitations stay one short transaction.
      await writeLog(tx, await insertCreates(tx, caller, creates, options, report));
      return result(report);
    }),
  );
}

/**
 * The chunked import (decision 0052): every row checked before anything is written, as the one transaction does, but
 * each lookup its own statement; then the updates and the new employees written 250 at a time, each chunk one short
 * transaction that journals what it wrote. The journal's removal is the commit point; any failure takes back every
 * chunk written so far (a key taken meanwhile, an employee changed since the check, a lost connection), and a crash
 * leaves the journal for the start-up recovery.
 */
async function importChunked(db: Db, caller: Scope, rows: Row[], checks: ImportChecks, options: ImportOptions) {
  const { report, creates, updates } = await sortRows(db, caller, rows, checks, options.mode);
  let plan: repo.Planned[] = [];
  if (updates.length) {
    try {
      plan = await repo.checkBulk(
        db,
        allEmployeesResource,
        caller,
        updates.map((u) => u.row),
        (values) => checks.update(values),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'bulk_invalid') throw error;
      const invalid = (error.extra?.rows as repo.BulkRowReport[]) ?? [];
      for (const entry of invalid) report.push({ ...entry, index: updates[entry.index]!.index });
    }
  }
  refuseInvalid(report, rows.length);

  const batch = randomUUID();
  const committed = repo.chunkCounter(options.afterChunk);
  try {
    const updated = await repo.writeChunks(db, allEmployeesResource, caller, plan, batch, committed);
    for (const entry of updated) report.push({ ...entry, index: updates[entry.index]!.index });
    for (let i = 0; i < creates.length; i += repo.WRITE_BATCH) {
      const chunk = creates.slice(i, i + repo.WRITE_BATCH);
      await db.transaction(async (tx) => {
        const logs = await insertCreates(tx, caller, chunk, options, report, batch);
        await journalInserted(tx, batch, activityLogs, await writeLog(tx, logs));
      });
      await committed();
    }
    await commitBatch(db, batch);
  } catch (error) {
    await undoBatch(db, batch);
    // An employee changed since the check: the bulk write names its row among the updates, the reply the upload's.
    if (error instanceof AppError && error.code === 'bulk_invalid') {
      const invalid = (error.extra?.rows as repo.BulkRowReport[]) ?? [];
      refuseInvalid(
        invalid.map((entry) => ({ ...entry, index: updates[entry.index]!.index })),
        rows.length,
      );
    }
    throw error;
  }
  return result(report);
}

/**
 * Matches every row to the stored employees and checks it: the reply's invalid rows, the new employees to create
 * (their usernames and emails free, their relations the caller's) and the updates still to be checked by the bulk
 * write's own rules.
 */
async function sortRows(tx: Executor, caller: Scope, rows: Row[], checks: ImportChecks, mode: ImportOptions['mode']) {
  const existing = indexMatches(await findMatches(tx, caller, rows));
  const report: ImportRowReport[] = [];
  const creates: Create[] = [];
  const updates: Update[] = [];
  const claimed = new Map<string, number>();
  for (const [index, input] of rows.entries()) {
    const { _id, version, username, ...values } = input as Row & {
      _id?: string;
      version?: number;
      username?: string;
    };
    const match = matchOf(existing, _id, values);
    if (match.error) {
      report.push({ index, status: 'invalid', fields: match.error });
      continue;
    }
    const found = match.row;
    if (found && mode === 'invite') {
      report.push({
        index,
        status: 'invalid',
        fields: { [match.by!]: { code: 'exists', message: 'is already an employee of this company' } },
      });
      continue;
    }
    if (found) {
      const id = found.id as string;
      if (claimed.has(id)) {
        report.push({
          index,
          status: 'invalid',
          fields: {
            [match.by!]: { code: 'duplicate', message: 'is the same employee as another row in this upload' },
          },
        });
        continue;
      }
      claimed.set(id, index);
      const fields = checks.update(values);
      if (fields) {
        report.push({ index, status: 'invalid', fields });
        continue;
      }
      updates.push({ index, row: { ...values, _id: id, ...(version === undefined ? {} : { version }) } });
      continue;
    }
    const login = lower(username ?? values.employee_id);
    const fields = { ...checks.create({ ...values, ...(username === undefined ? {} : { username }) }) };
    if (mode === 'invite' && !lower(values.email)) {
      fields.email = { code: 'required', message: 'is required to send the invitation' };
    }
    if (Object.keys(fields).length || !login) {
      report.push({ index, status: 'invalid', fields });
      continue;
    }
    creates.push({ index, values, username: login });
  }

  // New accounts: usernames and emails are unique across the platform, and within this upload.
  const taken = await takenLogins(
    tx,
    caller,
    creates.map((c) => c.username),
    creates.map((c) => lower(c.values.email)).filter((e): e is string => !!e),
  );
  const seen = new Set<string>();
  for (const create of creates) {
    const email = lower(create.values.email);
    const fields: Record<string, FieldError> = {};
    if (taken.has(create.username) || seen.has(create.username)) {
      fields.username = { code: 'unique', message: 'is already used' };
    }
    if (email && (taken.has(email) || seen.has(email))) fields.email = { code: 'unique', message: 'is already used' };
    create.email =
      email && taken.elsewhere.has(email) ? null : ((create.values.email as string | null | undefined) ?? null);
    seen.add(create.username);
    if (email) seen.add(email);
    if (Object.keys(fields).length) report.push({ index: create.index, status: 'invalid', fields });
  }
  const relationErrors = await repo.checkRelations(
    tx,
    employeesResource,
    caller,
    creates.map((c) => c.values),
  );
  for (const [i, fields] of relationErrors) report.push({ index: creates[i]!.index, status: 'invalid', fields });
  return { report, creates, updates };
}

/** 400 `bulk_invalid` with every invalid row when there is one: nothing is written. */
function refuseInvalid(report: ImportRowReport[], total: number) {
  if (!report.some((entry) => entry.status === 'invalid')) return;
  const invalid = report.filter((entry) => entry.status === 'invalid').sort((a, b) => a.index - b.index);
  throw new AppError(
    400,
    'bulk_invalid',
    `${invalid.length} of ${total} rows are invalid; nothing was saved`,
    undefined,
    {
      rows: invalid,
    },
  );
}

/**
 * Inserts new employees with their accounts and activation tokens, reports them, and answers their log entries
 * (written by the caller). With `batch`, journals the accounts and employees for the chunked import's undo (the
 * tokens go with their accounts: deleting an account deletes its tokens).
 */
async function insertCreates(
  tx: Executor,
  caller: Scope,
  creates: readonly Create[],
  options: ImportOptions,
  report: ImportRowReport[],
  batch?: string,
): Promise<LogEntry[]> {
  const logs: LogEntry[] = [];
  const userIds = await insertAccounts(tx, caller, creates);
  if (batch) await journalInserted(tx, batch, users, userIds);
  const stored = await repo.insertRows(
    tx,
    employeesResource,
    caller,
    creates.map((create, i) => ({ ...create.values, user: userIds[i], assigned_by: caller.actor.userId })),
  );
  if (batch)
    await journalInserted(
      tx,
      batch,
      employees,
      stored.rows.map((row) => row.id as string),
    );
  logs.push(...stored.logs);
  const tokens = await issueOneTimeTokens(tx, 'activation', userIds);
  creates.forEach((create, i) => {
    const values = create.values;
    const link = options.activationLink(tokens[i]!, {
      email: (values.email as string | null | undefined) ?? null,
      fullname: String(values.fullname ?? create.username),
    });
    report.push({
      index: create.index,
      status: 'created',
      _id: stored.rows[i]!.id as string,
      ...(link ? { link } : {}),
    });
    logs.push({
      actor: caller.actor,
      companyId: caller.companyId,
      action: 'create',
      menu: employeesResource.menu,
      resource: 'employee-accounts',
      recordId: userIds[i]!,
      detail: `${options.mode === 'invite' ? 'Invited' : 'Imported'} ${values.fullname} (${create.username})`,
      changes: snapshot({ username: create.username, email: values.email ?? null }),
    });
  });
  return logs;
}

function result(report: ImportRowReport[]) {
  report.sort((a, b) => a.index - b.index);
  const count = (status: ImportRowReport['status']) => report.filter((entry) => entry.status === status).length;
  return { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), rows: report };
}

/** The employees any row could match, by id or by one of the natural keys (case-insensitive). */
async function findMatches(tx: Executor, caller: Scope, rows: Row[]) {
  const ids = rows.map((row) => row._id).filter((id): id is string => typeof id === 'string');
  const keys = Object.fromEntries(
    MATCH_KEYS.map((key) => [key, rows.map((row) => lower(row[key])).filter((v): v is string => !!v)]),
  ) as Record<(typeof MATCH_KEYS)[number], string[]>;
  const conditions = [
    ids.length ? inArray(employees.id, ids) : undefined,
    ...MATCH_KEYS.map((key) => (keys[key].length ? inArray(sql`lower(${employees[key]})`, keys[key]) : undefined)),
  ].filter((condition) => condition !== undefined);
  if (!conditions.length) return [];
  return tx
    .select()
    .from(employees)
    .where(repo.withTenancy(allEmployeesResource, caller, or(...conditions)));
}

/** The stored employees by id and by each natural key (lower case), for matching thousands of rows at once. */
function indexMatches(existing: Row[]) {
  const byId = new Map(existing.map((row) => [row.id as string, row]));
  const byKey = Object.fromEntries(
    MATCH_KEYS.map((key) => [
      key,
      new Map(existing.map((row) => [lower(row[key]), row] as const).filter(([value]) => value !== null)),
    ]),
  ) as Record<(typeof MATCH_KEYS)[number], Map<string | null, Row>>;
  return { byId, byKey };
}
type Matches = ReturnType<typeof indexMatches>;

/** The employee a row names: by `_id`, else by the first natural key it gives that matches someone. */
function matchOf(
  existing: Matches,
  _id: string | undefined,
  values: Row,
): { row?: Row; by?: string; error?: Record<string, FieldError> } {
  if (_id !== undefined) {
    const row = existing.byId.get(_id);
    return row ? { row, by: '_id' } : { error: { _id: { code: 'not_found', message: 'does not exist' } } };
  }
  for (const key of MATCH_KEYS) {
    const value = lower(values[key]);
    if (!value) continue;
    const row = existing.byKey[key].get(value);
    if (row) return { row, by: key };
  }
  return {};
}

async function takenLogins(tx: Executor, caller: Scope, usernames: string[], emails: string[]) {
  const names = [...new Set([...usernames, ...emails])];
  if (!names.length) return Object.assign(new Set<string>(), { elsewhere: new Set<string>() });
  const found = await tx
    .select({
      username: users.username,
      email: users.email,
      own: sql<boolean>`coalesce(${inCompany(caller, users)}, false)`,
    })
    .from(users)
    .where(or(inArray(sql`lower(${users.username})`, names), inArray(sql`lower(${users.email})`, names)));
  // Another company's email is not disclosed (docs/decisions/0126): only this company's emails are "already used";
  // an account whose email another company's user holds is created without a sign-in email (./repository.ts).
  const taken = new Set(
    found
      .flatMap((user) => [lower(user.username), user.own ? lower(user.email) : null])
      .filter((v): v is string => !!v),
  );
  const elsewhere = new Set(
    found
      .filter((user) => !user.own)
      .map((user) => lower(user.email))
      .filter((v): v is string => !!v),
  );
  return Object.assign(taken, { elsewhere });
}
