import { Command } from 'cmdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { impersonate } from '../../session.ts';
import type { PageProps } from './types.ts';
import { useSelectFirst, useServerSearch } from './useServerSearch.ts';

type Company = Schemas['Company'];

const loadCompanies = async (search: string, signal: AbortSignal): Promise<readonly Company[]> => {
  const reply = await call(
    api.GET('/v1/companies', {
      params: { query: { search: search || undefined, limit: 20, populate: 'admin', sort: 'name' } },
      signal,
    }),
  );
  return reply.data;
};

const adminName = (company: Company) =>
  company.admin !== null && typeof company.admin === 'object' ? company.admin.fullname : null;

/**
 * 'Log in as a company's admin…' for a developer (session.ts `impersonate`): the developer's own token waits in session
 * storage (restored on logout), the admin's session replaces it, and the app reloads on the admin's home.
 */
export function ImpersonatePage({ search, select }: PageProps) {
  const { t } = useTranslation();
  const { items, loading, error } = useServerSearch(search, loadCompanies);
  useSelectFirst(select, items[0] && `company:${items[0]._id}`);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function actAsAdmin(company: Company) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await impersonate(company._id);
    } catch (reason) {
      setFailure(toApiError(reason).message);
      setBusy(false);
    }
  }

  const message = failure ?? error;
  return (
    <>
      {(loading || busy) && <Command.Loading label={t('palette.loading')}>{t('palette.loading')}</Command.Loading>}
      {message && (
        <div className="palette-message" role="alert">
          {t('palette.error', { message })}
        </div>
      )}
      {!loading && !error && items.length === 0 && <div className="palette-message">{t('palette.empty')}</div>}
      {items.map((company) => {
        const admin = adminName(company);
        return (
          <Command.Item
            key={company._id}
            value={`company:${company._id}`}
            disabled={admin === null || busy}
            onSelect={() => void actAsAdmin(company)}
          >
            <span className="palette-label">{company.name}</span>
            <span className="palette-detail">
              {company.code} · {admin ?? t('palette.pages.impersonate.noAdmin')}
            </span>
          </Command.Item>
        );
      })}
    </>
  );
}
