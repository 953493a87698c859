import createClient, { type Middleware } from 'openapi-fetch';
import { ACCESS_STAMP_HEADER } from '../../common/access-stamp.ts';
import { notifyError } from '../overlays/progress.ts';
import { cleanToken, errorNotificationText, requestErrorAction, sentForOtherSession } from '../sessionRules.ts';
import type { components, paths } from './v1.d.ts';

export type Schemas = components['schemas'];
export type UserDetail = Schemas['UserDetail'];
export type Session = Schemas['Session'];
type ErrorBody = Schemas['Error'];
type FieldErrors = NonNullable<ErrorBody['fields']>;

const TOKEN_KEY = 'token';
/** A request with this header shows its own errors (in a grid cell, a form): the client raises no notification. */
export const INLINE_ERRORS_HEADER = 'x-inline-errors';
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The access token in local storage (spec 4). The texts 'undefined' and 'null' are leftovers: they are removed. */
export const tokenStore = {
  get(): string | null {
    const value = localStorage.getItem(TOKEN_KEY);
    const token = cleanToken(value);
    if (token === null && value !== null) localStorage.removeItem(TOKEN_KEY);
    return token;
  },
  set(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    notify();
  },
  /** For `useSyncExternalStore`: changes made here and in other tabs. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** An error reply `{ code, message, fields? }` from the API, or a network failure (`status` 0, code 'network_error'). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  /** 409 conflicts: the record as it is now on the server. */
  readonly current: unknown;
  /** `bulk_invalid`: the per-row report, each invalid row with its field errors. */
  readonly rows: unknown[] | undefined;
  /** 409 `in_use`: how many rows of which resource use the record. */
  readonly usedBy: readonly UsedBy[] | undefined;
  /** 409 `bank_account_missing`, `payroll_run_out_of_date`: the employees the refusal names. */
  readonly names: readonly string[] | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: FieldErrors,
    details: { current?: unknown; rows?: unknown[]; usedBy?: readonly UsedBy[]; names?: readonly string[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.current = details.current;
    this.rows = details.rows;
    this.usedBy = details.usedBy;
    this.names = details.names;
  }
}

/** 409 `in_use`: one place that uses the record; its first rows by name when the caller may read them. */
export type UsedBy = NonNullable<Schemas['Error']['used_by']>[number];

export const networkError = () => new ApiError(0, 'network_error', 'Network Error');

/** A network failure or a timeout: the 'Network Error' cases of spec 8 (an abort by the page is not one). */
export const isNetworkFailure = (error: ApiError) => error.code === 'network_error' || error.code === 'timeout';

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorBody).code === 'string' &&
  typeof (value as ErrorBody).message === 'string';

/** Turns anything thrown or replied into an ApiError. */
export function toApiError(error: unknown, response?: Response): ApiError {
  if (error instanceof ApiError) return error;
  if (response) {
    if (isErrorBody(error))
      return new ApiError(response.status, error.code, error.message, error.fields, {
        current: error.current,
        rows: error.rows,
        usedBy: error.used_by,
        names: error.names,
      });
    return new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
  }
  // fetch rejects with a TypeError when the network fails; an aborted request is not a network failure.
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(0, 'aborted', 'Aborted');
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return new ApiError(0, 'timeout', 'Network Error');
  return networkError();
}

const auth: Middleware = {
  onRequest({ request }) {
    const token = tokenStore.get();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/**
 * Spec 8 for every reply: a 401 on a GET (not on the index page) removes the token and goes to /; id-card and auth
 * paths stay quiet (auth pages show their errors inline); any other error raises an error progress notification with
 * the server's message fields joined.
 */
const errors: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return undefined;
    const action = requestErrorAction({
      method: request.method,
      status: response.status,
      path: new URL(request.url, window.location.origin).pathname,
      pagePath: window.location.pathname,
      inline: request.headers.has(INLINE_ERRORS_HEADER),
    });
    if (action === 'sign-out') {
      // A 401 for a token that was already replaced (a logout back to the developer's own session) is stale.
      if (sentForOtherSession(request.headers.get('Authorization'), tokenStore.get())) return undefined;
      tokenStore.clear();
      // Dashboard routes send an anonymous visitor to / themselves; elsewhere go there now.
      if (!window.location.pathname.startsWith('/dashboard')) window.location.assign('/');
    } else if (action === 'notify') {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      notifyError(errorNotificationText(body, response.statusText || `HTTP ${response.status}`));
    }
    return undefined;
  },
};

/** Requests give up after a minute: a timeout is a 'Network Error' (spec 8). */
const REQUEST_TIMEOUT_MS = 60_000;
const timedFetch = (request: Request) =>
  fetch(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) });

/**
 * The server's fingerprint of the caller's access on each reply (common/access-stamp.ts): announced to the session
 * (src/session.ts), which reloads the user when it no longer matches, so a changed level reaches the menu at once.
 */
export const accessStamps = new EventTarget();
const stamps: Middleware = {
  onResponse({ response }) {
    const stamp = response.headers.get(ACCESS_STAMP_HEADER);
    if (stamp) accessStamps.dispatchEvent(new CustomEvent<string>('stamp', { detail: stamp }));
    return undefined;
  },
};

export const api = createClient<paths>({ baseUrl: '/', fetch: timedFetch });
api.use(auth, errors, stamps);

/**
 * Awaits an `api` call and returns its data, or throws an ApiError.
 * @example const { data } = await call(api.GET('/v1/auth/me'));
 */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof request>;
  try {
    result = await request;
  } catch (error) {
    throw toApiError(error);
  }
  if (!result.response.ok) throw toApiError(result.error, result.response);
  return result.data as T;
}
