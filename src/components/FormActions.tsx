/**
 * A dialog form's end: the form's error line (in words, announced), then Cancel and the primary submit button.
 * Ctrl+Enter and Enter submit the form as the button does (the form's own handling); Cancel never submits.
 */
import type { ReactNode } from 'react';

export function FormActions({
  error,
  cancel,
  submit,
}: {
  /** The form's error as a whole (field errors sit beside their fields); nothing when null or empty. */
  error?: ReactNode;
  cancel: { label: string; onClick: () => void; disabled?: boolean };
  submit: { label: string; disabled?: boolean };
}) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={cancel.onClick} disabled={cancel.disabled}>
          {cancel.label}
        </button>
        <button type="submit" className="primary" disabled={submit.disabled}>
          {submit.label}
        </button>
      </div>
    </>
  );
}
