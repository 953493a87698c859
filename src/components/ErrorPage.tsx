import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApiError, isNetworkFailure } from '../api/client.ts';
import { usePageTitle } from '../page.ts';
import { errorText } from '../validation.ts';

/** Full page outside the shell (`main`), or a section inside the shell's own `main`. */
function Frame({ embedded, labelledBy, children }: { embedded: boolean; labelledBy: string; children: ReactNode }) {
  const section = (
    <section className="error-page" aria-labelledby={labelledBy}>
      {children}
    </section>
  );
  return embedded ? <div className="centered embedded">{section}</div> : <main className="centered">{section}</main>;
}

/** The error page of spec 8: message and status (500 unless told); a 404 or 403 links back home. */
export function ErrorPage({
  message,
  status = 500,
  embedded = false,
}: {
  message: string;
  status?: number;
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(message);
  return (
    <Frame embedded={embedded} labelledBy="error-message">
      <p className="error-status">{status}</p>
      <h1 id="error-message">{message}</h1>
      {status === 404 || status === 403 ? (
        <Link to="/">{t('errors.backHome')}</Link>
      ) : (
        <Link to="/" reloadDocument>
          {t('errors.goHome')}
        </Link>
      )}
    </Frame>
  );
}

/** What the error boundary shows when rendering failed. */
export function RenderErrorPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('errors.renderFailed'));
  return (
    <Frame embedded={embedded} labelledBy="render-error">
      <h1 id="render-error">{t('errors.renderFailed')}</h1>
      <a href="/">{t('errors.goHome')}</a>
    </Frame>
  );
}

/** Network and timeout failures (spec 8): 'Network Error', 'Unusual activity detected, too many requests sent.'. */
export function NetworkErrorPage({ retry, embedded = false }: { retry?: () => void; embedded?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('errors.networkTitle'));
  return (
    <Frame embedded={embedded} labelledBy="network-error">
      <NetworkErrorBody retry={retry} headingId="network-error" level={1} />
    </Frame>
  );
}

/** The same message inside a screen, under the screen's own title. */
export function NetworkErrorPanel({ retry }: { retry?: () => void }) {
  return (
    <section className="error-panel" aria-labelledby="network-error-panel" role="alert">
      <NetworkErrorBody retry={retry} headingId="network-error-panel" level={2} />
    </section>
  );
}

/**
 * A screen's data while it is not ready: 'Loading…', then on failure the network panel with Try again (spec 8), or the
 * screen's own message for any other error (by default the error's text in an alert, with Try again). Nothing once
 * ready: the screen draws its data. A screen that keeps only the failure's translated text (`message`) passes that;
 * every screen's loading and failed blocks are this one, not a copy (issue 25).
 */
export function LoadStatus({
  load,
  retry,
  failure,
}: {
  load:
    | { state: 'loading' }
    | { state: 'failed'; error: ApiError }
    | { state: 'failed'; message: string }
    | { state: 'ready' };
  retry: () => void;
  failure?: (error: ApiError) => ReactNode;
}) {
  const { t } = useTranslation();
  if (load.state === 'loading')
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (load.state !== 'failed') return null;
  if ('error' in load) {
    if (isNetworkFailure(load.error)) return <NetworkErrorPanel retry={retry} />;
    if (failure) return failure(load.error);
  }
  return (
    <p className="form-error" role="alert">
      {'error' in load ? errorText(t, load.error) : load.message}{' '}
      <button type="button" onClick={retry}>
        {t('common.tryAgain')}
      </button>
    </p>
  );
}

function NetworkErrorBody({ retry, headingId, level }: { retry?: () => void; headingId: string; level: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading id={headingId}>{t('errors.networkTitle')}</Heading>
      <p className="muted">{t('errors.tooManyRequests')}</p>
      {retry && (
        <button type="button" className="primary" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      )}
    </>
  );
}
