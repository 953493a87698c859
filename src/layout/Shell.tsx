import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { CommandPalette } from '../commands/CommandPalette.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { loadAllLanguages } from '../i18n.ts';
import { userAtom } from '../session.ts';
import { navCollapsedAtom } from '../state/settings.ts';
import { useDemoHistoryProgress } from './demoHistory.ts';
import { focusWhenReady } from './mainFocus.ts';
import { Sidebar } from './Sidebar.tsx';
import { Topbar } from './Topbar.tsx';

// The signed-in app reads labels in every language (the palette, grid paste): all three load with its code.
await loadAllLanguages();

/** The signed-in layout: sidebar, top bar and the content container (75vw; 1024 px under 1440 px). */
export default function Shell() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const collapsed = useAtomValue(navCollapsedAtom);
  const setCollapsed = useSetAtom(navCollapsedAtom);
  const location = useLocation();
  useDemoHistoryProgress(user !== null);

  // The palette's "toggle sidebar" command asks through a window event.
  useEffect(() => {
    const toggle = (event: Event) => {
      event.preventDefault();
      setCollapsed((current) => !current);
    };
    window.addEventListener('sidebar:toggle', toggle);
    return () => window.removeEventListener('sidebar:toggle', toggle);
  }, [setCollapsed]);
  // After moving to a screen (palette, sidebar, link), the focus goes to its main grid or first field
  // (mainFocus.ts). Not on the first page load, nor when a screen only rewrites its URL (a grid's filter).
  const navigationType = useNavigationType();
  const content = useRef<HTMLElement>(null);
  const shown = useRef<{ pathname: string; stop: () => void } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) is a new chance.
  useEffect(() => {
    const previous = shown.current;
    const moved = previous !== null && (previous.pathname !== location.pathname || navigationType === 'PUSH');
    if (previous && !moved) return;
    previous?.stop();
    const stop = previous && content.current ? focusWhenReady(content.current) : () => {};
    shown.current = { pathname: location.pathname, stop };
  }, [location.key]);
  useEffect(() => () => shown.current?.stop(), []);

  if (!user) return null;
  return (
    <div className="shell" data-collapsed={collapsed}>
      <a className="skip-link" href="#content">
        {t('shell.skipToContent')}
      </a>
      <Sidebar user={user} />
      <div className="shell-main">
        <Topbar user={user} />
        <main id="content" ref={content} className="content" tabIndex={-1}>
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
