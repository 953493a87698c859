import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserDetail } from '../api/client.ts';
import { MY_PROFILE_PATH } from '../commands/global.ts';
import { LanguageSelect } from '../components/LanguageSelect.tsx';
import { initials } from '../format.ts';
import { viewerOf } from '../menu/index.ts';
import { NotificationBell } from '../screens/panels.ts';
import { logout } from '../session.ts';
import { onlineAtom } from '../state/network.ts';
import { greetingAt, greetingKeys } from './greeting.ts';
import { levelKeys } from './levels.ts';

/** Opens the Cmd-K palette, which listens for this event. */
export const openPalette = () => window.dispatchEvent(new CustomEvent('palette:open'));

/** The 90 px top bar: greeting, company, language, palette button and the user menu. */
export function Topbar({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const company = user.company;
  return (
    <header className="topbar">
      {/* Two lines (company, then the greeting or who is acting): the greeting and the name keep their width. */}
      <div className="topbar-start">
        {company && (
          <div className="company">
            {company.logo_url ? (
              <img
                src={company.logo_url}
                alt={t('shell.companyLogo', { name: company.name })}
                className="company-logo"
              />
            ) : (
              <span className="avatar company-avatar" aria-hidden="true">
                {initials(company.name)}
              </span>
            )}
            <span className="company-name">{company.name}</span>
          </div>
        )}
        {user.impersonator ? (
          <p className="greeting">
            <span className="badge badge-info">{t('shell.actingAs', { name: user.fullname })}</span>
          </p>
        ) : (
          <p className="greeting">{t(greetingKeys[greetingAt()], { name: user.fullname })}</p>
        )}
      </div>
      <div className="topbar-end">
        {!online && (
          <span className="badge badge-warning" role="status">
            {t('shell.offline')}
          </span>
        )}
        <button type="button" className="palette-button" aria-keyshortcuts="Control+K Meta+K" onClick={openPalette}>
          <span>{t('shell.palette')}</span>
          <kbd>{t('shell.paletteShortcut')}</kbd>
        </button>
        {company && (
          // The bell belongs to approvals (their notifications); it loads beside the shell, in the space it keeps.
          <Suspense fallback={<span className="notifications" aria-hidden="true" />}>
            <NotificationBell viewer={viewerOf(user)} />
          </Suspense>
        )}
        <LanguageSelect compact />
        <UserMenu user={user} />
      </div>
    </header>
  );
}

function UserMenu({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
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

  async function signOut() {
    setBusy(true);
    await logout();
  }

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('shell.userMenu')}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user.fullname)}
        </span>
        <span className="user-name">{user.fullname}</span>
      </button>
      {open && (
        <div id={panelId} className="user-panel">
          <p className="user-panel-name">{user.fullname}</p>
          <p className="muted small">
            {user.username} · {t(levelKeys[user.level])}
          </p>
          {user.impersonator && (
            <p className="small">
              {t('shell.actingAs', { name: user.fullname })}
              <br />
              <span className="muted">{t('shell.impersonatedBy', { name: user.impersonator.fullname })}</span>
            </p>
          )}
          {user.company && (
            <p>
              <Link to={MY_PROFILE_PATH} onClick={() => setOpen(false)}>
                {t('menu.my-profile')}
              </Link>
            </p>
          )}
          {/* A developer acting as a company's admin goes back to their own session (session.ts `logout`). */}
          <button type="button" className="primary" onClick={() => void signOut()} disabled={busy}>
            {user.impersonator
              ? busy
                ? t('shell.returningToDeveloper')
                : t('shell.backToDeveloper')
              : busy
                ? t('shell.loggingOut')
                : t('shell.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
