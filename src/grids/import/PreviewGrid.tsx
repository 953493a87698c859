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
import { MAX_IMPORT_ROWS } from './readWorkbook.ts';

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

export interface PreviewBodyProps<Row extends { key: string; excluded: boolean }> extends PreviewGridProps<Row> {
  /** The required fields no column maps to, in words ('Columns missing: …'); null when every one is mapped. */
  missing: string | null;
  /** More rows than an import takes (or the sheet was cut short reading it). */
  tooMany: boolean;
  /** New rows, updated rows (absent where an import only creates) and invalid rows. */
  counts: { new: number; update?: number; invalid: number };
  /** Rows left out by 'Leave out invalid rows' or by hand. */
  excluded: number;
  excludeInvalid: Toggle;
  onlyProblems: Toggle;
  /** The file has rows (the grid may show none of them: 'Only rows with problems' with none). */
  fileRows: number;
  /** The checker has loaded: until then the dialog says it is loading. */
  ready: boolean;
}

/**
 * An import preview's body, shared by every xlsx import (the grid's ImportDialog, the employee invitations): what
 * stops the import, the counts, the two toggles and the editable preview grid.
 */
export function PreviewBody<Row extends { key: string; excluded: boolean }>(props: PreviewBodyProps<Row>) {
  const { t, i18n } = useTranslation();
  const { counts } = props;
  return (
    <>
      {props.missing && (
        <p className="form-error" role="alert">
          {props.missing}
        </p>
      )}
      {props.tooMany && (
        <p className="form-error" role="alert">
          {t('import.tooManyRows', { max: MAX_IMPORT_ROWS.toLocaleString(i18n.language) })}
        </p>
      )}
      {props.fileRows > 0 && (
        <>
          <div className="import-summary">
            <p className="import-counts" aria-live="polite">
              <span>{t('import.counts.new', { count: counts.new })}</span>
              {counts.update !== undefined && <span>{t('import.counts.update', { count: counts.update })}</span>}
              <span className={counts.invalid ? 'import-count-invalid' : undefined}>
                {t('import.counts.invalid', { count: counts.invalid })}
              </span>
              {props.excluded > 0 && <span>{t('import.counts.excluded', { count: props.excluded })}</span>}
            </p>
            <PreviewToggles excludeInvalid={props.excludeInvalid} onlyProblems={props.onlyProblems} />
          </div>
          <p className="hint">{t('import.editHint')}</p>
          <PreviewGrid<Row>
            label={props.label}
            busy={props.busy}
            escapeInEditor={props.escapeInEditor}
            rows={props.rows}
            columnDefs={props.columnDefs}
            context={props.context}
          />
        </>
      )}
      {!props.ready && <p className="hint">{t('common.loading')}</p>}
    </>
  );
}
