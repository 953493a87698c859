/** my-profile: the signed-in employee's payslips of completed runs, each previewed (react-pdf, lazy) and downloaded. */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { ownPayslipPdf, ownSeveranceSlipPdf } from '../../api/payslips.ts';
import { PAYSLIPS_HASH } from '../../commands/global.ts';
import { formatRupiah } from '../../format.ts';
import { errorText } from '../../validation.ts';
import '../../styles/documents.css';

const PdfPreview = lazy(() => import('../../components/PdfPreview.tsx'));
type Own = Schemas['OwnPayslip'];

export function OwnPayslips() {
  const { t } = useTranslation();
  const id = useId();
  const [rows, setRows] = useState<Own[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ row: Own; blob: Blob } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash, key } = useLocation();

  // '#payslips' (the palette's 'My payslips'): the section comes into view with the focus on its title, each time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) lands again.
  useEffect(() => {
    if (hash !== PAYSLIPS_HASH) return;
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);

  useEffect(() => {
    let current = true;
    call(api.GET('/v1/payslips/me', { headers: { [INLINE_ERRORS_HEADER]: '1' } })).then(
      ({ data }) => current && setRows(data),
      (reason: unknown) => current && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [t]);

  const open = async (row: Own, save: boolean, severance = false) => {
    setError(null);
    try {
      const blob = await (severance ? ownSeveranceSlipPdf(row.summary) : ownPayslipPdf(row.summary));
      if (save) saveBlob(blob, `${severance ? t('payslips.severanceFile', { name: row.title }) : row.title}.pdf`);
      else setSelected({ row, blob });
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };

  return (
    <section id={PAYSLIPS_HASH.slice(1)} className="employee-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('payslips.mine')}
      </h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {rows?.length === 0 && <p className="muted">{t('payslips.noneYet')}</p>}
      {rows && rows.length > 0 && (
        <table className="payslips-table">
          <thead>
            <tr>
              <th scope="col">{t('payslips.run')}</th>
              <th scope="col">{t('payslips.thp')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('payslips.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.summary}>
                <th scope="row">{row.title}</th>
                <td>{formatRupiah(row.thp)}</td>
                <td>
                  <button type="button" onClick={() => void open(row, false)}>
                    {t('payslips.preview', { name: row.title })}
                  </button>{' '}
                  <button type="button" onClick={() => void open(row, true)}>
                    {t('payslips.download', { name: row.title })}
                  </button>
                  {row.severance && (
                    <>
                      {' '}
                      <button type="button" onClick={() => void open(row, true, true)}>
                        {t('payslips.downloadSeverance', { name: row.title })}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected && (
        <Suspense fallback={<p className="muted">{t('payslips.loadingPreview')}</p>}>
          <PdfPreview blob={selected.blob} title={t('payslips.previewOf', { name: selected.row.title })} />
        </Suspense>
      )}
    </section>
  );
}
