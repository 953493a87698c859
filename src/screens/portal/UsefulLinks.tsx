/**
 * portal → links (admin): useful links as an editable grid (display, link: http or https only), and below it the
 * chosen link's audience (department, sub-department, location, job title; none: everyone). Home shows each link to
 * its audience.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { usefulLinksGrid } from '../../grids/specs/useful-links.ts';
import { useCanWrite } from '../../menu/access.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { AudienceEditor, type Targets } from './Audience.tsx';
import { usePortalRows } from './usePortalRows.ts';
import './portal.css';

interface Link extends Targets {
  _id: string;
  version: number;
  display: string;
  link: string;
}

const linkLists = ['departments', 'sub_departments', 'locations', 'job_titles'] as const;

export default function UsefulLinks({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  const { rows, error, save } = usePortalRows<Link>('/v1/useful-links', 'display');
  const [chosen, setChosen] = useState('');
  const [status, setStatus] = useState('');
  const row = rows.find((r) => r._id === chosen) ?? null;
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={usefulLinksGrid} title={title} canWrite={canWrite} embedded />
      <section className="portal-panel" aria-labelledby="link-panel-title">
        <h2 id="link-panel-title">{t('portal.audience.title')}</h2>
        <label className="portal-field">
          <span>{t('portal.links.choose')}</span>
          <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('portal.links.none')}</option>
            {rows.map((r) => (
              <option key={r._id} value={r._id}>
                {r.display}
              </option>
            ))}
          </select>
        </label>
        {row && (
          <AudienceEditor
            lists={linkLists}
            targets={row}
            canWrite={canWrite}
            onChange={async (list, ids) => {
              if (await save(row, { [list]: ids })) setStatus(t('portal.saved'));
            }}
          />
        )}
        <p role="status" className="muted">
          {status}
        </p>
        {error && (
          <p role="alert" className="error">
            {errorText(t, error)}
          </p>
        )}
      </section>
    </>
  );
}
