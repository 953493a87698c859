/**
 * SQL pieces shared by the repositories.
 *
 * `uuidArray` binds a list of ids as ONE uuid[] parameter: a list expanded into one parameter per id stops working
 * past PostgreSQL's 65,535 parameters a statement (a payroll run of a company that large), and one parameter is also
 * cheaper to plan. The ids are uuids (checked where they came in), so the array literal needs no quoting.
 *
 * `loadTogether` runs independent queries on an `Executor`, which may be a transaction: one connection.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './connect.ts';

export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** `column = any(ids)` as one uuid[] parameter, or no condition (undefined, for `and()`) when `ids` is undefined. */
export const inIds = (column: AnyPgColumn | SQL, ids: readonly string[] | undefined) =>
  ids ? sql`${column} = any(${uuidArray(ids)})` : undefined;

/**
 * Runs independent loads: at once on the pool (each query takes its own connection), one after the other on a
 * transaction. A transaction is one client, which runs one query at a time: queries sent together queue in the driver
 * and node-postgres warns ("Calling client.query() when the client is already executing a query", an error from
 * pg 9). `Promise.all` of queries is only for an executor that is the pool (`Db`).
 */
export async function loadTogether<T extends readonly unknown[]>(
  db: Executor,
  loads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(loads.map((load) => load()))) as unknown as T;
  const out: unknown[] = [];
  for (const load of loads) out.push(await load());
  return out as unknown as T;
}
