/**
 * Uploads are inspected in worker threads, never on the event loop (issue 10 section 7): a small pool of workers
 * (`inspect-worker.ts`) with a bounded queue, and a per-user limit on uploads in progress. docs/decisions/0017.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import type { ZipReport } from './zip.ts';

export interface InspectorOptions {
  /** Worker threads inspecting at once; more uploads wait in the queue. */
  workers: number;
  /** Uploads waiting for a worker; beyond that an upload is refused with 429. */
  queue: number;
  /** An inspection that takes longer is stopped (its worker is replaced) and the upload refused. */
  timeoutMs: number;
}

interface Job {
  path: string;
  limit: number;
  done: (report: ZipReport) => void;
  fail: (error: Error) => void;
}

export const defaultInspectorOptions = (): InspectorOptions => ({
  // One core stays with the event loop: on 2 cores, one worker.
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 32,
  timeoutMs: 30_000,
});

export const uploadsBusy = () =>
  new AppError(429, 'too_many_uploads', 'Too many uploads at once: wait for the others to finish and try again');

export interface Inspector {
  /** The zip report of the file at `path`, worked out in a worker thread. */
  inspect(path: string, limit: number): Promise<ZipReport>;
  close(): Promise<void>;
}

export function createInspector(options: InspectorOptions = defaultInspectorOptions()): Inspector {
  const idle: Worker[] = [];
  const waiting: Job[] = [];
  let busy = 0;
  let nextId = 0;
  let closed = false;
  const all = new Set<Worker>();

  const spawn = () => {
    const worker = new Worker(new URL('./inspect-worker.ts', import.meta.url));
    worker.unref();
    all.add(worker);
    worker.once('exit', () => all.delete(worker));
    return worker;
  };

  const run = (worker: Worker, job: Job) => {
    busy++;
    const id = nextId++;
    let settled = false;
    const finish = (reuse: boolean) => {
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      busy--;
      if (reuse && !closed) idle.push(worker);
      else void worker.terminate();
      next();
    };
    const onMessage = (message: { id: number; report?: ZipReport; error?: string }) => {
      if (message.id !== id || settled) return;
      finish(true);
      if (message.report) job.done(message.report);
      else job.fail(new Error(message.error ?? 'inspection failed'));
    };
    const onError = (error: Error) => {
      if (settled) return;
      finish(false);
      job.fail(error);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      finish(false);
      job.fail(new AppError(413, 'file_unpacks_too_large', 'This file took too long to check and was refused'));
    }, options.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.postMessage({ id, path: job.path, limit: job.limit });
  };

  function next() {
    while (waiting.length && busy < options.workers && !closed) {
      run(idle.pop() ?? spawn(), waiting.shift()!);
    }
  }

  return {
    inspect(path, limit) {
      if (closed) return Promise.reject(new Error('the inspector is closed'));
      if (waiting.length >= options.queue) return Promise.reject(uploadsBusy());
      return new Promise((done, fail) => {
        waiting.push({ path, limit, done, fail });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.fail(new Error('the server is stopping'));
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}

/**
 * Uploads per user: at most `inProgress` at once and `perMinute` in any minute (a user's further uploads are refused
 * with 429), so that one account cannot fill the inspection queue for everyone. Kept in this process's memory: with
 * several API processes, each applies it to the uploads it receives.
 */
export function createUploadLimit(limits: { inProgress: number; perMinute: number }, now = () => Date.now()) {
  const running = new Map<string, number>();
  const recent = new Map<string, number[]>();
  return {
    /** Takes a slot for `user`, or throws 429; call the returned function when the upload is over. */
    acquire(user: string): () => void {
      const count = running.get(user) ?? 0;
      const since = now() - 60_000;
      const times = (recent.get(user) ?? []).filter((time) => time > since);
      if (count >= limits.inProgress || times.length >= limits.perMinute) throw uploadsBusy();
      running.set(user, count + 1);
      recent.set(user, [...times, now()]);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(user) ?? 1) - 1;
        if (left <= 0) running.delete(user);
        else running.set(user, left);
      };
    },
  };
}
