import type { TFunction } from 'i18next';
import { atom } from 'jotai';
import type { AnyColumn, AnyGridSpec, CellError, ParseContext } from './types.ts';

/** What the grid knows of a row beyond its data: unsaved, staged by a paste, saving, or refused. */
export interface RowMeta {
  /** A row typed or pasted here that the server does not have yet (its `_id` is a client id). */
  draft?: boolean;
  /** A paste waiting for review: the values the cells had before it, by field (empty for a draft row). */
  staged?: Record<string, unknown>;
  /**
   * Edits of a stored row the server refused only because another field of the row must change with them (a rule's
   * new method needs its own amount): kept, with the values they replaced, and sent again with the next edit of the
   * row or Ctrl+S.
   */
  pending?: { after: Record<string, unknown>; before: Record<string, unknown> };
  /** Fields being saved right now. */
  saving?: Set<string>;
  /** Why a cell was refused, by field: a parse error, a missing required value, or the server's reason. */
  errors?: Record<string, CellError>;
}

/** AG Grid's `context`: what cell renderers, class rules and editors read. */
export interface GridContext {
  spec: AnyGridSpec;
  columns: ReadonlyMap<string, AnyColumn>;
  t: TFunction;
  language: string;
  parse: ParseContext;
  meta: Map<string, RowMeta>;
  /**
   * A cell editor closed on text it cannot read ('25:99' in a time cell): the cell keeps the text, flagged, with the
   * reason as its tooltip and on the grid's message line, as for a value the server refused.
   */
  refuseTyped?: (rowId: string, field: string, error: CellError) => void;
}

export const DRAFT_PREFIX = 'draft-';
let draftCounter = 0;
export const newDraftId = () => `${DRAFT_PREFIX}${++draftCounter}`;
export const isDraftId = (id: string) => id.startsWith(DRAFT_PREFIX);

/** Rows of the grid on screen that are not saved yet (new, pasted for review, or kept edits): screens ask before leaving. */
export const unsavedRowsAtom = atom(0);
