/**
 * The paste planner: what a block of clipboard cells does to the grid, worked out before anything changes, so the
 * grid can show it for review (new, changed, invalid) and save it in one bulk request. Pure.
 *
 * Where the cells land:
 * - The block's top-left cell lands on the focused cell; the block's rows go down the rows in display order.
 * - Columns: the block's columns go right over the visible columns that can take text, skipping the ones that never
 *   can (computed and file columns, `editable: false`): a read-only column in the block's path takes no cell, and the
 *   cell lands on the next editable column. So a sheet of just the editable fields pastes straight over a grid that
 *   shows read-only columns between them. (`readOnlyColumns: 'occupy'` lays the block over every visible column
 *   instead, the cells that fall on read-only columns skipped: for a block copied from this grid with its read-only
 *   columns.) When the focused column cannot take text, the block starts at the next one that can.
 * - A column that is editable for some rows only (`editable` as a function, asked through `isEditable` with the row
 *   as it will be once the cells to its left are pasted) never shifts the block: the cell is skipped in rows where
 *   it is not editable.
 * - Rows past the last row become new rows when `canCreate`; otherwise their cells are skipped. A block row past the
 *   end whose cells are all blank creates nothing.
 * - `skipped` counts the non-blank cells that were not pasted: on a cell that is not editable, past the last column,
 *   or in rows that could not be created. Blank cells are never counted.
 */
import { boundsError, isBlankValue, isPasteableKind, parseCell, sameCellValue } from './parse.ts';
import type { AnyColumn, CellError, DraftRow, ParseContext } from './types.ts';

/** A grid row: the fields it has so far, and its client id. */
export type GridRow = DraftRow<Record<string, unknown>>;

export interface PasteInput {
  /** The grid's rows in display order (filtered and sorted as the user sees them). */
  rows: readonly GridRow[];
  /** The visible columns in display order. */
  columns: readonly AnyColumn[];
  /** The focused cell: indexes into `rows` (it may be `rows.length`, below the last row) and `columns`. */
  start: { rowIndex: number; columnIndex: number };
  /** The clipboard's cells (`parseTsv`); rows may differ in length. */
  block: readonly (readonly string[])[];
  ctx: ParseContext;
  /** Whether rows past the end may become new rows. */
  canCreate: boolean;
  /**
   * Whether this row's cell in this column may be edited (permissions, conditional fields). A new row is asked as
   * `{ _id: '', ...its values so far }`.
   */
  isEditable: (row: GridRow, column: AnyColumn) => boolean;
  /** How the block treats read-only columns: 'skip' (the default) or 'occupy'; see the module comment. */
  readOnlyColumns?: 'skip' | 'occupy';
}

export interface PasteUpdate {
  rowId: string;
  /** The changed fields' values before the paste (null when they were empty), for undo and review. */
  before: Record<string, unknown>;
  /** The fields the paste changes and their new values; unchanged cells are left out. */
  values: Record<string, unknown>;
  /** Cells whose text was refused, by field; their values are left as they were. */
  errors: Record<string, CellError>;
}

export interface PasteCreate {
  /** The new row's values: its non-blank, valid cells. */
  values: Record<string, unknown>;
  /** Refused cells, and required columns left empty, by field. */
  errors: Record<string, CellError>;
}

export interface PastePlan {
  /** Existing rows the paste changes or flags (at least one value or one error each), in display order. */
  updates: PasteUpdate[];
  /** New rows, in block order. */
  creates: PasteCreate[];
  /** Non-blank cells not pasted: not editable, past the last column, or in rows that cannot be created. */
  skipped: number;
  counts: {
    /** New rows. */
    new: number;
    /** Existing rows with at least one changed value. */
    changed: number;
    /** Rows, new or existing, with at least one error. */
    invalid: number;
  };
}

/** Whether a column can ever take text: not a computed or file column, and not `editable: false`. */
const takesText = (column: AnyColumn) => isPasteableKind(column.kind) && column.editable !== false;

const isEmpty = (record: object) => {
  for (const _ in record) return false;
  return true;
};

/**
 * The errors of a row's values that parsing one cell cannot see: required columns left empty and, for values typed
 * by hand, `min`/`max`. A new row (`isNew`) is checked in every given column that can take text and is editable for
 * it; an existing row only in the fields `values` has (a required cell cleared). Columns that never take text
 * (computed, file, `editable: false`) are never required.
 */
