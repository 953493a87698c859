import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/client.ts';

/** Search debounce of the option picker and the palette (spec 2.4 and 9). */
export const SEARCH_DEBOUNCE_MS = 500;

export interface ServerSearch<T> {
  items: readonly T[];
  loading: boolean;
  error: string | null;
}

/**
 * Loads `load(search)` 500 ms after the last change of `search` (at once for the first load). A newer search aborts
 * the older request, so a slow reply never overwrites a newer one.
 */
export function useServerSearch<T>(
  search: string,
  load: (search: string, signal: AbortSignal) => Promise<readonly T[]>,
): ServerSearch<T> {
  const [state, setState] = useState<ServerSearch<T>>({ items: [], loading: true, error: null });
  const first = useRef(true);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    const delay = first.current ? 0 : SEARCH_DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => {
      loader.current(search.trim(), controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ items, loading: false, error: null });
        },
        (reason: unknown) => {
          if (controller.signal.aborted) return;
          setState({ items: [], loading: false, error: toApiError(reason).message });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  return state;
}

/**
 * cmdk selects the first item when the query changes, not when results arrive later: without this, a reply that
 * replaces the list leaves nothing selected and Enter does nothing.
 */
export function useSelectFirst(select: (value: string) => void, firstValue: string | undefined) {
  useEffect(() => {
    if (firstValue) select(firstValue);
  }, [select, firstValue]);
}
