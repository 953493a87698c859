import i18next, { type TFunction } from 'i18next';
import type { Level } from '../../../common/menu.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import zh from '../../../locales/zh.json' with { type: 'json' };
import type { UserDetail } from '../../../src/api/client.ts';
import type { Command, CommandContext } from '../../../src/commands/types.ts';
import { viewerOf } from '../../../src/commands/viewer.ts';

/** A separate i18next instance on the real locale files: no browser globals needed. */
export const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
export const fixedT = (language: 'en' | 'id' | 'zh'): TFunction => i18n.getFixedT(language);

export function makeUser(level: Level, extra: Partial<UserDetail> = {}): UserDetail {
  return {
    _id: `${level}-id`,
    fullname: `The ${level}`,
    username: level,
    level,
    email: null,
    phone: null,
    photo_url: null,
    impersonator: null,
    access_role: { permissions: [] },
    company: level === 'developer' ? null : { _id: 'c1', code: 'DEMO', name: 'Demo', logo_url: null, features: {} },
    ...extra,
  };
}

export function makeContext(user: UserDetail, extra: Partial<CommandContext> = {}): CommandContext {
  return {
    user,
    viewer: viewerOf(user),
    screen: { pathname: '/dashboard/home', section: 'home' },
    selection: null,
    navigate: () => {},
    t: fixedT('en'),
    language: 'en',
    setLanguage: () => {},
    palette: { openPage: () => {}, openCheatSheet: () => {}, close: () => {} },
    ...extra,
  };
}

/** A plain command for tests. */
export function makeCommand(id: string, extra: Partial<Command> = {}): Command {
  return {
    id,
    label: 'commands.goBack',
    keywords: [],
    group: 'context',
    isVisible: () => true,
    isEnabled: () => true,
    run: () => {},
    ...extra,
  };
}
