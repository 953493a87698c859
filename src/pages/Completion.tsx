import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AuthCard, DemoLink } from '../components/AuthCard.tsx';

interface CompletionState {
  email?: string | null;
  link?: string;
}

/** After registering: where the verification link went (and, in demo mode, the link itself). */
export default function Completion() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const state = (useLocation().state ?? {}) as CompletionState;
  const email = state.email ?? query.get('email');
  return (
    <AuthCard title={t('auth.completion.title')}>
      <div className="stack" role="status">
        <p>{email ? t('auth.completion.body', { email }) : t('auth.completion.bodyNoEmail')}</p>
        <DemoLink link={state.link} />
      </div>
    </AuthCard>
  );
}
