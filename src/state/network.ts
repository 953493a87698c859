/** Online and offline status (spec 8), and whether link prefetching is worth it right now. */
import { atom } from 'jotai';

export const onlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);
onlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** The conditions under which prefetching is skipped: offline, a 2g connection, or data saver (spec 8). */
export function canPrefetch(state: { online: boolean; connection?: ConnectionInfo | undefined }): boolean {
  if (!state.online) return false;
  const connection = state.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false;
  return true;
}

export const shouldPrefetch = (): boolean =>
  canPrefetch({
    online: navigator.onLine,
    connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection,
  });
