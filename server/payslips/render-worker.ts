/** A worker thread rendering payslip PDFs (./render-pool.ts), off the API's event loop. */
import { parentPort } from 'node:worker_threads';
import type { PayslipView } from './view.ts';
import { lowerThreadPriority } from './worker-priority.ts';

// Below the event loop (docs/decisions/0063).
lowerThreadPriority();
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
