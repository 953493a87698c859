/**
 * The SQL form of "employed" (common/employment.ts `employedOn`, docs/decisions/0105), for the queries that choose
 * whom a screen counts: home, the daily attendance and the report, payroll and the leave balance.
 */
import { type SQL, sql } from 'drizzle-orm';
import { employmentBounds } from '../../common/employment.ts';

/**
 * `alias`'s row is employed on the day `from` (or at some time from `from` to `to`), by the bounds of
 * `employmentBounds`: the same rule as `employedOn`.
 */
export function employedSql(alias: string, from: string, to: string = from): SQL {
  const { joinedBy, exitedNotBefore } = employmentBounds(from, to);
  return employedWithin(alias, sql`${joinedBy}::date`, sql`${exitedNotBefore}::date`);
}

/** Joined by `joinedBy` and not exited before `exitedNotBefore` (SQL date expressions): `employedOn`'s one rule. */
function employedWithin(alias: string, joinedBy: SQL, exitedNotBefore: SQL): SQL {
  const join = sql.raw(`${alias}.join_date`);
  const exit = sql.raw(`${alias}.exit_date`);
  return sql`(${join} is null or ${join} <= ${joinedBy}) and (${exit} is null or ${exit} >= ${exitedNotBefore})`;
}

/**
 * `alias`'s row is employed on the day `day`, an SQL date expression (a month's last day in a generated series, say):
 * `employmentBounds(day, day)`, joined by the day and not exited before it, the same rule as `employedOn`.
 */
export function employedOnDaySql(alias: string, day: SQL): SQL {
  return employedWithin(alias, day, day);
}
