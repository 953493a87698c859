/**
 * The top bar's bell: the unread count of the signed-in user's notifications (a request waiting for their decision,
 * a request of theirs decided), a list opened with the button (or the palette's "Notifications"), each one a link
 * to the request itself, opened beside the screen where it is decided or followed; opening one marks it read, "Mark all as read" marks them all. Refreshed every
 * minute and when the window regains focus.
 */
import { Icon } from '../../menu/Icon.tsx';
import './approvals.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { approvalMenuOf } from '../../../common/approvals.ts';
import { canAccess, type Viewer } from '../../../common/menu.ts';
import { formatDate } from '../../format.ts';
import { contextText, statusText } from '../../labels/approvals.ts';
import { menuPathFor } from '../../menu/index.ts';
import { listNotifications, markRead, type Notification } from './api.ts';
import { openRequestPath } from './parts.tsx';

/** The palette's "Notifications" asks the bell to open through this event. */
export const NOTIFICATIONS_EVENT = 'notifications:open';
const REFRESH_MS = 60_000;

/**
 * Where a notification leads: the request itself, opened beside the review screen's grid for an approver, beside
 * my requests for the requester (`?open=<id>`, parts.tsx).
 */
export function notificationPath(notification: Notification, viewer: Viewer): string {
  if (notification.announcement) return `${menuPathFor('home')}#announcement-${notification.announcement._id}`;
  if (notification.company_announcement)
    return `${menuPathFor('home')}#notice-${notification.company_announcement._id}`;
  if (!notification.approval) return menuPathFor('home');
  const review = approvalMenuOf[notification.approval.context];
  const screen =
    notification.kind === 'approval_waiting' && canAccess(review, viewer)
      ? menuPathFor(review)
      : canAccess('requests', viewer)
        ? menuPathFor('requests')
        : '/dashboard/my-profile';
  return openRequestPath(screen, notification.approval._id);
}

export function NotificationBell({ viewer }: { viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(() => {
    listNotifications().then(
      (reply) => {
        setItems(reply.data);
        setUnread(reply.unread);
      },
      () => {},
    );
  }, []);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    window.addEventListener('focus', refresh);
    const openFromPalette = () => {
      setOpen(true);
      refresh();
    };
    window.addEventListener(NOTIFICATIONS_EVENT, openFromPalette);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      window.removeEventListener(NOTIFICATIONS_EVENT, openFromPalette);
    };
  }, [refresh]);

  useEffect(() => {
    if (!open) return;
    // The first link (or the mark-all button) takes the focus, so the list is read from the keyboard at once.
    requestAnimationFrame(() =>
      (
        root.current?.querySelector<HTMLElement>('.notifications-panel a') ??
        root.current?.querySelector<HTMLElement>('.notifications-panel button')
      )?.focus(),
    );
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const read = async (ids?: string[]) => {
    try {
      const left = await markRead(ids);
      setUnread(left);
      const now = new Date().toISOString();
      setItems((current) =>
        current.map((item) => (!ids || ids.includes(item._id) ? { ...item, read_at: item.read_at ?? now } : item)),
      );
    } catch {
      // Marking read is a convenience: the next refresh shows what the server has.
    }
  };

  const text = (item: Notification) =>
    item.announcement
      ? t('portalBell.announcement', { title: item.announcement.title })
      : item.company_announcement
        ? t('portalBell.companyAnnouncement', { title: item.company_announcement.title })
        : !item.approval
          ? ''
          : item.kind === 'approval_waiting'
            ? t('approvals.notifications.waiting', {
                number: item.approval.approval_number,
                kind: contextText(t, item.approval.context),
              })
            : t('approvals.notifications.decided', {
                number: item.approval.approval_number,
                kind: contextText(t, item.approval.context),
                status: statusText(t, item.approval.status),
              });

  return (
    <div className="notifications" ref={root}>
      <button
        ref={button}
        type="button"
        className="notifications-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('approvals.notifications.button', { count: unread })}
        onClick={() => {
          setOpen(!open);
          if (!open) refresh();
        }}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span className="notifications-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="notifications-panel" aria-label={t('approvals.notifications.title')}>
          <div className="dialog-actions">
            <strong>{t('approvals.notifications.title')}</strong>
            <span className="grid-spacer" />
            {unread > 0 && (
              <button type="button" onClick={() => void read()}>
                {t('approvals.notifications.markAll')}
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="muted">{t('approvals.notifications.empty')}</p>
          ) : (
            <ul>
              {items.map((item) => (
                <li key={item._id} data-unread={item.read_at === null}>
                  <Link
                    to={notificationPath(item, viewer)}
                    onClick={() => {
                      setOpen(false);
                      if (item.read_at === null) void read([item._id]);
                    }}
                  >
                    {item.read_at === null && (
                      <span className="visually-hidden">{t('approvals.notifications.unread')} </span>
                    )}
                    {text(item)}
                    <br />
                    <span className="muted small">
                      {formatDate(item.created_at, 'DD MMM YYYY', { locale: i18n.language })}{' '}
                      {formatDate(item.created_at, 'HH:mm')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
