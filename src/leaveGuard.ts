/**
 * Leaving a screen with unsaved work asks first, whichever way the user leaves inside the app: a link (the sidebar, a
 * breadcrumb) or a palette command. A screen with unsaved work sets the guard while it has some; the guard is given
 * where the user wanted to go and decides (usually: a "leave without saving?" dialog whose confirm goes there).
 * Reloading or closing the tab is the browser's `beforeunload`, which the screen adds itself.
 *
 * BrowserRouter has no navigation blocker (react-router's `useBlocker` needs a data router), so links are caught by
 * one click listener in the capture phase, before react-router's own handler runs.
 *
 * The browser's Back (issue 25: a filled, unsent form asks before it is dropped), for a guard set with `{ back: true }`:
 * the guard adds a copy of the current history entry (marked `leaveGuard`), so Back stays on the page; a `popstate`
 * listener in the capture phase, before react-router's, puts the copy back and gives the guard `BACK`. `leave` then
 * goes where the user wanted: two entries back, or to the link with the copy replaced.
 */

/** Handles an in-app navigation to `to` instead of it happening now. */
export type LeaveGuard = (to: string) => void;

/**
 * The guards set, innermost last: a dialog form opened over a record with unsaved changes asks for itself while it
 * is open, and the record's guard is back when the dialog closes.
 */
type Entry = { guard: LeaveGuard; back: boolean };
const stack: Entry[] = [];
const top = (): Entry | null => stack.at(-1) ?? null;
/** The innermost guard that watches Back (and so added the marked copy of the entry). */
const backGuard = (): Entry | null => stack.findLast((entry) => entry.back) ?? null;

/** The target a guard is given for the browser's Back. */
export const BACK = '\u0000back';
const MARK = 'leaveGuard';
/** A `history.back()` of our own (taking the copy away): not the user's. */
let ownBack = false;

const onCopy = () => !!(window.history.state as Record<string, unknown> | null)?.[MARK];

function onPopState(event: PopStateEvent) {
  if (ownBack) {
    ownBack = false;
    event.stopImmediatePropagation();
    return;
  }
  const entry = backGuard();
  if (!entry) return;
  event.stopImmediatePropagation();
  window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '', window.location.href);
  entry.guard(BACK);
}
if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState, true);

/** A click that react-router would turn into an in-app navigation: plain left click on a same-origin link. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download'))
    return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // The same page (a link to one of its sections, '#salary') is not leaving it.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function onClick(event: MouseEvent) {
  const entry = top();
  if (!entry) return;
  const to = inAppTarget(event);
  if (to === null) return;
  event.preventDefault();
  event.stopPropagation();
  entry.guard(to);
}

/**
 * Sets a guard until the returned function is called (a React effect's cleanup); the last one set answers while it
 * is set. `back`: the browser's Back asks too (the guard is given `BACK`).
 */
export function setLeaveGuard(next: LeaveGuard, { back = false }: { back?: boolean } = {}): () => void {
  const entry: Entry = { guard: next, back };
  if (stack.length === 0) document.addEventListener('click', onClick, true);
  stack.push(entry);
  if (back && !onCopy())
    window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '', window.location.href);
  return () => {
    const index = stack.indexOf(entry);
    if (index < 0) return;
    stack.splice(index, 1);
    if (stack.length === 0) document.removeEventListener('click', onClick, true);
    // Nothing to keep any more (sent, or closed): the copy goes, so Back is one step again.
    if (back && !backGuard() && onCopy()) {
      ownBack = true;
      window.history.back();
    }
  };
}

function clear() {
  stack.length = 0;
  document.removeEventListener('click', onClick, true);
}

/**
 * For a guard's "leave anyway": drops the guards and goes to `to` (`BACK`: where Back was going), through `go` for a
 * path (react-router's `navigate`, replacing the entry's copy when there is one).
 */
export function leave(to: string, go: (to: string, options?: { replace?: boolean }) => void): void {
  const copy = onCopy();
  clear();
  if (to === BACK) window.history.go(copy ? -2 : -1);
  else go(to, copy ? { replace: true } : undefined);
}

/** For code that navigates itself (palette commands): `go` runs now, or the guard gets `to` instead. */
export function guardedNavigate(to: string, go: (to: string) => void): void {
  const entry = top();
  if (entry) entry.guard(to);
  else go(to);
}
