/**
 * Developer area → developer (spec 2.2): the platform's developers (photo, name, phone, email, whether they have
 * taken up their invitation) and the add form. Adding sends an invitation: the account exists without a password
 * and the mailed link opens /register with the developer flag, where the new developer chooses their own password.
 * The form takes a photo (PNG or JPEG; uploaded when chosen, the server checks the content and refuses anything
 * else, as for banners) and sends it with the invitation.
 * The form finishes from the keyboard (Enter in any field); the palette's "Invite a developer" moves to it.
 */
import './platform.css';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, type Schemas, toApiError } from '../../api/client.ts';
import { fileObjectUrl, storeFile } from '../../api/files.ts';
import { afterPalette } from '../../commands/afterPalette.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { initials } from '../../format.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { describeFailure, errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';

type Developer = Schemas['Developer'];
type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: readonly Developer[] }
  | { state: 'failed'; error: ApiError };
const empty = { fullname: '', email: '', phone: '' };

function Photo({ developer }: { developer: Developer }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!developer.photo_url) return;
    const abort = new AbortController();
    let made: string | null = null;
    fileObjectUrl(developer.photo_url, abort.signal).then(
      (url) => {
        made = url;
        setSrc(url);
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [developer.photo_url]);
  return src ? (
    <img className="platform-avatar" src={src} alt={developer.fullname} />
  ) : (
    <span className="platform-avatar" aria-hidden="true">
      {initials(developer.fullname)}
    </span>
  );
}

export default function Developers({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<{ url: string; preview: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // The chosen photo's preview is an object URL: released when it is replaced or the screen closes.
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.preview)), [photo]);

  async function choosePhoto(file: File) {
    setUploading(true);
    setPhotoError(null);
    try {
      const stored = await storeFile(file, 'photo');
      setPhoto({ url: stored.url, preview: URL.createObjectURL(file), name: file.name });
    } catch (reason) {
      setPhoto(null);
      setPhotoError(errorText(t, toApiError(reason)));
    } finally {
      setUploading(false);
      if (chooser.current) chooser.current.value = '';
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (after an invitation) loads the list again.
  useEffect(() => {
    let current = true;
    call(api.GET('/v1/developers')).then(
      ({ data }) => current && setLoad({ state: 'ready', rows: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'developers:invite',
        label: 'platform.developers.invite',
        keywords: ['invite', 'add', 'developer', 'undang', 'tambah', '邀请', '开发者'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => true,
        run: () => afterPalette(() => first.current?.focus()),
      },
    ],
    [canWrite],
  );
  useCommands(commands, [commands]);

  const { fields, general } = describeFailure(t, failure);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await call(
        api.POST('/v1/developers', {
          body: {
            fullname: values.fullname.trim(),
            email: values.email.trim(),
            phone: values.phone.trim() || null,
            photo_url: photo?.url ?? null,
          },
        }),
      );
      toast(t('platform.developers.invited', { email: data.email ?? '' }), 'success');
      setValues(empty);
      setPhoto(null);
      setAttempt((n) => n + 1);
    } catch (reason) {
      setFailure(toApiError(reason));
    } finally {
      setBusy(false);
    }
  }
  const field = (name: keyof typeof empty, label: string, type = 'text') => (
    <label className="platform-field">
      {label}
      <input
        ref={name === 'fullname' ? first : undefined}
        name={name}
        type={type}
        required={name !== 'phone'}
        value={values[name]}
        aria-invalid={fields[name] ? true : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {fields[name] && <span className="form-error">{fields[name]}</span>}
    </label>
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      {canWrite && (
        <form className="platform-form" aria-label={t('platform.developers.invite')} onSubmit={submit} noValidate>
          {field('fullname', t('platform.developers.name'))}
          {field('email', t('platform.developers.email'), 'email')}
          {field('phone', t('platform.developers.phone'), 'tel')}
          <div className="platform-field">
            <label className="platform-upload">
              {uploading ? t('platform.banners.uploading') : t('platform.developers.uploadPhoto')}
              <input
                ref={chooser}
                type="file"
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                disabled={uploading || busy}
                aria-invalid={photoError || fields.photo_url ? true : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void choosePhoto(file);
                }}
              />
            </label>
            {photo ? (
              <span className="platform-photo-chosen">
                <img className="platform-avatar" src={photo.preview} alt={t('platform.developers.photo')} />{' '}
                {photo.name}{' '}
                <button type="button" onClick={() => setPhoto(null)}>
                  {t('platform.developers.removePhoto')}
                </button>
              </span>
            ) : (
              <span className="muted">{t('platform.developers.photoTypes')}</span>
            )}
            {(photoError || fields.photo_url) && (
              <span role="alert" className="form-error">
                {photoError ?? fields.photo_url}
              </span>
            )}
          </div>
          <button type="submit" disabled={busy || uploading}>
            {t('platform.developers.send')}
          </button>
          {general && (
            <p role="alert" className="form-error">
              {general}
            </p>
          )}
        </form>
      )}
      <p className="hint">{t('platform.developers.hint')}</p>
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        )}
      />
      {load.state === 'ready' && (
        <div className="table-wrap">
          <table className="table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('platform.developers.photo')}</th>
                <th scope="col">{t('platform.developers.name')}</th>
                <th scope="col">{t('platform.developers.phone')}</th>
                <th scope="col">{t('platform.developers.email')}</th>
                <th scope="col">{t('platform.developers.status')}</th>
              </tr>
            </thead>
            <tbody>
              {load.rows.map((developer) => (
                <tr key={developer._id}>
                  <td>
                    <Photo developer={developer} />
                  </td>
                  <th scope="row">
                    {developer.fullname} <span className="muted">({developer.username})</span>
                  </th>
                  <td>{developer.phone ?? '—'}</td>
                  <td>{developer.email ?? '—'}</td>
                  <td>{developer.activated ? t('platform.developers.active') : t('platform.developers.pending')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
