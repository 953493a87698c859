import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { getDefaultStore } from 'jotai';
import { initReactI18next } from 'react-i18next';
import {
  isLanguage,
  LANGUAGE_KEY,
  type Language,
  languageAtom,
  languageCodes,
  storedLanguage,
} from './state/settings.ts';

/**
 * Each language named in itself, so anyone can find their own; `names` are what people call it in every language
 * (the palette finds a language by any of them: "bahasa", "indonesia", "中文", "chinese").
 */
export const languages = [
  { code: 'en', name: 'English', names: ['English', 'Inggris', '英语', '英文'] },
  {
    code: 'id',
    name: 'Bahasa Indonesia',
    names: ['Bahasa Indonesia', 'Indonesian', 'Indonesia', '印尼语', '印度尼西亚语'],
  },
  { code: 'zh', name: '中文', names: ['中文', 'Chinese', 'Mandarin', 'Tionghoa', 'Cina', '汉语', '简体中文'] },
] as const satisfies readonly { code: Language; name: string; names: readonly string[] }[];
export type { Language };

/**
 * Each language's labels are a chunk of their own, loaded when asked for: the pages before sign-in load only the
 * groups they use (`src/labels/public.ts`, scripts/publicLabels.ts) of the language they show; the signed-in shell loads the
 * three whole files (about 30 KB gzip each: the palette searches in English and Indonesian, a grid reads enum labels
 * typed in any language). Docs/decisions/0100.
 */
const whole = {
  en: () => import('../locales/en.json'),
  id: () => import('../locales/id.json'),
  zh: () => import('../locales/zh.json'),
} as const satisfies Record<Language, () => Promise<{ default: ResourceKey }>>;
const publicPart = {
  en: () => import('public-labels:en'),
  id: () => import('public-labels:id'),
  zh: () => import('public-labels:zh'),
} as const satisfies Record<Language, () => Promise<{ default: ResourceKey }>>;
/**
 * Whether the whole files are wanted (the signed-in app), not just the public part. Unit tests render signed-in
 * pieces without the shell: they get the whole files from the start.
 */
let wholeFiles = import.meta.env.MODE === 'test';

const chunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, done) => {
    if (!isLanguage(language)) return done(null, {});
    (wholeFiles ? whole : publicPart)[language]().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Every language change, whoever asks for it (the switcher, the palette), is stored and mirrored in the atom. */
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (!isLanguage(language)) return;
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, language);
  getDefaultStore().set(languageAtom, language);
});

/** Switches the language live, once its labels are loaded; the choice survives a reload (local storage key `language`). */
export const changeLanguage = (language: Language) => i18n.changeLanguage(language);

/**
 * Resolves once the stored language's labels are loaded: the first render waits for it (src/main.tsx), so it is
 * already translated. No fallback language is loaded: every key is in every language (tests/src/locales.test.ts).
 */
export const i18nReady: Promise<unknown> = i18n
  .use(chunks)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: languages.map((language) => language.code),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

/** All three languages, for the signed-in app (src/layout/Shell.tsx waits for them before it shows). */
let allLoaded: Promise<void> | null = null;
export const loadAllLanguages = (): Promise<void> =>
  (allLoaded ??= (async () => {
    await i18nReady;
    if (wholeFiles) return i18n.loadLanguages([...languageCodes]);
    wholeFiles = true;
    // Read again: the language loaded so far had its public part only.
    await i18n.reloadResources([...languageCodes]);
  })());

export default i18n;
