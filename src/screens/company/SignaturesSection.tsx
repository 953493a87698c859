/**
 * company-settings: the digital signature and certificates sections (`/v1/company/digital-sign`,
 * `/v1/company/certificate`). A signature is a name, a title and an uploaded PNG or JPEG; one is selected at a time
 * (the one the 1721-A1 carries). A certificate is a name and an uploaded image or PDF. Uploads are checked by content
 * on the server; its refusals are shown under the form.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { FileButton } from '../../components/FileButton.tsx';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { fileObjectUrl, storeFile } from '../employee/api.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
type Signature = Schemas['DigitalSignature'];
type Certificate = Schemas['CompanyCertificate'];

export function SignaturesSection() {
  const { t } = useTranslation();
  const id = useId();
  const [list, setList] = useState<Signature[]>([]);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () =>
    call(api.GET('/v1/company/digital-sign', { headers: inline })).then(
      ({ data }) => setList(data),
      (reason: unknown) => setError(errorText(t, toApiError(reason))),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once.
  useEffect(() => void reload(), []);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await reload();
      toast(t('companyInfo.documentSaved'), 'success');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!file) throw new Error(t('companyInfo.signatureFile'));
      const stored = await storeFile(file, 'image');
      await call(
        api.POST('/v1/company/digital-sign', {
          body: { name, title: title || null, selected, file: stored.url },
          headers: inline,
        }),
      );
      setName('');
      setTitle('');
      setFile(null);
    });
  };

  return (
    <section className="employee-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t('companyInfo.signatures')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('companyInfo.noSignatures')}</p>
      ) : (
        <ul className="company-documents">
          {list.map((row) => (
            <li key={row._id}>
              <StoredImage url={row.file} alt={row.name} />
              <span>
                {row.name}
                {row.title ? ` · ${row.title}` : ''}
                {row.selected && <strong className="badge">{` ${t('companyInfo.selectedBadge')}`}</strong>}
              </span>
              {!row.selected && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void run(() =>
                      call(
                        api.PATCH('/v1/company/digital-sign/{id}', {
                          params: { path: { id: row._id } },
                          body: { selected: true },
                          headers: inline,
                        }),
                      ),
                    )
                  }
                >
                  {t('companyInfo.select', { name: row.name })}
                </button>
              )}
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    call(
                      api.DELETE('/v1/company/digital-sign/{id}', {
                        params: { path: { id: row._id } },
                        headers: inline,
                      }),
                    ),
                  )
                }
              >
                {t('companyInfo.delete', { name: row.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <div className="field-grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('companyInfo.signatureName')}</label>
            <input id={`${id}-name`} value={name} required onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-title-input`}>{t('companyInfo.signatureTitle')}</label>
            <input id={`${id}-title-input`} value={title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className="field">
            <label id={`${id}-file-label`} htmlFor={`${id}-file`}>
              {t('companyInfo.signatureFile')}
            </label>
            <FileButton
              id={`${id}-file`}
              labelId={`${id}-file-label`}
              accept="image/png,image/jpeg"
              chosen={file?.name ?? null}
              onFile={setFile}
            />
          </div>
          <div className="field">
            <label>
              <input type="checkbox" checked={selected} onChange={(event) => setSelected(event.target.checked)} />{' '}
              {t('companyInfo.signatureSelected')}
            </label>
          </div>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={busy || !name.trim() || !file}>
            {t('companyInfo.addSignature')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function CertificatesSection() {
  const { t } = useTranslation();
  const id = useId();
  const [list, setList] = useState<Certificate[]>([]);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () =>
    call(api.GET('/v1/company/certificate', { headers: inline })).then(
      ({ data }) => setList(data),
      (reason: unknown) => setError(errorText(t, toApiError(reason))),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once.
  useEffect(() => void reload(), []);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await reload();
      toast(t('companyInfo.documentSaved'), 'success');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!file) throw new Error(t('companyInfo.certFile'));
      const stored = await storeFile(file);
      await call(api.POST('/v1/company/certificate', { body: { cert_name: name, file: stored.url }, headers: inline }));
      setName('');
      setFile(null);
    });
  };
  const open = async (row: Certificate) => {
    try {
      const url = await fileObjectUrl(row.file);
      window.open(url, '_blank', 'noopener');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };

  return (
    <section className="employee-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t('companyInfo.certificates')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('companyInfo.noCertificates')}</p>
      ) : (
        <ul className="company-documents">
          {list.map((row) => (
            <li key={row._id}>
              <span>{row.cert_name}</span>
              <button type="button" onClick={() => void open(row)}>
                {t('companyInfo.open', { name: row.cert_name })}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    call(
                      api.DELETE('/v1/company/certificate/{id}', {
                        params: { path: { id: row._id } },
                        headers: inline,
                      }),
                    ),
                  )
                }
              >
                {t('companyInfo.delete', { name: row.cert_name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <div className="field-grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('companyInfo.certName')}</label>
            <input id={`${id}-name`} value={name} required onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="field">
            <label id={`${id}-file-label`} htmlFor={`${id}-file`}>
              {t('companyInfo.certFile')}
            </label>
            <FileButton
              id={`${id}-file`}
              labelId={`${id}-file-label`}
              accept="image/png,image/jpeg,application/pdf"
              chosen={file?.name ?? null}
              onFile={setFile}
            />
          </div>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={busy || !name.trim() || !file}>
            {t('companyInfo.addCertificate')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A stored image shown through the authenticated file route. */
function StoredImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fileObjectUrl(url).then(
      (object) => current && setSrc(object),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [url]);
  return src ? <img src={src} alt={alt} className="signature-image" /> : null;
}
