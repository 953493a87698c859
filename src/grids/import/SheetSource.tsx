/**
 * The first half of every spreadsheet upload dialog (the grid import and the bulk invite): choosing or dropping the
 * file (`useSheetFile`: read in the import worker), then the sheet, the header row and which file column fills which
 * field. Each dialog adds its own checks of the file, and its own preview.
 */
import type { Dispatch, DragEvent, ReactNode, RefObject, SetStateAction } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnName } from './failedRows.ts';
import {
  assignColumn,
  type ColumnMapping,
  detectHeaderRow,
  HEADER_SCAN_ROWS,
  type ImportTarget,
  mapColumns,
} from './mapping.ts';
import { cellText } from './preview.ts';
import type { Cell, ReadErrorCode, SheetRows } from './protocol.ts';
import { ReadFailure, WorkbookReader } from './reader.ts';

/** Files over 20 MB are refused before they are read. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Why a file was refused: the reader's reasons, or the dialog's own checks of its name, size and content. */
export type FileError = ReadErrorCode | 'fileTooLarge' | 'wrongType';

interface SheetFileOptions {
  /** How file headers find fields. */
  targets: readonly ImportTarget[];
  /** The dialog's checks of a chosen file before it is read (its type, its first bytes): a refusal, or null. */
  refuse: (file: File) => Promise<FileError | null> | FileError | null;
  /** A new file was accepted: the dialog drops its preview. */
  onNewFile: () => void;
  /** A sheet was read: the dialog drops its corrections (their row keys are of the old sheet). */
  onSheet: () => void;
}

/**
 * The chosen file, read in the import worker: its sheet, the header row found by the targets' labels, and the
 * column mapping, which the user can change. One reader per dialog, disposed with it.
 */
export function useSheetFile({ targets, refuse, onNewFile, onSheet }: SheetFileOptions) {
  const reader = useRef<WorkbookReader | null>(null);
  const [file, setFile] = useState<{ name: string } | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [fileError, setFileError] = useState<FileError | null>(null);
  const [sheet, setSheet] = useState<SheetRows | null>(null);
  const [headerRow, setHeaderRow] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping>([]);

  useEffect(() => () => reader.current?.dispose(), []);

  const showSheet = useCallback(
    (data: SheetRows) => {
      onSheet();
      const header = detectHeaderRow(data.rows, targets);
      setSheet(data);
      setHeaderRow(header);
      setMapping(mapColumns(paddedRow(data.rows, header), targets));
    },
    [targets, onSheet],
  );
  const failed = (error: unknown): FileError =>
    error instanceof ReadFailure && error.code !== 'superseded' ? error.code : 'failed';

  const readFile = async (chosen: File) => {
    setFileError(null);
    const refusal = (await refuse(chosen)) ?? (chosen.size > MAX_FILE_BYTES ? 'fileTooLarge' : null);
    if (refusal) return setFileError(refusal);
    setFile({ name: chosen.name });
    setSheet(null);
    onNewFile();
    setReading(0);
    reader.current ??= new WorkbookReader();
    try {
      showSheet(await reader.current.open(chosen, setReading));
      setReading(null);
    } catch (error) {
      if (error instanceof ReadFailure && error.code === 'superseded') return;
      setReading(null);
      setFile(null);
      setFileError(failed(error));
    }
  };

  const chooseSheet = async (name: string) => {
    if (!reader.current) return;
    setReading(0);
    try {
      showSheet(await reader.current.sheet(name));
    } catch (error) {
      if (error instanceof ReadFailure && error.code === 'superseded') return;
      setFileError(failed(error));
    } finally {
      setReading(null);
    }
  };

  const width = useMemo(() => (sheet ? Math.max(0, ...sheet.rows.map((row) => row.length)) : 0), [sheet]);
  const header = useMemo(() => (sheet ? paddedRow(sheet.rows, headerRow, width) : []), [sheet, headerRow, width]);

  /** Another header row: the mapping is found again from its cells. */
  const chooseHeaderRow = (row: number) => {
    if (!sheet) return;
    setHeaderRow(row);
    setMapping(mapColumns(paddedRow(sheet.rows, row, width), targets));
  };

  return {
    file,
    reading,
    fileError,
    sheet,
    headerRow,
    header,
    width,
    mapping,
    setMapping,
    readFile,
    chooseSheet,
    chooseHeaderRow,
  };
}

export interface FileDropProps {
  file: { name: string } | null;
  /** The hint's id: the dialog is described by it. */
  hintId: string;
  /** What to drop or choose, shown until a file is chosen. */
  dropHint: string;
  accept: string;
  /** The region's accessible name (default: the import's "File"). */
  label?: string;
  /** The import's template download; an attachment field has none. */
  templateLabel?: string;
  onTemplate?: () => void;
  chooseButton: RefObject<HTMLButtonElement | null>;
  fileInput: RefObject<HTMLInputElement | null>;
  /** Reading progress in percent, null when not reading. */
  reading: number | null;
  /** The translated reason the file was refused. */
  error: string | null;
  disabled: boolean;
  onFile: (file: File) => void;
  /** More actions beside "Choose a file" (an attachment's remove button). */
  children?: ReactNode;
}

