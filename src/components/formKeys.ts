/**
 * Every form and dialog finishes from the keyboard (issue 25), by one listener for the whole app rather than a
 * handler per form, so a form added later has it too:
 *
 * - Ctrl+Enter (Cmd+Enter) in a form submits it with `requestSubmit()`: the same submit event as its button, so the
 *   same validation runs and the same errors show beside their fields. In a dialog without a form it presses the
 *   dialog's default button (`data-default`, src/grids/dialogs.tsx `Modal`).
 * - Enter in a select of a form submits it too, as Enter in a text field of a form already does natively (a textarea
 *   keeps Enter for a new line).
 *
 * A key a field or a grid has already handled (`defaultPrevented`) is left alone.
 */

const pressable = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && !(element as HTMLButtonElement).disabled;

/** Submits `form` as its submit button would, once (a busy form's disabled button means: not again). */
function submit(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  if (button?.disabled) return;
  form.requestSubmit(button ?? undefined);
}

export function onFormKey(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing || event.altKey || event.shiftKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const form = target.closest('form');
  if (event.ctrlKey || event.metaKey) {
    if (form) {
      event.preventDefault();
      submit(form);
      return;
    }
    const chosen = target.closest('dialog')?.querySelector('[data-default]') ?? null;
    if (pressable(chosen)) {
      event.preventDefault();
      chosen.click();
    }
    return;
  }
  if (form && target instanceof HTMLSelectElement) {
    event.preventDefault();
    submit(form);
  }
}

/** Installs the listener once for the page (src/main.tsx). */
export function installFormKeys(): void {
  document.addEventListener('keydown', onFormKey);
}
