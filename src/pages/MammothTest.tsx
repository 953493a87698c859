import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/AuthCard.tsx';

/** `/component-debug/mammoth-test`: the document preview test, honest about not being built yet. */
export default function MammothTest() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('debug.mammoth')}>
      <p className="muted">{t('common.comingSoon')}</p>
      <p>{t('debug.mammothBody')}</p>
    </AuthCard>
  );
}
