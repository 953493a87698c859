/**
 * The undo journal of bulk writes applied in short transactions on the embedded database (docs/decisions/0024).
 * Each chunk's transaction records, beside its writes, how to take them back: the ids it inserted, or the rows it
 * updated as they were before. The batch's commit point empties its journal; a failure before it, or a crash, leaves
 * the journal, and `undoBatch` (in the request) or `recoverBulkWrites` (at start-up) takes every chunk back.
 */
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/connect.ts';
import * as schema from '../db/schema.ts';

const { bulkUndo } = schema;

const tablesByName: ReadonlyMap<string, PgTable> = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

/**
 * The batches this process is writing (journalled, neither committed nor undone yet): a recovery after the embedded
 * database restarted (decision 0115) leaves them to their own request, which commits or undoes them itself.
 */
const inFlight = new Set<string>();

/** Records that this chunk inserted `ids` into `table`. Call inside the chunk's transaction. */
export async function journalInserted(tx: Executor, batch: string, table: PgTable, ids: readonly string[]) {
  if (ids.length === 0) return;
  inFlight.add(batch);
  await tx.insert(bulkUndo).values({ batch, table_name: getTableName(table), inserted: [...ids] });
}

/** Records the rows `ids` of `table` as they are now, before this chunk updates them. Inside its transaction. */
export async function journalBefore(tx: Executor, batch: string, table: PgTable, ids: readonly string[]) {
  if (ids.length === 0) return;
  inFlight.add(batch);
  const name = getTableName(table);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${bulkUndo} (batch, table_name, before) select ${batch}::uuid, ${name}, jsonb_agg(to_jsonb(t)) from ${sql.identifier(name)} t where t.id in (${idList})`,
  );
}

/** The commit point of a batch: once its journal is gone, its chunks stay. */
export async function commitBatch(db: Executor, batch: string) {
  try {
    await db.delete(bulkUndo).where(eq(bulkUndo.batch, batch));
  } finally {
    inFlight.delete(batch);
  }
}

/**
 * Takes back every chunk of `batch`, newest first, in one transaction: inserted rows deleted, updated rows restored
 * where they still carry the version the batch wrote (a later edit by someone else is kept), the journal emptied.
 */
export async function undoBatch(db: Executor, batch: string) {
  // Not in flight any more, whatever happens here: an undo the lost database refused is left to the recovery.
  inFlight.delete(batch);
  await db.transaction(async (tx) => {
    const entries = await tx
      .select({ seq: bulkUndo.seq, table: bulkUndo.table_name, before: sql<boolean>`${bulkUndo.before} is not null` })
      .from(bulkUndo)
      .where(eq(bulkUndo.batch, batch))
      .orderBy(sql`${bulkUndo.seq} desc`);
    for (const entry of entries) {
      const table = tablesByName.get(entry.table);
      if (!table) throw new Error(`bulk_undo names an unknown table ${entry.table}`);
      await tx.execute(
        entry.before
          ? restore(table, entry.seq)
          : sql`delete from ${sql.identifier(entry.table)} where id in (select unnest(inserted) from ${bulkUndo} where seq = ${entry.seq})`,
      );
    }
    await tx.delete(bulkUndo).where(eq(bulkUndo.batch, batch));
  });
}

/** `update t set (a, b, …) = (r.a, r.b, …) from jsonb_populate_recordset(null::t, <entry's images>) r …`. */
function restore(table: PgTable, seq: number) {
  const name = getTableName(table);
  const columns = getTableConfig(table).columns.filter(
    (column) => column.name !== 'id' && !column.generated && !column.generatedIdentity,
  );
  const hasVersion = columns.some((column) => column.name === 'version');
  const targets = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((column) => sql`r.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const ours = hasVersion ? sql` and t.version = r.version + 1` : sql``;
  return sql`update ${sql.identifier(name)} t set (${targets}) = (${values}) from jsonb_populate_recordset(null::${sql.identifier(name)}, (select before from ${bulkUndo} where seq = ${seq})) r where t.id = r.id${ours}`;
}

/**
 * At start-up of the embedded database (one server per data folder, so no batch is in flight), and after its process
 * was restarted (decision 0115; batches still in flight in this process are theirs to finish): takes back every batch
 * a crash left unfinished. Answers how many.
 */
export async function recoverBulkWrites(db: Executor, when: 'start-up' | 'restart' = 'restart'): Promise<number> {
  const batches = (await db.selectDistinct({ batch: bulkUndo.batch }).from(bulkUndo)).filter(
    ({ batch }) => when === 'start-up' || !inFlight.has(batch),
  );
  for (const { batch } of batches) await undoBatch(db, batch);
  return batches.length;
}
