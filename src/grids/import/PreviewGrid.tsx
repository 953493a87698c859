/**
 * The second half of every spreadsheet upload dialog (the grid import and the bulk invite): the toggles over the
 * preview and the editable preview grid. An Esc inside a cell editor only ends the edit: `escapeInEditor` tells the
 * dialog not to close on it.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type Module,
  RowStyleModule,
  TextEditorModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../theme.ts';

const previewModules: Module[] = [
  ClientSideRowModelModule,
  TextEditorModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

interface Toggle {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 'Leave out invalid rows' and 'Only rows with problems'. */
export function PreviewToggles({ excludeInvalid, onlyProblems }: { excludeInvalid: Toggle; onlyProblems: Toggle }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="import-toggle">
        <input
          type="checkbox"
          checked={excludeInvalid.checked}
          onChange={(event) => excludeInvalid.onChange(event.target.checked)}
        />
        {t('import.excludeInvalid')}
      </label>
      <label className="import-toggle">
        <input
          type="checkbox"
          checked={onlyProblems.checked}
          onChange={(event) => onlyProblems.onChange(event.target.checked)}
        />
        {t('import.onlyProblems')}
      </label>
    </>
  );
}

export interface PreviewGridProps<Row extends { key: string; excluded: boolean }> {
  /** The region's accessible name. */
  label: string;
  /** The rows are being checked. */
  busy: boolean;
  escapeInEditor: RefObject<boolean>;
  rows: Row[];
  columnDefs: ColDef<Row>[];
  context: unknown;
}

/** The preview rows, one per file row, editable where a cell can be fixed; left-out rows are dimmed. */
export function PreviewGrid<Row extends { key: string; excluded: boolean }>(props: PreviewGridProps<Row>) {
  const { escapeInEditor } = props;
  return (
    <section
      className="import-preview"
      aria-label={props.label}
      aria-busy={props.busy}
      onKeyDownCapture={(event) => {
        const target = event.target as HTMLElement;
        if (event.key === 'Escape' && target.closest('.ag-cell-inline-editing, .ag-popup-editor')) {
          escapeInEditor.current = true;
          setTimeout(() => {
            escapeInEditor.current = false;
          }, 0);
        }
      }}
    >
      <AgGridReact<Row>
        modules={previewModules}
        theme={gridTheme}
        rowData={props.rows}
        columnDefs={props.columnDefs}
        context={props.context}
        getRowId={(params) => params.data.key}
        getRowClass={(params) => (params.data?.excluded ? 'import-row-excluded' : undefined)}
        defaultColDef={{ resizable: true, sortable: false, suppressMovable: true }}
        tooltipShowDelay={300}
        singleClickEdit={false}
        stopEditingWhenCellsLoseFocus
      />
    </section>
  );
}
