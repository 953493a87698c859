import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { flatten, visibleMenu } from '../menu/index.ts';
import { usePageTitle } from '../page.ts';
import NotFound from '../pages/NotFound.tsx';
import { detailScreenFor, LoanSchedule } from '../screens/details.ts';
import { userAtom } from '../session.ts';

function useVisibleEntries() {
  const user = useAtomValue(userAtom);
  return useMemo(() => [...flatten(user ? visibleMenu(user) : [])], [user]);
}

function DetailComingSoon({ title, subtitle }: { title: string; subtitle: string | null }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <>
      <header className="screen-header">
        {subtitle && <p className="trail muted">{subtitle}</p>}
        <h1>{title}</h1>
      </header>
      <section className="coming-soon" aria-labelledby="coming-soon-title">
        <h2 id="coming-soon-title">{t('screen.comingSoon')}</h2>
        <p className="muted">{t('screen.comingSoonBody', { title })}</p>
      </section>
    </>
  );
}

/** `/dashboard/payroll/employee-loan/detail/:id?`: for users who may see a loan list. */
export function LoanDetail() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entries = useVisibleEntries();
  const loans = entries.find((entry) => entry.id === 'finance-loan' || entry.id === 'loan');
  if (!loans) return <NotFound embedded />;
  // The schedule is a company's: shown to the company's finance users (the developer's list is read-only, no detail).
  if (id && loans.id === 'finance-loan') return <LoanSchedule id={id} listLabel={t(loans.labelKey)} />;
  return (
    <DetailComingSoon
      title={t('screen.loanDetail')}
      subtitle={`${t(loans.labelKey)} / ${id ? t('screen.record', { id }) : t('screen.newRecord')}`}
    />
  );
}

/** `/dashboard/edit/:type?/:id?`: the record detail of a screen the user may see (`type` is its route path). */
export function RecordDetail() {
  const { t } = useTranslation();
  const { type, id } = useParams();
  const entries = useVisibleEntries();
  const entry = type ? entries.find((candidate) => candidate.path === type && !candidate.children.length) : undefined;
  if (type && !entry) return <NotFound embedded />;
  const Screen = entry ? detailScreenFor(entry.id) : undefined;
  if (Screen && entry && id) return <Screen entry={entry} id={id} />;
  const record = id ? t('screen.record', { id }) : t('screen.newRecord');
  return (
    <DetailComingSoon title={t('screen.recordDetail')} subtitle={entry ? `${t(entry.labelKey)} / ${record}` : record} />
  );
}
