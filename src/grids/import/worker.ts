/**
 * The import worker: reads a spreadsheet off the main thread (`readWorkbook.ts` does the work). Keeps the last
 * workbook so switching sheets does not parse the file again. Start it with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`.
 */
import type { ReadErrorCode, WorkerReply, WorkerRequest } from './protocol.ts';
import { type OpenedBook, openWorkbook, ReadError, sheetOf } from './readWorkbook.ts';

/** The worker's global scope, typed by hand: the project's `lib` is the DOM's, not the WebWorker one. */
const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

let book: OpenedBook | null = null;

const reply = (message: WorkerReply) => scope.postMessage(message);

function fail(id: number, error: unknown) {
  const code: ReadErrorCode = error instanceof ReadError ? error.code : 'failed';
  if (!(error instanceof ReadError)) console.error(error);
  reply({ type: 'error', id, code });
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'open') {
      book = null;
      let last = -1;
      book = openWorkbook(request.buffer, {
        fileName: request.fileName,
        onProgress: (percent) => {
          const rounded = Math.round(percent);
          if (rounded === last) return;
          last = rounded;
          reply({ type: 'progress', id: request.id, percent: rounded });
        },
      });
      reply({ type: 'rows', id: request.id, ...sheetOf(book) });
    } else {
      if (!book) throw new ReadError('failed', 'no workbook open');
      reply({ type: 'rows', id: request.id, ...sheetOf(book, request.sheet) });
    }
  } catch (error) {
    fail(request.id, error);
  }
};
