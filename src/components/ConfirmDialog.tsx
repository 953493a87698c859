/**
 * A yes/no question on the grid's `Modal` (src/grids/dialogs.tsx: a native modal <dialog>, focus kept inside, the
 * page inert, Esc cancels); the safe answer is focused first.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../grids/dialogs.tsx';

/** A yes/no question; `busy` disables the answers while the action runs, `error` shows why it failed. */
export function ConfirmDialog({
  title,
  message,
  confirm,
  danger = false,
  busy = false,
  error = null,
  onCancel,
  onConfirm,
}: {
  title: string;
  message: string;
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <Modal title={title} onCancel={onCancel} role="alertdialog">
      <p id={messageId}>{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes focus in a confirmation. */}
        <button type="button" autoFocus onClick={onCancel} disabled={busy}>
          {t('grid.cancel')}
        </button>
        {/* Ctrl+Enter presses it (data-default, src/components/formKeys.ts); the safe answer keeps the focus. */}
        <button
          type="button"
          className={danger ? 'danger' : 'primary'}
          data-default
          onClick={onConfirm}
          disabled={busy}
        >
          {confirm}
        </button>
      </div>
    </Modal>
  );
}
