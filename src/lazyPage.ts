import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { trackPageLoad } from './overlays/progress.ts';

const RELOAD_KEY = 'chunk-reload-at';
/** Spec 9: the chunk-reload guard. */
const RELOAD_GUARD_MS = 60_000;

/**
 * A page loaded on demand. The loading bar runs while its chunk loads; a chunk that fails to load (a new deploy)
 * reloads the page, at most once a minute.
 */
export function page<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchChunk = () => {
    loading ??= trackPageLoad(load()).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const component = lazy(() =>
    fetchChunk().catch((error: unknown) => {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) throw error;
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }),
  );
  return Object.assign(component, { preload: () => fetchChunk().catch(() => undefined) });
}
