import i18n from 'i18next';
import { getDefaultStore } from 'jotai';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import id from '../locales/id.json' with { type: 'json' };
import zh from '../locales/zh.json' with { type: 'json' };
import { isLanguage, LANGUAGE_KEY, type Language, languageAtom, storedLanguage } from './state/settings.ts';

/** Each language named in itself, so anyone can find their own. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'zh', name: '中文' },
] as const satisfies readonly { code: Language; name: string }[];
export type { Language };

/** Every language change, whoever asks for it (the switcher, the palette), is stored and mirrored in the atom. */
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  if (!isLanguage(language)) return;
  localStorage.setItem(LANGUAGE_KEY, language);
  getDefaultStore().set(languageAtom, language);
});

/** Switches the language live; the choice survives a reload (local storage key `language`). */
export const changeLanguage = (language: Language) => i18n.changeLanguage(language);

// Resources are bundled, so this completes synchronously: the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: languages.map((language) => language.code),
  interpolation: { escapeValue: false },
});

export default i18n;
