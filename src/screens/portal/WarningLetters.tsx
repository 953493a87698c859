/**
 * portal → warning-letter (surat peringatan): the letters as an editable grid, and below it the chosen letter: the
 * level a new letter for its employee should have (one above the letters still valid), the letter as a PDF on the
 * company's letterhead with its signature (previewed, or saved), and its PDF attachment (uploaded, checked by content).
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, toApiError } from '../../api/client.ts';
import { saveBlob, storeFile } from '../../api/files.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { warningLettersGrid } from '../../grids/specs/warning-letters.ts';
import { useCanWrite } from '../../menu/access.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { letterAttachment, letterPdf } from './api.ts';
import { inline, raw, usePortalRows } from './usePortalRows.ts';
import './portal.css';

const PdfPreview = lazy(() => import('../../components/PdfPreview.tsx'));

interface Letter {
  _id: string;
  version: number;
  employee: { _id: string; fullname: string; employee_id: string } | string;
  type: 'sp_1' | 'sp_2' | 'sp_3';
  start_date: string;
  end_date: string;
  description: string;
  attachment: string | null;
}
interface Status {
  proposed: Letter['type'];
  valid: { _id: string; type: Letter['type']; start_date: string; end_date: string }[];
}

const nameOf = (letter: Letter) => (typeof letter.employee === 'object' ? letter.employee.fullname : '');
const idOf = (letter: Letter) => (typeof letter.employee === 'object' ? letter.employee._id : letter.employee);

export default function WarningLetters({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={warningLettersGrid} title={title} canWrite={canWrite} embedded />
      <LetterPanel canWrite={canWrite} />
    </>
  );
}

function LetterPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { rows, error, setError, save } = usePortalRows<Letter>(
    '/v1/employees/surat-peringatan',
    '-start_date',
    'employee',
  );
  const [chosen, setChosen] = useState('');
  // A label beside the select, not around it: its name is the label alone, not the label and every option.
  const chooserId = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const [preview, setPreview] = useState<Blob | null>(null);
  const [message, setMessage] = useState('');
  const row = rows.find((r) => r._id === chosen) ?? null;
  const employee = row ? idOf(row) : null;

  useEffect(() => {
    setPreview(null);
    if (!employee) return setStatus(null);
    let current = true;
    call<{ data: Status }>(
      raw.GET('/v1/employees/surat-peringatan/status', { params: { query: { employee } }, headers: inline }),
    ).then(
      ({ data }: { data: Status }) => current && setStatus(data),
      () => current && setStatus(null),
    );
    return () => {
      current = false;
    };
  }, [employee]);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (reason) {
      setError(toApiError(reason));
    }
  };
  const label = (type: Letter['type']) => t(`enums.warning_letter_type.${type}`);

  return (
    <section className="portal-panel" aria-labelledby="letter-panel-title">
      <h2 id="letter-panel-title">{row ? `${label(row.type)} · ${nameOf(row)}` : t('portal.letters.panel')}</h2>
      <div className="portal-field">
        <label htmlFor={chooserId}>{t('portal.letters.choose')}</label>
        <select id={chooserId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('portal.letters.none')}</option>
          {rows.map((r) => (
            <option key={r._id} value={r._id}>
              {r.start_date} · {label(r.type)} · {nameOf(r)}
            </option>
          ))}
        </select>
      </div>
      {row && status && (
        <p role="status" data-testid="letter-proposal">
          {t('portal.letters.proposed', { name: nameOf(row), type: label(status.proposed) })}{' '}
          {status.valid.length > 0 &&
            t('portal.letters.validNow', {
              letters: status.valid.map((v) => `${label(v.type)} (${v.start_date} – ${v.end_date})`).join(', '),
            })}
        </p>
      )}
      {row && (
        <div className="section-actions">
          <button type="button" onClick={() => run(async () => setPreview(await letterPdf(row._id)))}>
            {t('portal.letters.preview')}
          </button>
          <button
            type="button"
            onClick={() => run(async () => saveBlob(await letterPdf(row._id), `${label(row.type)} ${nameOf(row)}.pdf`))}
          >
            {t('portal.letters.download')}
          </button>
          {row.attachment && (
            <button
              type="button"
              onClick={() => run(async () => saveBlob(await letterAttachment(row._id), `${nameOf(row)}.pdf`))}
            >
              {t('portal.letters.attachment')}
            </button>
          )}
          {canWrite && (
            <label className="button">
              {t('portal.letters.attach')}
              <input
                type="file"
                accept="application/pdf,.pdf"
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  void run(async () => {
                    const stored = await storeFile(file, 'attachment');
                    if (await save(row, { attachment: stored.name })) setMessage(t('portal.saved'));
                  });
                }}
              />
            </label>
          )}
        </div>
      )}
      <p role="status" className="muted">
        {message}
      </p>
      {error && (
        <p role="alert" className="error">
          {errorText(t, error)}
        </p>
      )}
      {row && preview && (
        <Suspense fallback={null}>
          <PdfPreview blob={preview} title={t('portal.letters.previewOf', { name: nameOf(row) })} />
        </Suspense>
      )}
    </section>
  );
}
