/**
 * Keys typed after sign-in while the shell is still loading (the dashboard URL is there, "Loading…" is on screen, the
 * palette and its shortcuts are not mounted yet) are kept, not dropped (issue 10 section 7): a listener installed at
 * start-up records them, and the palette replays them once it listens (`takeEarlyKeys`). Only on dashboard URLs, only
 * outside fields, and only until the palette is mounted.
 */
import { isEditable, matches, paletteShortcut } from './shortcuts.ts';

export type EarlyKey = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const modifiers = new Set(['Control', 'Meta', 'Alt', 'Shift', 'CapsLock', 'AltGraph']);
/** A handful at most: a shortcut and what was typed after it. */
const MAX_KEYS = 32;

let buffer: EarlyKey[] = [];
let listening = false;

function onKey(event: KeyboardEvent) {
  if (!window.location.pathname.startsWith('/dashboard')) return;
  if (event.isComposing || event.repeat || modifiers.has(event.key) || isEditable(event.target)) return;
  if (buffer.length >= MAX_KEYS) return;
  const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
  buffer.push({ key, code, ctrlKey, metaKey, altKey, shiftKey });
  // The browser's own Ctrl+K (its search bar) must not take the key the palette will answer.
  if (matches(paletteShortcut, event)) event.preventDefault();
}

/** Starts keeping keys: at start-up, and again whenever the palette goes away (signed out). */
export function keepEarlyKeys() {
  if (listening) return;
  listening = true;
  buffer = [];
  window.addEventListener('keydown', onKey, { capture: true });
}

/** The palette listens now: the keys kept so far, in order; keeping stops until `keepEarlyKeys` is called again. */
export function takeEarlyKeys(): EarlyKey[] {
  if (listening) window.removeEventListener('keydown', onKey, { capture: true });
  listening = false;
  const keys = buffer;
  buffer = [];
  return keys;
}

/**
 * How the palette replays them: a palette shortcut opens it with the printable keys typed after it as its search;
 * any other key is dispatched again to the window, where the commands' shortcuts listen.
 */
export function planReplay(keys: readonly EarlyKey[]): { before: EarlyKey[]; open: boolean; search: string } {
  const at = keys.findIndex((key) => matches(paletteShortcut, key));
  if (at < 0) return { before: [...keys], open: false, search: '' };
  const search = keys
    .slice(at + 1)
    .filter((key) => key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey)
    .map((key) => key.key)
    .join('');
  return { before: keys.slice(0, at), open: true, search };
}
