/**
 * A worker thread rendering the portal's PDFs (the warning letter, the ID card sheet) off the API's event loop,
 * driven by the payslips' RenderPool with this module as its worker, at the lowered thread priority (decision 0063).
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../payslips/worker-priority.ts';
import type { CardSheetView } from './documents.ts';
import type { LetterView } from './letter-view.ts';

lowerThreadPriority();
// Imported after lowering the priority: loading react-pdf is itself a second of CPU.
const { renderCardSheet, renderLetter } = await import('./documents.ts');

/** What the pool hands a portal worker: which document, and its view. */
export type PortalDocument = { document: 'letter'; view: LetterView } | { document: 'cards'; view: CardSheetView };

/** Image bytes cross the thread boundary as Uint8Array; the PDF library wants Buffers. */
const buffer = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

const renderers = {
  letter: (view: LetterView) =>
    renderLetter({
      ...view,
      company: { ...view.company, logo: buffer(view.company.logo) },
      signature: view.signature ? { ...view.signature, image: buffer(view.signature.image) } : null,
    }),
  cards: (view: CardSheetView) =>
    renderCardSheet({
      ...view,
      company: { ...view.company, logo: buffer(view.company.logo) },
      people: view.people.map((person) => ({ ...person, photo: buffer(person.photo), qr: buffer(person.qr) })),
    }),
} satisfies {
  [K in PortalDocument['document']]: (view: Extract<PortalDocument, { document: K }>['view']) => Promise<Buffer>;
};

parentPort?.on('message', async ({ id, view: job }: { id: number; view: PortalDocument }) => {
  try {
    const pdf = job.document === 'letter' ? await renderers.letter(job.view) : await renderers.cards(job.view);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
