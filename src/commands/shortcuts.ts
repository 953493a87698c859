import type { Shortcut } from './types.ts';

export const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The palette's own keys. */
export const paletteShortcut: Shortcut = { key: 'k', mod: true };

const named: Readonly<Record<string, string>> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Enter: 'Enter',
  Escape: 'Esc',
  Backspace: 'Backspace',
  ' ': 'Space',
};

/** The keys of a shortcut as shown, e.g. ['Ctrl', 'K'] or ['⌘', 'K']. */
export function shortcutKeys(shortcut: Shortcut, mac = isMac()): string[] {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(mac ? '⌘' : 'Ctrl');
  if (shortcut.alt) keys.push(mac ? '⌥' : 'Alt');
  if (shortcut.shift) keys.push(mac ? '⇧' : 'Shift');
  keys.push(named[shortcut.key] ?? (shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key));
  return keys;
}

/** The `aria-keyshortcuts` form, e.g. 'Control+K'. */
export function ariaKeys(shortcut: Shortcut, mac = isMac()): string {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(mac ? 'Meta' : 'Control');
  if (shortcut.alt) keys.push('Alt');
  if (shortcut.shift) keys.push('Shift');
  keys.push(shortcut.key === ' ' ? 'Space' : shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return keys.join('+');
}

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * Does this key press match the shortcut? `mod` accepts Ctrl or Cmd. Shift is compared only for letters and named
 * keys: a symbol like '?' already says whether Shift was needed on the user's layout.
 */
export function matches(shortcut: Shortcut, event: KeyEventLike): boolean {
  if (event.key.toLowerCase() !== shortcut.key.toLowerCase()) return false;
  if ((event.ctrlKey || event.metaKey) !== Boolean(shortcut.mod)) return false;
  if (event.altKey !== Boolean(shortcut.alt)) return false;
  const shiftMatters = /^[a-z]$/i.test(shortcut.key) || shortcut.key.length > 1;
  return !shiftMatters || event.shiftKey === Boolean(shortcut.shift);
}

/** Is the key press typed into a field (where plain keys like '?' belong to the field)? */
export function isEditable(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Is a modal dialog open (a grid's import, a confirmation, a form)? Its keys are its own: the screen behind, inert
 * while the dialog is open, runs none of its shortcuts ('>' to the next month, 'a' to approve, Ctrl+Z to undo).
 */
export function inModalDialog(target: EventTarget | null): boolean {
  if (typeof document !== 'undefined') {
    try {
      if (document.querySelector('dialog:modal')) return true;
    } catch {
      // A DOM without ':modal' (jsdom): the target's own dialog says it.
    }
  }
  const element = target as Element | null;
  return typeof element?.closest === 'function' && element.closest('dialog[open]') !== null;
}
