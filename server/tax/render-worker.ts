/**
 * A worker thread rendering the tax documents (the 1721-A1 and the monthly PPh 21 report) off the API's event loop,
 * driven by the payslips' RenderPool (server/payslips/render-pool.ts) with this module as its worker, at the payslip
 * workers' lowered thread priority (server/payslips/worker-priority.ts).
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../payslips/worker-priority.ts';
import type { A1View } from './a1-view.ts';
import { opaquePng } from './opaque-png.ts';
import type { PphReportView } from './report-document.ts';

// Below the event loop like the payslips' workers (docs/decisions/0063): tax PDFs never starve the API.
lowerThreadPriority();
// Imported after lowering the priority: loading react-pdf is itself a second of CPU.
const [{ renderA1 }, { renderPphReport }] = await Promise.all([
  import('./a1-document.ts'),
  import('./report-document.ts'),
]);

/** What the pool hands a tax worker: which document, and its view. */
export type TaxDocument = { document: 'a1'; view: A1View } | { document: 'pph-report'; view: PphReportView };

/**
 * Image bytes cross the thread boundary as Uint8Array; the PDF library wants Buffers, and a PNG with transparency
 * flattened once per worker (./opaque-png.ts) rather than in every form.
 */
const buffer = (bytes: Uint8Array | null | undefined) =>
  bytes ? opaquePng(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : null;

const renderers = {
  a1: (view: A1View) =>
    renderA1({
      ...view,
      signer: {
        ...view.signer,
        company: { ...view.signer.company, logo: buffer(view.signer.company.logo) },
        signature: view.signer.signature
          ? { ...view.signer.signature, image: buffer(view.signer.signature.image) }
          : null,
      },
    }),
  'pph-report': (view: PphReportView) => renderPphReport(view),
} satisfies {
  [K in TaxDocument['document']]: (view: Extract<TaxDocument, { document: K }>['view']) => Promise<Buffer>;
};

parentPort?.on('message', async ({ id, view: job }: { id: number; view: TaxDocument }) => {
  try {
    const pdf = job.document === 'a1' ? await renderers.a1(job.view) : await renderers['pph-report'](job.view);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
