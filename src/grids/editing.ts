/**
 * What a grid does to its rows and the server: cell edits saved per row with the row's version, new rows saved once
 * their required fields are filled, pastes staged for review and saved in one bulk request, set-value, deletes, and
 * the undo entry of each. The React component (`ResourceGrid.tsx`) only wires keys, dialogs and AG Grid to this.
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import { type ApiError, toApiError } from '../api/client.ts';
import { notifyError, toast } from '../overlays/progress.ts';
import { errorText, fieldErrorText } from '../validation.ts';
import { type BulkReport, bulkUpsert, createRow, deleteRows, getRow, updateRow } from './api.ts';
import { type GridContext, isDraftId, newDraftId, type RowMeta } from './context.ts';
import { isEditableColumn, kindOf } from './kinds.ts';
import { fieldLabel } from './labels.ts';
import { formatCell } from './parse.ts';
import { type PastePlan, planPaste, validateRow } from './paste.ts';
import { parseTsv } from './tsv.ts';
import type { AnyColumn, CellError, DraftRow, RefValue } from './types.ts';
import { type UndoEntry, UndoStack } from './undo.ts';

type Row = DraftRow<Record<string, unknown>> & { version?: number };
type Values = Record<string, unknown>;

/** A paste at most this many rows, all valid, saves at once; a bigger or invalid one waits for review. */
export const PASTE_REVIEW_ROWS = 20;

export interface Conflict {
  rowId: string;
  /** The fields whose server value differs from what this grid showed. */
  fields: string[];
  current: Row | null;
}

export interface StagedSummary {
  new: number;
  changed: number;
  invalid: number;
}

type Listener = () => void;

/**
 * Rows the server wrote, as one grid transaction that leaves each record in the grid once: a row whose id the grid
 * already holds updates it in place (a pasted or restored row the server matched to an existing record by its
 * natural key), the others are added, and an id that comes twice is one row. Adding every reply row as new was the
 * cause of a paste over existing codes showing them twice.
 */
export function upsertTransaction<R extends { _id: string }>(
  incoming: readonly R[],
  existing: (id: string) => R | undefined,
): { add: R[]; update: R[] } {
  const add = new Map<string, R>();
  const update = new Map<string, R>();
  for (const row of incoming) {
    const current = existing(row._id);
    if (current) update.set(row._id, { ...current, ...update.get(row._id), ...row });
    else add.set(row._id, { ...add.get(row._id), ...row });
  }
  return { add: [...add.values()], update: [...update.values()] };
}

/** A natural key as the server's bulk upsert compares it: a string, trimmed and case-insensitive. */
const naturalKeyOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;

/**
 * Bulk rows for a paste's new rows: a new row whose natural key names a record the grid has loaded is sent as an
 * update of that record, with its `_id` and `version` (the server refuses a row that reaches an existing record
 * without its version, docs/decisions/0015); the others stay creations. A loaded record is claimed once (a second
 * row with its key stays a creation, which the server reports as a duplicate on the key).
 */
export function matchLoadedRecords<R extends { _id: string; version?: number }>(
  creates: readonly Values[],
  naturalKey: string | undefined,
  loaded: readonly R[],
): Values[] {
  if (!naturalKey) return [...creates];
  const byKey = new Map<string, R>();
  for (const row of loaded) {
    const key = naturalKeyOf((row as Values)[naturalKey]);
    if (key !== null && row.version !== undefined && !byKey.has(key)) byKey.set(key, row);
  }
  return creates.map((values) => {
    const key = naturalKeyOf(values[naturalKey]);
    const record = key === null ? undefined : byKey.get(key);
    if (!record) return values;
    byKey.delete(key!);
    return { _id: record._id, version: record.version, ...values };
  });
}

/** A label inside a sentence: 'Name' reads 'name', an acronym ('NIK', 'BPJS') stays as it is. */
export const inSentence = (label: string): string =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLocaleLowerCase() + label.slice(1) : label;

export class GridEditing {
  readonly undo = new UndoStack();
  private api: GridApi | null = null;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<Listener>();
  /** Shown by the grid: the last 409 not yet dismissed, and the paste under review. */
  conflict: Conflict | null = null;
  staged: StagedSummary | null = null;
  /** The cell the server refused last (its typed text kept), shown in full above the grid until it is resolved. */
  lastRefused: { id: string; field: string } | null = null;
  /** Grows with every change the grid shows outside its cells (banners, messages): what React subscribes to. */
  revision = 0;

