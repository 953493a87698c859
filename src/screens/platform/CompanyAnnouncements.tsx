/**
 * Developer area → announcements-company (spec 2.2): title, announcement, start and end dates in an editable grid
 * (filtered by start date, on or after, and end date, on or before), and beside it the target companies of the focused row as a
 * checklist, saved with "Save companies" (Ctrl+Enter in the list). A current announcement shows to the admins of its
 * companies on their home.
 */
import './platform.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { announceRowChanged, getRow, updateRow } from '../../grids/api.ts';
import { ResourceGrid, type Row } from '../../grids/ResourceGrid.tsx';
import { companyAnnouncementsGrid } from '../../grids/specs/announcements-company.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';

type Company = Schemas['Company'];

export default function CompanyAnnouncements({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const [row, setRow] = useState<Row | null>(null);
  const [companies, setCompanies] = useState<readonly Company[]>([]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    call(api.GET('/v1/companies', { params: { query: { sort: 'name', limit: 1000 } } })).then(
      ({ data }) => current && setCompanies(data),
      (reason: unknown) => current && setError(errorText(t, toApiError(reason))),
    );
    return () => {
      current = false;
    };
  }, [t]);

  const onFocusRow = useCallback((focused: Row | null) => {
    if (!focused) return;
    setRow(focused);
    setChosen(new Set(Array.isArray(focused.companies) ? (focused.companies as string[]) : []));
    setError(null);
  }, []);

  const save = useCallback(async () => {
    if (!row) return;
    setBusy(true);
    setError(null);
    try {
      const fresh = await getRow(companyAnnouncementsGrid, row._id);
      const saved = await updateRow(companyAnnouncementsGrid, row._id, {
        companies: [...chosen],
        version: Number(fresh.version),
      });
      setRow(saved);
      announceRowChanged(companyAnnouncementsGrid.path, row._id);
      toast(t('platform.announcements.saved', { count: chosen.size }), 'success');
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    } finally {
      setBusy(false);
    }
  }, [row, chosen, t]);

  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'announcements-company:save-companies',
        label: 'platform.announcements.save',
        keywords: ['companies', 'target', 'perusahaan', 'sasaran', '公司'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => !!row && !busy,
        run: () => void save(),
      },
    ],
    [canWrite, row, busy, save],
  );
  useCommands(commands, [commands]);

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <p className="hint">{t('platform.announcements.hint')}</p>
      <div className="platform-layout">
        <ResourceGrid spec={companyAnnouncementsGrid} title={title} canWrite={canWrite} onFocusRow={onFocusRow} />
        <aside className="platform-panel" aria-label={t('platform.announcements.targets')}>
          <h2>{t('platform.announcements.targets')}</h2>
          {row ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <p>{String(row.title ?? '')}</p>
              <fieldset disabled={!canWrite || busy}>
                <legend className="muted">{t('platform.announcements.chosen', { count: chosen.size })}</legend>
                <ul className="platform-companies">
                  {companies.map((company) => (
                    <li key={company._id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={chosen.has(company._id)}
                          onChange={() => toggle(company._id)}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                              event.preventDefault();
                              void save();
                            }
                          }}
                        />{' '}
                        {company.name} <span className="muted">({company.code})</span>
                      </label>
                    </li>
                  ))}
                </ul>
                {canWrite && <button type="submit">{t('platform.announcements.save')}</button>}
              </fieldset>
              {error && (
                <p role="alert" className="form-error">
                  {error}
                </p>
              )}
            </form>
          ) : (
            <p className="muted">{t('platform.announcements.pickRow')}</p>
          )}
        </aside>
      </div>
    </>
  );
}
