/**
 * portal → announcements: the company's own announcements as an editable grid (title, start and end dates, filtered
 * by start date), and below it the chosen announcement's rich text content, its audience and its read receipts
 * ("212 of 240 read"). The server sanitises the content (server/portal/sanitize.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { announcementsGrid } from '../../grids/specs/announcements.ts';
import { useCanWrite } from '../../menu/access.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { AudienceEditor, type Targets, targetLists } from './Audience.tsx';
import { inline, raw, usePortalRows } from './usePortalRows.ts';
import './portal.css';

interface Announcement extends Targets {
  _id: string;
  version: number;
  title: string;
  content: string;
  start_date: string;
  end_date: string;
}

export default function Announcements({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={announcementsGrid} title={title} canWrite={canWrite} embedded />
      <AnnouncementPanel canWrite={canWrite} />
    </>
  );
}

const tools = [
  ['bold', 'B', 'portal.announcements.tools.bold'],
  ['italic', 'I', 'portal.announcements.tools.italic'],
  ['underline', 'U', 'portal.announcements.tools.underline'],
  ['insertUnorderedList', '•', 'portal.announcements.tools.insertUnorderedList'],
  ['insertOrderedList', '1.', 'portal.announcements.tools.insertOrderedList'],
] as const;

function AnnouncementPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { rows, error, save } = usePortalRows<Announcement>('/v1/announcements', '-start_date');
  const [chosen, setChosen] = useState('');
  // A label beside the select, not around it: its name is the label alone, not the label and every option.
  const chooserId = useId();
  const [reads, setReads] = useState<{ audience: number; read: number } | null>(null);
  const [status, setStatus] = useState('');
  const editor = useRef<HTMLDivElement>(null);
  const row = rows.find((r) => r._id === chosen) ?? null;

  const content = row?.content;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor shows the stored content when the row changes.
  useEffect(() => {
    if (editor.current) editor.current.innerHTML = content ?? '';
  }, [chosen, content]);

  useEffect(() => {
    if (!chosen) return setReads(null);
    let current = true;
    call<{ data: { audience: number; read: number }[] }>(
      raw.GET('/v1/announcements/read-counts', { params: { query: { ids: [chosen] } }, headers: inline }),
    ).then(
      ({ data }: { data: { audience: number; read: number }[] }) => current && setReads(data[0] ?? null),
      () => current && setReads(null),
    );
    return () => {
      current = false;
    };
  }, [chosen]);

  return (
    <section className="portal-panel" aria-labelledby="announcement-panel-title">
      <h2 id="announcement-panel-title">{row ? row.title : t('portal.announcements.panel')}</h2>
      <div className="portal-field">
        <label htmlFor={chooserId}>{t('portal.announcements.choose')}</label>
        <select id={chooserId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('portal.announcements.none')}</option>
          {rows.map((r) => (
            <option key={r._id} value={r._id}>
              {r.start_date} · {r.title}
            </option>
          ))}
        </select>
      </div>
      {row && reads && (
        <p role="status" data-testid="read-receipts">
          {t('portal.announcements.reads', { read: reads.read, audience: reads.audience })}
        </p>
      )}
      {row && (
        <>
          <div className="portal-editor-tools" role="toolbar" aria-label={t('portal.announcements.format')}>
            {tools.map(([command, label, key]) => (
              <button
                key={command}
                type="button"
                disabled={!canWrite}
                aria-label={t(key)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => document.execCommand(command)}
              >
                {label}
              </button>
            ))}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: rich text needs an editable element, not a plain textarea. */}
          <div
            ref={editor}
            className="portal-editor portal-content"
            role="textbox"
            aria-multiline="true"
            aria-label={t('portal.announcements.content')}
            tabIndex={0}
            contentEditable={canWrite}
            suppressContentEditableWarning
          />
          {canWrite && (
            <p>
              <button
                type="button"
                className="primary"
                onClick={async () => {
                  if (await save(row, { content: editor.current?.innerHTML ?? '' })) setStatus(t('portal.saved'));
                }}
              >
                {t('portal.announcements.saveContent')}
              </button>
            </p>
          )}
          <h3>{t('portal.audience.title')}</h3>
          <AudienceEditor
            lists={targetLists}
            targets={row}
            canWrite={canWrite}
            onChange={async (list, ids) => {
              if (await save(row, { [list]: ids })) setStatus(t('portal.saved'));
            }}
          />
        </>
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
  );
}
