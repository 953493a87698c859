/**
 * Window events between the palette and the app shell. The shell's top-bar button dispatches `palette:open`; the
 * palette dispatches the others and the shell acts on them.
 */
export const paletteEvents = {
  open: 'palette:open',
  /** Opens the '?' keyboard cheat sheet. */
  shortcuts: 'shortcuts:open',
  /** Cancelable: a listener that finishes the logout itself calls `preventDefault()`. */
  logout: 'session:logout',
  toggleSidebar: 'sidebar:toggle',
} as const;

/** Dispatches a palette event; true when a listener called `preventDefault()` (it handled the event). */
export function emit(name: (typeof paletteEvents)[keyof typeof paletteEvents]): boolean {
  return !window.dispatchEvent(new CustomEvent(name, { cancelable: true }));
}
