import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languages } from '../i18n.ts';
import { isLanguage, languageAtom } from '../state/settings.ts';

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const id = useId();
  return (
    <div className={compact ? 'language-select compact' : 'language-select'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
