/**
 * The assessment grid's cell editor: a plain text field holding what is typed (a typed first key starts it, so Enter
 * right after saves it); the column's value setter reads it by the indicator's target type (sheet.ts `readScore`).
 */
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';

export function ScoreEditor(props: CustomCellEditorProps) {
  const firstKey = props.eventKey && props.eventKey.length === 1 ? props.eventKey : null;
  const [text, setText] = useState(
    () => firstKey ?? (props.value === null || props.value === undefined ? '' : String(props.value)),
  );
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor opens.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    if (firstKey) element.setSelectionRange(element.value.length, element.value.length);
    else element.select();
    props.onValueChange(text);
  }, []);
  return (
    <div className="cell-editor">
      <input
        ref={input}
        className="cell-editor-input"
        value={text}
        inputMode="decimal"
        aria-label={props.colDef.headerName}
        onChange={(event) => {
          setText(event.target.value);
          props.onValueChange(event.target.value);
        }}
      />
    </div>
  );
}
