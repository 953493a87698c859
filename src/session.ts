import { atom, useAtom } from 'jotai';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type ApiError, api, call, toApiError, tokenStore, type UserDetail } from './api/client.ts';

/** The signed-in user's detail; null until GET /v1/auth/me or a sign-in fills it. */
export const userAtom = atom<UserDetail | null>(null);

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
    fetchMe().then(
      (loaded) => {
        if (current && tokenStore.get() === token) setUser(loaded);
      },
      (reason: unknown) => {
        const failure = toApiError(reason);
        if (failure.status === 413) {
          localStorage.clear();
          tokenStore.clear();
        } else if (failure.status === 401 || failure.status === 404) {
          tokenStore.clear();
        } else if (current) {
          setError(failure);
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

  if (token === null) return { status: 'anonymous' };
  if (user) return { status: 'signed-in', user };
  if (error) return { status: 'error', error, retry: () => setError(null) };
  return { status: 'loading' };
}
