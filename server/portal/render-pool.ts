/** The process's pool for the portal's PDFs: the payslips' RenderPool with the portal worker (./render-worker.ts). */
import { RenderPool } from '../payslips/render-pool.ts';
import type { PortalDocument } from './render-worker.ts';

let shared: RenderPool<PortalDocument> | null = null;
export const portalRenderPool = (): RenderPool<PortalDocument> => {
  // One worker: letters and card sheets are occasional, and a worker holds react-pdf's memory.
  shared ??= new RenderPool<PortalDocument>(1, new URL('./render-worker.ts', import.meta.url));
  return shared;
};
