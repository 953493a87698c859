/**
 * The picker's two calls, over the one openapi-fetch client. Their errors are shown in the picker itself, so they
 * raise no global notification.
 */
import { api, call, INLINE_ERRORS_HEADER } from '../api/client.ts';
import type { ApiRecord, PickerPath, ServerSource } from './options.ts';

/** How many results a search lists; `meta.total` tells the picker when to say "type to narrow". */
export const PICKER_PAGE_SIZE = 100;

// biome-ignore lint/suspicious/noExplicitAny: the picker reads any list path; openapi-fetch types each path literally.
const client = api as any;
const inline = { [INLINE_ERRORS_HEADER]: '1' };

export interface SearchResult {
  records: ApiRecord[];
  /** All matches on the server, when it says (the page may hold fewer). */
  total: number;
}

/** The reply of an option list: `{ data: [...], meta }` or a plain array (spec 7). */
function readList(reply: unknown): SearchResult {
  if (Array.isArray(reply)) return { records: reply as ApiRecord[], total: reply.length };
  const body = (reply ?? {}) as { data?: unknown; meta?: { total?: unknown } };
  const records = Array.isArray(body.data) ? (body.data as ApiRecord[]) : [];
  const total = typeof body.meta?.total === 'number' ? body.meta.total : records.length;
  return { records, total };
}

/** What a search reads: the list, its fixed filters and the field searched (see `ServerSource`). */
export type SearchTarget = Pick<ServerSource<unknown>, 'path' | 'query' | 'searchField' | 'searchIn'>;

/**
 * `GET path?limit=…&search=text&search_in=searchField&…query`: an empty text lists the first page. `search_in` is
 * left out when the target says its field is not one the list searches (`searchIn: false`).
 */
export async function searchRecords(target: SearchTarget, text: string, signal: AbortSignal): Promise<SearchResult> {
  const narrow = text && target.searchIn !== false ? { search_in: target.searchField } : {};
  const params = { limit: PICKER_PAGE_SIZE, ...target.query, ...(text ? { search: text, ...narrow } : {}) };
  const reply = await call<unknown>(client.GET(target.path, { params: { query: params }, signal, headers: inline }));
  return readList(reply);
}

/** `POST path` with the body; the created record. */
export async function createRecord(path: PickerPath, body: Record<string, unknown>): Promise<ApiRecord> {
  const reply = await call<{ data?: ApiRecord } | ApiRecord>(client.POST(path, { body, headers: inline }));
  return (reply && 'data' in reply && reply.data ? reply.data : reply) as ApiRecord;
}
