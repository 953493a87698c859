import type { CustomCellEditorProps } from 'ag-grid-react';
import { useGridCellEditor } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';
import type { GridContext } from '../context.ts';
import { cellErrorText, displayCell, formatCell, parseCell } from '../parse.ts';
import type { AnyColumn, CellErrorCode, ColumnKind } from '../types.ts';

/** Characters a number-only or phone cell accepts while typing (spec 5), the reason shown for others, its keyboard. */
const typedByKind: Partial<
  Record<ColumnKind, { chars: RegExp; refused: CellErrorCode; inputMode: 'decimal' | 'tel' | undefined }>
> = {
  number: { chars: /^[0-9.,-]$/, refused: 'number', inputMode: 'decimal' },
  money: { chars: /^[0-9.,-]$/, refused: 'number', inputMode: 'decimal' },
  percent: { chars: /^[0-9.,%-]$/, refused: 'number', inputMode: 'decimal' },
  time: { chars: /^[0-9:.]$/, refused: 'time', inputMode: undefined },
  phone: { chars: /^[0-9+\s().-]$/, refused: 'phone', inputMode: 'tel' },
};
const digitsOnly = { chars: /^[0-9]$/, refused: 'digits', inputMode: 'decimal' } as const;

/**
 * The in-cell editor for text, numbers, money, percentages, dates (typed day-first, spec 9) and times: what is typed is read by the same parser as a
 * paste, so '5.000.000', 'Rp 5,000,000' and '5000000' all work; an unreadable value keeps the editor open with the
 * reason instead of saving something wrong. Number-only cells refuse other characters as they are typed.
 */
export function TextCellEditor(props: CustomCellEditorProps) {
  const context = props.context as GridContext;
  const column = props.colDef.cellEditorParams?.spec as AnyColumn;
  // A value the server refused stays in the cell for correction: editing starts from it, not from the saved value.
  const refused = props.data ? context.meta.get(props.data._id)?.errors?.[column.field]?.text : undefined;
  const typed = column.digits ? digitsOnly : typedByKind[column.kind];
  const allowed = typed?.chars;
  const refusedCode: CellErrorCode = typed?.refused ?? 'number';
  const firstKey = props.eventKey && props.eventKey.length === 1 ? props.eventKey : null;
  // A first key the cell refuses ('a' in a number cell) starts it empty, with the reason, like any later one.
  const firstRefused = firstKey !== null && !!allowed && !allowed.test(firstKey);
  const initial = firstKey !== null ? (firstRefused ? '' : firstKey) : (refused ?? startText(props.value));
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(() =>
    firstRefused ? cellErrorText(context.t, { code: refusedCode }) : null,
  );
  const input = useRef<HTMLInputElement>(null);

  function startText(value: unknown) {
    if (value === null || value === undefined) return '';
    // A date as the cell shows it ('24 Nov 2026'), which the parser reads back; other kinds as their plain text.
    return column.kind === 'date'
      ? displayCell(column, value, context.t, context.language)
      : formatCell(column, value, context.t);
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

  // An edit started by a typed key holds that key as its value from the start: Enter right after it saves it (no
  // change event fires for the first key, which AG Grid hands over as `eventKey`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor opens
  useEffect(() => {
    if (firstKey !== null && !firstRefused) check(initial);
  }, []);

  // A native listener on the input refuses the characters a number-only cell does not take, with the reason, before
  // they reach the input.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (allowed && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !allowed.test(event.key)) {
        event.preventDefault();
        setError(cellErrorText(context.t, { code: refusedCode }));
        return;
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [allowed, refusedCode, context]);

  useGridCellEditor({
    // An unreadable value is never saved: the editor closes without a change of the value, and the cell keeps the text,
    // flagged, with what is expected as its tooltip and on the grid's message line (Esc there restores the value).
    isCancelAfterEnd: () => {
      const parsed = parseCell(column, text, context.parse);
      if (parsed.ok) return false;
      if (props.data && text.trim() !== '')
        context.refuseTyped?.(props.data._id, column.field, { ...parsed.error, text });
      return true;
    },
  });

  return (
    <div className="cell-editor">
      <input
        ref={input}
        className="cell-editor-input"
        value={text}
        inputMode={typed?.inputMode}
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
