/**
 * The account section: the employee's user account (photo, full name, username, email, phone, a new password, blocked).
 * A new password or blocking signs the user out everywhere, so the save asks first.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../../api/client.ts';
import { fileObjectUrl } from '../../api/files.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { SectionActions } from '../../employeeForm/fields.tsx';
import { errorTexts, type FieldError } from '../../employeeForm/form.ts';
import { startTask, toast } from '../../overlays/progress.ts';
import { describeFailure, errorText } from '../../validation.ts';
import {
  type AccountDraft,
  type AccountField,
  accountChanges,
  accountDirty,
  accountDraft,
  endsSessions,
  isImage,
} from './account.ts';
import {
  type Account,
  type AccountChanges,
  getAccount,
  reissueActivationLink,
  saveAccount,
  uploadPhoto,
} from './api.ts';
import { useFocusKeptThroughSave } from './keepFocus.ts';

/** The labels of the account's text fields. */
const accountLabels = {
  fullname: 'employeeDetail.account.fullname',
  username: 'employeeDetail.account.username',
  email: 'employeeDetail.account.email',
  phone: 'employeeDetail.account.phone',
} as const;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; account: Account };

export interface AccountSectionProps {
  employeeId: string;
  canWrite: boolean;
  /** Only a company admin may set another user's password (the server refuses anyone else). */
  canSetPassword: boolean;
  /** Tells the detail whether the form has unsaved changes. */
  onDirty: (dirty: boolean) => void;
  /** After a save: the employee record mirrors the account's name and contacts. */
  onSaved: () => void;
  /** Hands the detail this section's save (for Ctrl+S and the palette), or null on unmount. */
  bindSave: (save: (() => void) | null) => void;
}

