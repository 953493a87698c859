import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router';
import { ErrorPage } from './components/ErrorPage.tsx';
import { useSession } from './session.ts';

const RELOAD_KEY = 'chunk-reload-at';

/** A page loaded on demand. A chunk that fails to load (a new deploy) reloads the page, at most once a minute. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last < 60_000) throw error;
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }),
  );
}

const Login = page(() => import('./pages/Login.tsx'));
const Home = page(() => import('./pages/Home.tsx'));
const NotFound = page(() => import('./pages/NotFound.tsx'));

function Loading() {
  const { t } = useTranslation();
  return (
    <main className="centered" aria-busy="true">
      <p className="muted">{t('common.loading')}</p>
    </main>
  );
}

function SessionFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="centered">
      <section className="card" role="alert">
        <h1>{t('errors.session')}</h1>
        <p className="muted">{message}</p>
        <button type="button" className="primary" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      </section>
    </main>
  );
}

/** Dashboard routes need a user: without a token the visitor goes to /. */
function RequireUser() {
  const { t } = useTranslation();
  const session = useSession();
  switch (session.status) {
    case 'anonymous':
      return <Navigate to="/" replace />;
    case 'loading':
      return <Loading />;
    case 'error':
      return (
        <SessionFailed
          message={session.error.code === 'network_error' ? t('errors.network') : session.error.message}
          retry={session.retry}
        />
      );
    case 'signed-in':
      return <Outlet />;
  }
}

/** A signed-in user on the index goes to the dashboard, unless the query has acc_mgr (spec 4). */
function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [query] = useSearchParams();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-in' && !query.has('acc_mgr')) return <Navigate to="/dashboard/home" replace />;
  return children;
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <ErrorPage message={this.state.error.message} /> : this.props.children;
  }
}

export function App() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            index
            element={
              <GuestOnly>
                <Login />
              </GuestOnly>
            }
          />
          <Route path="dashboard" element={<RequireUser />}>
            <Route index element={<Navigate to="/dashboard/home" replace />} />
            <Route path="home" element={<Home />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
