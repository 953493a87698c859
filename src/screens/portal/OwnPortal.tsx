/**
 * The signed-in employee's portal (`GET /v1/portal`), shown by other screens through src/screens/panels.ts:
 * - `PortalCards` on home: the current announcements that reach them (each new one announced once, as a toast: its
 *   notification) and their useful links;
 * - `OwnPortal` in My Profile: the same announcements with their read state, and the employee's warning letters as
 *   PDFs in their language.
 * Announcement content is HTML sanitised by the server before it was stored (server/portal/sanitize.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, call, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { ownLetterPdf } from './api.ts';
import { inline, raw } from './usePortalRows.ts';
import './portal.css';

const PdfPreview = lazy(() => import('../../components/PdfPreview.tsx'));

interface Announcement {
  _id: string;
  title: string;
  content: string;
  start_date: string;
  end_date: string;
  read_at: string | null;
  new: boolean;
}
interface Portal {
  employee: { _id: string; fullname: string } | null;
  announcements: Announcement[];
  links: { _id: string; display: string; link: string }[];
  warning_letters: {
    _id: string;
    type: 'sp_1' | 'sp_2' | 'sp_3';
    start_date: string;
    end_date: string;
    description: string;
  }[];
}

function usePortal() {
  const { t } = useTranslation();
  const [portal, setPortal] = useState<Portal | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let current = true;
    call<{ data: Portal }>(raw.GET('/v1/portal', { headers: inline })).then(
      ({ data }: { data: Portal }) => {
        if (!current) return;
        setPortal(data);
        // The one notification of each announcement: the server says `new` the first time it is delivered.
        for (const announcement of data.announcements.filter((a) => a.new)) {
          toast(t('portal.announcements.new', { title: announcement.title }));
        }
      },
      (reason: unknown) => current && setError(toApiError(reason)),
    );
    return () => {
      current = false;
    };
  }, [t]);
  const markRead = useCallback(async (id: string) => {
    try {
      const { data } = await call<{ data: { read_at: string } }>(
        raw.POST('/v1/portal/announcements/{id}/read', { params: { path: { id } }, headers: inline }),
      );
      setPortal((before) =>
        before
          ? {
              ...before,
              announcements: before.announcements.map((a) =>
                a._id === id ? { ...a, read_at: (data as { read_at: string }).read_at } : a,
              ),
            }
          : before,
      );
    } catch (reason) {
      setError(toApiError(reason));
    }
  }, []);
  return { portal, error, markRead };
}

function AnnouncementList({ items, markRead }: { items: Announcement[]; markRead: (id: string) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('portal.announcements.noneCurrent')}</p>;
  return (
    <ul className="portal-list" aria-label={t('portal.announcements.title')}>
      {items.map((a) => (
        <li key={a._id} id={`announcement-${a._id}`}>
          <h3 className={a.read_at ? undefined : 'portal-unread'}>{a.title}</h3>
          <p className="muted">
            {a.start_date} – {a.end_date}
          </p>
          <div
            className="portal-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored.
            dangerouslySetInnerHTML={{ __html: a.content }}
          />
          {a.read_at ? (
            <p className="muted">{t('portal.announcements.readOn', { date: a.read_at.slice(0, 10) })}</p>
          ) : (
            <button type="button" onClick={() => markRead(a._id)}>
              {t('portal.announcements.markRead', { title: a.title })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Home's cards: announcements and useful links. */
export function PortalCards() {
  const { t } = useTranslation();
  const { portal, markRead } = usePortal();
  if (!portal?.employee) return null;
  return (
    <>
      <section id="home-announcements" className="home-card wide" aria-labelledby="home-announcements-title">
        <h2 id="home-announcements-title" tabIndex={-1}>
          {t('portal.announcements.title')}
        </h2>
        <AnnouncementList items={portal.announcements} markRead={markRead} />
      </section>
      {portal.links.length > 0 && (
        <section id="home-links" className="home-card" aria-labelledby="home-links-title">
          <h2 id="home-links-title" tabIndex={-1}>
            {t('portal.links.title')}
          </h2>
          <ul className="home-list">
            {portal.links.map((link) => (
              <li key={link._id}>
                <a href={link.link} target="_blank" rel="noopener noreferrer">
                  {link.display}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** My Profile: announcements and the employee's warning letters. */
export function OwnPortal() {
  const { t } = useTranslation();
  const { portal, error, markRead } = usePortal();
  const [preview, setPreview] = useState<{ id: string; blob: Blob } | null>(null);
  const [failed, setFailed] = useState<ApiError | null>(null);
  if (!portal?.employee) return null;
  const label = (type: 'sp_1' | 'sp_2' | 'sp_3') => t(`enums.warning_letter_type.${type}`);
  return (
    <>
      <section className="portal-panel" aria-labelledby="own-announcements-title">
        <h2 id="own-announcements-title">{t('portal.announcements.title')}</h2>
        <AnnouncementList items={portal.announcements} markRead={markRead} />
      </section>
      <section className="portal-panel" aria-labelledby="own-letters-title">
        <h2 id="own-letters-title">{t('portal.letters.mine')}</h2>
        {portal.warning_letters.length === 0 ? (
          <p className="muted">{t('portal.letters.noneMine')}</p>
        ) : (
          <ul className="portal-list">
            {portal.warning_letters.map((letter) => (
              <li key={letter._id}>
                <strong>{label(letter.type)}</strong> · {letter.start_date} – {letter.end_date}
                <p>{letter.description}</p>
                <button
                  type="button"
                  onClick={async () => {
                    try {
                      setPreview({ id: letter._id, blob: await ownLetterPdf(letter._id) });
                    } catch (reason) {
                      setFailed(toApiError(reason));
                    }
                  }}
                >
                  {t('portal.letters.previewOf', { name: label(letter.type) })}
                </button>{' '}
                <button
                  type="button"
                  onClick={async () => {
                    try {
                      saveBlob(await ownLetterPdf(letter._id), `${label(letter.type)} ${letter.start_date}.pdf`);
                    } catch (reason) {
                      setFailed(toApiError(reason));
                    }
                  }}
                >
                  {t('portal.letters.download')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {(error || failed) && (
          <p role="alert" className="error">
            {errorText(t, (error ?? failed) as ApiError) as string}
          </p>
        )}
        {preview && (
          <Suspense fallback={null}>
            <PdfPreview blob={preview.blob} title={t('portal.letters.mine')} />
          </Suspense>
        )}
      </section>
    </>
  );
}
