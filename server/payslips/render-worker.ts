/** A worker thread rendering payslip PDFs (./render-pool.ts), off the API's event loop. */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { PayslipView } from './view.ts';

/**
 * Below the event loop: on Linux `setpriority(0)` changes the calling thread only, so this worker yields a core to the
 * API's main thread (nice 0) whenever that has work (docs/decisions/0063). Elsewhere it may lower the whole process or
 * be refused: harmless either way.
 */
const WORKER_NICE = 10;
try {
  if (process.platform === 'linux') setPriority(0, WORKER_NICE);
} catch {
  // Not permitted (a container's seccomp profile): the worker runs at normal priority.
}
// Imported after lowering the priority: loading react-pdf is itself a second of CPU.
const { renderPayslip } = await import('./document.ts');

parentPort!.on('message', async ({ id, view }: { id: number; view: PayslipView }) => {
  try {
    const logo = view.company.logo ? Buffer.from(view.company.logo) : null;
    const pdf = await renderPayslip({ ...view, company: { ...view.company, logo } });
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
