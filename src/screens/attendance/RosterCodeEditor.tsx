/**
 * The roster cell's editor: a plain text box for a shift code. It starts from the typed key, else from the text the
 * grid refused last (so it can be corrected), else from the cell's code. What it holds is checked by the screen when
 * the edit is committed (RosterGrid: an unknown code stays in the cell with a message).
 */
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';

export function RosterCodeEditor(props: CustomCellEditorProps) {
  const typed = props.eventKey && props.eventKey.length === 1 ? props.eventKey : null;
  const [text, setText] = useState(typed ?? (props.value === null || props.value === undefined ? '' : props.value));
  const input = useRef<HTMLInputElement>(null);
  // The starting text is the value until it is changed (a typed first key commits as it is with Enter).
  const start = useRef(text);
  const first = useRef(props.onValueChange);
  useEffect(() => first.current(start.current), []);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    if (typed) element.setSelectionRange(element.value.length, element.value.length);
    else element.select();
  }, [typed]);
  return (
    <input
      ref={input}
      className="roster-editor"
      value={text}
      maxLength={30}
      autoCapitalize="characters"
      spellCheck={false}
      aria-label={props.colDef.headerName ?? ''}
      onChange={(event) => {
        setText(event.target.value);
        props.onValueChange(event.target.value);
      }}
    />
  );
}
