/**
 * The generic grid's calls, over the one openapi-fetch client. openapi-fetch types each path literally; the generic
 * machinery works on any list path, so this is the one place that forgets the path's literal type.
 */
import { api, call, INLINE_ERRORS_HEADER } from '../api/client.ts';
import { addFixed } from './fixed.ts';
import type { AnyGridSpec } from './types.ts';

type Row = Record<string, unknown> & { _id: string; version?: number };
export type ListQuery = Record<string, string | number | readonly string[] | undefined>;
export interface ListMeta {
  total: number;
  limit: number;
  skip: number;
}

export interface BulkRowReport {
  index: number;
  status: 'created' | 'updated' | 'unchanged' | 'invalid';
  _id?: string;
  version?: number;
  fields?: Record<string, { code: string; message: string; params?: Record<string, unknown> }>;
}
export interface BulkReport {
  created: number;
  updated: number;
  unchanged: number;
  rows: BulkRowReport[];
}

// biome-ignore lint/suspicious/noExplicitAny: see the module comment.
const client = api as any;
/** Errors of these calls are shown where they happened (cell, preview): no global notification. */
const inline = { headers: { [INLINE_ERRORS_HEADER]: '1' } };

/** Writes announce their list's path, for other views of that list on the page (an employee's attachment files). */
const writes = new EventTarget();
const written =
  (spec: AnyGridSpec) =>
  <T>(reply: T): T => {
    writes.dispatchEvent(new Event(spec.path));
    return reply;
  };

/** Calls `listener` after every successful write through a grid to the list at `path`; returns the unsubscribe. */
export function onListWritten(path: string, listener: () => void): () => void {
  writes.addEventListener(path, listener);
  return () => writes.removeEventListener(path, listener);
}

/**
 * A row of the list at `path` was written by a view beside its grid (the attendance group's schedule editor): the
 * grid reloads that row, so its version and cells stay current. Grid writes do not use this.
 */
const rowChanges = new EventTarget();
export function announceRowChanged(path: string, id: string): void {
  rowChanges.dispatchEvent(new CustomEvent<string>(path, { detail: id }));
}
/** Calls `listener` with the id of each row of `path` written beside its grid; returns the unsubscribe. */
export function onRowChanged(path: string, listener: (id: string) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
  rowChanges.addEventListener(path, handler);
  return () => rowChanges.removeEventListener(path, handler);
}

export const listRows = (path: string, query: ListQuery, signal?: AbortSignal) =>
  call<{ data: Row[]; meta: ListMeta }>(client.GET(path, { params: { query }, signal }));

export const getRow = (spec: AnyGridSpec, id: string) =>
  call<{ data: Row }>(
    client.GET(`${spec.path}/{id}`, {
      params: { path: { id }, query: spec.populate?.length ? { populate: spec.populate.join(',') } : {} },
      ...inline,
    }),
  )
    .then((reply) => reply.data)
    .then(written(spec));

/** An import's rows, all or nothing: through the resource's import route when it has one (`importWith`), else bulk. */
export const importRows = (spec: AnyGridSpec, rows: readonly Record<string, unknown>[]) =>
  spec.importWith
    ? call<{ data: BulkReport }>(
        client.POST(spec.importWith.path, { body: { rows: rows.map((row) => addFixed(spec, row)) }, ...inline }),
      )
        .then((reply) => reply.data)
        .then(written(spec))
    : bulkUpsert(spec, rows);

export const createRow = (spec: AnyGridSpec, body: Record<string, unknown>) =>
  call<{ data: Row }>(client.POST(spec.path, { body: addFixed(spec, body), ...inline }))
    .then((reply) => reply.data)
    .then(written(spec));

export const updateRow = (spec: AnyGridSpec, id: string, body: Record<string, unknown> & { version: number }) =>
  call<{ data: Row }>(client.PUT(`${spec.path}/{id}`, { params: { path: { id } }, body, ...inline }))
    .then((reply) => reply.data)
    .then(written(spec));

export const deleteRows = (spec: AnyGridSpec, ids: readonly string[]) =>
  call<{ data: { deleted: string[] } }>(client.DELETE(spec.path, { body: { ids }, ...inline }))
    .then((reply) => reply.data.deleted)
    .then(written(spec));

/**
 * All-or-nothing, in one transaction: `remove` ids are deleted first, then `rows` are created or updated. An invalid row
 * fails the call (`bulk_invalid`, the per-row report in the error's `rows`); an unknown id to delete is a 404. Rows
 * without `_id` (new or matched by natural key) carry a master-detail grid's fixed fields, as `createRow`'s body does.
 */
export const bulkUpsert = (
  spec: AnyGridSpec,
  rows: readonly Record<string, unknown>[],
  remove: readonly string[] = [],
) =>
  call<{ data: BulkReport }>(
    client.POST(`${spec.path}/bulk`, {
      body: {
        ...(rows.length ? { rows: rows.map((row) => addFixed(spec, row)) } : {}),
        ...(remove.length ? { delete: remove } : {}),
      },
      ...inline,
    }),
  )
    .then((reply) => reply.data)
    .then(written(spec));
