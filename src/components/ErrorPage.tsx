import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../page.ts';

/** The error page of spec 8: message and status (500 unless told); a 404 links back home. */
export function ErrorPage({ message, status = 500 }: { message: string; status?: number }) {
  const { t } = useTranslation();
  usePageTitle(message);
  return (
    <main className="centered">
      <section className="error-page" aria-labelledby="error-message">
        <p className="error-status">{status}</p>
        <h1 id="error-message">{message}</h1>
        <Link to="/" reloadDocument={status !== 404}>
          {t('errors.backHome')}
        </Link>
      </section>
    </main>
  );
}
