/** The grid's modal dialogs: delete confirmation (spec 5's texts) and 'Set value for selected rows'. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api/client.ts';
import { FieldError, fieldErrorProps } from '../components/FieldError.tsx';
import { Modal } from '../components/Modal.tsx';
import { PickerField } from '../picker/PickerField.tsx';
import type { GridContext } from './context.ts';
import { referenceSource } from './editors/ReferenceEditor.tsx';
import { isEditableColumn } from './kinds.ts';
import { fieldLabel } from './labels.ts';
import { cellErrorText, parseCell } from './parse.ts';
import type { AnyGridSpec, DeleteQuestion, RefValue } from './types.ts';

export { Modal } from '../components/Modal.tsx';

/** 'Are you sure want to delete <item name>?' for one row, 'Do you really want to delete the data?' for several. */
export function ConfirmDelete({
  names,
  question: one = 'confirm.deleteItem',
  onCancel,
  onConfirm,
}: {
  names: readonly string[];
  question?: DeleteQuestion | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const question = names.length === 1 ? t(one, { name: names[0] }) : t('confirm.delete');
  return (
    <Modal title={question} onCancel={onCancel} role="alertdialog" focusDefault>
      {names.length > 1 && (
        <p>
          {t('grid.deleteCount', { count: names.length })}: {names.slice(0, 5).join(', ')}
          {names.length > 5 ? '…' : ''}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {t('confirm.no')}
        </button>
        {/* The default button (Enter): the user asked to delete; Escape or No keeps the rows (issue 25). */}
        <button type="button" className="danger" data-default onClick={onConfirm}>
          {t('confirm.deleteButton')}
        </button>
      </div>
    </Modal>
  );
}

/** One value for one column of every selected row, read by the same parser as a paste. */
export function SetValueDialog({
  spec,
  context,
  count,
  onCancel,
  onApply,
}: {
  spec: AnyGridSpec;
  context: GridContext;
  count: number;
  onCancel: () => void;
  onApply: (field: string, value: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const editable = spec.columns.filter((column) => isEditableColumn(column));
  const [field, setField] = useState(editable[0]?.field ?? '');
  const [text, setText] = useState('');
  const [reference, setReference] = useState<RefValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const column = editable.find((entry) => entry.field === field);
  const fieldId = useId();
  const valueId = useId();

  async function apply() {
    if (!column) return;
    let value: unknown;
    if (column.kind === 'reference') value = reference;
    else {
      const parsed = parseCell(column, text, context.parse);
      if (!parsed.ok) {
        setError(cellErrorText(t, parsed.error));
        return;
      }
      value = parsed.value;
    }
    if (column.required && (value === null || value === undefined)) {
      setError(cellErrorText(t, { code: 'required' }));
      return;
    }
    setBusy(true);
    try {
      await onApply(field, value);
    } catch (reason) {
      setError(toApiError(reason).message);
      setBusy(false);
    }
  }

  return (
    <Modal title={t('grid.setValueTitle', { count })} onCancel={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <label htmlFor={fieldId}>{t('grid.setValueColumn')}</label>
        <select
          id={fieldId}
          value={field}
          onChange={(event) => {
            setField(event.target.value);
            setText('');
            setReference(null);
            setError(null);
          }}
        >
          {editable.map((entry) => (
            <option key={entry.field} value={entry.field}>
              {fieldLabel(t, spec, entry.field)}
            </option>
          ))}
        </select>
        <label htmlFor={valueId}>{t('grid.setValueValue')}</label>
        {column?.kind === 'reference' && column.reference ? (
          <PickerField
            id={valueId}
            label={fieldLabel(t, spec, column.field)}
            source={referenceSource(column.reference)}
            value={reference}
            onChange={(value) => setReference(value as RefValue | null)}
            error={error}
          />
        ) : column?.kind === 'enum' || column?.kind === 'boolean' ? (
          <select
            id={valueId}
            value={text}
            {...fieldErrorProps(valueId, error)}
            onChange={(event) => setText(event.target.value)}
          >
            <option value="">—</option>
            {(column.kind === 'enum' ? (column.enum?.values ?? []) : ['true', 'false']).map((value) => (
              <option key={value} value={value}>
                {column.kind === 'enum'
                  ? t(`enums.${column.enum?.key}.${value}` as never)
                  : t(value === 'true' ? 'grid.boolean.yes' : 'grid.boolean.no')}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={valueId}
            type={column?.kind === 'date' ? 'date' : 'text'}
            value={text}
            {...fieldErrorProps(valueId, error)}
            onChange={(event) => setText(event.target.value)}
          />
        )}
        {column?.kind !== 'reference' && <FieldError fieldId={valueId} message={error} />}
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {t('grid.setValueApply', { count })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
