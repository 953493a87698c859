/**
 * The app's modal dialog, and the question a filled, unsent form asks before it is dropped (issue 25, decisions 0101
 * and 0146): while a form holds unsent input, leaving by a link, the palette or the browser's Back
 * (src/leaveGuard.ts) first asks "Leave without sending?"; Keep editing (the default, Enter or Escape) stays, Leave
 * goes where the user was going.
 *
 * Every `Modal` asks by itself once something was typed or picked in it (an `input` event from any of its fields),
 * so a dialog form written later asks too; a form that knows better what it holds says so with `unsent`. A screen's
 * own form (settings, the employee record) uses `useUnsentGuard(dirty)` and renders what it returns.
 */
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { leave, setLeaveGuard } from '../leaveGuard.ts';

/**
 * While `unsent`: links, palette commands and Back ask first; closing the tab asks the browser's question. Returns
 * the question's dialog (null while not asking), to be rendered by the form.
 */
export function useUnsentGuard(unsent: boolean): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!unsent) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    const unset = setLeaveGuard(setAsked, { back: true });
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      unset();
    };
  }, [unsent]);
  if (asked === null) return null;
  const stay = () => setAsked(null);
  return (
    <Modal title={t('unsent.title')} onCancel={stay} role="alertdialog" focusDefault unsent={false}>
      <p>{t('unsent.text')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsked(null);
            leave(asked, (to, options) => navigate(to, options));
          }}
        >
          {t('unsent.leave')}
        </button>
        <button type="button" className="primary" data-default onClick={stay}>
          {t('unsent.stay')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Whether anything was typed or picked in a form since it was opened or last sent: `onInput` goes on the form (or
 * dialog), `done()` when it was sent. For a form without a model of its own to compare with what was loaded.
 */
export function useTyped(): { typed: boolean; onInput: () => void; done: () => void } {
  const [typed, setTyped] = useState(false);
  const onInput = useCallback(() => setTyped(true), []);
  const done = useCallback(() => setTyped(false), []);
  return { typed, onInput, done };
}

/**
 * A native modal dialog, titled, that Escape cancels: the grid's dialogs and the screens' dialogs and dialog forms. Its
 * default button is marked `data-default`: Ctrl+Enter presses it from anywhere in a dialog without a form
 * (src/components/formKeys.ts), and with `focusDefault` the dialog opens with the focus on it.
 *
 * `unsent`: whether the dialog holds input not yet sent; left out, anything typed or picked in it counts until it
 * closes. Escape and Cancel still close it at once (decision 0146): they are the dialog's own answer, not a stray key.
 */
export function Modal({
  title,
  onCancel,
  children,
  role = 'dialog',
  focusDefault = false,
  unsent,
}: {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Opens with the focus on the default button, so Enter answers (a delete confirmation); else on the first control. */
  focusDefault?: boolean;
  unsent?: boolean | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const typed = useTyped();
  const guard = useUnsentGuard(unsent ?? typed.typed);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    // A confirmation that says so starts on its default button (`data-default`), so Enter answers it (issue 25); a
    // form starts on its first field, as showModal puts it.
    if (focusDefault) element.querySelector<HTMLElement>('[data-default]')?.focus();
  }, [focusDefault]);
  return (
    <>
      <dialog
        ref={dialog}
        className="grid-dialog"
        role={role}
        aria-labelledby={titleId}
        onInput={unsent === undefined && !typed.typed ? typed.onInput : undefined}
        onCancel={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </dialog>
      {guard}
    </>
  );
}
