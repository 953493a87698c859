import type { i18n as I18n } from 'i18next';
import { languageCodes } from '../../state/settings.ts';

/** A label key's text in every language: an imported sheet's headers are matched whatever language they are in. */
export const labelsInEveryLanguage = (i18n: I18n, key: string): string[] =>
  languageCodes
    .map((code) => i18n.getResource(code, 'translation', key))
    .filter((label): label is string => typeof label === 'string');
