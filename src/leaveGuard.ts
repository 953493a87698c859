/**
 * Leaving a screen with unsaved work asks first, whichever way the user leaves inside the app: a link (the sidebar, a
 * breadcrumb) or a palette command. A screen with unsaved work sets the guard while it has some; the guard is given
 * where the user wanted to go and decides (usually: a "leave without saving?" dialog whose confirm goes there).
 * Reloading or closing the tab is the browser's `beforeunload`, which the screen adds itself.
 *
 * BrowserRouter has no navigation blocker (react-router's `useBlocker` needs a data router), so links are caught by
 * one click listener in the capture phase, before react-router's own handler runs.
 */

/** Handles an in-app navigation to `to` instead of it happening now. */
export type LeaveGuard = (to: string) => void;

let guard: LeaveGuard | null = null;

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
  if (!guard) return;
  const to = inAppTarget(event);
  if (to === null) return;
  event.preventDefault();
  event.stopPropagation();
  guard(to);
}

/** Sets the guard until the returned function is called (a React effect's cleanup). */
export function setLeaveGuard(next: LeaveGuard): () => void {
  guard = next;
  document.addEventListener('click', onClick, true);
  return () => {
    if (guard !== next) return;
    guard = null;
    document.removeEventListener('click', onClick, true);
  };
}

/** For code that navigates itself (palette commands): `go` runs now, or the guard gets `to` instead. */
export function guardedNavigate(to: string, go: (to: string) => void): void {
  if (guard) guard(to);
  else go(to);
}
