/** pdfkit ships no types; @react-pdf/renderer writes its PDFs with it, and ./layout-cache.ts writes them the same way. */
declare module 'pdfkit' {
  import type { Readable } from 'node:stream';
  export default class PDFDocument extends Readable {
    constructor(options?: Record<string, unknown>);
    _root: { data: Record<string, unknown> };
  }
}
