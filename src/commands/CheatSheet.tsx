import type { ParseKeys } from 'i18next';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entry } from './search.ts';
import { paletteShortcut, shortcutKeys } from './shortcuts.ts';
import type { Shortcut } from './types.ts';

/** The palette's own keys, listed first. */
const general: readonly { shortcut: Shortcut; label: ParseKeys }[] = [
  { shortcut: paletteShortcut, label: 'palette.shortcuts.openPalette' },
  { shortcut: { key: 'Escape' }, label: 'palette.shortcuts.closeDialog' },
  { shortcut: { key: 'ArrowUp' }, label: 'palette.shortcuts.move' },
  { shortcut: { key: 'Enter' }, label: 'palette.shortcuts.run' },
  { shortcut: { key: 'Backspace' }, label: 'palette.shortcuts.back' },
];

export function Keys({ shortcut }: { shortcut: Shortcut }) {
  const keys = shortcut.key === 'ArrowUp' ? ['↑', '↓'] : shortcutKeys(shortcut);
  return (
    <span className="palette-keys">
      {keys.map((key) => (
        <kbd key={key}>{key}</kbd>
      ))}
    </span>
  );
}

/** The '?' cheat sheet: every shortcut, the palette's and the commands'. */
export function CheatSheet({ open, onClose, entries }: { open: boolean; onClose: () => void; entries: Entry[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  if (!open) return null;
  const withShortcut = entries.filter((entry) => entry.command.shortcut);
  return (
    <dialog
      ref={dialog}
      className="palette-dialog cheat-sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      <header className="cheat-sheet-header">
        <h2 id={titleId}>{t('palette.shortcuts.title')}</h2>
        <button type="button" className="cheat-sheet-close" onClick={onClose}>
          {t('palette.shortcuts.close')}
        </button>
      </header>
      <section aria-label={t('palette.shortcuts.general')}>
        <h3>{t('palette.shortcuts.general')}</h3>
        <dl>
          {general.map((row) => (
            <div key={row.label} className="cheat-sheet-row">
              <dt>{t(row.label)}</dt>
              <dd>
                <Keys shortcut={row.shortcut} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {withShortcut.length > 0 && (
        <section aria-label={t('palette.shortcuts.commands')}>
          <h3>{t('palette.shortcuts.commands')}</h3>
          <dl>
            {withShortcut.map((entry) => (
              <div key={entry.command.id} className="cheat-sheet-row">
                <dt>{entry.label}</dt>
                <dd>{entry.command.shortcut && <Keys shortcut={entry.command.shortcut} />}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </dialog>
  );
}