  private readonly context: GridContext;

  constructor(context: GridContext) {
    this.context = context;
  }

  attach(api: GridApi | null) {
    this.api = api;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.revision++;
    for (const listener of this.listeners) listener();
  }

  // ---- rows and their meta ----------------------------------------------------------------------------------------

  private get spec() {
    return this.context.spec;
  }

  meta(id: string): RowMeta {
    let meta = this.context.meta.get(id);
    if (!meta) {
      meta = {};
      this.context.meta.set(id, meta);
    }
    return meta;
  }

  node(id: string): IRowNode<Row> | undefined {
    return this.api?.getRowNode(id) ?? undefined;
  }

  row(id: string): Row | undefined {
    return this.node(id)?.data;
  }

  private setRow(id: string, data: Row) {
    const node = this.node(id);
    if (!node) return;
    node.setData(data);
    this.api?.refreshCells({ rowNodes: [node], force: true });
  }

  private refresh(ids: readonly string[]) {
    const nodes = ids.map((id) => this.node(id)).filter((node): node is IRowNode<Row> => !!node);
    this.api?.refreshCells({ rowNodes: nodes, force: true });
  }

  /** Every stored row the grid has loaded, filtered out or not (not its new rows). */
  private loadedRows(): Row[] {
    const rows: Row[] = [];
    this.api?.forEachNode((node) => {
      if (node.data && !isDraftId(node.data._id)) rows.push(node.data);
    });
    return rows;
  }

  /** Rows as the user sees them: filtered and sorted. */
  displayedRows(): Row[] {
    const api = this.api;
    const rows: Row[] = [];
    if (!api) return rows;
    // The infinite row model has no client-side filter or sort: its loaded rows are already in the server's order.
    const visit =
      api.getGridOption('rowModelType') === 'infinite' ? api.forEachNode : api.forEachNodeAfterFilterAndSort;
    visit.call(api, (node) => {
      if (node.data) rows.push(node.data);
    });
    return rows;
  }

  /** The stored rows in view order, as the server has them: for export (no new rows, no paste under review). */
  storedRows(): Row[] {
    return this.displayedRows()
      .filter((row) => !this.meta(row._id).draft)
      .map((row) => {
        const meta = this.meta(row._id);
        return meta.staged || meta.pending ? { ...row, ...meta.staged, ...meta.pending?.before } : row;
      });
  }

