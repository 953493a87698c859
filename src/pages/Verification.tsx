import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ApiError, api, call, type Session, toApiError } from '../api/client.ts';
import { AuthCard, TextField } from '../components/AuthCard.tsx';
import { startSession } from '../session.ts';
import { describeFailure, errorText } from '../validation.ts';
import { type ActivationProblem, activationProblem, MIN_PASSWORD_LENGTH } from './activation.ts';

/** A verification link is single-use: one request per token, even when React runs the effect twice. */
const verifying = new Map<string, Promise<{ data: Session }>>();

function verify(token: string) {
  let request = verifying.get(token);
  if (!request) {
    request = call(api.POST('/v1/auth/verify', { body: { token } }));
    verifying.set(token, request);
  }
  return request;
}

/**
 * `/verification?token=`: creates the company and its admin, signs the admin in and opens the dashboard.
 * `/verification?activation=`: an invited employee's activation link: they choose their password and are signed in.
 */
export default function Verification() {
  const [query] = useSearchParams();
  const activation = query.get('activation');
  return activation !== null ? (
    <Activation token={activation} />
  ) : (
    <RegistrationVerification token={query.get('token')} />
  );
}

function RegistrationVerification({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    verify(token).then(
      ({ data }) => {
        if (!current) return;
        startSession(data);
        navigate('/dashboard/home', { replace: true });
      },
      (reason: unknown) => current && setFailure(toApiError(reason)),
    );
    return () => {
      current = false;
    };
  }, [token, navigate]);

  const message = !token ? t('auth.verification.missing') : failure ? errorText(t, failure) : null;

  return (
    <AuthCard title={t('auth.verification.title')}>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : (
        <p className="muted" role="status" aria-busy="true">
          {t('auth.verification.verifying')}
        </p>
      )}
    </AuthCard>
  );
}

const problemKeys = {
  tooShort: 'auth.activation.tooShort',
  mismatch: 'auth.activation.mismatch',
} as const satisfies Record<ActivationProblem, `auth.activation.${string}`>;

/**
 * The activation form: the password twice (at least 8 characters), then POST /v1/auth/activate, which signs the
 * employee in (or the invited developer: /register?developer=1&activation=, spec 2.2); the session is stored as a
 * sign-in's is and the dashboard opens. A used, expired or unknown link says
 * so, with the way to the sign-in page.
 */
export function Activation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<ActivationProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { fields, general } = describeFailure(t, failure);
  /** The server refused the link, or it cannot be one (tokens are at least 10 characters). */
  const invalidLink = failure?.code === 'invalid_token' || token.trim().length < 10;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = activationProblem(password, confirm);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const { data } = await call(api.POST('/v1/auth/activate', { body: { token, password } }));
      startSession(data);
      navigate('/dashboard/home', { replace: true });
    } catch (reason) {
      setFailure(toApiError(reason));
      setBusy(false);
    }
  }

  if (invalidLink) {
    return (
      <AuthCard title={t('auth.activation.title')}>
        <div className="stack" role="alert">
          <p className="form-error">{t('auth.activation.invalid')}</p>
          <p>
            <Link to="/">{t('auth.activation.toLogin')}</Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.activation.title')} subtitle={t('auth.activation.subtitle')}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('auth.activation.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t('auth.activation.hint', { min: MIN_PASSWORD_LENGTH })}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problem === 'tooShort' ? t(problemKeys.tooShort, { min: MIN_PASSWORD_LENGTH }) : fields.password}
        />
        <TextField
          label={t('auth.activation.confirm')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={problem === 'mismatch' ? t(problemKeys.mismatch) : undefined}
        />
        {(general ?? fields.token) && (
          <p className="form-error" role="alert">
            {general ?? fields.token}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || !password}>
          {busy ? t('auth.activation.activating') : t('auth.activation.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
