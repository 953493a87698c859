import { describe, expect, it } from 'vitest';
import { UndoStack } from '../../../src/grids/undo.ts';

const entry = (log: string[], name: string, fail?: { undo?: boolean }) => ({
  label: name,
  undo: async () => {
    if (fail?.undo) throw new Error('refused');
    log.push(`undo ${name}`);
  },
  redo: async () => {
    log.push(`redo ${name}`);
  },
});

describe('UndoStack', () => {
  it('undoes newest first and redoes in order', async () => {
    const log: string[] = [];
    const stack = new UndoStack();
    stack.push(entry(log, 'a'));
    stack.push(entry(log, 'b'));
    await stack.undo();
    await stack.undo();
    expect(await stack.undo()).toBeNull();
    await stack.redo();
    expect(log).toEqual(['undo b', 'undo a', 'redo a']);
    expect(stack.snapshot).toEqual({ canUndo: true, canRedo: true, busy: false });
  });

  it('a new change clears what could be redone', async () => {
    const log: string[] = [];
    const stack = new UndoStack();
    stack.push(entry(log, 'a'));
    await stack.undo();
    stack.push(entry(log, 'b'));
    expect(stack.snapshot.canRedo).toBe(false);
  });

  it('a failed undo stays undoable and reports the failure', async () => {
    const log: string[] = [];
    const stack = new UndoStack();
    stack.push(entry(log, 'a', { undo: true }));
    await expect(stack.undo()).rejects.toThrow('refused');
    expect(stack.snapshot).toEqual({ canUndo: true, canRedo: false, busy: false });
  });

  it('runs one step at a time: a second undo while one runs does nothing', async () => {
    const stack = new UndoStack();
    let release!: () => void;
    stack.push({
      label: 'slow',
      undo: () => new Promise<void>((resolve) => (release = resolve)),
      redo: async () => {},
    });
    stack.push({ label: 'fast', undo: async () => {}, redo: async () => {} });
    const first = stack.undo();
    expect(stack.snapshot.busy).toBe(true);
    expect(await stack.undo()).toBeNull();
    release?.();
    await first;
    expect(stack.snapshot.canUndo).toBe(true);
  });

  it('keeps at most its limit', async () => {
    const stack = new UndoStack(2);
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) stack.push(entry(log, name));
    await stack.undo();
    await stack.undo();
    expect(await stack.undo()).toBeNull();
    expect(log).toEqual(['undo c', 'undo b']);
  });
});

describe('UndoStack with changes arriving during a step', () => {
  it('keeps a change pushed while an undo runs', async () => {
    const stack = new UndoStack();
    const log: string[] = [];
    let release!: () => void;
    stack.push({
      label: 'a',
      undo: () => new Promise<void>((resolve) => (release = resolve)),
      redo: async () => {},
    });
    const undoing = stack.undo();
    stack.push({ label: 'b', undo: async () => void log.push('undo b'), redo: async () => {} });
    release?.();
    await undoing;
    await stack.undo();
    expect(log).toEqual(['undo b']);
  });
});
