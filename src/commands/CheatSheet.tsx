import type { ParseKeys } from 'i18next';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entry } from './search.ts';
import { ariaKeys, paletteShortcut, shortcutKeys } from './shortcuts.ts';
import type { Shortcut } from './types.ts';

/** The palette's own keys, listed first. */
const general: readonly { shortcut: Shortcut; label: ParseKeys }[] = [
  { shortcut: paletteShortcut, label: 'palette.shortcuts.openPalette' },
  { shortcut: { key: 'Escape' }, label: 'palette.shortcuts.closeDialog' },
  { shortcut: { key: 'ArrowUp' }, label: 'palette.shortcuts.move' },
  { shortcut: { key: 'Enter' }, label: 'palette.shortcuts.run' },
  { shortcut: { key: 'Backspace' }, label: 'palette.shortcuts.back' },
];

/** The keys of every list (ResourceGrid): AG Grid's navigation plus our spreadsheet keys. */
const gridKeys: readonly { shortcut: Shortcut; label: ParseKeys }[] = [
  { shortcut: { key: 'F2' }, label: 'grid.keys.edit' },
  { shortcut: { key: 'Tab' }, label: 'grid.keys.move' },
  { shortcut: { key: 'Enter' }, label: 'grid.keys.commit' },
  { shortcut: { key: 'Escape' }, label: 'grid.keys.cancel' },
  { shortcut: { key: ' ' }, label: 'grid.keys.select' },
  { shortcut: { key: 'ArrowDown', shift: true }, label: 'grid.keys.extend' },
  { shortcut: { key: 'c', mod: true }, label: 'grid.keys.copy' },
  { shortcut: { key: 'v', mod: true }, label: 'grid.keys.paste' },
  { shortcut: { key: 'Enter', mod: true }, label: 'grid.keys.newRow' },
  { shortcut: { key: 's', mod: true }, label: 'grid.keys.save' },
  { shortcut: { key: 'z', mod: true }, label: 'grid.keys.undo' },
  { shortcut: { key: 'z', mod: true, shift: true }, label: 'grid.keys.redo' },
];

/** A titled list of keys and what they do. */
function KeySection({ title, rows }: { title: string; rows: readonly { shortcut: Shortcut; label: ParseKeys }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className="cheat-sheet-row">
            <dt>{t(row.label)}</dt>
            <dd>
              <Keys shortcut={row.shortcut} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

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

const keyOf = (shortcut: Shortcut) => ariaKeys(shortcut);
const gridShortcuts = new Set(gridKeys.map((row) => keyOf(row.shortcut)));

/**
 * The commands' rows: each key and label once (two grids on a page, or a screen registering twice, offer the same
 * command twice), and a list's own commands not again when 'In a list' already names their keys (Ctrl+S, Ctrl+Z…).
 */
export function commandRows(entries: readonly Entry[]): Entry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const { shortcut } = entry.command;
    if (!shortcut) return false;
    const key = keyOf(shortcut);
    if (entry.command.id.startsWith('grid:') && gridShortcuts.has(key)) return false;
    const row = `${key}|${entry.label}`;
    if (seen.has(row)) return false;
    seen.add(row);
    return true;
  });
}

/** The '?' cheat sheet: every shortcut, the palette's and the commands', each once. */
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
  const withShortcut = commandRows(entries);
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
      <KeySection title={t('palette.shortcuts.general')} rows={general} />
      <KeySection title={t('grid.keys.title')} rows={gridKeys} />
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
