import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_CLOSE_MS,
  closeTask,
  notifyError,
  startTask,
  TOAST_MS,
  tasksAtom,
  toast,
  toastsAtom,
} from '../../../src/overlays/progress.ts';
import { notifierTextAtom } from '../../../src/state/settings.ts';

const store = getDefaultStore();
const tasks = () => store.get(tasksAtom);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('progress cards (spec 4: hidden, ongoing, success, error)', () => {
  it('a task is ongoing, counts rounded percentages, succeeds and auto-closes after 10 s', () => {
    const task = startTask('Import');
    expect(tasks()).toMatchObject([{ name: 'Import', status: 'ongoing', percent: null, closesAt: null }]);
    task.update(33.4);
    expect(tasks()[0]!.percent).toBe(33);
    expect(store.get(notifierTextAtom)).toBe('Import');
    task.update(140);
    expect(tasks()[0]!.percent).toBe(100);
    task.succeed();
    expect(tasks()[0]).toMatchObject({ status: 'success', message: null });
    expect(store.get(notifierTextAtom)).toBe('');
    vi.advanceTimersByTime(AUTO_CLOSE_MS - 1);
    expect(tasks()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(tasks()).toHaveLength(0);
  });

  it('cannot be closed by hand while ongoing; can once failed', () => {
    const task = startTask('Payroll run');
    closeTask(task.id);
    expect(tasks()).toHaveLength(1);
    task.fail('Server said no');
    expect(tasks()[0]).toMatchObject({ status: 'error', message: 'Server said no' });
    task.succeed();
    expect(tasks()[0]!.status).toBe('error');
    closeTask(task.id);
    expect(tasks()).toHaveLength(0);
  });

  it('an error notification is a card in the error state', () => {
    notifyError('Some fields are invalid');
    expect(tasks().at(-1)).toMatchObject({ status: 'error', message: 'Some fields are invalid' });
  });
});

describe('toast', () => {
  it('disappears after 4000 ms', () => {
    toast('Saved', 'success');
    expect(store.get(toastsAtom)).toMatchObject([{ text: 'Saved', tone: 'success' }]);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(store.get(toastsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toHaveLength(0);
  });
});
