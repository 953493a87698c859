/**
 * The review grid's keyboard selection model, as pure functions over the displayed row ids (in display order):
 * arrows or j/k move the cursor, Space toggles the cursor's row, Shift+↓/↑ extends a range from an anchor, Ctrl+A
 * selects every displayed (filtered) row. The grid applies the result to AG Grid's row selection (Review.tsx).
 */
import type { LabelKey, Shortcut } from '../../commands/types.ts';

export interface SelectionState {
  /** The focused row's index in the displayed rows, or -1 with no rows. */
  readonly cursor: number;
  /** Where a Shift-extension started, or null when the last step was not an extension. */
  readonly anchor: number | null;
  /** The selection before the current extension began: shrinking a range gives back exactly this. */
  readonly base: ReadonlySet<string>;
  readonly selected: ReadonlySet<string>;
}

export const emptySelection: SelectionState = { cursor: -1, anchor: null, base: new Set(), selected: new Set() };

const clamp = (index: number, count: number) => (count === 0 ? -1 : Math.min(Math.max(index, 0), count - 1));

/** Moves the cursor by `delta` rows (clamped); the selection stays, the range anchor is dropped. */
export function move(state: SelectionState, ids: readonly string[], delta: number): SelectionState {
  return { ...state, cursor: clamp(state.cursor < 0 ? 0 : state.cursor + delta, ids.length), anchor: null };
}

/** Puts the cursor on a row (a click, AG Grid's own navigation), dropping the anchor. */
export function focus(state: SelectionState, ids: readonly string[], index: number): SelectionState {
  const cursor = clamp(index, ids.length);
  return cursor === state.cursor && state.anchor === null ? state : { ...state, cursor, anchor: null };
}

/** Space: selects or unselects the cursor's row. */
export function toggle(state: SelectionState, ids: readonly string[]): SelectionState {
  const id = ids[state.cursor];
  if (id === undefined) return state;
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { ...state, anchor: null, selected };
}

/**
 * Shift+↓ (delta 1) or Shift+↑ (-1): the rows from the anchor (the cursor when the extension starts) to the new
 * cursor are selected on top of what was selected before; going back over the range unselects what it added.
 */
export function extend(state: SelectionState, ids: readonly string[], delta: number): SelectionState {
  if (ids.length === 0) return state;
  const start = clamp(state.cursor < 0 ? 0 : state.cursor, ids.length);
  const anchor = state.anchor ?? start;
  const base = state.anchor === null ? state.selected : state.base;
  const cursor = clamp(start + delta, ids.length);
  const selected = new Set(base);
  for (let index = Math.min(anchor, cursor); index <= Math.max(anchor, cursor); index++) selected.add(ids[index]!);
  return { cursor, anchor, base, selected };
}

/** Ctrl+A: every displayed row, or none when all of them already are (a second Ctrl+A clears). */
export function selectAll(state: SelectionState, ids: readonly string[]): SelectionState {
  const all = ids.length > 0 && ids.every((id) => state.selected.has(id));
  return { ...state, anchor: null, selected: all ? new Set() : new Set(ids) };
}

export function clear(state: SelectionState): SelectionState {
  return { ...state, anchor: null, base: new Set(), selected: new Set() };
}

/** After a reload or a filter: the selection keeps only displayed rows and the cursor stays in range. */
export function prune(state: SelectionState, ids: readonly string[]): SelectionState {
  const shown = new Set(ids);
  const selected = new Set([...state.selected].filter((id) => shown.has(id)));
  return { cursor: clamp(state.cursor, ids.length), anchor: null, base: selected, selected };
}

/** The selected ids in display order (what a decision sends), or the cursor's row when nothing is selected. */
export function targets(state: SelectionState, ids: readonly string[]): string[] {
  const picked = ids.filter((id) => state.selected.has(id));
  if (picked.length) return picked;
  const id = ids[state.cursor];
  return id === undefined ? [] : [id];
}

/**
 * The letter keys (j and k, as in a mail reader), one table for both ways they run: the review screen's palette
 * commands (so the '?' list shows them) and the grid's own key handler. The arrows are AG Grid's own keys.
 */
export const letterMoves = [
  { id: 'next', label: 'approvals.commands.next', shortcut: { key: 'j' }, move: 'down' },
  { id: 'previous', label: 'approvals.commands.previous', shortcut: { key: 'k' }, move: 'up' },
  {
    id: 'extend-next',
    label: 'approvals.commands.extendNext',
    shortcut: { key: 'j', shift: true },
    move: 'extendDown',
  },
  {
    id: 'extend-previous',
    label: 'approvals.commands.extendPrevious',
    shortcut: { key: 'k', shift: true },
    move: 'extendUp',
  },
] as const satisfies readonly { id: string; label: LabelKey; shortcut: Shortcut; move: SelectionKey }[];

/** The grid keys of the model, by the key event's `key` (with Shift for the extension). */
export type SelectionKey = 'down' | 'up' | 'extendDown' | 'extendUp' | 'toggle' | 'all';

export function selectionKey(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): SelectionKey | null {
  if (event.altKey) return null;
  const mod = event.ctrlKey || event.metaKey;
  if (mod) return event.key.toLowerCase() === 'a' && !event.shiftKey ? 'all' : null;
  if (event.key === 'ArrowDown') return event.shiftKey ? 'extendDown' : 'down';
  if (event.key === 'ArrowUp') return event.shiftKey ? 'extendUp' : 'up';
  if (event.key === ' ' && !event.shiftKey) return 'toggle';
  return null;
}

export const applyKey = {
  down: (state, ids) => move(state, ids, 1),
  up: (state, ids) => move(state, ids, -1),
  extendDown: (state, ids) => extend(state, ids, 1),
  extendUp: (state, ids) => extend(state, ids, -1),
  toggle: (state, ids) => toggle(state, ids),
  all: (state, ids) => selectAll(state, ids),
} satisfies Record<SelectionKey, (state: SelectionState, ids: readonly string[]) => SelectionState>;