/** The file region: choose or drop a file, download the template, reading progress and the file's error. */
export function FileDrop(props: FileDropProps) {
  const { t } = useTranslation();
  const { file, disabled, onFile, fileInput } = props;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <section
      className="import-drop"
      aria-label={props.label ?? t('import.fileRegion')}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      <p id={props.hintId} className="hint">
        {file ? t('import.fileChosen', { name: file.name }) : props.dropHint}
      </p>
      <div className="import-drop-actions">
        <button ref={props.chooseButton} type="button" onClick={() => fileInput.current?.click()} disabled={disabled}>
          {file ? t('import.chooseOther') : t('import.chooseFile')}
        </button>
        {props.onTemplate && (
          <button type="button" onClick={props.onTemplate}>
            {props.templateLabel}
          </button>
        )}
        {props.children}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={props.accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      {props.reading !== null && (
        <progress max={100} value={props.reading} aria-label={t('import.reading')}>
          {props.reading}%
        </progress>
      )}
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}

export interface SheetMappingProps {
  sheet: SheetRows;
  headerRow: number;
  /** The widest row's cell count. */
  width: number;
  mapping: ColumnMapping;
  setMapping: Dispatch<SetStateAction<ColumnMapping>>;
  /** The fields a file column can fill, labelled (required ones marked). */
  fieldOptions: readonly { field: string; label: string }[];
  mappedCount: number;
  /** The mapping table starts open (something required is unmapped, or nothing is mapped). */
  open: boolean;
  /** How the columns were matched, under the mapping's summary. */
  hint: string;
  onSheet: (name: string) => void;
  onHeaderRow: (row: number) => void;
}

/** The sheet and header-row choices, and the column mapping table with a sample value per file column. */
export function SheetMapping(props: SheetMappingProps) {
  const { t } = useTranslation();
  const { sheet, headerRow, width, mapping, setMapping } = props;
  const header = useMemo(() => paddedRow(sheet.rows, headerRow, width), [sheet, headerRow, width]);
  const samples = useMemo(() => sampleCells(sheet.rows, headerRow, width), [sheet, headerRow, width]);
  return (
    <>
      <div className="import-controls">
        {sheet.sheets.length > 1 && (
          <label className="field">
            {t('import.sheet')}
            <select value={sheet.sheet} onChange={(event) => props.onSheet(event.target.value)}>
              {sheet.sheets.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          {t('import.headerRow')}
          <select value={headerRow} onChange={(event) => props.onHeaderRow(Number(event.target.value))}>
            {sheet.rows.slice(0, HEADER_SCAN_ROWS).map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sheet rows are positional.
              <option key={index} value={index}>
                {t('import.headerRowOption', { line: index + 1, text: rowSummary(row) })}
              </option>
            ))}
          </select>
        </label>
      </div>

      {sheet.rows.length === 0 ? (
        <p className="hint">{t('import.emptySheet')}</p>
      ) : (
        <details className="import-mapping" open={props.open}>
          <summary>{t('import.mapping', { mapped: props.mappedCount, total: width })}</summary>
          <p className="hint">{props.hint}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('import.fileColumn')}</th>
                  <th scope="col">{t('import.sample')}</th>
                  <th scope="col">{t('import.field')}</th>
                </tr>
              </thead>
              <tbody>
                {header.map((cell, index) => {
                  const name =
                    cell === null || cell === '' ? t('import.columnName', { name: columnName(index) }) : String(cell);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: file columns are positional.
                    <tr key={index}>
                      <th scope="row">{name}</th>
                      <td className="import-sample">{samples[index]}</td>
                      <td>
                        <select
                          aria-label={t('import.fieldFor', { column: name })}
                          value={mapping[index] ?? ''}
                          onChange={(event) =>
                            setMapping((current) => assignColumn(current, index, event.target.value || null))
                          }
                        >
                          <option value="">{t('import.notImported')}</option>
                          {props.fieldOptions.map((option) => (
                            <option key={option.field} value={option.field}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </>
  );
}

/** A row's cells, as wide as the widest row (the header row, for mapping). */
export function paddedRow(rows: readonly (readonly Cell[])[], index: number, width = 0): Cell[] {
  const row = [...(rows[index] ?? [])];
  const wide = Math.max(width, ...rows.map((candidate) => candidate.length));
  while (row.length < wide) row.push(null);
  return row;
}

/** Per file column, the first non-empty value in the 49 rows under the header, as text. */
function sampleCells(rows: readonly (readonly Cell[])[], headerRow: number, width: number): string[] {
  return Array.from({ length: width }, (_, c) => {
    for (let r = headerRow + 1; r < Math.min(rows.length, headerRow + 50); r++) {
      const cell = rows[r]?.[c];
      if (cell !== null && cell !== undefined && cell !== '') return cellText(cell);
    }
    return '';
  });
}

/** A row's first cells as one short text, for the header row choice. */
function rowSummary(row: readonly Cell[]): string {
  const text = row
    .filter((cell) => cell !== null && cell !== '')
    .map((cell) => String(cell))
    .join(' · ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text || '—';
}
