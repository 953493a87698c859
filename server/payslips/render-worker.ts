/** A worker thread rendering payslip PDFs (./render-pool.ts), off the API's event loop. */
import { parentPort } from 'node:worker_threads';
import { renderPayslip } from './document.ts';
import type { PayslipView } from './view.ts';

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
