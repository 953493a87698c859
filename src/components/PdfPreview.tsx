/**
 * A PDF shown in the page with `react-pdf` (pdf.js). Loaded on demand (React.lazy from the screens that show a
 * payslip), so pdf.js stays out of the login bundle; pdf.js's worker is its own file.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

export default function PdfPreview({ blob, title }: { blob: Blob; title: string }) {
  const { t } = useTranslation();
  const [data, setData] = useState<{ data: Uint8Array } | null>(null);
  const [pages, setPages] = useState(0);
  useEffect(() => {
    let current = true;
    void blob.arrayBuffer().then((buffer) => {
      if (current) setData({ data: new Uint8Array(buffer) });
    });
    return () => {
      current = false;
    };
  }, [blob]);
  if (!data) return <p className="muted">{t('payslips.loadingPreview')}</p>;
  return (
    <figure className="pdf-preview" aria-label={title}>
      <Document file={data} onLoadSuccess={(pdf) => setPages(pdf.numPages)} loading={t('payslips.loadingPreview')}>
        {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
          <Page key={page} pageNumber={page} width={640} renderAnnotationLayer={false} />
        ))}
      </Document>
    </figure>
  );
}
