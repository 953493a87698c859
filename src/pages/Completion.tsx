import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard.tsx';

interface CompletionState {
  email?: string | null;
}

/** After registering: where the message went (the link is only in the mail, docs/decisions/0013). */
export default function Completion() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const state = (useLocation().state ?? {}) as CompletionState;
  const email = state.email ?? query.get('email');
  return (
    <AuthCard title={t('auth.completion.title')}>
      <div className="stack" role="status">
        <p>{email ? t('auth.completion.body', { email }) : t('auth.completion.bodyNoEmail')}</p>
      </div>
    </AuthCard>
  );
}
