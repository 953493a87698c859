/** Recently used commands, newest first, kept in local storage. */
export const RECENT_KEY = 'palette-recent';
export const RECENT_CAP = 8;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function readRecent(store: Store = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string').slice(0, RECENT_CAP) : [];
  } catch {
    return [];
  }
}

/** Puts a command first, drops its older mention and keeps at most `RECENT_CAP`. */
export function pushRecent(id: string, store: Store = localStorage): string[] {
  const next = [id, ...readRecent(store).filter((other) => other !== id)].slice(0, RECENT_CAP);
  try {
    store.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage only loses the ordering.
  }
  return next;
}
