/** Each editor kind's AG Grid editor (Community editors where they fit, ours where they do not). */
import type { ColDef } from 'ag-grid-community';
import { type EditorKind, kindOf } from '../kinds.ts';
import type { AnyColumn } from '../types.ts';
import { referenceEditorParams } from './ReferenceEditor.tsx';
import { TextCellEditor } from './TextCellEditor.tsx';

type EditorDef = Pick<ColDef, 'cellEditor' | 'cellEditorPopup' | 'cellEditorParams' | 'cellRenderer'>;

const editors = {
  text: (column) => ({ cellEditor: TextCellEditor, cellEditorParams: { spec: column } }),
  number: (column) => ({ cellEditor: TextCellEditor, cellEditorParams: { spec: column } }),
  longText: () => ({
    cellEditor: 'agLargeTextCellEditor',
    cellEditorPopup: true,
    cellEditorParams: { maxLength: 5000 },
  }),
  enum: (column) => ({
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: [...(column.enum?.values ?? [])], valueListMaxHeight: 300 },
  }),
  // Typed day-first and shown as the cell shows it ('24 Nov 2026', spec 9), not the browser's mm/dd/yyyy picker.
  date: (column) => ({ cellEditor: TextCellEditor, cellEditorParams: { spec: column } }),
  boolean: () => ({ cellEditor: 'agCheckboxCellEditor', cellRenderer: 'agCheckboxCellRenderer' }),
  reference: (column) => referenceEditorParams(column),
  none: () => ({}),
} satisfies Record<EditorKind, (column: AnyColumn) => EditorDef>;

export const editorFor = (column: AnyColumn): EditorDef => editors[kindOf(column).editor](column);
