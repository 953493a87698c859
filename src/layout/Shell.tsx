import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CommandPalette } from '../commands/CommandPalette.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { userAtom } from '../session.ts';
import { navCollapsedAtom } from '../state/settings.ts';
import { Sidebar } from './Sidebar.tsx';
import { Topbar } from './Topbar.tsx';

/** The signed-in layout: sidebar, top bar and the content container (75vw; 1024 px under 1440 px). */
export default function Shell() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const collapsed = useAtomValue(navCollapsedAtom);
  const setCollapsed = useSetAtom(navCollapsedAtom);
  const location = useLocation();

  // The palette's "toggle sidebar" command asks through a window event.
  useEffect(() => {
    const toggle = (event: Event) => {
      event.preventDefault();
      setCollapsed((current) => !current);
    };
    window.addEventListener('sidebar:toggle', toggle);
    return () => window.removeEventListener('sidebar:toggle', toggle);
  }, [setCollapsed]);
  if (!user) return null;
  return (
    <div className="shell" data-collapsed={collapsed}>
      <a className="skip-link" href="#content">
        {t('shell.skipToContent')}
      </a>
      <Sidebar user={user} />
      <div className="shell-main">
        <Topbar user={user} />
        <main id="content" className="content" tabIndex={-1}>
          <div className="container">
            <ErrorBoundary embedded resetKey={location.pathname}>
              <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
      <CommandPalette />
    </div>
  );
}
