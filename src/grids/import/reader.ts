/**
 * The page's side of the import worker: one request at a time (a newer one supersedes the older, whose replies are
 * ignored), a time limit that restarts with every progress message, and the worker ended when it fails, hangs or
 * the dialog closes.
 */
import type { ReadErrorCode, SheetRows, WorkerReply, WorkerRequest } from './protocol.ts';

/** Without any message from the worker for this long, the read is given up. */
export const READ_TIMEOUT_MS = 60_000;

export class ReadFailure extends Error {
  readonly code: ReadErrorCode | 'superseded';
  constructor(code: ReadErrorCode | 'superseded') {
    super(code);
    this.name = 'ReadFailure';
    this.code = code;
  }
}

interface Pending {
  id: number;
  resolve: (rows: SheetRows) => void;
  reject: (error: ReadFailure) => void;
  onProgress?: (percent: number) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkbookReader {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  /** Whether the worker holds a workbook that `sheet()` can read. */
  private opened = false;

  /** Sends the file's bytes to the worker (transferred, not copied) and resolves with its first sheet's rows. */
  async open(file: File, onProgress?: (percent: number) => void): Promise<SheetRows> {
    this.opened = false;
    const buffer = await file.arrayBuffer();
    const rows = await this.send((id) => ({ type: 'open', id, buffer, fileName: file.name }), [buffer], onProgress);
    this.opened = true;
    return rows;
  }

  /** The rows of another sheet of the open workbook. */
  sheet(sheet: string): Promise<SheetRows> {
    if (!this.opened) return Promise.reject(new ReadFailure('failed'));
    return this.send((id) => ({ type: 'sheet', id, sheet }), []);
  }

  dispose(): void {
    this.settle(new ReadFailure('superseded'));
    this.worker?.terminate();
    this.worker = null;
    this.opened = false;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.crash();
    };
    worker.onmessageerror = () => this.crash();
    this.worker = worker;
    return worker;
  }

  /** The worker died or hung: end it; the next request starts a new one. */
  private crash() {
    this.worker?.terminate();
    this.worker = null;
    this.opened = false;
    this.settle(new ReadFailure('failed'));
  }

  private send(
    build: (id: number) => WorkerRequest,
    transfer: Transferable[],
    onProgress?: (percent: number) => void,
  ): Promise<SheetRows> {
    this.settle(new ReadFailure('superseded'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<SheetRows>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress, timer: setTimeout(() => this.crash(), READ_TIMEOUT_MS) };
      worker.postMessage(build(id), transfer);
    });
  }

  private receive(reply: WorkerReply) {
    const pending = this.pending;
    if (!pending || reply.id !== pending.id) return;
    if (reply.type === 'progress') {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => this.crash(), READ_TIMEOUT_MS);
      pending.onProgress?.(reply.percent);
      return;
    }
    clearTimeout(pending.timer);
    this.pending = null;
    if (reply.type === 'error') pending.reject(new ReadFailure(reply.code));
    else pending.resolve({ sheets: reply.sheets, sheet: reply.sheet, rows: reply.rows, truncated: reply.truncated });
  }

  private settle(error: ReadFailure) {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending = null;
    pending.reject(error);
  }
}
