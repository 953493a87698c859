import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../screens/types.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

/** A registered screen whose content comes in a later issue: its title and an honest "coming soon" state. */
export default function ComingSoon({ entry, trail, children }: ScreenProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section className="coming-soon" aria-labelledby="coming-soon-title">
        <h2 id="coming-soon-title">{t('screen.comingSoon')}</h2>
        <p className="muted">{t('screen.comingSoonBody', { title })}</p>
      </section>
      {children}
    </>
  );
}
