/**
 * What an empty list shows instead of AG Grid's bare 'No Data': which list it is, and the keyboard ways to fill it
 * (Ctrl+Enter, paste from Excel, Import…) for those who may.
 */
import type { CustomNoRowsOverlayProps } from 'ag-grid-react';

export interface EmptyListOverlayParams {
  /** 'No rows in Departments'. */
  title: string;
  /** How to fill it, or null for a reader. */
  hint: string | null;
}

export function EmptyListOverlay({ title, hint }: CustomNoRowsOverlayProps & EmptyListOverlayParams) {
  return (
    <div className="grid-empty" role="status">
      <strong>{title}</strong>
      {hint && <span>{hint}</span>}
    </div>
  );
}
