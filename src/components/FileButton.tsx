/**
 * A form field's file choice as the app draws it: a translated 'Choose a file' button (then 'Choose another file' and
 * the chosen file's name) over a hidden file input, instead of the browser's own 'Choose File · No file chosen' in
 * the browser's language. The button is named by the field's label and its own text (`labelId`). A dialog that
 * reads a spreadsheet uses FileDrop (src/grids/import) instead, which also takes a dropped file.
 */
import './file-button.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, FieldError } from './FieldError.tsx';

export interface FileButtonProps {
  id: string;
  /** The field label's id: the button is named '<label> <button text>'. */
  labelId: string;
  accept: string;
  disabled?: boolean;
  /** The chosen (or stored) file's name, shown beside the button. */
  chosen?: string | null;
  onFile: (file: File) => void;
  /** Why the file was refused (the upload's error), shown beside the button. */
  error?: string | null | undefined;
}

export function FileButton(props: FileButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="file-button">
      <button
        type="button"
        id={props.id}
        aria-labelledby={`${props.labelId} ${props.id}`}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId(props.id) : undefined}
        disabled={props.disabled}
        onClick={() => input.current?.click()}
      >
        {props.chosen ? t('import.chooseOther') : t('import.chooseFile')}
      </button>
      {props.chosen && <span className="hint">{t('import.fileChosen', { name: props.chosen })}</span>}
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={props.accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) props.onFile(file);
        }}
      />
      <FieldError fieldId={props.id} message={props.error} />
    </span>
  );
}
