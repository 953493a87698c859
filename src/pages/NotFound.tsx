import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../components/ErrorPage.tsx';

export default function NotFound({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return <ErrorPage status={404} message={t('errors.notFound')} embedded={embedded} />;
}