export function validateRow(
  columns: readonly AnyColumn[],
  values: Record<string, unknown>,
  isNew: boolean,
): Record<string, CellError> {
  const errors: Record<string, CellError> = {};
  for (const column of columns) {
    if (!takesText(column)) continue;
    if (!isNew && !Object.hasOwn(values, column.field)) continue;
    const value = values[column.field];
    if (isBlankValue(value)) {
      const applies = typeof column.editable !== 'function' || column.editable(values as GridRow);
      if (column.required && applies) errors[column.field] = { code: 'required' };
      continue;
    }
    const error = boundsError(column, value);
    if (error) errors[column.field] = error;
  }
  return errors;
}

/** Which column each of the block's columns lands on (null: none), and whether it can take text at all. */
function landing(
  columns: readonly AnyColumn[],
  from: number,
  width: number,
  mode: 'skip' | 'occupy',
): (AnyColumn | null)[] {
  const out: (AnyColumn | null)[] = [];
  const candidates = columns.slice(Math.max(0, from));
  const usable = mode === 'skip' ? candidates.filter(takesText) : candidates;
  for (let index = 0; index < width; index++) out.push(usable[index] ?? null);
  return out;
}

const nonBlank = (cells: readonly string[]) => cells.reduce((sum, cell) => sum + (cell.trim() === '' ? 0 : 1), 0);

/** Plans a paste; see the module comment for where the cells land. Nothing is changed. */
export function planPaste(input: PasteInput): PastePlan {
  const { rows, columns, start, block, ctx, canCreate, isEditable } = input;
  if (!Number.isInteger(start.rowIndex) || start.rowIndex < 0) throw new RangeError('start.rowIndex');
  if (!Number.isInteger(start.columnIndex) || start.columnIndex < 0) throw new RangeError('start.columnIndex');
  const width = block.reduce((most, cells) => Math.max(most, cells.length), 0);
  const targets = landing(columns, start.columnIndex, width, input.readOnlyColumns ?? 'skip');
  const plan: PastePlan = { updates: [], creates: [], skipped: 0, counts: { new: 0, changed: 0, invalid: 0 } };

  /** Parses one row's cells into `values`/`errors`, editability asked of `draft` (updated as values land). */
  const pasteCells = (
    cells: readonly string[],
    draft: GridRow,
    values: Record<string, unknown>,
    errors: Record<string, CellError>,
    existing: GridRow | undefined,
    before: Record<string, unknown>,
  ) => {
    for (let index = 0; index < cells.length; index++) {
      const text = cells[index]!;
      const blank = text.trim() === '';
      const column = targets[index];
      if (!column || !takesText(column) || !isEditable(draft, column)) {
        if (!blank) plan.skipped++;
        continue;
      }
      // A new row's blank cells are simply not filled.
      if (blank && !existing) continue;
      const parsed = parseCell(column, text, ctx);
      if (!parsed.ok) {
        // The text stays with the error, so the cell can show what was pasted next to why it was refused.
        errors[column.field] = { ...parsed.error, text };
        continue;
      }
      const { field } = column;
      if (existing) {
        if (sameCellValue(column, existing[field], parsed.value)) continue;
        if (parsed.value === null && column.required) {
          errors[field] = { code: 'required' };
          continue;
        }
        before[field] = existing[field] ?? null;
      }
      values[field] = parsed.value;
      draft[field] = parsed.value;
    }
  };

  for (let offset = 0; offset < block.length; offset++) {
    const cells = block[offset]!;
    const existing = rows[start.rowIndex + offset];
    if (existing) {
      const values: Record<string, unknown> = {};
      const errors: Record<string, CellError> = {};
      const before: Record<string, unknown> = {};
      pasteCells(cells, { ...existing }, values, errors, existing, before);
      const changed = !isEmpty(values);
      const invalid = !isEmpty(errors);
      if (!changed && !invalid) continue;
      plan.updates.push({ rowId: existing._id, before, values, errors });
      if (changed) plan.counts.changed++;
      if (invalid) plan.counts.invalid++;
      continue;
    }
    const filled = nonBlank(cells);
    if (!filled) continue;
    if (!canCreate) {
      plan.skipped += filled;
      continue;
    }
    const draft: GridRow = { _id: '' };
    const values: Record<string, unknown> = {};
    const errors: Record<string, CellError> = {};
    pasteCells(cells, draft, values, errors, undefined, {});
    const editable = columns.filter((column) => takesText(column) && isEditable(draft, column));
    for (const [field, error] of Object.entries(validateRow(editable, draft, true))) errors[field] ??= error;
    plan.creates.push({ values, errors });
    plan.counts.new++;
    if (!isEmpty(errors)) plan.counts.invalid++;
  }
  return plan;
}
