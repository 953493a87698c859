/**
 * A save disables its form while it runs, and a disabled field drops the focus to the page body. `remember()` when a
 * save starts; once `saving` is over, the element that had the focus gets it back, so Ctrl+S leaves the user where
 * they were (unless they have moved the focus elsewhere meanwhile).
 */
import { useCallback, useEffect, useRef } from 'react';

export function useFocusKeptThroughSave(saving: boolean): () => void {
  const kept = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (saving) return;
    const element = kept.current;
    kept.current = null;
    if (!element?.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== element) return;
    element.focus({ preventScroll: true });
  }, [saving]);
  return useCallback(() => {
    kept.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
}
