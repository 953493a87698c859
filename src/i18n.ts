import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import id from '../locales/id.json' with { type: 'json' };
import zh from '../locales/zh.json' with { type: 'json' };

/** Each language named in itself, so anyone can find their own. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'zh', name: '中文' },
] as const;
export type Language = (typeof languages)[number]['code'];

const STORAGE_KEY = 'language';
const isLanguage = (value: string | null): value is Language => languages.some((language) => language.code === value);

function storedLanguage(): Language {
  const value = localStorage.getItem(STORAGE_KEY);
  return isLanguage(value) ? value : 'en';
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  if (isLanguage(language)) localStorage.setItem(STORAGE_KEY, language);
});

// Resources are bundled, so this completes synchronously: the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: languages.map((language) => language.code),
  interpolation: { escapeValue: false },
});

export default i18n;
