/**
 * The import preview's rows: each data row's mapped cells parsed (`parseCell`) and checked (`validateRow`), matched
 * to an existing record by `_id` or the natural key, and turned into the bulk request's rows. Pure; the dialog
 * holds the state.
 *
 * Empty cells are never sent: they leave an updated record's value as it is, and a new record's default.
 */
import type { BulkRowReport } from '../api.ts';
import { kinds } from '../kinds.ts';
import { parseCell } from '../parse.ts';
import { validateRow } from '../paste.ts';
import type { AnyColumn, AnyGridSpec, CellError, ParseContext } from '../types.ts';
import { type ColumnMapping, ID_FIELD } from './mapping.ts';
import type { Cell } from './protocol.ts';

/** A cell's problem: the parser's or `validateRow`'s, a natural key twice in the file, or an `_id` that is no id. */
export type PreviewError = CellError | { code: 'duplicate' } | { code: 'badId' };

export type RowStatus = 'new' | 'update' | 'invalid';

export interface PreviewRow {
  /** Stable id for the grid. */
  key: string;
  /** 1-based row number in the sheet, as the spreadsheet shows it. */
  line: number;
  /** The file's cells, for 'Download failed rows'. */
  source: readonly Cell[];
  /** Text per mapped field: what the file said, or what the user typed in the preview. */
  texts: Record<string, string>;
  /** Parsed values of the non-empty valid cells. */
  values: Record<string, unknown>;
  /** Problems by field (a field may be unmapped: a required one, or one the server named). */
  errors: Record<string, PreviewError>;
  /** The record this row updates. */
  existingId: string | null;
  status: RowStatus;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Numbers as `parseCell` reads them back: '.' decimal mark; '123.456' (which reads as thousands) as '123.4560'. */
function numberText(value: number): string {
  const text = String(value);
  return /^-?[1-9]\d{0,2}\.\d{3}$/.test(text) ? `${text}0` : text;
}

/** A worker cell as the text `parseCell` takes for `column`. A date-time's time for a time column. */
export function cellText(cell: Cell | undefined, column?: AnyColumn): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if (typeof cell === 'number') return numberText(cell);
  if (column?.kind === 'time') {
    const time = /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2})/.exec(cell);
    if (time) return time[1]!;
  }
  return cell;
}

export interface DraftRow {
  key: string;
  line: number;
  source: readonly Cell[];
  texts: Record<string, string>;
}

/** A file column that fills a field. */
export interface MappedColumn {
  index: number;
  field: string;
  column: AnyColumn | undefined;
}

/** The file columns the mapping fills fields from, left to right. */
export function mappedColumns(mapping: ColumnMapping, columns: ReadonlyMap<string, AnyColumn>): MappedColumn[] {
  const out: MappedColumn[] = [];
  mapping.forEach((field, index) => {
    if (field !== null) out.push({ index, field, column: columns.get(field) });
  });
  return out;
}

/** Sheet row `r` (0-based) as texts per mapped field; null when no mapped cell has text. */
export function draftRow(source: readonly Cell[], r: number, mapped: readonly MappedColumn[]): DraftRow | null {
  const texts: Record<string, string> = {};
  let filled = false;
  for (const { index, field, column } of mapped) {
    const text = cellText(source[index], column);
    texts[field] = text;
    if (!filled && text.trim() !== '') filled = true;
  }
  return filled ? { key: `r${r + 1}`, line: r + 1, source, texts } : null;
}

/** The rows under the header row that have text in a mapped column, as texts per field. */
export function draftRows(
  rows: readonly (readonly Cell[])[],
  headerRow: number,
  mapping: ColumnMapping,
  columns: ReadonlyMap<string, AnyColumn>,
): DraftRow[] {
  const mapped = mappedColumns(mapping, columns);
  const drafts: DraftRow[] = [];
  for (let r = headerRow + 1; r < rows.length; r++) {
    const draft = draftRow(rows[r]!, r, mapped);
    if (draft) drafts.push(draft);
  }
  return drafts;
}

const keyOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : null);

/**
 * Finds the existing record a row updates: by `_id`, else by the natural key, else by the import route's other match
 * keys, in that order (case-insensitive), as the server matches them.
 */
export function createMatcher(spec: AnyGridSpec, existing: readonly Record<string, unknown>[]) {
  const keys = [...(spec.naturalKey ? [spec.naturalKey] : []), ...(spec.importWith?.matchKeys ?? [])];
  const indexes = keys.map((key) => {
    const byKey = new Map<string, string>();
    for (const row of existing) {
      const value = keyOf(row[key]);
      if (value && typeof row._id === 'string' && !byKey.has(value)) byKey.set(value, row._id);
    }
    return [key, byKey] as const;
  });
  return (values: Record<string, unknown>, id: string | null): string | null => {
    // An id the loaded rows do not have may still be on the server: the bulk request decides.
    if (id) return id;
    for (const [key, byKey] of indexes) {
      const found = byKey.get(keyOf(values[key]) ?? '');
      if (found) return found;
    }
    return null;
  };
}

export interface Evaluator {
  /** The importable columns by field. */
  columns: ReadonlyMap<string, AnyColumn>;
  parse: ParseContext;
  match: ReturnType<typeof createMatcher>;
}

