/**
 * Bulk loading for the demo seed (docs/decisions/0057): a table's foreign keys are dropped before a large
 * INSERT … SELECT and added back after it, with the same names and definitions read from the catalogue, so
 * PostgreSQL checks each key once for the whole table (one anti-join) instead of once per row (a trigger call per
 * row and key: 160,000 of them for a year of demo attendance, most of the seed's time). The PostgreSQL manual's
 * "Populating a Database" advice. Only inside the seed's transaction: a failure rolls the drop back too, and nothing
 * else can see the table without its keys meanwhile.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

export async function withForeignKeysCheckedOnce<T>(
  tx: Executor,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const keys = (
    await tx.execute(sql`
      select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
      where contype = 'f' and conrelid = any(${`{${tables.join(',')}}`}::regclass[])
      order by conrelid::regclass::text, conname`)
  ).rows as unknown as ForeignKey[];
  for (const key of keys) {
    await tx.execute(sql`alter table ${sql.raw(key.table)} drop constraint ${sql.identifier(key.name)}`);
  }
  const result = await load();
  for (const key of keys) {
    await tx.execute(
      sql`alter table ${sql.raw(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
  return result;
}
