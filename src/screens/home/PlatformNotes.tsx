/**
 * The platform's word on a company user's home (spec 2.2): the current company-level announcements (admins only,
 * `notices`) and the current banners (everyone, `banners`), each banner with "Dismiss", remembered on the server for
 * this user. A banner's image is read with the bearer token (an <img> cannot send it).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { fileObjectUrl } from '../../api/files.ts';
import { formatDate } from '../../format.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';

type Dashboard = Schemas['Dashboard'];
type Banner = NonNullable<Dashboard['banners']>[number];

function BannerImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    fileObjectUrl(url, abort.signal).then(
      (objectUrl) => {
        made = objectUrl;
        setSrc(objectUrl);
      },
      () => undefined,
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? <img className="home-banner-image" src={src} alt={alt} /> : null;
}

export function PlatformNotes({ notices, banners }: Pick<Dashboard, 'notices' | 'banners'>) {
  const { t, i18n } = useTranslation();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const shown = (banners ?? []).filter((banner) => !dismissed.has(banner._id));
  const date = (value: string) => formatDate(value, 'DD MMM YYYY', { locale: i18n.language, fallback: value });

  async function dismiss(banner: Banner) {
    try {
      await call(api.POST('/v1/banner/{id}/dismiss', { params: { path: { id: banner._id } } }));
      setDismissed((current) => new Set([...current, banner._id]));
      toast(t('platform.home.dismissed', { title: banner.title }), 'success');
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  }

  if (!notices?.length && !shown.length) return null;
  return (
    <div className="home-platform">
      {notices && notices.length > 0 && (
        <section className="home-notices" aria-labelledby="home-notices-title">
          <h2 id="home-notices-title">{t('platform.home.notices')}</h2>
          <ul className="home-list">
            {notices.map((notice) => (
              <li key={notice._id} id={`notice-${notice._id}`}>
                <strong>{notice.title}</strong>{' '}
                <span className="muted">
                  {date(notice.start_date)} – {date(notice.end_date)}
                </span>
                <p>{notice.content}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {shown.map((banner) => (
        <section
          key={banner._id}
          className="home-banner"
          aria-label={t('platform.home.banner', { title: banner.title })}
        >
          {banner.image_url && <BannerImage url={banner.image_url} alt={banner.title} />}
          <div>
            <strong>
              {banner.link ? (
                <a href={banner.link} target="_blank" rel="noopener noreferrer">
                  {banner.title}
                </a>
              ) : (
                banner.title
              )}
            </strong>
            {banner.description && <p>{banner.description}</p>}
          </div>
          <button
            type="button"
            aria-label={t('platform.home.dismissNamed', { title: banner.title })}
            onClick={() => void dismiss(banner)}
          >
            {t('platform.home.dismiss')}
          </button>
        </section>
      ))}
    </div>
  );
}
