/**
 * The popup cell editor of `reference` columns: the option picker (spec 2.4) over the referenced list. The cell holds
 * the populated record (`{ _id, code, name }`, `{ _id, fullname, employee_id }`), a bare id before population, or
 * null; the editor returns the chosen record in the same shape, or null for 'Clear Selection' (not offered on a
 * required column).
 *
 * Keys: typing a character on the cell opens the editor with that character searched; Enter chooses and hands the
 * key to the grid (which stops editing and, with `enterNavigatesVerticallyAfterEdit`, moves down); Tab chooses and
 * moves to the next cell; Escape cancels. The picker stops these keys itself, so the grid sees each exactly once.
 */
import type { ColDef } from 'ag-grid-community';
import type { CustomCellEditorProps } from 'ag-grid-react';
import type { CSSProperties } from 'react';
import { OptionPicker } from '../../picker/OptionPicker.tsx';
import type { ApiRecord, PickerOption, ServerSource } from '../../picker/options.ts';
import type { AnyColumn, ReferenceSpec, RefValue } from '../types.ts';

/** A cell's reference value: the populated record, a bare id, or nothing. */
export type ReferenceCellValue = RefValue | string | null;

export interface ReferenceEditorParams {
  /** The column being edited (its `reference` says what to search). */
  spec: AnyColumn;
}

export type ReferenceEditorProps = CustomCellEditorProps<unknown, ReferenceCellValue> & ReferenceEditorParams;

/** A referenced record as an option: labelled by `label`, `code` as detail; its value is the cell's populated shape. */
export function refOption(reference: ReferenceSpec, record: ApiRecord): PickerOption<RefValue> {
  const label = record[reference.label];
  const code = reference.code ? record[reference.code] : undefined;
  const value: RefValue = { _id: String(record._id), [reference.label]: label ?? null };
  if (reference.code) value[reference.code] = code ?? null;
  return {
    key: value._id,
    label: label === null || label === undefined || label === '' ? value._id : String(label),
    ...(code === null || code === undefined || code === '' ? {} : { detail: String(code) }),
    value,
  };
}

/** The picker source of a reference: the list searched by its label field (one of the list's search fields). */
export const referenceSource = (reference: ReferenceSpec): ServerSource<RefValue> => ({
  kind: 'server',
  path: reference.path,
  searchField: reference.label,
  map: (record) => refOption(reference, record),
});

const keyOfCell = (value: ReferenceCellValue): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : String(value._id);

export function ReferenceEditor(props: ReferenceEditorProps) {
  const column = props.spec ?? (props.colDef.cellEditorParams as ReferenceEditorParams | undefined)?.spec;
  const reference = column?.reference;
  if (!reference) throw new Error(`ReferenceEditor: column ${props.colDef.field ?? '?'} has no reference`);
  const autoCreate = reference.autoCreate?.length
    ? { path: reference.path, fields: reference.autoCreate, codeField: reference.code }
    : undefined;
  // A printable key that started the edit is the start of the search (AG Grid keeps it from reaching the input).
  const seed = props.eventKey && [...props.eventKey].length === 1 ? props.eventKey : '';
  const initialKey = keyOfCell(props.initialValue ?? null);

  return (
    <OptionPicker<ReferenceCellValue>
      className="reference-editor"
      style={{ '--cell-width': `${props.column.getActualWidth()}px` } as CSSProperties}
      source={referenceSource(reference)}
      autoCreate={autoCreate}
      label={props.colDef.headerName ?? column.field}
      value={props.initialValue ?? null}
      keyOf={keyOfCell}
      initialSearch={seed}
      clearable={!column.required}
      onSelect={(option) => {
        // Choosing the current record again keeps the cell's own object: no change to save.
        const next = option === null ? null : option.key === initialKey ? (props.initialValue ?? null) : option.value;
        props.onValueChange(next);
      }}
      onClose={(_reason, event) => {
        if (event instanceof KeyboardEvent) props.onKeyDown(event);
        else props.stopEditing();
      }}
    />
  );
}

/** The column definition bits of a reference column's editor, for the grid to spread into its ColDef. */
export function referenceEditorParams(
  column: AnyColumn,
): Pick<ColDef, 'cellEditor' | 'cellEditorPopup' | 'cellEditorPopupPosition' | 'cellEditorParams'> {
  if (!column.reference) throw new Error(`Column ${column.field} is a reference column without \`reference\``);
  const params: ReferenceEditorParams = { spec: column };
  return {
    cellEditor: ReferenceEditor,
    cellEditorPopup: true,
    cellEditorPopupPosition: 'over',
    cellEditorParams: params,
  };
}