function Photo({ url, alt }: { url: string | null; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    fileObjectUrl(url, controller.signal)
      .then((objectUrl) => {
        created = objectUrl;
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return src ? <img className="account-photo" src={src} alt={alt} /> : null;
}

export function AccountSection({
  employeeId,
  canWrite,
  canSetPassword,
  onDirty,
  onSaved,
  bindSave,
}: AccountSectionProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<AccountDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<AccountField | 'photo', FieldError>>>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<AccountChanges | null>(null);
  const rememberFocus = useFocusKeptThroughSave(saving);
  const [issuing, setIssuing] = useState(false);
  /** A fresh link the clipboard refused, shown to copy by hand. */
  const [uncopied, setUncopied] = useState<string | null>(null);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to load again ('Try again').
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    getAccount(employeeId, controller.signal)
      .then((account) => {
        setLoad({ state: 'ready', account });
        setDraft(accountDraft(account));
      })
      .catch((reason: unknown) => {
        const error = toApiError(reason);
        if (error.code !== 'aborted') setLoad({ state: 'failed', message: errorText(t, error) });
      });
    return () => controller.abort();
  }, [employeeId, attempt, t]);

  const account = load.state === 'ready' ? load.account : null;
  const dirty = account !== null && draft !== null && accountDirty(account, draft);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function send(changes: AccountChanges) {
    rememberFocus();
    setSaving(true);
    try {
      const saved = await saveAccount(employeeId, changes);
      setLoad({ state: 'ready', account: saved });
      setDraft(accountDraft(saved));
      setConfirming(null);
      onSaved();
      toast(t('employeeDetail.saved', { section: t('employeeDetail.sections.account') }), 'success');
    } catch (reason) {
      setConfirming(null);
      setFailure(toApiError(reason));
    } finally {
      setSaving(false);
    }
  }

  function save() {
    if (!account || !draft || !canWrite || saving) return;
    const { changes, errors: refused } = accountChanges(account, draft);
    setErrors(refused);
    setFailure(null);
    if (Object.keys(refused).length) return;
    if (!Object.keys(changes).length) {
      toast(t('employeeDetail.nothingToSave'));
      return;
    }
    if (endsSessions(changes)) setConfirming(changes);
    else void send(changes);
  }

  // The detail's Ctrl+S and palette 'Save section' call the newest save.
  const latestSave = save;
  useEffect(() => {
    bindSave(latestSave);
  });
  useEffect(() => () => bindSave(null), [bindSave]);

  async function upload(file: File) {
    if (!isImage(file)) {
      setErrors((current) => ({ ...current, photo: { key: 'employeeDetail.errors.imageOnly' } }));
      return;
    }
    setErrors(({ photo: _refused, ...others }) => others);
    const task = startTask(t('employeeDetail.account.uploading', { name: file.name }));
    try {
      const stored = await uploadPhoto(file);
      setDraft((current) => (current ? { ...current, photo_url: stored.url } : current));
      task.succeed();
    } catch (reason) {
      const error = toApiError(reason);
      task.fail(errorText(t, error));
      setErrors((current) => ({ ...current, photo: { key: 'employeeDetail.errors.upload' } }));
    }
  }

  /**
   * A fresh activation link (its inviter or a company admin, decision 0013): mailed again by the server, copied here.
   * Older links stop working, so the one on screen is the live one.
   */
  async function copyActivationLink(name: string) {
    if (issuing) return;
    setIssuing(true);
    setUncopied(null);
    try {
      const link = await reissueActivationLink(employeeId);
      try {
        await navigator.clipboard.writeText(link);
        toast(t('employeeDetail.account.linkCopied', { name }), 'success');
      } catch {
        setUncopied(link);
        toast(t('employeeDetail.account.linkCopyFailed'), 'error');
      }
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    } finally {
      setIssuing(false);
    }
  }

  if (load.state !== 'ready' || !draft || !account) {
    const status = load.state === 'ready' ? { state: 'failed' as const, message: t('errors.default') } : load;
    return <LoadStatus load={status} retry={() => setAttempt((n) => n + 1)} />;
  }

  const described = describeFailure(t, failure);
  const messages = { ...errorTexts(t, errors), ...described.fields };
  const disabled = !canWrite || saving;
  const set = <F extends AccountField>(field: F, value: AccountDraft[F]) =>
    setDraft((current) => (current ? { ...current, [field]: value } : current));
  const error = (field: string) =>
    messages[field] ? (
      <p id={`${id(field)}-error`} className="field-error">
        {messages[field]}
      </p>
    ) : null;
  const aria = (field: string) => ({
    'aria-invalid': messages[field] ? true : undefined,
    'aria-describedby': messages[field] ? `${id(field)}-error` : undefined,
  });
  const textField = (field: keyof typeof accountLabels, type: string, required = false) => (
    <div className="field" data-field={field}>
      <label htmlFor={id(field)}>
        {t(accountLabels[field])}
        {required && <span className="required-mark"> *</span>}
      </label>
      <input
        id={id(field)}
        type={type}
        value={draft[field]}
        required={required}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) =>
          set(field, field === 'phone' ? event.target.value.replace(/[^0-9+\s()-]/g, '') : event.target.value)
        }
        {...aria(field)}
      />
      {error(field)}
    </div>
  );

  return (
    <form
      className="employee-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="field-grid">
        <div className="field account-photo-field" data-field="photo">
          <Photo url={draft.photo_url} alt={t('employeeDetail.account.photoAlt', { name: account.fullname })} />
          <label htmlFor={id('photo')}>{t('employeeDetail.account.photo')}</label>
          <input
            id={id('photo')}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
            {...aria('photo')}
          />
          {error('photo')}
        </div>
        {textField('fullname', 'text', true)}
        {textField('username', 'text', true)}
        {textField('email', 'email')}
        {textField('phone', 'tel')}
        {canSetPassword && (
          <div className="field" data-field="password">
            <label htmlFor={id('password')}>{t('employeeDetail.account.password')}</label>
            <input
              id={id('password')}
              type="password"
              value={draft.password}
              disabled={disabled}
              autoComplete="new-password"
              onChange={(event) => set('password', event.target.value)}
              {...aria('password')}
            />
            <p className="hint">{t('employeeDetail.account.passwordHint')}</p>
            {error('password')}
          </div>
        )}
        <div className="field field-check" data-field="blocked">
          <label htmlFor={id('blocked')}>
            <input
              id={id('blocked')}
              type="checkbox"
              checked={draft.blocked}
              disabled={disabled}
              onChange={(event) => set('blocked', event.target.checked)}
              {...aria('blocked')}
            />{' '}
            {t('employeeDetail.account.blocked')}
          </label>
          {error('blocked')}
        </div>
      </div>
      {canWrite && !account.activated && (
        <div className="field" data-field="activation">
          <p className="hint" id={id('activation-hint')}>
            {t('employeeDetail.account.copyLinkHint')}
          </p>
          <div>
            <button
              type="button"
              disabled={issuing}
              aria-describedby={id('activation-hint')}
              onClick={() => void copyActivationLink(account.fullname)}
            >
              {t('employeeDetail.account.copyLink')}
            </button>
          </div>
          {uncopied && (
            <>
              <label htmlFor={id('activation-link')}>{t('employeeDetail.account.link')}</label>
              <input
                id={id('activation-link')}
                type="text"
                readOnly
                value={uncopied}
                onFocus={(event) => event.target.select()}
              />
            </>
          )}
        </div>
      )}
      {described.general && (
        <p className="form-error" role="alert">
          {described.general}
        </p>
      )}
      {canWrite && (
        <SectionActions
          dirty={dirty}
          saving={saving}
          onDiscard={() => {
            setDraft(accountDraft(account));
            setErrors({});
            setFailure(null);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('employeeDetail.account.signOutTitle')}
          message={t('employeeDetail.account.signOutMessage', { name: account.fullname })}
          confirm={t('employeeDetail.account.signOutConfirm')}
          danger
          busy={saving}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void send(confirming)}
        />
      )}
    </form>
  );
}
