import { describe, expect, it } from 'vitest';
import {
  applyKey,
  clear,
  emptySelection,
  extend,
  focus,
  move,
  prune,
  type SelectionState,
  selectAll,
  selectionKey,
  targets,
  toggle,
} from '../../../../src/screens/approvals/selection.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];
const at = (cursor: number, selected: string[] = []): SelectionState => ({
  cursor,
  anchor: null,
  base: new Set(selected),
  selected: new Set(selected),
});
const picked = (state: SelectionState) => [...state.selected].sort();

describe('review selection model', () => {
  it('moves the cursor within the rows and keeps the selection', () => {
    expect(move(emptySelection, ids, 1).cursor).toBe(0);
    expect(move(at(0, ['a']), ids, 1)).toMatchObject({ cursor: 1, anchor: null });
    expect(picked(move(at(0, ['a']), ids, 1))).toEqual(['a']);
    expect(move(at(4), ids, 1).cursor).toBe(4);
    expect(move(at(0), ids, -1).cursor).toBe(0);
    expect(move(at(0), [], 1).cursor).toBe(-1);
    expect(focus(at(0), ids, 3).cursor).toBe(3);
  });

  it('toggles the row under the cursor with Space', () => {
    const once = toggle(at(2), ids);
    expect(picked(once)).toEqual(['c']);
    expect(picked(toggle(once, ids))).toEqual([]);
    expect(toggle(emptySelection, ids)).toBe(emptySelection);
  });

  it('extends a range from the anchor with Shift+arrows, and shrinks it back', () => {
    let state = extend(at(1), ids, 1);
    expect(state).toMatchObject({ cursor: 2, anchor: 1 });
    expect(picked(state)).toEqual(['b', 'c']);
    state = extend(state, ids, 1);
    expect(picked(state)).toEqual(['b', 'c', 'd']);
    state = extend(state, ids, -1);
    expect(picked(state)).toEqual(['b', 'c']);
    state = extend(extend(state, ids, -1), ids, -1);
    expect(state.cursor).toBe(0);
    expect(picked(state)).toEqual(['a', 'b']);
  });

  it('keeps what was selected before an extension', () => {
    const state = extend(extend(at(2, ['e']), ids, -1), ids, -1);
    expect(picked(state)).toEqual(['a', 'b', 'c', 'e']);
    // Moving drops the anchor: the next extension starts from the new cursor and keeps everything.
    const again = extend(move(state, ids, 3), ids, 1);
    expect(again.anchor).toBe(3);
    expect(picked(again)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('selects every displayed row with Ctrl+A, and clears on a second Ctrl+A', () => {
    const all = selectAll(at(0, ['b']), ids);
    expect(picked(all)).toEqual(ids);
    expect(picked(selectAll(all, ids))).toEqual([]);
    expect(picked(selectAll(at(0), ['a', 'c']))).toEqual(['a', 'c']);
    expect(picked(clear(all))).toEqual([]);
  });

  it('prunes rows no longer displayed and targets the selection in display order', () => {
    const state = prune({ ...at(4, ['e', 'a', 'x']) }, ['a', 'b', 'e']);
    expect(state.cursor).toBe(2);
    expect(picked(state)).toEqual(['a', 'e']);
    expect(targets(at(0, ['d', 'b']), ids)).toEqual(['b', 'd']);
    expect(targets(at(3), ids)).toEqual(['d']);
    expect(targets(emptySelection, ids)).toEqual([]);
  });

  it('reads the keys: arrows, Shift to extend, Space, Ctrl or Cmd+A (j/k are commands: letterMoves)', () => {
    const key = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
      selectionKey({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key('ArrowDown')).toBe('down');
    expect(key('j')).toBeNull();
    expect(key('ArrowDown', { shiftKey: true })).toBe('extendDown');
    expect(key('ArrowUp', { shiftKey: true })).toBe('extendUp');
    expect(key(' ')).toBe('toggle');
    expect(key('a', { ctrlKey: true })).toBe('all');
    expect(key('a', { metaKey: true })).toBe('all');
    expect(key('a')).toBeNull();
    expect(key('Enter')).toBeNull();
    expect(picked(applyKey.all(at(0), ids))).toEqual(ids);
  });
});
