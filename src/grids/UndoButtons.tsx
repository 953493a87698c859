import { useTranslation } from 'react-i18next';
import type { UndoState } from './undo.ts';

/** The Undo and Redo toolbar buttons of an undo stack (a resource grid, the roster). */
export function UndoButtons({ state, onUndo, onRedo }: { state: UndoState; onUndo(): void; onRedo(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" disabled={!state.canUndo || state.busy} onClick={onUndo} aria-keyshortcuts="Control+Z">
        {t('grid.undo.button')}
      </button>
      <button
        type="button"
        disabled={!state.canRedo || state.busy}
        onClick={onRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        {t('grid.redo')}
      </button>
    </>
  );
}
