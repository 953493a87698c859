import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { resolveDashboardPath, visibleMenu } from '../menu/index.ts';
import { usePageTitle } from '../page.ts';
import NotFound from '../pages/NotFound.tsx';
import { screenFor } from '../screens/registry.ts';
import { userAtom } from '../session.ts';

/** `/dashboard/*`: the first segment selects the section; unknown sections are a 404, hidden ones a 403. */
export default function Section() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const splat = useParams()['*'] ?? '';
  const tree = useMemo(() => (user ? visibleMenu(user) : []), [user]);
  const resolved = resolveDashboardPath(splat.split('/'), tree);
  switch (resolved.kind) {
    case 'redirect':
      return <Navigate to={resolved.to} replace />;
    case 'not-found':
      return <NotFound embedded />;
    case 'forbidden':
      return <ErrorPage status={403} message={t('errors.codes.forbidden')} embedded />;
    case 'screen':
      return <ScreenPage entry={resolved.entry} trail={resolved.trail} />;
  }
}

function ScreenPage(props: Parameters<ReturnType<typeof screenFor>>[0]) {
  const { t } = useTranslation();
  usePageTitle(t(props.entry.titleKey));
  const Screen = screenFor(props.entry.id);
  return <Screen {...props} />;
}
