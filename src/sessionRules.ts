/**
 * The session's transitions (spec 4 and 8) as pure functions, so they are unit-tested without a browser.
 * `src/session.ts` and `src/api/client.ts` apply them.
 */

export type SessionStatus = 'anonymous' | 'loading' | 'signed-in' | 'error';

/** No token: anonymous. A token and a user: signed in. A token, no user: loading, or an error when fetching failed. */
export function sessionStatus(state: { token: string | null; hasUser: boolean; hasError: boolean }): SessionStatus {
  if (state.token === null) return 'anonymous';
  if (state.hasUser) return 'signed-in';
  return state.hasError ? 'error' : 'loading';
}

/** The stored token, without the leftovers 'undefined' and 'null' (removed) or an empty string. */
export const cleanToken = (value: string | null): string | null =>
  value === null || value === '' || value === 'undefined' || value === 'null' ? null : value;

export type MeFailure = 'remove-token' | 'clear-storage' | 'show-error';

/** A failed GET auth/me: 404 (and 401) remove the token, 413 clears all local storage, anything else is shown. */
export function meFailureAction(status: number): MeFailure {
  if (status === 413) return 'clear-storage';
  if (status === 401 || status === 404) return 'remove-token';
  return 'show-error';
}

/** Pages a signed-in user is sent away from, to /dashboard/home, unless the query has acc_mgr (spec 4). */
const guestPaths: ReadonlySet<string> = new Set([
  '/',
  '/verification',
  '/forgot-password',
  '/dashboard',
  '/dashboard/',
]);

export function signedInRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  if (!signedIn || !guestPaths.has(pathname)) return null;
  if (new URLSearchParams(search).has('acc_mgr')) return null;
  return '/dashboard/home';
}

export type LogoutPlan = { kind: 'restore'; token: string } | { kind: 'sign-out' };

/** After the server call: a stored developer token is restored (then the page reloads); otherwise sign out. */
export function logoutPlan(savedDeveloperToken: string | null): LogoutPlan {
  const token = cleanToken(savedDeveloperToken);
  return token ? { kind: 'restore', token } : { kind: 'sign-out' };
}

/**
 * A reply to a request sent with a token other than the current one (the session was already replaced, e.g. a logout
 * back to the developer's own session while a list was loading) must not sign the current session out.
 */
export function sentForOtherSession(sentAuthorization: string | null, currentToken: string | null): boolean {
  return currentToken !== null && sentAuthorization !== `Bearer ${currentToken}`;
}

export type RequestErrorAction = 'sign-out' | 'silent' | 'notify';

/** Paths whose errors the global notifier leaves alone: id-card (spec 8) and auth, whose pages show errors inline. */
const silencedPaths = [/\/id-card(\/|$|\?)/, /^\/v1\/auth\//];

/**
 * A failed API reply: a 401 on a GET (not on the index page) signs out and goes to /; id-card and auth paths are
 * silent; every other error raises an error progress notification.
 */
export function requestErrorAction(request: {
  method: string;
  status: number;
  path: string;
  pagePath: string;
  /** The caller shows the error itself (a grid cell, a form field): no notification. */
  inline?: boolean;
}): RequestErrorAction {
  if (request.status === 401 && request.method.toUpperCase() === 'GET' && request.pagePath !== '/') return 'sign-out';
  if (request.inline || silencedPaths.some((pattern) => pattern.test(request.path))) return 'silent';
  return 'notify';
}

interface ErrorBodyLike {
  message?: unknown;
  fields?: unknown;
}

/** The notification text: the server's message and each field's message, joined; otherwise the raw error text. */
export function errorNotificationText(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const { message, fields } = body as ErrorBodyLike;
  const parts: string[] = [];
  if (typeof message === 'string' && message) parts.push(message);
  if (typeof fields === 'object' && fields !== null) {
    for (const [field, detail] of Object.entries(fields as Record<string, unknown>)) {
      const text = (detail as { message?: unknown } | null)?.message;
      if (typeof text === 'string' && text) parts.push(`${field}: ${text}`);
    }
  }
  return parts.length ? parts.join('; ') : fallback;
}
