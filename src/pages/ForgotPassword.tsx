import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ApiError, api, call, toApiError } from '../api/client.ts';
import { AuthCard, TextField } from '../components/AuthCard.tsx';
import { describeFailure } from '../validation.ts';

/** Password recovery: ask for a link; the link (`?token=`) opens the new-password form. */
export default function ForgotPassword() {
  const [query] = useSearchParams();
  const token = query.get('token');
  return token ? <ResetForm token={token} /> : <RequestForm />;
}

function useFailure() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ApiError | null>(null);
  return { ...describeFailure(t, failure), setFailure };
}

function RequestForm() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { fields, general, setFailure } = useFailure();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await call(api.POST('/v1/auth/forgot-password', { body: { username: username.trim() } }));
      setSent(true);
    } catch (reason) {
      setFailure(toApiError(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sent ? (
        <div className="stack" role="status">
          <p>{t('auth.forgot.sent')}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('auth.forgot.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={fields.username}
          />
          {general && (
            <p className="form-error" role="alert">
              {general}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy || !username.trim()}>
            {t('auth.forgot.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { fields, general, setFailure } = useFailure();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await call(api.POST('/v1/auth/reset-password', { body: { token, password } }));
      setDone(true);
    } catch (reason) {
      setFailure(toApiError(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgot.newTitle')}>
      {done ? (
        <div className="stack" role="status">
          <p>{t('auth.forgot.done')}</p>
          <Link to="/">{t('login.submit')}</Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('auth.forgot.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fields.password}
          />
          <TextField
            label={t('auth.forgot.confirm')}
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={mismatch ? t('auth.forgot.mismatch') : undefined}
          />
          {(general ?? fields.token) && (
            <p className="form-error" role="alert">
              {general ?? fields.token}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy || !password}>
            {t('auth.forgot.reset')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
