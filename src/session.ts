import { atom, getDefaultStore, useAtom } from 'jotai';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { accessStamp } from '../common/access-stamp.ts';
import { type ApiError, accessStamps, api, call, toApiError, tokenStore, type UserDetail } from './api/client.ts';
import { logoutPlan, meFailureAction, sessionStatus } from './sessionRules.ts';

/** The signed-in user's detail; null until GET /v1/auth/me or a sign-in fills it. */
export const userAtom = atom<UserDetail | null>(null);

/** Session storage key of the developer's own token while they act as a company's admin (spec 4). */
export const DEVELOPER_TOKEN_KEY = 'developer-token';

let pending: Promise<UserDetail> | null = null;

/** One GET /v1/auth/me in flight, however many guards ask at once. */
function fetchMe(): Promise<UserDetail> {
  pending ??= call(api.GET('/v1/auth/me'))
    .then(({ data }) => data)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * A reply's access stamp that differs from the user held here (an admin changed this user's level or custom access
 * level): the user is reloaded, and the menu, the route guard and the palette follow (decision 0151).
 */
accessStamps.addEventListener('stamp', (event) => {
  const store = getDefaultStore();
  const user = store.get(userAtom);
  const stamp = (event as CustomEvent<string>).detail;
  if (!user || pending || stamp === accessStamp(user.level, user.access_role.permissions)) return;
  const token = tokenStore.get();
  fetchMe().then(
    (loaded) => {
      if (tokenStore.get() === token) store.set(userAtom, loaded);
    },
    () => {},
  );
});

/** `/v1/auth/me` started with the page (src/early.ts), taken by the first session that needs the user. */
let early: Promise<UserDetail> | null = null;

export function fetchMeEarly(): void {
  early = fetchMe();
  early.catch(() => {}); // its failure is handled where it is taken
}

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'signed-in'; user: UserDetail }
  | { status: 'error'; error: ApiError; retry: () => void };

/**
 * The login session of spec 4: with a token and no user, the user is fetched; a refused token is removed (413 clears
 * all local storage); without a token the user detail is cleared.
 */
export function useSession(): SessionState {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const [user, setUser] = useAtom(userAtom);
  const [error, setError] = useState<ApiError | null>(null);
  const needsUser = token !== null && user === null && error === null;

  useEffect(() => {
    if (!needsUser) return;
    let current = true;
    const request = early ?? fetchMe();
    early = null;
    request.then(
      (loaded) => {
        if (current && tokenStore.get() === token) setUser(loaded);
      },
      (reason: unknown) => {
        const failure = toApiError(reason);
        switch (meFailureAction(failure.status)) {
          case 'clear-storage':
            localStorage.clear();
            tokenStore.clear();
            break;
          case 'remove-token':
            tokenStore.clear();
            break;
          case 'show-error':
            if (current) setError(failure);
            break;
        }
      },
    );
    return () => {
      current = false;
    };
  }, [needsUser, token, setUser]);

  useEffect(() => {
    if (token === null && user !== null) setUser(null);
  }, [token, user, setUser]);

  switch (sessionStatus({ token, hasUser: user !== null, hasError: error !== null })) {
    case 'anonymous':
      return { status: 'anonymous' };
    case 'signed-in':
      return { status: 'signed-in', user: user! };
    case 'error':
      return { status: 'error', error: error!, retry: () => setError(null) };
    case 'loading':
      return { status: 'loading' };
  }
}

/** Stores a new session (sign-in, verification): any saved developer token belongs to an older session. */
export function startSession(session: { token: string; user: UserDetail }) {
  sessionStorage.removeItem(DEVELOPER_TOKEN_KEY);
  getDefaultStore().set(userAtom, session.user);
  tokenStore.set(session.token);
}

/**
 * The developer's "log in as a company's admin" (spec 2.2): keeps the developer's own token in session storage,
 * switches to the admin's session and opens the dashboard afresh. Throws an ApiError when the server refuses
 * (no admin, already acting as one).
 */
export async function impersonate(companyId: string): Promise<void> {
  const own = tokenStore.get();
  const { data } = await call(api.POST('/v1/companies/{id}/impersonate', { params: { path: { id: companyId } } }));
  if (own && !sessionStorage.getItem(DEVELOPER_TOKEN_KEY)) sessionStorage.setItem(DEVELOPER_TOKEN_KEY, own);
  getDefaultStore().set(userAtom, data.user);
  tokenStore.set(data.token);
  window.location.assign('/dashboard/home');
}

/**
 * Logout (spec 4): tells the server, then restores a stored developer token and reloads on `restoreTo` (the developer's
 * dashboard home unless said otherwise), or clears the token and the user (the dashboard guard then sends the visitor
 * to /).
 */
export async function logout(restoreTo = '/dashboard/home'): Promise<void> {
  try {
    await call(api.DELETE('/v1/auth/logout'));
  } catch {
    // An expired session or a network failure must not keep anyone signed in on this device.
  }
  const plan = logoutPlan(sessionStorage.getItem(DEVELOPER_TOKEN_KEY));
  sessionStorage.removeItem(DEVELOPER_TOKEN_KEY);
  if (plan.kind === 'restore') {
    getDefaultStore().set(userAtom, null);
    tokenStore.set(plan.token);
    window.location.assign(restoreTo);
    return;
  }
  tokenStore.clear();
  getDefaultStore().set(userAtom, null);
}
