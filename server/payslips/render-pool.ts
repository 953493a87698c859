/**
 * Payslip PDFs are rendered in worker threads (render-worker.ts), never on the event loop: one payslip is ~4 ms of
 * CPU with its layout reused (decision 0082), ~15–20 ms without, so a run's zip rendered in-process would stall every
 * other request. Each worker keeps its own layout cache (./layout-cache.ts). One worker per core (at most four), shared
 * by the process; work is handed to the least busy worker. Each worker lowers its own thread's scheduling priority
 * (render-worker.ts), so the event loop, at normal priority, takes a core whenever it has work and the workers use
 * what is left (docs/decisions/0063). Workers run React's production build (NODE_ENV=production in their env).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PayslipView } from './view.ts';

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

export const defaultRenderWorkers = () => Math.max(1, Math.min(4, availableParallelism()));

/** `V`: the view a worker renders; `worker`: the worker's module (another document, e.g. the 1721-A1 in server/tax/). */
export class RenderPool<V = PayslipView> {
  private readonly slots: Slot[] = [];
  private nextId = 0;
  readonly size: number;
  private readonly worker: URL;

  constructor(size = defaultRenderWorkers(), worker = new URL('./render-worker.ts', import.meta.url)) {
    this.size = size;
    this.worker = worker;
  }

  private spawn(): Slot {
    const worker = new Worker(this.worker, {
      // React's development build checks every element: 10–20 % of a payslip's time.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const waiting = slot.pending.get(message.id);
      if (!waiting) return;
      slot.pending.delete(message.id);
      if (message.pdf) waiting.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else waiting.reject(new Error(message.error ?? 'Rendering failed'));
    });
    const fail = (error: Error) => {
      for (const waiting of slot.pending.values()) waiting.reject(error);
      slot.pending.clear();
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The PDF worker stopped')));
    this.slots.push(slot);
    return slot;
  }

  render(view: V): Promise<Buffer> {
    const slot =
      this.slots.length < this.size
        ? this.spawn()
        : this.slots.reduce((least, slot) => (slot.pending.size < least.pending.size ? slot : least));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, view });
    });
  }

  async close() {
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }
}

let shared: RenderPool | null = null;
/** The process's pool, started at the first payslip. */
export const renderPool = (): RenderPool => {
  shared ??= new RenderPool();
  return shared;
};