  /** The selected rows in view order (hidden rows excluded), for copy. */
  selectedRows(): Row[] {
    const rows: Row[] = [];
    this.api?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data && node.isSelected()) rows.push(node.data);
    });
    return rows;
  }

  /** The visible columns in view order, as specs. */
  displayedColumns(): AnyColumn[] {
    return (this.api?.getAllDisplayedColumns() ?? [])
      .map((column) => this.context.columns.get(column.getColId()))
      .filter((column): column is AnyColumn => !!column);
  }

  isEditable(row: Row, column: AnyColumn): boolean {
    if (!isEditableColumn(column)) return false;
    return typeof column.editable === 'function' ? column.editable(row) : true;
  }

  /** What a set of values becomes in a request body: references as ids, computed and file columns left out. */
  private toApi(values: Values): Values {
    const body: Values = {};
    for (const [field, value] of Object.entries(values)) {
      const column = this.context.columns.get(field);
      if (!column || !isEditableColumn(column)) continue;
      const out = kindOf(column).toApi(value);
      if (out !== undefined) body[field] = out;
    }
    return body;
  }

  /** The server's row with the populated reference objects the grid already had (the write replies carry ids). */
  private merge(saved: Row, local: Row): Row {
    const out: Row = { ...local, ...saved };
    for (const column of this.context.columns.values()) {
      if (column.kind !== 'reference') continue;
      const mine = local[column.field] as RefValue | string | null | undefined;
      const theirs = saved[column.field];
      if (typeof theirs === 'string' && typeof mine === 'object' && mine?._id === theirs) out[column.field] = mine;
    }
    return out;
  }

  /** Runs one row's saves in order, so each uses the version the previous one returned. */
  private enqueue<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }

  /** Waits until the given rows' saves (all rows' when none given) have finished, so their versions are current. */
  async settle(ids?: readonly string[]): Promise<void> {
    const waiting = ids ? ids.map((id) => this.queues.get(id)) : [...this.queues.values(), this.committing];
    await Promise.all(waiting);
  }

  /** Rows that came back under a new id (undoing a delete, redoing a create): older undo entries follow them. */
  private readonly renamed = new Map<string, string>();
  private resolve(id: string): string {
    let current = id;
    for (let hops = 0; this.renamed.has(current) && hops < 100; hops++) current = this.renamed.get(current)!;
    return current;
  }
  private rename(from: readonly string[], to: readonly string[]) {
    from.forEach((id, i) => {
      if (to[i] && to[i] !== id) this.renamed.set(id, to[i]!);
    });
  }

  /** Undo and redo, once every save in flight has finished and recorded its own entry. */
  async undoLast() {
    await this.settle();
    return this.undo.undo();
  }
  async redoLast() {
    await this.settle();
    return this.undo.redo();
  }

  /** A fresh list (reload, another view): nothing under review, no conflict, no undo into rows now gone. */
  reset() {
    this.context.meta.clear();
    this.queues.clear();
    this.renamed.clear();
    this.staged = null;
    this.conflict = null;
    this.undo.clear();
    this.changed();
  }

  /**
   * Splits a refused request's field errors into those a cell can show and the rest (the request as a whole, a
   * version, an id), which become a notification: a cell error nobody can see would block saving for good.
   */
  private cellAndOtherErrors(error: ApiError, fields: Record<string, { code: string; message: string }> | undefined) {
    const cells: Record<string, CellError> = {};
    const others: string[] = [];
    const { t } = this.context;
    for (const [field, detail] of Object.entries(fields ?? {})) {
      if (this.context.columns.has(field)) cells[field] = { code: 'server', message: detail.message, detail };
      else
        others.push(
          field === 'version'
            ? t('grid.changedMeanwhile')
            : `${fieldLabel(t, this.spec, field)}: ${fieldErrorText(t, detail)}`,
        );
    }
    if (!fields || !Object.keys(fields).length) others.push(errorText(t, error));
    return { cells, others };
  }

  // ---- cell edits -------------------------------------------------------------------------------------------------

  /** A value typed into a cell (AG Grid's `cellEditRequest`). */
  async editCell(id: string, field: string, value: unknown): Promise<void> {
    const row = this.row(id);
    const column = this.context.columns.get(field);
    if (!row || !column) return;
    const meta = this.meta(id);
    if (meta.draft || meta.staged) {
      // A fixed cell of a staged row is part of the paste: remember what it held before.
      if (meta.staged && !meta.draft && !(field in meta.staged)) meta.staged[field] = row[field];
      const next = { ...row, [field]: value };
      if (meta.errors) delete meta.errors[field];
      if (meta.draft) this.flagRequired(id, next, !meta.staged);
      this.setRow(id, next);
      if (meta.staged) this.summariseStaged();
      else await this.saveDraft(id);
      return;
    }
    const pending = meta.pending;
    if (!pending && Object.is(row[field], value)) {
      // Typing the saved value back over a refused one resolves it.
      if (meta.errors?.[field]) this.discardRefused(id, field);
      return;
    }
    const after = { ...pending?.after, [field]: value };
    const before = { [field]: row[field], ...pending?.before };
    meta.pending = undefined;
    await this.saveChanges(id, after, before, true);
  }

  /** Saves changed fields of a stored row (PUT with its version); reverts them with the server's reason on failure. */
  private saveChanges(id: string, after: Values, before: Values, record: boolean): Promise<void> {
    const fields = Object.keys(after);
    const meta = this.meta(id);
    meta.saving = new Set([...(meta.saving ?? []), ...fields]);
    if (meta.errors) for (const field of fields) delete meta.errors[field];
    const optimistic = this.row(id);
    if (optimistic) this.setRow(id, { ...optimistic, ...after });
    return this.enqueue(id, async () => {
      const current = this.row(id);
      if (!current) return;
      try {
        const saved = await updateRow(this.spec, id, { ...this.toApi(after), version: current.version ?? 1 });
        const row = this.merge(saved as Row, { ...current, ...after });
        this.setRow(id, row);
        if (this.lastRefused?.id === id && fields.includes(this.lastRefused.field)) this.lastRefused = null;
        if (record) {
          this.undo.push(this.updateEntry([{ id, before, after }]));
          toast(this.context.t('grid.saved.edit', this.describeEdit(row, fields)), 'success');
        }
        this.changed();
      } catch (reason) {
        const error = toApiError(reason);
        const latest = this.row(id) ?? current;
        const others = Object.keys(error.fields ?? {}).filter((field) => !fields.includes(field));
        if (error.code === 'validation_failed' && others.length && others.every((f) => this.context.columns.has(f))) {
          // The edit is fine but needs another cell of the row filled with it: keep it, flag that cell.
          meta.pending = { after, before };
          meta.errors = { ...meta.errors, ...this.cellErrors(error, others) };
          this.changed();
          return;
        }
        // The cell keeps what was typed, with the reason, until it is corrected or Esc restores the saved value.
        const refused = this.cellErrors(error, fields);
        for (const field of fields) {
          const column = this.context.columns.get(field);
          if (column && refused[field] && error.status !== 409)
            refused[field] = { ...refused[field], text: formatCell(column, after[field], this.context.t) };
        }
        meta.errors = { ...meta.errors, ...refused };
        this.setRow(id, { ...latest, ...before });
        if (error.status === 409) this.raiseConflict(id, error, { ...latest, ...after });
        else if (fields[0]) this.lastRefused = { id, field: fields[0] };
        this.changed();
      } finally {
        for (const field of fields) meta.saving?.delete(field);
        this.refresh([id]);
      }
    });
  }

  /** 'name' and 'Quality (QB)': a change of one row's fields in words, for its toast and its undo entry. */
  private describeEdit(row: Row, fields: readonly string[]): { field: string; row: string } {
    const { t } = this.context;
    return {
      field: fields.map((field) => inSentence(fieldLabel(t, this.spec, field))).join(', '),
      row: this.spec.title(row),
    };
  }

  /** The refused value of a cell (typed text the server did not take), or null. */
  refusedAt(id: string, field: string) {
    const error = this.context.meta.get(id)?.errors?.[field];
    return error && error.text !== undefined && !this.meta(id).draft && !this.meta(id).staged ? error : null;
  }

  /** Text typed into a cell that its kind cannot read: shown in the cell, flagged, with the reason (`GridContext`). */
  refuseTyped(id: string, field: string, error: CellError) {
    if (!this.row(id) || !this.context.columns.has(field)) return;
    const meta = this.meta(id);
    meta.errors = { ...meta.errors, [field]: error };
    this.lastRefused = { id, field };
    this.refresh([id]);
    this.changed();
  }

  /** Esc on a refused cell: its typed text and reason go, the saved value shows again. Whether there was one. */
  discardRefused(id: string, field: string): boolean {
    if (!this.refusedAt(id, field)) return false;
    delete this.meta(id).errors![field];
    if (this.lastRefused?.id === id && this.lastRefused.field === field) this.lastRefused = null;
    this.refresh([id]);
    this.changed();
    return true;
  }

  /** The server's reason on each field it names, or its message on every field written. */
  private cellErrors(error: ApiError, fields: readonly string[]): Record<string, CellError> {
    const out: Record<string, CellError> = {};
    for (const field of fields) {
      const own = error.fields?.[field];
      out[field] = own
        ? { code: 'server', message: own.message, detail: own }
        : { code: 'server', message: errorText(this.context.t, error) };
    }
    return out;
  }

  private raiseConflict(id: string, error: ApiError, mine: Row) {
    const current = (error.current ?? null) as Row | null;
    const fields = current
      ? [...this.context.columns.keys()].filter(
          (field) =>
            JSON.stringify(kindOf(this.context.columns.get(field)!).toApi(current[field])) !==
            JSON.stringify(kindOf(this.context.columns.get(field)!).toApi(mine[field])),
        )
      : [];
    this.conflict = { rowId: id, fields, current };
    this.changed();
  }

  /** Replaces a row with what the server has now (after a conflict). */
  async reloadRow(id: string): Promise<void> {
    let fresh: Row;
    try {
      fresh = (await getRow(this.spec, id)) as Row;
    } catch (reason) {
      notifyError(toApiError(reason).message);
      return;
    }
    const meta = this.meta(id);
    meta.errors = {};
    this.setRow(id, fresh);
    if (this.conflict?.rowId === id) this.conflict = null;
    this.changed();
  }

  dismissConflict() {
    this.conflict = null;
    this.changed();
  }

  // ---- new rows ---------------------------------------------------------------------------------------------------

  /** Adds an empty row at the top; it is saved once its required fields are filled. Returns its client id. */
  addDraft(): string {
    const id = newDraftId();
    this.meta(id).draft = true;
    this.api?.applyTransaction({ add: [{ _id: id }], addIndex: 0 });
    this.changed();
    return id;
  }

  private flagRequired(id: string, row: Row, show: boolean) {
    const meta = this.meta(id);
    const missing = validateRow([...this.context.columns.values()], row, true);
    const errors = { ...meta.errors };
    for (const column of this.context.columns.values()) {
      if (errors[column.field]?.code === 'required' && !missing[column.field]) delete errors[column.field];
    }
    if (show) Object.assign(errors, missing);
    meta.errors = errors;
  }

  /** Saves a draft row once nothing required is missing and no cell is invalid. */
  private async saveDraft(id: string, force = false): Promise<boolean> {
    const row = this.row(id);
    const meta = this.meta(id);
    if (!row || !meta.draft || meta.staged) return false;
    const problems = validateRow([...this.context.columns.values()], row, true);
    if (Object.keys(problems).length || Object.keys(meta.errors ?? {}).length) {
      if (force) {
        meta.errors = { ...meta.errors, ...problems };
        this.refresh([id]);
      }
      return false;
    }
    return this.enqueue(id, async () => {
      if (!this.meta(id).draft) return true;
      const { _id, ...values } = this.row(id) ?? row;
      meta.saving = new Set(['*']);
      this.refresh([id]);
      try {
        const saved = await createRow(this.spec, this.toApi(values));
        const row = this.merge(saved as Row, { ...values, _id: saved._id });
        this.replaceDraft(id, row);
        this.undo.push(this.createEntry([saved._id], [values], this.spec.title(row)));
        toast(this.context.t('grid.saved.created', { row: this.spec.title(row) }), 'success');
        return true;
      } catch (reason) {
        const error = toApiError(reason);
        meta.saving = new Set();
        const { cells, others } = this.cellAndOtherErrors(error, error.fields);
        meta.errors = { ...meta.errors, ...cells };
        if (others.length) notifyError(others.join('; '));
        this.refresh([id]);
        return false;
      }
    });
  }

  /** Swaps a draft for the saved row in the same place, keeping the focused column. */
  private replaceDraft(draftId: string, saved: Row) {
    const api = this.api;
    const node = this.node(draftId);
    if (!api || !node) return;
    const index = node.rowIndex ?? 0;
    const focused = api.getFocusedCell();
    this.context.meta.delete(draftId);
    api.applyTransaction({ remove: [{ _id: draftId }], add: [saved], addIndex: index });
    if (focused && focused.rowIndex === index) api.setFocusedCell(index, focused.column);
  }

  /** Ctrl+S: the paste under review, and every new row (flagging what is still missing). */
  async saveAll(): Promise<void> {
    if (this.staged) {
      await this.commitStaged();
      return;
    }
    const drafts = [...this.context.meta.entries()].filter(([, meta]) => meta.draft && !meta.staged).map(([id]) => id);
    const pending = [...this.context.meta.entries()].filter(([, meta]) => meta.pending);
    await Promise.all([
      ...drafts.map((id) => this.saveDraft(id, true)),
      ...pending.map(([id, meta]) => {
        const { after, before } = meta.pending!;
        meta.pending = undefined;
        return this.saveChanges(id, after, before, true);
      }),
    ]);
    await Promise.all([...this.queues.values()]);
  }

  pendingCount(): number {
    return [...this.context.meta.values()].filter((meta) => meta.draft || meta.staged || meta.pending).length;
  }

  // ---- paste ------------------------------------------------------------------------------------------------------

  /** Ctrl+V: the clipboard's block from the focused cell. Small valid pastes save at once; others wait for review. */
  async paste(text: string, canCreate: boolean): Promise<PastePlan | null> {
    const api = this.api;
    const focused = api?.getFocusedCell();
    if (!api || !focused || this.staged) return null;
    const block = parseTsv(text);
    if (!block.length) return null;
    let rows = this.displayedRows();
    let rowIndex = focused.rowIndex;
    // Pasting into a new row adds rows: it fills that row and the new rows below it, never the stored rows further down.
    if (rows[rowIndex] && this.meta(rows[rowIndex]!._id).draft) {
      let end = rowIndex;
      while (rows[end] && this.meta(rows[end]!._id).draft && !this.meta(rows[end]!._id).staged) end++;
      rows = rows.slice(rowIndex, end);
      rowIndex = 0;
    }
    const columns = this.displayedColumns();
    const columnIndex = columns.findIndex((column) => column.field === focused.column.getColId());
    if (columnIndex < 0) return null;
    const plan = planPaste({
      rows,
      columns,
      start: { rowIndex, columnIndex },
      block,
      ctx: this.context.parse,
      canCreate,
      isEditable: (row, column) => this.isEditable(row as Row, column),
    });
    const touched = plan.updates.length + plan.creates.length;
    if (!touched) return plan;
    this.stage(plan);
    if (plan.counts.invalid === 0 && touched <= PASTE_REVIEW_ROWS) await this.commitStaged();
    return plan;
  }

  /** Shows a paste in the grid, flagged, without saving it. */
  private stage(plan: PastePlan) {
    const api = this.api!;
    const updated: Row[] = [];
    for (const update of plan.updates) {
      const row = this.row(update.rowId);
      if (!row) continue;
      const meta = this.meta(update.rowId);
      meta.staged = { ...update.before };
      meta.errors = { ...update.errors };
      updated.push({ ...row, ...update.values });
    }
    const added: Row[] = plan.creates.map((create) => {
      const id = newDraftId();
      const meta = this.meta(id);
      meta.draft = true;
      meta.staged = {};
      meta.errors = { ...create.errors };
      return { _id: id, ...create.values };
    });
    api.applyTransaction({ update: updated, add: added });
    this.summariseStaged();
  }

  private stagedIds(): string[] {
    return [...this.context.meta.entries()].filter(([, meta]) => meta.staged).map(([id]) => id);
  }

  private summariseStaged() {
    const ids = this.stagedIds();
    if (!ids.length) {
      this.staged = null;
    } else {
      let created = 0;
      let changed = 0;
      let invalid = 0;
      for (const id of ids) {
        const meta = this.meta(id);
        if (meta.draft) created++;
        else changed++;
        if (Object.keys(meta.errors ?? {}).length) invalid++;
      }
      this.staged = { new: created, changed, invalid };
    }
    this.changed();
  }

  /** The paste being saved: an undo pressed meanwhile waits for it, and then undoes the paste itself. */
  private committing: Promise<unknown> | null = null;

  /** Saves the reviewed paste in one bulk request (one transaction); nothing is saved while a cell is invalid. */
  async commitStaged(): Promise<BulkReport | null> {
    const run = this.commitStagedNow();
    this.committing = run;
    try {
      return await run;
    } finally {
      if (this.committing === run) this.committing = null;
    }
  }

  private async commitStagedNow(): Promise<BulkReport | null> {
    let ids = this.stagedIds();
    if (!ids.length) return null;
    await this.settle(ids);
    ids = this.stagedIds();
    const drafts = ids.filter((id) => this.meta(id).draft);
    for (const id of drafts) this.flagRequired(id, this.row(id)!, true);
    this.summariseStaged();
    if (this.staged?.invalid) {
      this.refresh(ids);
      return null;
    }
    const updates = ids
      .filter((id) => !this.meta(id).draft)
      .map((id) => {
        const row = this.row(id)!;
        const before = this.meta(id).staged!;
        const after = Object.fromEntries(Object.keys(before).map((field) => [field, row[field]]));
        return { id, before, after, version: row.version };
      });
    const creates = drafts.map((id) => {
      const { _id, ...values } = this.row(id)!;
      return { id, values };
    });
    // New rows whose code names a loaded record go as updates of it, with its version once its own edits are saved.
    const newRows = () =>
      matchLoadedRecords(
        creates.map((c) => this.toApi(c.values)),
        this.spec.naturalKey,
        this.loadedRows(),
      );
    await this.settle(newRows().flatMap((row) => (typeof row._id === 'string' ? [row._id] : [])));
    const body = [...updates.map((u) => ({ _id: u.id, version: u.version, ...this.toApi(u.after) })), ...newRows()];
    for (const id of ids) this.meta(id).saving = new Set(['*']);
    this.refresh(ids);
    try {
      const report = await bulkUpsert(this.spec, body);
      updates.forEach((u, i) => {
        const meta = this.meta(u.id);
        meta.staged = undefined;
        meta.saving = undefined;
        meta.errors = {};
        const row = this.row(u.id)!;
        this.setRow(u.id, { ...row, version: report.rows[i]?.version ?? row.version });
      });
      // A new row the server matched to an existing record (by its natural key) updated that record: the grid
      // updates its row, and undo restores its values instead of deleting it.
      const createdIds: string[] = [];
      const createdValues: Values[] = [];
      const matched: { id: string; before: Values; after: Values }[] = [];
      const written: Row[] = [];
      creates.forEach((c, j) => {
        const entry = report.rows[updates.length + j]!;
        const id = entry._id!;
        this.context.meta.delete(c.id);
        const shown = this.row(id);
        if (entry.status === 'created') {
          createdIds.push(id);
          createdValues.push(c.values);
        } else if (shown) {
          matched.push({
            id,
            before: Object.fromEntries(Object.keys(c.values).map((field) => [field, shown[field] ?? null])),
            after: c.values,
          });
          this.meta(id).errors = {};
        } else return; // Matched a record this view does not show (another tab): nothing to show.
        written.push({ ...c.values, _id: id, version: entry.version });
      });
      const { add, update } = upsertTransaction(written, (id) => this.row(id));
      this.api!.applyTransaction({ remove: creates.map((c) => ({ _id: c.id })), update, add });
      this.undo.push(this.pasteEntry(createdIds, createdValues, [...updates, ...matched]));
      this.staged = null;
      this.changed();
      toast(this.context.t('grid.saved.rows', { count: updates.length + creates.length }), 'success');
      return report;
    } catch (reason) {
      const error = toApiError(reason);
      for (const id of ids) this.meta(id).saving = undefined;
      const reports = (error.rows ?? []) as {
        index: number;
        fields?: Record<string, { code: string; message: string }>;
      }[];
      const others = new Set<string>();
      for (const entry of reports) {
        const id = entry.index < updates.length ? updates[entry.index]?.id : creates[entry.index - updates.length]?.id;
        if (!id || !entry.fields) continue;
        const split = this.cellAndOtherErrors(error, entry.fields);
        const meta = this.meta(id);
        meta.errors = { ...meta.errors, ...split.cells };
        for (const text of split.others) others.add(text);
      }
      // The request as a whole (or a version, an id) was refused: say so; the paste stays for review.
      if (!reports.length) others.add(error.message);
      this.refresh(ids);
      this.summariseStaged();
      if (others.size) notifyError([...others].join('; '));
      return null;
    }
  }

  /** Drops the paste under review: cells get their values back, pasted new rows go. */
  discardStaged(onlyInvalid = false) {
    const api = this.api;
    if (!api) return;
    const remove: Row[] = [];
    const update: Row[] = [];
    for (const id of this.stagedIds()) {
      const meta = this.meta(id);
      if (onlyInvalid && !Object.keys(meta.errors ?? {}).length) continue;
      if (meta.draft) {
        remove.push({ _id: id });
        this.context.meta.delete(id);
      } else {
        update.push({ ...this.row(id)!, ...meta.staged });
        meta.staged = undefined;
        meta.errors = {};
      }
    }
    api.applyTransaction({ remove, update });
    this.refresh(update.map((row) => row._id));
    this.summariseStaged();
  }

  // ---- set value, delete, copy ------------------------------------------------------------------------------------

  /** One value into one column of every given row, in one bulk request. */
  async setValue(ids: readonly string[], field: string, value: unknown): Promise<void> {
    await this.settle(ids);
    const changes = ids
      .map((id) => this.row(id))
      .filter((row): row is Row => !!row && !isDraftId(row._id))
      .filter((row) => this.isEditable(row, this.context.columns.get(field)!))
      .map((row) => ({ id: row._id, before: { [field]: row[field] }, after: { [field]: value } }));
    if (!changes.length) return;
    await this.writeUpdates(changes, 'after');
    this.undo.push(this.updateEntry(changes));
  }

  /**
   * Writes before- or after-values of stored rows in one bulk request, with each row's current version, and puts
   * the values and new versions in the grid. Throws (writing nothing) when any row fails.
   */
  private async writeUpdates(
    changes: readonly { id: string; before: Values; after: Values }[],
    side: 'before' | 'after',
    remove: readonly string[] = [],
  ): Promise<void> {
    const current = changes.map((change) => ({ ...change, id: this.resolve(change.id) }));
    const removing = remove.map((id) => this.resolve(id));
    await this.settle([...current.map((change) => change.id), ...removing]);
    const rows = current.filter((change) => this.row(change.id));
    const report = await bulkUpsert(
      this.spec,
      rows.map((change) => ({ _id: change.id, version: this.row(change.id)!.version, ...this.toApi(change[side]) })),
      removing,
    );
    if (removing.length) this.api?.applyTransaction({ remove: removing.map((id) => ({ _id: id })) });
    rows.forEach((change, i) => {
      const row = this.row(change.id);
      if (!row) return;
      this.meta(change.id).errors = {};
      this.setRow(change.id, { ...row, ...change[side], version: report.rows[i]?.version ?? row.version });
    });
  }

  /** Deletes rows in one request (drafts only leave the grid). */
  async remove(ids: readonly string[]): Promise<void> {
    await this.settle(ids);
    const stored = ids.filter((id) => !isDraftId(id));
    const rows = stored.map((id) => this.row(id)).filter((row): row is Row => !!row);
    if (stored.length) await deleteRows(this.spec, stored);
    this.api?.applyTransaction({ remove: ids.map((id) => ({ _id: id })) });
    for (const id of ids) this.context.meta.delete(id);
    this.summariseStaged();
    if (rows.length) this.undo.push(this.deleteEntry(rows));
  }

  // ---- undo entries -------------------------------------------------------------------------------------------------

  private updateEntry(changes: readonly { id: string; before: Values; after: Values }[]): UndoEntry {
    // One row's edit reads 'name of Quality (QB)'; more rows, 'edit of 3 rows'.
    const only = changes.length === 1 ? changes[0]! : null;
    const row = only ? this.row(only.id) : undefined;
    return {
      ...(only && row
        ? { label: 'grid.undo.field', values: this.describeEdit({ ...row, ...only.after }, Object.keys(only.after)) }
        : { label: 'grid.undo.edit', values: { count: changes.length } }),
      undo: () => this.writeUpdates(changes, 'before'),
      redo: () => this.writeUpdates(changes, 'after'),
    };
  }

  /**
   * Creates rows again (redo of a create or paste, undo of a delete), with the updates of a paste's redo in the same
   * request; returns the new rows' ids.
   */
  private async recreate(
    valuesList: readonly Values[],
    updates: readonly { id: string; before: Values; after: Values }[] = [],
  ): Promise<string[]> {
    const current = updates.map((change) => ({ ...change, id: this.resolve(change.id) }));
    await this.settle(current.map((change) => change.id));
    const stored = current.filter((change) => this.row(change.id));
    const report = await bulkUpsert(this.spec, [
      ...stored.map((change) => ({
        _id: change.id,
        version: this.row(change.id)!.version,
        ...this.toApi(change.after),
      })),
      ...valuesList.map((values) => this.toApi(values)),
    ]);
    stored.forEach((change, i) => {
      const row = this.row(change.id);
      if (row) this.setRow(change.id, { ...row, ...change.after, version: report.rows[i]?.version ?? row.version });
    });
    const written = valuesList.map((values, i) => {
      const entry = report.rows[stored.length + i]!;
      return { ...values, _id: entry._id!, version: entry.version };
    });
    const { add, update } = upsertTransaction<Row>(written, (id) => this.row(id));
    this.api?.applyTransaction({ add, update, addIndex: 0 });
    return written.map((row) => row._id);
  }

  private async drop(ids: readonly string[]) {
    const current = ids.map((id) => this.resolve(id));
    await this.settle(current);
    await deleteRows(this.spec, current);
    this.api?.applyTransaction({ remove: current.map((id) => ({ _id: id })) });
  }

  private createEntry(ids: string[], valuesList: Values[], title?: string): UndoEntry {
    let current = ids;
    return {
      ...(title !== undefined && ids.length === 1
        ? { label: 'grid.undo.createOne', values: { row: title } }
        : { label: 'grid.undo.create', values: { count: ids.length } }),
      undo: () => this.drop(current),
      redo: async () => {
        const next = await this.recreate(valuesList);
        this.rename(current, next);
        current = next;
      },
    };
  }

  private deleteEntry(rows: readonly Row[]): UndoEntry {
    const valuesList = rows.map(({ _id, version, ...values }) => values);
    let current: string[] = rows.map((row) => row._id);
    return {
      ...(rows.length === 1
        ? { label: 'grid.undo.deleteOne', values: { row: this.spec.title(rows[0]!) } }
        : { label: 'grid.undo.delete', values: { count: rows.length } }),
      undo: async () => {
        const next = await this.recreate(valuesList);
        this.rename(current, next);
        current = next;
      },
      redo: () => this.drop(current),
    };
  }

  private pasteEntry(
    createdIds: string[],
    createdValues: Values[],
    updates: readonly { id: string; before: Values; after: Values }[],
  ) {
    let current = createdIds;
    return {
      label: 'grid.undo.paste',
      values: { count: createdIds.length + updates.length },
      // Each way is one bulk request, one transaction: an undo is never half done.
      undo: () => this.writeUpdates(updates, 'before', current),
      redo: async () => {
        const next = await this.recreate(createdValues, updates);
        this.rename(current, next);
        current = next;
      },
    };
  }
}
