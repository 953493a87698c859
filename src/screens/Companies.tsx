import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, type Schemas, toApiError } from '../api/client.ts';
import { LoadStatus } from '../components/ErrorPage.tsx';
import { impersonate } from '../session.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

type Company = Schemas['Company'];

type Load = { state: 'loading' } | { state: 'ready'; rows: readonly Company[] } | { state: 'failed'; error: ApiError };

const adminName = (company: Company) =>
  typeof company.admin === 'object' && company.admin ? company.admin.fullname : null;

/**
 * The developer's companies screen: a plain list with "Log in as admin" (spec 2.2), which keeps the developer's own
 * token for "Back to developer".
 */
export default function Companies({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ("Try again") loads the list again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(api.GET('/v1/companies', { params: { query: { populate: 'admin', sort: 'name', limit: 1000 } } })).then(
      ({ data }) => current && setLoad({ state: 'ready', rows: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  async function logInAs(company: Company) {
    setBusy(company._id);
    try {
      await impersonate(company._id);
    } catch {
      // The API client already raised an error notification with the server's message.
      setBusy(null);
    }
  }

  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
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
            <caption>{t('companies.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('companies.name')}</th>
                <th scope="col">{t('companies.code')}</th>
                <th scope="col">{t('companies.admin')}</th>
                <th scope="col">{t('companies.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {load.rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    {t('companies.empty')}
                  </td>
                </tr>
              )}
              {load.rows.map((company) => {
                const admin = adminName(company);
                return (
                  <tr key={company._id}>
                    <th scope="row">{company.name}</th>
                    <td>{company.code}</td>
                    <td>{admin ?? <span className="muted">{t('companies.noAdmin')}</span>}</td>
                    <td>
                      <button
                        type="button"
                        disabled={!admin || busy !== null}
                        aria-label={t('companies.loginAsNamed', { name: company.name })}
                        onClick={() => void logInAs(company)}
                      >
                        {busy === company._id ? t('companies.loggingIn') : t('companies.loginAs')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
