/**
 * Settings state of spec 3: the edit form and its draft copy, the form error, filter data, the active language, the
 * navigation collapsed flag and the notifier text. What survives a reload uses `atomWithStorage`.
 */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const languageCodes = ['en', 'id', 'zh'] as const;
export type Language = (typeof languageCodes)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languageCodes as readonly string[]).includes(value);

/** Local storage key of the language choice (spec 1). Stored as the bare code ('id'), not as JSON. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : 'en';
}

/** The language atom's storage: the bare code, validated; other tabs' changes arrive through `storage` events. */
export const languageAtom = atomWithStorage<Language>(
  LANGUAGE_KEY,
  'en',
  {
    getItem: (key, initial) => {
      if (typeof localStorage === 'undefined') return initial;
      const value = localStorage.getItem(key);
      return isLanguage(value) ? value : initial;
    },
    setItem: (key, value) => localStorage.setItem(key, value),
    removeItem: (key) => localStorage.removeItem(key),
    subscribe: (key, callback, initial) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) callback(isLanguage(event.newValue) ? event.newValue : initial);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  },
  { getOnInit: true },
);

/** The sidebar's collapsed flag. */
export const navCollapsedAtom = atomWithStorage<boolean>('nav-collapsed', false, undefined, { getOnInit: true });

export type FormValues = Record<string, unknown>;

/** The record being edited, as loaded. */
export const editFormAtom = atom<FormValues | null>(null);
/** The draft copy the form changes; compared with `editFormAtom` to know what is dirty. */
export const draftFormAtom = atom<FormValues | null>(null);
/** Field errors of the last save, by field path, already translated. */
export const formErrorAtom = atom<Readonly<Record<string, string>>>({});
/** Filters per list path, so a list reopens with its filters; persisted for the session's device. */
export const filterDataAtom = atomWithStorage<Readonly<Record<string, Readonly<Record<string, unknown>>>>>(
  'filters',
  {},
  undefined,
  { getOnInit: true },
);
/** The progress notifier's text (spec 2.1 overlays); set by `src/overlays/progress.ts`. */
export const notifierTextAtom = atom<string>('');
