import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_NAME, usePageTitle } from '../page.ts';
import { FieldError, fieldErrorProps } from './FieldError.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

/** The centered card of the public pages: product name, title, subtitle, content, language and a way back. */
export function AuthCard({
  title,
  subtitle,
  children,
  back = true,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  back?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  const titleId = useId();
  return (
    <main className="centered">
      <section className="card login" aria-labelledby={titleId}>
        <header>
          <p className="brand">{PRODUCT_NAME}</p>
          <h1 id={titleId}>{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </header>
        {children}
        <footer>
          {back && (
            <p className="footer-link">
              <Link to="/">{t('auth.backToLogin')}</Link>
            </p>
          )}
          <LanguageSelect />
        </footer>
      </section>
    </main>
  );
}

/** A labelled input with its error next to it (announced through aria-describedby). */
export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...fieldErrorProps(id, error, hint ? `${id}-hint` : undefined)} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
