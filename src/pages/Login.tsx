import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, call, isNetworkFailure, toApiError } from '../api/client.ts';
import { TextField } from '../components/AuthCard.tsx';
import { LanguageSelect } from '../components/LanguageSelect.tsx';
import { PRODUCT_NAME, usePageTitle } from '../page.ts';
import { startSession } from '../session.ts';

export default function Login() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await call(api.POST('/v1/auth/login', { body: { username: username.trim(), password } }));
      startSession(data);
      navigate('/dashboard/home', { replace: true });
    } catch (reason) {
      // Spec 8: the server's message, or 'Network Error' on a network failure.
      const failure = toApiError(reason);
      setError(isNetworkFailure(failure) ? t('errors.network') : failure.message);
      setBusy(false);
    }
  }

  return (
    <main className="centered">
      <section className="card login" aria-labelledby="login-title">
        <header>
          <p className="brand">{PRODUCT_NAME}</p>
          <h1 id="login-title">{t('login.title')}</h1>
          <p className="muted">{t('login.subtitle')}</p>
        </header>
        <form onSubmit={signIn} aria-describedby={error ? errorId : undefined}>
          <TextField
            label={t('login.username')}
            name="username"
            // The sign-in page's one task starts in its first field (issue 25).
            autoFocus
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <footer>
          <p className="footer-link">
            <Link to="/forgot-password">{t('login.forgot')}</Link>
            <Link to="/register">{t('login.register')}</Link>
          </p>
          <LanguageSelect />
        </footer>
      </section>
    </main>
  );
}
