/**
 * The frame of every spreadsheet upload dialog (the grid import, the bulk invite, the roster, clock-time, leave
 * balance and payroll imports): the modal dialog with its title and ×, an intro, the file region (FileDrop), the
 * sheet, header row and column mapping (SheetMapping) once a file is read, the dialog's own part (its problems,
 * counts and PreviewGrid) as children, the send error, and the footer (a hint, Cancel, the confirm button). After a
 * successful import a dialog that stays open passes its summary as `done`, which replaces everything under the title.
 *
 * What every import dialog does the same way lives here: the dialog opens modal with the focus on 'Choose file', and
 * gives the focus back to where it was when it closes; Esc closes it, except while a preview cell is being edited
 * (`escapeInEditor`, set by PreviewGrid) or while sending (`busy`, which also disables ×, Cancel and the file choice);
 * a refused file's reason is translated from one table. What a dialog reads, checks and sends stays in the dialog.
 */
import './import.css';
import type { ReactNode, RefObject } from 'react';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop, type FileError, SheetMapping, type useSheetFile } from './SheetSource.tsx';

/** What `useSheetFile` returns: the file, its sheet and the mapping. */
export type SheetFile = ReturnType<typeof useSheetFile>;

/** Why a file was refused, translated (`{{max}}` is the size limit in MB). */
export const fileErrorKeys = {
  not_spreadsheet: 'import.errors.not_spreadsheet',
  too_large: 'import.errors.too_large',
  encrypted: 'import.errors.encrypted',
  empty: 'import.errors.empty',
  failed: 'import.errors.failed',
  fileTooLarge: 'import.errors.fileTooLarge',
  wrongType: 'import.errors.wrongType',
} as const satisfies Record<FileError, `import.errors.${string}`>;

export interface ImportShellProps {
  title: string;
  /** A class beside 'grid-dialog import-dialog' (the invite's own styles). */
  className?: string;
  /** A short text under the title. */
  intro?: string;
  /** Sending: Esc, ×, Cancel and the file choice wait. */
  busy: boolean;
  /** Esc, × and Cancel (not while `busy`). */
  onClose: () => void;
  /** The ref passed to PreviewGrid: true while a preview cell is edited, when Esc ends the edit only. */
  escapeInEditor: RefObject<boolean>;
  /** The file, from `useSheetFile`. */
  file: SheetFile;
  /** The file region: what the chooser offers, the hint until a file is chosen, the template button. */
  source: {
    accept: string;
    dropHint: string;
    templateLabel: string;
    onTemplate: () => void;
    /** A refusal whose text differs from `fileErrorKeys` (the invite takes .xlsx only). */
    errorText?: Partial<Record<FileError, string>>;
    /** A file was chosen, before it is read (a dialog clears its send error). */
    onChoose?: () => void;
  };
  /** The mapping table: the fields a column can fill, whether it starts open, its hint. */
  mapping: {
    fieldOptions: readonly { field: string; label: string }[];
    open: boolean;
    hint: string;
    /** Shown as 'n of m columns mapped'; by default the mapped file columns. */
    mappedCount?: number;
  };
  /** The dialog's own part under the mapping, shown once a sheet is read: problems, counts, the preview grid. */
  children?: ReactNode;
  /** The send error, shown above the footer. */
  error?: string | null;
  footer: {
    /** Why the confirm button waits ('Correct or leave out the invalid rows'). */
    hint?: string | null;
    confirm: string;
    canConfirm: boolean;
    onConfirm: () => void;
  };
  /** After a successful import, for a dialog that stays open: its summary, in place of the file and preview. */
  done?: ReactNode;
}

export function ImportShell(props: ImportShellProps) {
  const { t } = useTranslation();
  const { busy, onClose, escapeInEditor, file, source, mapping, footer, done } = props;
  const titleId = useId();
  const hintId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Modal at once, the focus on 'Choose file'; back where it was when the dialog goes.
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    chooseButton.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const close = () => {
    if (!busy) onClose();
  };
  const fileError =
    file.fileError && (source.errorText?.[file.fileError] ?? t(fileErrorKeys[file.fileError], { max: 20 }));

  return (
    <dialog
      ref={dialog}
      className={`grid-dialog import-dialog${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={done ? undefined : hintId}
      onCancel={(event) => {
        event.preventDefault();
        if (escapeInEditor.current) return;
        close();
      }}
    >
      <header className="import-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close} disabled={busy}>
          ×
        </button>
      </header>

      {done ? (
        done
      ) : (
        <>
          {props.intro && <p className="hint">{props.intro}</p>}
          <FileDrop
            file={file.file}
            hintId={hintId}
            dropHint={source.dropHint}
            accept={source.accept}
            templateLabel={source.templateLabel}
            onTemplate={source.onTemplate}
            chooseButton={chooseButton}
            fileInput={fileInput}
            reading={file.reading}
            error={fileError}
            disabled={busy}
            onFile={(chosen) => {
              source.onChoose?.();
              void file.readFile(chosen);
            }}
          />
          {file.sheet && (
            <>
              <SheetMapping
                sheet={file.sheet}
                headerRow={file.headerRow}
                width={file.width}
                mapping={file.mapping}
                setMapping={file.setMapping}
                fieldOptions={mapping.fieldOptions}
                mappedCount={mapping.mappedCount ?? file.mapping.filter((field) => field !== null).length}
                open={mapping.open}
                hint={mapping.hint}
                onSheet={(name) => void file.chooseSheet(name)}
                onHeaderRow={file.chooseHeaderRow}
              />
              {props.children}
            </>
          )}
          {props.error && (
            <p className="form-error" role="alert">
              {props.error}
            </p>
          )}
          <div className="dialog-actions">
            {footer.hint && <p className="hint import-footer-hint">{footer.hint}</p>}
            <button type="button" onClick={close} disabled={busy}>
              {t('import.cancel')}
            </button>
            <button
              type="button"
              className="primary"
              data-default
              onClick={footer.onConfirm}
              disabled={!footer.canConfirm}
            >
              {footer.confirm}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