/** Parses and checks one row. */
export function evaluateRow(draft: DraftRow, evaluator: Evaluator): PreviewRow {
  const values: Record<string, unknown> = {};
  const cellErrors: Record<string, PreviewError> = {};
  let id: string | null = null;
  for (const [field, text] of Object.entries(draft.texts)) {
    if (field === ID_FIELD) {
      const trimmed = text.trim();
      if (UUID.test(trimmed)) id = trimmed.toLowerCase();
      else if (trimmed) cellErrors[field] = { code: 'badId' };
      continue;
    }
    const column = evaluator.columns.get(field);
    if (!column) continue;
    const parsed = parseCell(column, text, evaluator.parse);
    if (!parsed.ok) cellErrors[field] = parsed.error;
    else if (parsed.value !== null) values[field] = parsed.value;
  }
  const existingId = evaluator.match(values, id);
  for (const column of evaluator.columns.values()) {
    if (typeof column.editable === 'function' && values[column.field] !== undefined) {
      if (!column.editable({ ...values, _id: existingId ?? draft.key }))
        cellErrors[column.field] = { code: 'readOnly' };
    }
  }
  const rowErrors = validateRow([...evaluator.columns.values()], values, existingId === null);
  const errors: Record<string, PreviewError> = { ...rowErrors, ...cellErrors };
  const status: RowStatus = Object.keys(errors).length ? 'invalid' : existingId ? 'update' : 'new';
  return { ...draft, values, errors, existingId, status };
}

/** The page's work between two yields to the browser while checking rows: well under a 50 ms long task. */
export const SLICE_MS = 25;

/** Lets the browser handle input and paint: `scheduler.yield()` where the browser has it, else a new task. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `items.map(map)`, a slice of about `sliceMs` at a time with a yield to the browser between slices, so checking
 * 10,000 rows never blocks the page. Null when `cancelled()` holds at a yield (a newer sheet or mapping).
 */
export async function mapInSlices<T, U>(
  items: readonly T[],
  map: (item: T, index: number) => U,
  cancelled: () => boolean = () => false,
  options: { sliceMs?: number; yieldTo?: () => Promise<void> } = {},
): Promise<U[] | null> {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const yieldTo = options.yieldTo ?? yieldToBrowser;
  const out: U[] = [];
  let index = 0;
  while (index < items.length) {
    if (index > 0) {
      await yieldTo();
      if (cancelled()) return null;
    }
    const until = performance.now() + sliceMs;
    do {
      out.push(map(items[index]!, index));
      index++;
    } while (index < items.length && performance.now() < until);
  }
  return cancelled() ? null : out;
}

/**
 * Flags rows that repeat a natural key of another row in the file (the server refuses them all the same), and
 * clears the flag where the repeat is gone.
 */
export function markDuplicates(rows: readonly PreviewRow[], naturalKey: string | undefined): PreviewRow[] {
  if (!naturalKey) return [...rows];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row.values[naturalKey]);
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return rows.map((row) => {
    const key = keyOf(row.values[naturalKey]);
    const duplicate = key !== null && (seen.get(key) ?? 0) > 1;
    const flagged = row.errors[naturalKey]?.code === 'duplicate';
    if (duplicate === flagged) return row;
    const errors = { ...row.errors };
    if (duplicate) errors[naturalKey] = { code: 'duplicate' };
    else delete errors[naturalKey];
    const status: RowStatus = Object.keys(errors).length ? 'invalid' : row.existingId ? 'update' : 'new';
    return { ...row, errors, status };
  });
}

/** The bulk request's row: `_id` for an update, then every parsed value as the API takes it. */
export function bulkRow(
  row: PreviewRow,
  columns: ReadonlyMap<string, AnyColumn>,
  versions?: ReadonlyMap<string, number>,
): Record<string, unknown> {
  // An update names the version of the record as it was loaded: the server refuses it per row when it changed since.
  const version = row.existingId ? versions?.get(row.existingId) : undefined;
  const body: Record<string, unknown> = row.existingId
    ? { _id: row.existingId, ...(version === undefined ? {} : { version }) }
    : {};
  for (const [field, value] of Object.entries(row.values)) {
    const column = columns.get(field);
    if (!column) continue;
    const api = kinds[column.kind].toApi(value);
    if (api !== undefined && api !== null) body[field] = api;
  }
  return body;
}

export interface PreviewCounts {
  total: number;
  new: number;
  update: number;
  invalid: number;
}

export function countRows(rows: readonly PreviewRow[]): PreviewCounts {
  const counts: PreviewCounts = { total: rows.length, new: 0, update: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/**
 * Puts the server's per-row problems (`bulk_invalid`) on the rows that were sent (`sent[index]`), each as a 'server'
 * error with its text from `describe`.
 */
export function applyServerReport(
  rows: readonly PreviewRow[],
  sent: readonly PreviewRow[],
  report: readonly BulkRowReport[],
  describe: (error: { code: string; message: string; params?: Record<string, unknown> }) => string,
): PreviewRow[] {
  const problems = new Map<string, Record<string, PreviewError>>();
  for (const entry of report) {
    const row = sent[entry.index];
    if (entry.status !== 'invalid' || !row) continue;
    const errors: Record<string, PreviewError> = {};
    for (const [field, error] of Object.entries(entry.fields ?? {})) {
      // A version conflict is the record's, not a cell's: shown on the row's id column.
      errors[field === 'version' ? ID_FIELD : field] = { code: 'server', message: describe(error) };
    }
    if (!Object.keys(errors).length) errors[ID_FIELD] = { code: 'server' };
    problems.set(row.key, errors);
  }
  return rows.map((row) => {
    const errors = problems.get(row.key);
    return errors ? { ...row, errors: { ...row.errors, ...errors }, status: 'invalid' } : row;
  });
}
