/**
 * company-settings: the digital signature and certificates sections (`/v1/company/digital-sign`,
 * `/v1/company/certificate`). A signature is a name, a title and an uploaded PNG or JPEG; one is selected at a time
 * (the one the 1721-A1 carries). A certificate is a name and an uploaded image or PDF. Uploads are checked by content
 * on the server; its refusals are shown under the form.
 *
 * Both are one section (`DocumentSection`) over a description of each list (`signatures`, `certificates`): what
 * differs is data (the words, the text fields, the upload's kind, how a row is read and written) and the signature's
 * "select" action; docs/decisions/0079.
 */

import type { ParseKeys } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { fileObjectUrl, storeFile } from '../../api/files.ts';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { FileButton } from '../../components/FileButton.tsx';
import { useUnsentGuard } from '../../components/Modal.tsx';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrors } from '../../validation.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
type Signature = Schemas['DigitalSignature'];
type Certificate = Schemas['CompanyCertificate'];

/** What the form holds: its text fields by name, the selected checkbox, the stored file's URL. */
type Draft = Record<string, string> & { selected?: string };

interface DocumentKind<Row extends { _id: string; file: string }> {
  keys: { title: ParseKeys; empty: ParseKeys; add: ParseKeys; file: ParseKeys };
  /** The form's text fields: the first is required and names the row. */
  fields: readonly { key: string; label: ParseKeys }[];
  /** The signature's "one selected" checkbox (checked by default). */
  selectable?: ParseKeys;
  accept: string;
  upload: 'image' | undefined;
  name: (row: Row) => string;
  /** What a row shows beside its name. */
  describe: (row: Row, t: (key: ParseKeys) => string) => ReactNode;
  /** The stored image shown in the list (a signature); else an "Open" button (a certificate). */
  preview: boolean;
  list: () => Promise<Row[]>;
  create: (draft: Draft, file: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  select?: (id: string) => Promise<unknown>;
}

const signatures: DocumentKind<Signature> = {
  keys: {
    title: 'companyInfo.signatures',
    empty: 'companyInfo.noSignatures',
    add: 'companyInfo.addSignature',
    file: 'companyInfo.signatureFile',
  },
  fields: [
    { key: 'name', label: 'companyInfo.signatureName' },
    { key: 'title', label: 'companyInfo.signatureTitle' },
  ],
  selectable: 'companyInfo.signatureSelected',
  accept: 'image/png,image/jpeg',
  upload: 'image',
  name: (row) => row.name,
  describe: (row, t) => (
    <>
      {row.title ? ` · ${row.title}` : ''}
      {row.selected && <strong className="badge">{` ${t('companyInfo.selectedBadge')}`}</strong>}
    </>
  ),
  preview: true,
  list: async () => (await call(api.GET('/v1/company/digital-sign', { headers: inline }))).data,
  create: (draft, file) =>
    call(
      api.POST('/v1/company/digital-sign', {
        body: { name: draft.name ?? '', title: draft.title || null, selected: draft.selected === 'true', file },
        headers: inline,
      }),
    ),
  remove: (id) => call(api.DELETE('/v1/company/digital-sign/{id}', { params: { path: { id } }, headers: inline })),
  select: (id) =>
    call(
      api.PATCH('/v1/company/digital-sign/{id}', {
        params: { path: { id } },
        body: { selected: true },
        headers: inline,
      }),
    ),
};

const certificates: DocumentKind<Certificate> = {
  keys: {
    title: 'companyInfo.certificates',
    empty: 'companyInfo.noCertificates',
    add: 'companyInfo.addCertificate',
    file: 'companyInfo.certFile',
  },
  fields: [{ key: 'cert_name', label: 'companyInfo.certName' }],
  accept: 'image/png,image/jpeg,application/pdf',
  upload: undefined,
  name: (row) => row.cert_name,
  describe: () => null,
  preview: false,
  list: async () => (await call(api.GET('/v1/company/certificate', { headers: inline }))).data,
  create: (draft, file) =>
    call(api.POST('/v1/company/certificate', { body: { cert_name: draft.cert_name ?? '', file }, headers: inline })),
  remove: (id) => call(api.DELETE('/v1/company/certificate/{id}', { params: { path: { id } }, headers: inline })),
};

export const SignaturesSection = () => <DocumentSection kind={signatures} />;
export const CertificatesSection = () => <DocumentSection kind={certificates} />;

/** The upload of the chosen file was refused: its message goes beside the file's button. */
class FileRefused extends Error {}

function DocumentSection<Row extends { _id: string; file: string }>({ kind }: { kind: DocumentKind<Row> }) {
  const { t } = useTranslation();
  const id = useId();
  const [list, setList] = useState<Row[]>([]);
  const blank = (): Draft => (kind.selectable ? { selected: 'true' } : {});
  const [draft, setDraft] = useState<Draft>(blank);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Messages beside their fields: the server's field errors by field key, and `file` for the chosen file. */
  const [fieldErrs, setFieldErrs] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const reload = () => kind.list().then(setList, (reason: unknown) => setError(errorText(t, toApiError(reason))));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once.
  useEffect(() => void reload(), []);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setFieldErrs({});
    try {
      await work();
      await reload();
      toast(t('companyInfo.documentSaved'), 'success');
    } catch (reason) {
      if (reason instanceof FileRefused) {
        setFieldErrs({ file: reason.message });
        return;
      }
      const failure = toApiError(reason);
      const byField = fieldErrors(t, failure);
      const known = Object.keys(byField).filter((key) => key === 'file' || kind.fields.some((f) => f.key === key));
      if (known.length) setFieldErrs(Object.fromEntries(known.map((key) => [key, byField[key]!])));
      else setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!file) throw new Error(t(kind.keys.file));
      const stored = await storeFile(file, kind.upload).catch((reason: unknown) => {
        // The file itself was refused (not an image, too large…): said beside the file's button.
        throw new FileRefused(errorText(t, toApiError(reason)));
      });
      await kind.create(draft, stored.url);
      setDraft(blank());
      setFile(null);
    });
  };
  const open = async (row: Row) => {
    try {
      window.open(await fileObjectUrl(row.file), '_blank', 'noopener');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };
  const first = kind.fields[0]!.key;
  // A document typed or chosen and not added: leaving asks first (issue 25).
  const guard = useUnsentGuard(!busy && (!!file || kind.fields.some((field) => !!draft[field.key]?.trim())));

  return (
    <section className="employee-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t(kind.keys.title)}</h2>
      {guard}
      {list.length === 0 ? (
        <p className="muted">{t(kind.keys.empty)}</p>
      ) : (
        <ul className="company-documents">
          {list.map((row) => {
            const name = kind.name(row);
            const selected = (row as { selected?: boolean }).selected;
            return (
              <li key={row._id}>
                {kind.preview && <StoredImage url={row.file} alt={name} />}
                <span>
                  {name}
                  {kind.describe(row, t)}
                </span>
                {!kind.preview && (
                  <button type="button" onClick={() => void open(row)}>
                    {t('companyInfo.open', { name })}
                  </button>
                )}
                {kind.select && !selected && (
                  <button type="button" disabled={busy} onClick={() => void run(() => kind.select!(row._id))}>
                    {t('companyInfo.select', { name })}
                  </button>
                )}
                <button type="button" disabled={busy} onClick={() => void run(() => kind.remove(row._id))}>
                  {t('companyInfo.delete', { name })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <div className="field-grid">
          {kind.fields.map((field) => (
            <div key={field.key} className="field">
              <label htmlFor={`${id}-${field.key}`}>{t(field.label)}</label>
              <input
                id={`${id}-${field.key}`}
                value={draft[field.key] ?? ''}
                required={field.key === first}
                {...fieldErrorProps(`${id}-${field.key}`, fieldErrs[field.key])}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              />
              <FieldError fieldId={`${id}-${field.key}`} message={fieldErrs[field.key]} />
            </div>
          ))}
          <div className="field">
            <label id={`${id}-file-label`} htmlFor={`${id}-file`}>
              {t(kind.keys.file)}
            </label>
            <FileButton
              id={`${id}-file`}
              labelId={`${id}-file-label`}
              accept={kind.accept}
              chosen={file?.name ?? null}
              onFile={(chosen) => {
                setFile(chosen);
                setFieldErrs(({ file: _, ...rest }) => rest);
              }}
              error={fieldErrs.file}
            />
          </div>
          {kind.selectable && (
            <div className="field">
              <label>
                <input
                  type="checkbox"
                  checked={draft.selected === 'true'}
                  onChange={(event) => setDraft({ ...draft, selected: String(event.target.checked) })}
                />{' '}
                {t(kind.selectable)}
              </label>
            </div>
          )}
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={busy || !draft[first]?.trim() || !file}>
            {t(kind.keys.add)}
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
