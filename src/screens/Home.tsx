import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { levelKeys } from '../layout/levels.ts';
import { userAtom } from '../session.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenHeader } from './ScreenHeader.tsx';

export default function Home({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
      <p className="muted">{t('home.intro')}</p>
      <dl className="facts">
        <div>
          <dt>{t('home.company')}</dt>
          <dd>{user.company?.name ?? t('home.noCompany')}</dd>
        </div>
        <div>
          <dt>{t('home.level')}</dt>
          <dd>{t(levelKeys[user.level])}</dd>
        </div>
      </dl>
    </>
  );
}
