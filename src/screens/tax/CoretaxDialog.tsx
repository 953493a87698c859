/**
 * The Coretax pre-check and download (decision 0166), one dialog for BPMP, BP21 and BPA1: it loads the check, lists
 * every row Coretax would refuse with why and a link to fix it, the company's missing ids with a link to its tax
 * settings, and what the file carries. "Download XML" when nothing is refused; "Download without N employees" names
 * who is left out. Keyboard: the first button has the focus, Escape closes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { Modal } from '../../components/Modal.tsx';
import { formatRupiah } from '../../format.ts';
import { menuPathFor } from '../../menu/index.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';

export type CoretaxCheck = Schemas['CoretaxCheck'];
type Problem = CoretaxCheck['refused'][number]['problems'][number];

/** Each refusal's words, spelled out (the locale test finds keys by their literal text). */
const problemKeys = {
  tin: 'coretax.problems.tin',
  ptkp: 'coretax.problems.ptkp',
  rate: 'coretax.problems.rate',
  position: 'coretax.problems.position',
} as const satisfies Record<Problem, string>;
const companyKeys = {
  npwp: 'coretax.company.npwp',
  nitku: 'coretax.company.nitku',
} as const satisfies Record<CoretaxCheck['company'][number], string>;
const titleKeys = {
  bpmp: 'coretax.title.bpmp',
  bp21: 'coretax.title.bp21',
  bpa1: 'coretax.title.bpa1',
} as const satisfies Record<CoretaxCheck['kind'], string>;

export function CoretaxDialog({
  kind,
  check,
  download,
  fileName,
  fixLink,
  onClose,
}: {
  kind: CoretaxCheck['kind'];
  check: () => Promise<CoretaxCheck>;
  /** The file (leave out the refused rows or not). */
  download: (leaveOut: boolean) => Promise<Blob>;
  fileName: string;
  /** Where an employee's row is fixed. */
  fixLink: (employee: string, fix: 'employee' | 'run') => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<CoretaxCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs once, when the dialog opens.
  useEffect(() => {
    let live = true;
    check().then(
      (value) => live && setResult(value),
      (reason) => live && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async (leaveOut: boolean) => {
    setBusy(true);
    try {
      saveBlob(await download(leaveOut), fileName);
      toast(t('coretax.saved', { count: result?.ready ?? 0, file: fileName }), 'success');
      onClose();
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
    }
  };

  const blocked = !result || result.company.length > 0 || result.ready === 0;
  // The file's button was disabled while the check loaded: once it may be pressed, it takes the focus (Enter saves).
  const fileButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!blocked) fileButton.current?.focus();
  }, [blocked]);
  return (
    <Modal title={t(titleKeys[kind])} onCancel={onClose} focusDefault>
      <div className="coretax-check">
        {!result && !error && <p role="status">{t('coretax.checking')}</p>}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        {result && (
          <section aria-label={t('coretax.check')}>
            {result.company.length > 0 && (
              <div role="alert">
                <p>{t('coretax.companyMissing')}</p>
                <ul>
                  {result.company.map((code) => (
                    <li key={code}>
                      {t(companyKeys[code])} <Link to={menuPathFor('company-info')}>{t('coretax.fixCompany')}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <p>
              {t('coretax.ready', {
                count: result.ready,
                gross: formatRupiah(result.totals.gross),
                pph21: formatRupiah(result.totals.pph21),
              })}
              {result.totals.pph21_dtp > 0 && ` ${t('coretax.dtp', { amount: formatRupiah(result.totals.pph21_dtp) })}`}
            </p>
            {result.refused.length === 0 ? (
              <p>{t('coretax.noRefusals')}</p>
            ) : (
              <>
                <p>{t('coretax.refused', { count: result.refused.length })}</p>
                <ul aria-label={t('coretax.refusedList')} className="coretax-refused">
                  {result.refused.map((row) => (
                    <li key={row.employee._id}>
                      <strong>
                        {row.employee.fullname} · {row.employee.employee_id}
                      </strong>
                      : {row.problems.map((problem) => t(problemKeys[problem])).join('; ')}{' '}
                      <Link to={fixLink(row.employee._id, row.fix)}>{t('coretax.fix')}</Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )}
      </div>
      <div className="dialog-actions">
        {result && result.refused.length > 0 ? (
          <button
            ref={fileButton}
            type="button"
            data-default
            disabled={busy || blocked}
            onClick={() => void save(true)}
          >
            {t('coretax.downloadWithout', { count: result.refused.length })}
          </button>
        ) : (
          <button
            ref={fileButton}
            type="button"
            data-default
            disabled={busy || blocked}
            onClick={() => void save(false)}
          >
            {t('coretax.download')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t('coretax.cancel')}
        </button>
      </div>
    </Modal>
  );
}
