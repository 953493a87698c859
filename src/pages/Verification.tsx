import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ApiError, api, call, type Session, toApiError } from '../api/client.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { startSession } from '../session.ts';
import { errorText } from '../validation.ts';

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

/** `/verification?token=`: creates the company and its admin, signs the admin in and opens the dashboard. */
export default function Verification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token');
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
