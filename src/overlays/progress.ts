/**
 * The one API every long task reports to (upload %, import, payroll run), plus toasts and the page loading bar.
 * Plain functions over Jotai atoms in the default store, so code outside React (the API client) can report too.
 *
 * @example
 * const task = startTask(t('payroll.running'));
 * task.update(40);
 * task.succeed(); // or task.fail(message)
 */
import { atom, getDefaultStore } from 'jotai';
import { notifierTextAtom } from '../state/settings.ts';

/** Spec 9: toast 4000 ms, progress card auto-close 10 s, page loading bar throttle 200 ms and duration 5000 ms. */
export const TOAST_MS = 4000;
export const AUTO_CLOSE_MS = 10_000;
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;

export type TaskStatus = 'ongoing' | 'success' | 'error';

export interface Task {
  id: number;
  name: string;
  status: TaskStatus;
  /** 0–100, rounded; null when the task reports no percentage. */
  percent: number | null;
  /** Shown instead of the default status text ('successDefault', 'errorOccured'). */
  message: string | null;
  /** When a finished task's card closes by itself (epoch ms); null while ongoing. */
  closesAt: number | null;
}

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

export interface TaskHandle {
  readonly id: number;
  update(percent: number): void;
  succeed(message?: string): void;
  fail(message?: string): void;
}

/** The tasks on the bottom-left progress cards: a card is hidden once its task is removed. */
export const tasksAtom = atom<readonly Task[]>([]);
export const toastsAtom = atom<readonly Toast[]>([]);
/** Pending page loads (lazy chunks); the loading bar shows while this is above zero. */
export const pageLoadsAtom = atom(0);

const store = getDefaultStore();
let nextId = 1;

const clampPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)));

function patch(id: number, change: Partial<Task>) {
  store.set(tasksAtom, (tasks) => tasks.map((task) => (task.id === id ? { ...task, ...change } : task)));
  syncNotifier();
}

/** The notifier shows the newest ongoing task that counts a percentage. */
function syncNotifier() {
  const counting = store
    .get(tasksAtom)
    .filter((task) => task.status === 'ongoing' && task.percent !== null)
    .at(-1);
  store.set(notifierTextAtom, counting?.name ?? '');
}

function finish(id: number, status: 'success' | 'error', message?: string) {
  const closesAt = Date.now() + AUTO_CLOSE_MS;
  patch(id, { status, message: message ?? null, closesAt, ...(status === 'success' ? { percent: null } : {}) });
  setTimeout(() => closeTask(id, true), AUTO_CLOSE_MS);
}

/** Starts a long task: its card shows 'pleaseWait' until it succeeds or fails. */
export function startTask(name: string): TaskHandle {
  const id = nextId++;
  store.set(tasksAtom, (tasks) => [
    ...tasks,
    { id, name, status: 'ongoing', percent: null, message: null, closesAt: null },
  ]);
  let done = false;
  return {
    id,
    update(percent) {
      if (!done) patch(id, { percent: clampPercent(percent) });
    },
    succeed(message) {
      if (done) return;
      done = true;
      finish(id, 'success', message);
    },
    fail(message) {
      if (done) return;
      done = true;
      finish(id, 'error', message);
    },
  };
}

/** An error progress notification (spec 8): a card already in the error state. */
export function notifyError(message: string, name = ''): void {
  startTask(name).fail(message);
}

/** Closes a card. By hand only when the task is not ongoing; the auto-close timer passes `force`. */
export function closeTask(id: number, force = false): void {
  const task = store.get(tasksAtom).find((candidate) => candidate.id === id);
  if (!task || (task.status === 'ongoing' && !force)) return;
  store.set(tasksAtom, (tasks) => tasks.filter((candidate) => candidate.id !== id));
  syncNotifier();
}

/** A short message that disappears after 4000 ms. */
export function toast(text: string, tone: ToastTone = 'info'): void {
  const id = nextId++;
  store.set(toastsAtom, (toasts) => [...toasts, { id, text, tone }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (toasts) => toasts.filter((item) => item.id !== id));
}

/** Wraps a page load (a lazy chunk) so the loading bar runs while it is pending. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  store.set(pageLoadsAtom, (count) => count + 1);
  return load.finally(() => store.set(pageLoadsAtom, (count) => Math.max(0, count - 1)));
}
