/** The process's pool for the tax documents: the payslips' RenderPool with the tax worker (./render-worker.ts). */
import { RenderPool } from '../payslips/render-pool.ts';
import type { TaxDocument } from './render-worker.ts';

let shared: RenderPool<TaxDocument> | null = null;
export const taxRenderPool = (): RenderPool<TaxDocument> => {
  shared ??= new RenderPool<TaxDocument>(undefined, new URL('./render-worker.ts', import.meta.url));
  return shared;
};
