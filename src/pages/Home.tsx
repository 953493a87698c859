import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, call, tokenStore } from '../api/client.ts';
import { PRODUCT_NAME, usePageTitle } from '../page.ts';
import { userAtom } from '../session.ts';

type Greeting = 'morning' | 'lunch' | 'afternoon' | 'evening';

/** Greetings of spec 1: morning, lunch, afternoon and evening. */
export function greetingFor(hour: number): Greeting {
  if (hour >= 4 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'lunch';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

/** Placeholder home page; the app shell with its menu comes later. */
export default function Home() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  const navigate = useNavigate();
  const [user, setUser] = useAtom(userAtom);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  async function signOut() {
    setBusy(true);
    try {
      await call(api.DELETE('/v1/auth/logout'));
    } catch {
      // An expired session or a network failure must not keep anyone signed in on this device.
    }
    tokenStore.clear();
    setUser(null);
    navigate('/', { replace: true });
  }

  return (
    <div className="page">
      <header className="topbar">
        <span className="brand">{PRODUCT_NAME}</span>
        <button type="button" onClick={signOut} disabled={busy}>
          {t('home.logout')}
        </button>
      </header>
      <main className="content">
        <h1>{t(`home.greeting.${greetingFor(new Date().getHours())}`, { name: user.fullname })}</h1>
        <dl className="facts">
          <div>
            <dt>{t('home.company')}</dt>
            <dd>{user.company?.name ?? t('home.noCompany')}</dd>
          </div>
          <div>
            <dt>{t('home.level')}</dt>
            <dd>{t(`levels.${user.level}`)}</dd>
          </div>
        </dl>
      </main>
    </div>
  );
}
