/**
 * A field's message in words, beside the field (issue 25): the field names it with `aria-describedby={errorId(id)}`
 * (`fieldErrorProps`), so a screen reader reads it with the field. One component for every form and dialog.
 */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** The props a field with a message takes: `aria-invalid` and `aria-describedby` naming the message. */
export function fieldErrorProps(fieldId: string, message: string | null | undefined, hintId?: string) {
  const ids = [message ? errorId(fieldId) : undefined, hintId].filter(Boolean).join(' ');
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export function FieldError({ fieldId, message }: { fieldId: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className="field-error">
      {message}
    </p>
  );
}
