import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { isNetworkFailure } from './api/client.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { NetworkErrorPage } from './components/ErrorPage.tsx';
import { page } from './lazyPage.ts';
import { Overlays } from './overlays/Overlays.tsx';
import { useSession } from './session.ts';
import { signedInRedirect } from './sessionRules.ts';

const Login = page(() => import('./pages/Login.tsx'));
const ForgotPassword = page(() => import('./pages/ForgotPassword.tsx'));
const Register = page(() => import('./pages/Register.tsx'));
const Verification = page(() => import('./pages/Verification.tsx'));
const Completion = page(() => import('./pages/Completion.tsx'));
const ComponentDebug = page(() => import('./pages/ComponentDebug.tsx'));
const MammothTest = page(() => import('./pages/MammothTest.tsx'));
const NotFound = page<{ embedded?: boolean }>(() => import('./pages/NotFound.tsx'));
const Shell = page(() => import('./layout/Shell.tsx'));
const Section = page(() => import('./layout/Section.tsx'));
const LoanDetail = page(async () => ({ default: (await import('./layout/Details.tsx')).LoanDetail }));
const RecordDetail = page(async () => ({ default: (await import('./layout/Details.tsx')).RecordDetail }));
/** my-profile has an empty role list (spec 6), so the menu guard of `Section` never shows it: routed for everyone. */
const MyProfile = page(() => import('./screens/profile/MyProfile.tsx'));

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
  const session = useSession();
  switch (session.status) {
    case 'anonymous':
      return <Navigate to="/" replace />;
    case 'loading':
      return <Loading />;
    case 'error':
      return isNetworkFailure(session.error) || session.error.status === 429 ? (
        <NetworkErrorPage retry={session.retry} />
      ) : (
        <SessionFailed message={session.error.message} retry={session.retry} />
      );
    case 'signed-in':
      return <Outlet />;
  }
}

/** A signed-in user on /, /verification or /forgot-password goes to the dashboard, unless the query has acc_mgr. */
function GuestOnly() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status === 'loading') return <Loading />;
  const target = signedInRedirect(pathname, search, session.status === 'signed-in');
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

export function App() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route element={<GuestOnly />}>
            <Route index element={<Login />} />
            <Route path="verification" element={<Verification />} />
            <Route path="forgot-password" element={<ForgotPassword />} />
          </Route>
          <Route path="register" element={<Register />} />
          <Route path="completion" element={<Completion />} />
          <Route path="component-debug" element={<ComponentDebug />} />
          <Route path="component-debug/mammoth-test" element={<MammothTest />} />
          <Route path="dashboard" element={<RequireUser />}>
            <Route element={<Shell />}>
              <Route index element={<Navigate to="/dashboard/home" replace />} />
              <Route path="payroll/employee-loan/detail/:id?" element={<LoanDetail />} />
              <Route path="edit/:type?/:id?" element={<RecordDetail />} />
              <Route path="my-profile" element={<MyProfile />} />
              <Route path="*" element={<Section />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <Overlays />
    </ErrorBoundary>
  );
}
