/** Reading the activity log (spec 2.3): the caller's company's entries, filtered, newest first. */
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { activityLogs, users } from '../db/schema.ts';
import { cleanValues, containsPattern, DEFAULT_LIMIT, wholeDays } from '../resources/query.ts';
import { inCompany, type Scope } from '../scope/scope.ts';
import type { LogAction } from './log.ts';

export interface LogQuery {
  limit?: number;
  skip?: number;
  user?: string[];
  action?: LogAction[];
  date?: string[];
  search?: string;
}

/** Rows counted past the page before the total is given as "at least". */
export const COUNT_CAP = 10_000;

export async function listLogs(db: Db, scope: Scope, q: LogQuery) {
  const where: (SQL | undefined)[] = [inCompany(scope, activityLogs)];
  const userIds = cleanValues(q.user ?? []);
  if (userIds.length) where.push(inArray(activityLogs.user, userIds));
  const actions = cleanValues(q.action ?? []) as LogAction[];
  if (actions.length) where.push(inArray(activityLogs.action, actions));
  const days = cleanValues(q.date ?? []);
  if (days.length) where.push(wholeDays(activityLogs.created_at, days));
  if (q.search?.trim()) where.push(ilike(activityLogs.detail, containsPattern(q.search.trim())));
  const condition = and(...where);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const skip = q.skip ?? 0;
  // The count stops at COUNT_CAP rows past the page (docs/decisions/0155): an exact count of a million rows costs more
  // than the page itself, and "10,000+" is as useful to a reader as the exact figure.
  const cap = skip + limit + COUNT_CAP;
  const [rows, counted] = await Promise.all([
    db
      .select({ log: activityLogs, user_id: users.id, fullname: users.fullname, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.user))
      .where(condition)
      .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
      .limit(limit)
      .offset(skip),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from ${activityLogs} where ${condition} limit ${cap}) capped`,
    ),
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  const capped = total >= cap;
  return {
    data: rows.map(({ log, user_id, fullname, username }) => ({
      _id: log.id,
      created_at: new Date(log.created_at).toISOString(),
      user: user_id ? { _id: user_id, fullname: fullname!, username: username! } : null,
      action: log.action,
      menu: log.menu,
      resource: log.resource,
      record_id: log.record_id,
      detail: log.detail,
      changes: log.changes,
      impersonated: log.impersonator !== null,
    })),
    meta: { total, limit, skip, capped },
  };
}

/** The company's users, for the log's user filter (who may appear in it), by name. */
export async function logUsers(db: Db, scope: Scope) {
  const rows = await db
    .select({ _id: users.id, fullname: users.fullname, username: users.username })
    .from(users)
    .where(inCompany(scope, users))
    .orderBy(asc(users.fullname));
  return { data: rows };
}
