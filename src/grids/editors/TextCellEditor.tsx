import type { CustomCellEditorProps } from 'ag-grid-react';
import { useGridCellEditor } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';
import type { GridContext } from '../context.ts';
import { cellErrorText, formatCell, parseCell } from '../parse.ts';
import type { AnyColumn, ColumnKind } from '../types.ts';

/** Characters a number-only cell accepts while typing (spec 5): digits, separators, minus, percent. */
const allowedByKind: Partial<Record<ColumnKind, RegExp>> = {
  number: /^[0-9.,-]$/,
  money: /^[0-9.,-]$/,
  percent: /^[0-9.,%-]$/,
  time: /^[0-9:.]$/,
};

/**
 * The in-cell editor for text, numbers, money, percentages and times: what is typed is read by the same parser as a
 * paste, so '5.000.000', 'Rp 5,000,000' and '5000000' all work; an unreadable value keeps the editor open with the
 * reason instead of saving something wrong. Number-only cells refuse other characters as they are typed.
 */
export function TextCellEditor(props: CustomCellEditorProps) {
  const context = props.context as GridContext;
  const column = props.colDef.cellEditorParams?.spec as AnyColumn;
  const initial = props.eventKey && props.eventKey.length === 1 ? props.eventKey : startText(props.value);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const allowed = column.digits ? /^[0-9]$/ : allowedByKind[column.kind];

  function startText(value: unknown) {
    return value === null || value === undefined ? '' : formatCell(column, value, context.t);
  }

  // Focus once, when the editor opens: a typed first character stays, with the caret after it; else select all.
  const typedFirst = !!props.eventKey && props.eventKey.length === 1;
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    if (typedFirst) element.setSelectionRange(element.value.length, element.value.length);
    else element.select();
  }, [typedFirst]);

  const check = (value: string) => {
    const parsed = parseCell(column, value, context.parse);
    if (parsed.ok) {
      setError(null);
      props.onValueChange(parsed.value);
      return true;
    }
    setError(cellErrorText(context.t, parsed.error));
    return false;
  };

  // A native listener on the input runs before AG Grid's on the cell (React's handlers run at the root, too late to
  // keep an invalid value from being committed by Enter or Tab).
  const latest = useRef({ text, check });
  latest.current = { text, check };
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (allowed && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !allowed.test(event.key)) {
        event.preventDefault();
        setError(cellErrorText(context.t, { code: column.digits ? 'digits' : 'number' }));
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !latest.current.check(latest.current.text)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [allowed, column, context]);

  useGridCellEditor({
    // An unreadable value is never saved: the editor closes without a change, and the reason stays visible until then.
    isCancelAfterEnd: () => !parseCell(column, text, context.parse).ok,
  });

  return (
    <div className="cell-editor">
      <input
        ref={input}
        className="cell-editor-input"
        value={text}
        inputMode={allowed && column.kind !== 'time' ? 'decimal' : undefined}
        aria-label={props.colDef.headerName}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          check(event.target.value);
        }}
      />
      {error && (
        <span className="cell-editor-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
