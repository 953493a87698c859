import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where the focus goes after moving to a screen (issue 11): the screen's main grid (its first cell), else its first
 * field, else the main region itself, never the page body. The shell asks once per navigation (`focusWhenReady`);
 * a screen's main grid offers itself with `useMainFocus` (ResourceGrid does, for every grid screen).
 */

export interface MainFocusTarget {
  /** The grid's region: a target counts for the screen whose content contains it. */
  element: HTMLElement;
  /** Moves the focus into the grid; false while it cannot yet (rows still loading). */
  focus(): boolean;
}

const targets = new Set<MainFocusTarget>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Offers a screen's main grid to the shell; the returned function withdraws it. */
export function registerMainFocus(target: MainFocusTarget): () => void {
  targets.add(target);
  notify();
  return () => {
    targets.delete(target);
  };
}

/** A registered grid became ready (its rows arrived): the shell tries again. */
export const mainFocusChanged = notify;

/** The fields a screen may start with, in document order. */
const FIELDS =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="tree"], [role="treeitem"][tabindex="0"]';

const visible = (element: Element) => element.getClientRects().length > 0;

/** How long the shell keeps the focus in the new screen (its chunk, data and rows each arrive in their own time). */
const WAIT_MS = 15_000;

/**
 * Focuses the screen in `container`: at once the container itself (so Tab starts in the screen, not at the top of
 * the page), then its main grid's first cell or its first field as soon as they are on screen. Until the user
 * presses a key or clicks (or `WAIT_MS` pass), a focus that falls back to the page (the element re-rendered, the
 * previous screen leaving) is put back. Returns a function that stops.
 */
export function focusWhenReady(container: HTMLElement): () => void {
  let done = false;
  let frame = 0;
  let placed = false;
  /** The element we put the focus on: a focus anywhere else was someone else's doing. */
  let placedOn: Element | null = null;
  /** Whether the palette that navigated here has closed: a dialog opened after that is the user doing something. */
  let dialogClosed = false;
  const stop = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    listeners.delete(attempt);
    clearTimeout(timer);
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('keydown', stop, true);
  };
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === container;
  };
  function attempt() {
    if (done) return;
    // A dialog keeps the focus. The palette that navigated here may still be closing; a dialog opened after it
    // closed (the palette again, a confirmation) means the user has moved on: stop for good.
    if (document.querySelector('dialog[open]')) {
      if (dialogClosed) stop();
      return;
    }
    dialogClosed = true;
    if (!lost()) {
      // Someone else moved the focus (the screen itself, a command such as a new row's editor): leave it there.
      if (!placed ? container.contains(document.activeElement) : document.activeElement !== placedOn) stop();
      return;
    }
    const grid = [...targets].find((target) => container.contains(target.element));
    if (grid) {
      if (grid.focus() && grid.element.contains(document.activeElement)) {
        placed = true;
        placedOn = document.activeElement;
      }
      return;
    }
    const field = [...container.querySelectorAll<HTMLElement>(FIELDS)].find(visible);
    if (field) {
      field.focus();
      placed = container.contains(document.activeElement);
      placedOn = document.activeElement;
    }
  }
  const poll = () => {
    attempt();
    if (!done) frame = requestAnimationFrame(poll);
  };
  const timer = setTimeout(stop, WAIT_MS);
  // On the window, in the capture phase: before the palette's own window listener can stop the key.
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('keydown', stop, true);
  listeners.add(attempt);
  // Whatever had the focus belonged to the previous screen (or the menu link that left it).
  if (!document.querySelector('dialog[open]')) container.focus({ preventScroll: true });
  poll();
  return stop;
}

/**
 * Offers the grid in `region` as its screen's main grid while `enabled`; `focus` moves the focus into it and returns
 * false while it cannot yet. A change of `ready` (the grid's load state) lets the shell try again.
 */
export function useMainFocus(
  region: RefObject<HTMLElement | null>,
  enabled: boolean,
  ready: unknown,
  focus: () => boolean,
): void {
  const latest = useRef(focus);
  latest.current = focus;
  // A layout effect: registered before the shell looks for a first field (the grid's own search box).
  useLayoutEffect(() => {
    if (!enabled || !region.current) return;
    return registerMainFocus({ element: region.current, focus: () => latest.current() });
  }, [enabled, region]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` is the signal to try again.
  useEffect(() => {
    if (enabled) mainFocusChanged();
  }, [enabled, ready]);
}
