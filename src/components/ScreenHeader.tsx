import { useTranslation } from 'react-i18next';
import type { ClientMenuEntry } from '../menu/index.ts';

/** The screen's title (its menu label) with the menu trail above it. */
export function ScreenHeader({ trail, title }: { trail: readonly ClientMenuEntry[]; title: string }) {
  const { t } = useTranslation();
  const parents = trail.slice(0, -1);
  return (
    <header className="screen-header">
      {parents.length > 0 && <p className="trail muted">{parents.map((entry) => t(entry.labelKey)).join(' / ')}</p>}
      <h1>{title}</h1>
    </header>
  );
}
