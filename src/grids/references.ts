/**
 * Referenced records by code and name, for paste and import: 'E-0012' or 'Budi Santoso' in a department-head column
 * becomes that employee. The referenced lists are loaded whole, once per grid, and indexed in memory.
 */
import { listRows } from './api.ts';
import { lookupKey } from './lookupKey.ts';
import type { AnyColumn, ReferenceIndex, RefValue } from './types.ts';

/** Referenced records by list path ('/v1/employees'). */
export type ReferenceRecords = Readonly<Record<string, readonly RefValue[]>>;

/** A reference index that also hands out the records it indexes (for a picker, or as `existing` for a reload). */
export interface LoadedReferenceIndex extends ReferenceIndex {
  readonly records: ReferenceRecords;
}

/** The server's largest page (`MAX_LIMIT`); lists longer than that are read page by page. */
const PAGE = 10_000;

type FieldIndex = ReadonlyMap<string, readonly RefValue[]>;

/** Records by `lookupKey` of one field; records whose field is empty are left out. */
function indexBy(records: readonly RefValue[], field: string): FieldIndex {
  const index = new Map<string, RefValue[]>();
  for (const record of records) {
    const value = record[field];
    if (value === null || value === undefined || typeof value === 'object') continue;
    const key = lookupKey(String(value));
    if (!key) continue;
    const list = index.get(key);
    if (list) list.push(record);
    else index.set(key, [record]);
  }
  return index;
}

/**
 * An index over records already at hand. `find(column, text)` returns every record of the column's referenced list
 * whose label field, code field or `_id` equals the text, compared as `lookupKey` (case, outer and repeated
 * whitespace ignored); each record once. A list it was not given finds nothing. Field indexes are built on first use.
 */
export function createReferenceIndex(records: ReferenceRecords): LoadedReferenceIndex {
  const indexes = new Map<string, FieldIndex>();
  const fieldIndex = (path: string, field: string): FieldIndex => {
    const id = `${path}\u0000${field}`;
    let index = indexes.get(id);
    if (!index) {
      index = indexBy(records[path] ?? [], field);
      indexes.set(id, index);
    }
    return index;
  };
  return {
    records,
    find(column, text) {
      const spec = column.reference;
      const key = lookupKey(text);
      if (!spec || !key) return [];
      const fields = [spec.label, ...(spec.code && spec.code !== spec.label ? [spec.code] : []), '_id'];
      const found: RefValue[] = [];
      for (const field of fields) {
        for (const record of fieldIndex(spec.path, field).get(key) ?? []) {
          if (!found.includes(record)) found.push(record);
        }
      }
      return found;
    },
  };
}

/** Every record of a list, a page of `PAGE` at a time. */
async function loadAll(path: string, signal?: AbortSignal): Promise<RefValue[]> {
  const records: RefValue[] = [];
  for (;;) {
    const reply = await listRows(path, { limit: PAGE, skip: records.length }, signal);
    records.push(...reply.data);
    if (!reply.data.length || records.length >= reply.meta.total) return records;
  }
}

/**
 * Loads each distinct list the reference columns point at (one request per list, in parallel; more only for lists
 * longer than 10,000 records) and indexes them. Lists in `existing` are used as they are and not fetched again.
 * A list that cannot be loaded (the user may not read it; the client has already reported the failure) is left out,
 * so its columns find nothing while the others work. Rejects only when `signal` aborts.
 */
export async function loadReferenceIndex(
  columns: readonly AnyColumn[],
  existing: ReferenceRecords = {},
  signal?: AbortSignal,
): Promise<LoadedReferenceIndex> {
  const paths = [...new Set(columns.flatMap((column) => (column.reference ? [column.reference.path] : [])))];
  const missing = paths.filter((path) => !Object.hasOwn(existing, path));
  const settled = await Promise.allSettled(missing.map((path) => loadAll(path, signal)));
  signal?.throwIfAborted();
  const records: Record<string, readonly RefValue[]> = { ...existing };
  settled.forEach((result, index) => {
    if (result.status === 'fulfilled') records[missing[index]!] = result.value;
  });
  return createReferenceIndex(records);
}
