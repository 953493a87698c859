/**
 * Import from a spreadsheet (.xlsx, .xls, .csv) into a grid's list: the file is read in a worker, the header row and
 * the columns are matched to fields (the user can change both), every row is parsed and checked in a preview the
 * user can correct in place, and the rows are written in one all-or-nothing bulk request. Cancel writes nothing.
 */
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { startTask } from '../../overlays/progress.ts';
import { errorText, fieldErrorText } from '../../validation.ts';
import { type BulkReport, type BulkRowReport, importRows } from '../api.ts';
import { createEnumLookup } from '../enumLookup.ts';
import { downloadWorkbook, fileDate, sheetName } from '../export.ts';
import { fieldLabel, resourceTitle } from '../labels.ts';
import { cellErrorText, displayCell } from '../parse.ts';
import { loadReferenceIndex } from '../references.ts';
import type { AnyColumn, AnyGridSpec, ParseContext } from '../types.ts';
import { failedRowsBook } from './failedRows.ts';
import { ImportShell } from './ImportShell.tsx';
import { labelsInEveryLanguage } from './labels.ts';
import { ID_FIELD, type ImportTarget, unmappedRequired } from './mapping.ts';
import { PreviewBody } from './PreviewGrid.tsx';
import {
  applyServerReport,
  bulkRow,
  countRows,
  createMatcher,
  type DraftRow,
  draftRow,
  type Evaluator,
  evaluateRow,
  mapInSlices,
  mappedColumns,
  markDuplicates,
  type PreviewError,
  type PreviewRow,
} from './preview.ts';
import type { Cell } from './protocol.ts';
import { MAX_IMPORT_ROWS } from './readWorkbook.ts';
import { useSheetFile } from './SheetSource.tsx';
import { headerLabels } from './synonyms.ts';
import { downloadTemplate, importableColumns } from './template.ts';

/** The file types the file chooser offers. */
export const ACCEPT = '.xlsx,.xls,.csv';
const ACCEPTED_NAME = /\.(xlsx|xls|csv)$/i;

/** What `onImported` receives: the server's report, and how many rows were left out. */
export interface ImportReport extends BulkReport {
  excluded: number;
}

export interface ImportDialogProps {
  spec: AnyGridSpec;
  /** Rows the grid has loaded: file rows matching one (by `_id` or the natural key) count as updates. */
  existing: readonly Record<string, unknown>[];
  onClose: () => void;
  /** After a successful import (the dialog stays open on its summary). */
  onImported?: (report: ImportReport) => void;
}

const statusKeys = {
  new: 'import.status.new',
  update: 'import.status.update',
  invalid: 'import.status.invalid',
  excluded: 'import.status.excluded',
} as const;

/** Server row problems the validation texts do not cover. */
const serverErrorKeys: Record<
  string,
  'import.serverErrors.duplicate' | 'import.serverErrors.not_found' | 'import.serverErrors.conflict'
> = {
  duplicate: 'import.serverErrors.duplicate',
  not_found: 'import.serverErrors.not_found',
  conflict: 'import.serverErrors.conflict',
};

type GridRow = PreviewRow & { excluded: boolean };

function previewErrorText(t: TFunction, error: PreviewError): string {
  if (error.code === 'duplicate') return t('import.cellErrors.duplicate');
  if (error.code === 'badId') return t('import.cellErrors.badId');
  return cellErrorText(t, error);
}

const fieldName = (t: TFunction, spec: AnyGridSpec, field: string) =>
  field === ID_FIELD ? t('import.recordId') : fieldLabel(t, spec, field);

/** A row's problems as one text: 'Code: Required; Head: …'. */
function rowReason(t: TFunction, spec: AnyGridSpec, row: PreviewRow): string {
  return Object.entries(row.errors)
    .map(([field, error]) => `${fieldName(t, spec, field)}: ${previewErrorText(t, error)}`)
    .join('; ');
}

/** A cell's text; when refused, the reason too, on hover and for screen readers. */
function PreviewCell(props: CustomCellRendererProps<GridRow>) {
  const context = props.context as { reasonOf: (row: GridRow, field: string) => string | null };
  const field = props.colDef?.colId ?? '';
  const reason = props.data ? context.reasonOf(props.data, field) : null;
  const text = props.valueFormatted ?? (props.value === null || props.value === undefined ? '' : String(props.value));
  return (
    <span title={reason ?? undefined}>
      <span>{text}</span>
      {reason && <span className="visually-hidden"> ({reason})</span>}
    </span>
  );
}

export function ImportDialog({ spec, existing, onClose, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const doneButton = useRef<HTMLButtonElement>(null);
  const escapeInEditor = useRef(false);
  const title = resourceTitle(t, spec);
  // The rows as they were when the dialog opened: the grid re-rendering must not re-check the preview.
  const [matchable] = useState(existing);
  /** The loaded versions of the rows an import may update, which it sends with each update. */
  const versions = useMemo(
    () =>
      new Map(
        matchable.flatMap((row) =>
          typeof row._id === 'string' && typeof row.version === 'number' ? [[row._id, row.version] as const] : [],
        ),
      ),
    [matchable],
  );
  /** The user's corrections by row key and field: kept when the mapping or the reference lists change. */
  const corrections = useRef(new Map<string, Record<string, string>>());

  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [excludeInvalid, setExcludeInvalid] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [parse, setParse] = useState<ParseContext | null>(null);
  const [saving, setSaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [result, setResult] = useState<{ report: BulkReport; excluded: PreviewRow[] } | null>(null);

  // The choose button is gone once the import is done: focus goes to the summary's Close.
  useEffect(() => {
    if (result) doneButton.current?.focus();
  }, [result]);

  // ---- what the import writes, and how the file's headers find it
  const columns = useMemo(() => importableColumns(spec), [spec]);
  const columnsByField = useMemo(
    () => new Map<string, AnyColumn>(columns.map((column) => [column.field, column])),
    [columns],
  );
  const targets = useMemo<ImportTarget[]>(
    () => [
      ...columns.map((column) => ({
        field: column.field,
        required: Boolean(column.required),
        labels: headerLabels(
          column.field,
          labelsInEveryLanguage(i18n, `resources.${spec.resource}.fields.${column.field}`),
        ),
      })),
      { field: ID_FIELD, required: false, labels: [] },
    ],
    [columns, i18n, spec.resource],
  );

  // ---- parsing needs the referenced lists: loaded once, while the user picks a file
  useEffect(() => {
    const abort = new AbortController();
    loadReferenceIndex(spec.columns, {}, abort.signal).then(
      (references) => setParse({ enumLookup: createEnumLookup(i18n), references }),
      () => {},
    );
    return () => abort.abort();
  }, [spec.columns, i18n]);

  const evaluator = useMemo<Evaluator | null>(
    () => (parse ? { columns: columnsByField, parse, match: createMatcher(spec, matchable) } : null),
    [parse, columnsByField, spec, matchable],
  );

  // ---- the file
  const sheetFile = useSheetFile({
    targets,
    refuse: (chosen) => (ACCEPTED_NAME.test(chosen.name) ? null : 'wrongType'),
    onNewFile: () => setRows([]),
    onSheet: () => corrections.current.clear(),
  });
  const { sheet, headerRow, header, mapping } = sheetFile;

  // ---- the preview rows: rebuilt when the sheet, header row or mapping change (corrections are kept per row).
  // Reading and checking 10,000 rows takes a few hundred milliseconds: it runs in slices (`mapInSlices`), so the
  // page never freezes meanwhile. Import waits for it; a newer sheet, header row or mapping cancels it.
  const [checking, setChecking] = useState(false);
  /** Rows corrected while a check runs: checked again, with the correction, when it ends. */
  const correctedWhileChecking = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!evaluator) return;
    const corrected = (draft: DraftRow): DraftRow => {
      const edits = corrections.current.get(draft.key);
      if (!edits) return draft;
      const texts = { ...draft.texts };
      for (const [field, text] of Object.entries(edits)) if (field in texts) texts[field] = text;
      return { ...draft, texts };
    };
    const check = (draft: DraftRow) => evaluateRow(corrected(draft), evaluator);
    const mapped = mappedColumns(mapping, columnsByField);
    const first = headerRow + 1;
    const body = sheet ? sheet.rows.slice(first) : [];
    let cancelled = false;
    const correctedMeanwhile = new Set<string>();
    correctedWhileChecking.current = correctedMeanwhile;
    setChecking(true);
    const checkRow = (source: readonly Cell[], index: number) => {
      const draft = draftRow(source, first + index, mapped);
      return draft && check(draft);
    };
    void mapInSlices(body, checkRow, () => cancelled).then((results) => {
      if (!results) return;
      const checked = results
        .filter((row): row is PreviewRow => row !== null)
        .map((row) => (correctedMeanwhile.has(row.key) ? check(row) : row));
      correctedWhileChecking.current = null;
      setRows(markDuplicates(checked, spec.naturalKey));
      setChecking(false);
      setSubmitError(null);
    });
    return () => {
      cancelled = true;
    };
  }, [sheet, headerRow, mapping, columnsByField, evaluator, spec.naturalKey]);
  const tooMany = rows.length > MAX_IMPORT_ROWS || Boolean(sheet?.truncated);

  const edit = useCallback(
    (key: string, field: string, text: string) => {
      if (!evaluator) return;
      corrections.current.set(key, { ...corrections.current.get(key), [field]: text });
      correctedWhileChecking.current?.add(key);
      setRows((current) => {
        const index = current.findIndex((row) => row.key === key);
        const row = current[index];
        if (!row || row.texts[field] === text) return current;
        const next = current.slice();
        next[index] = evaluateRow({ ...row, texts: { ...row.texts, [field]: text } }, evaluator);
        return markDuplicates(next, spec.naturalKey);
      });
    },
    [evaluator, spec.naturalKey],
  );

  const counts = useMemo(() => countRows(rows), [rows]);
  const included = useMemo(
    () => (excludeInvalid ? rows.filter((row) => row.status !== 'invalid') : rows),
    [rows, excludeInvalid],
  );
  const excludedCount = rows.length - included.length;
  const blockingInvalid = included.some((row) => row.status === 'invalid');
  const missing = useMemo(() => unmappedRequired(mapping, targets), [mapping, targets]);
  const canImport = !saving && !checking && !!evaluator && included.length > 0 && !blockingInvalid && !tooMany;

  // ---- the preview grid
  const gridRows = useMemo<GridRow[]>(
    () =>
      (onlyProblems ? rows.filter((row) => row.status === 'invalid') : rows).map((row) => ({
        ...row,
        excluded: excludeInvalid && row.status === 'invalid',
      })),
    [rows, onlyProblems, excludeInvalid],
  );
  const mappedFields = useMemo(() => {
    const mapped = new Set(mapping.filter((field): field is string => field !== null));
    return [...columns.map((column) => column.field), ID_FIELD].filter((field) => mapped.has(field));
  }, [mapping, columns]);

  const editRef = useRef(edit);
  editRef.current = edit;
  const gridContext = useMemo(
    () => ({
      reasonOf: (row: GridRow, field: string) => {
        if (field === '#status') return row.status === 'invalid' ? rowReason(t, spec, row) : null;
        const error = row.errors[field];
        return error ? previewErrorText(t, error) : null;
      },
    }),
    [t, spec],
  );

  const columnDefs = useMemo<ColDef<GridRow>[]>(
    () => [
      {
        colId: '#line',
        headerName: t('import.preview.line'),
        valueGetter: (params) => params.data?.line,
        width: 80,
        pinned: 'left',
        type: 'rightAligned',
      },
      {
        colId: '#status',
        headerName: t('import.preview.status'),
        valueGetter: (params) =>
          params.data ? t(statusKeys[params.data.excluded ? 'excluded' : params.data.status]) : '',
        width: 130,
        pinned: 'left',
        // Only refused cells need the reason in them: plain cells render faster (10,000 rows scroll by).
        cellRendererSelector: (params) => (params.data?.status === 'invalid' ? { component: PreviewCell } : undefined),
        tooltipValueGetter: (params) =>
          params.data?.status === 'invalid' ? rowReason(t, spec, params.data) : undefined,
        cellClassRules: {
          'import-status-invalid': (params) => params.data?.status === 'invalid',
          'import-status-new': (params) => params.data?.status === 'new',
        },
      },
      ...mappedFields.map((field): ColDef<GridRow> => {
        const column = columnsByField.get(field);
        return {
          colId: field,
          headerName: fieldName(t, spec, field),
          width: column?.width ?? 180,
          editable: true,
          valueGetter: (params) => params.data?.texts[field] ?? '',
          valueSetter: (params) => {
            if (params.data) editRef.current(params.data.key, field, String(params.newValue ?? ''));
            return false;
          },
          valueFormatter: (params) => {
            const row = params.data;
            if (!row || !column || row.errors[field] || row.values[field] === undefined)
              return String(params.value ?? '');
            return displayCell(column, row.values[field], t, language);
          },
          tooltipValueGetter: (params) => {
            const error = params.data?.errors[field];
            return error ? previewErrorText(t, error) : undefined;
          },
          cellRendererSelector: (params) => (params.data?.errors[field] ? { component: PreviewCell } : undefined),
          cellClassRules: { 'import-cell-invalid': (params) => Boolean(params.data?.errors[field]) },
        };
      }),
    ],
    [t, spec, mappedFields, columnsByField, language],
  );

  // ---- writing
  const submit = async () => {
    if (!canImport || !evaluator) return;
    const sent = included;
    setSaving(true);
    setSubmitError(null);
    const task = startTask(t('import.importing', { name: title }));
    try {
      const report = await importRows(
        spec,
        sent.map((row) => bulkRow(row, columnsByField, versions)),
      );
      task.succeed(t('import.done', { created: report.created, updated: report.updated, unchanged: report.unchanged }));
      const sentKeys = new Set(sent.map((row) => row.key));
      const excluded = rows.filter((row) => !sentKeys.has(row.key));
      setResult({ report, excluded });
      onImported?.({ ...report, excluded: excluded.length });
    } catch (reason) {
      const error = toApiError(reason);
      let message: string;
      if (error.code === 'bulk_invalid' && error.rows) {
        const describe = (detail: { code: string; message: string; params?: Record<string, unknown> }) => {
          const key = serverErrorKeys[detail.code];
          return key ? t(key) : fieldErrorText(t, detail);
        };
        setRows((current) => applyServerReport(current, sent, error.rows as BulkRowReport[], describe));
        message = t('import.serverInvalid');
      } else {
        message = errorText(t, error);
      }
      setSubmitError(message);
      task.fail(message);
    } finally {
      setSaving(false);
    }
  };

  const downloadFailed = async () => {
    if (!result?.excluded.length) return;
    const XLSX = await import('xlsx');
    const book = failedRowsBook(XLSX, {
      header,
      mapping,
      columns: columnsByField,
      rows: result.excluded,
      reason: (row) => rowReason(t, spec, row),
      reasonHeader: t('import.reason'),
      sheetName: sheetName(t('import.failedSheet'), 'Failed'),
    });
    downloadWorkbook(XLSX, book, `${spec.resource}-failed-${fileDate()}.xlsx`);
  };

  // ---- the view
  /** The field choices of every file column (the same list in each: labelled once). */
  const fieldOptions = useMemo(
    () =>
      targets.map((target) => ({
        field: target.field,
        label: `${fieldName(t, spec, target.field)}${target.required ? ' *' : ''}`,
      })),
    [targets, t, spec],
  );

  const summary = result && (
    <section className="stack" aria-live="polite">
      <p>
        {t('import.done', {
          created: result.report.created,
          updated: result.report.updated,
          unchanged: result.report.unchanged,
        })}
      </p>
      {result.excluded.length > 0 && (
        <>
          <p>{t('import.excludedRows', { count: result.excluded.length })}</p>
          <div>
            <button type="button" onClick={() => void downloadFailed()}>
              {t('import.downloadFailed')}
            </button>
          </div>
        </>
      )}
      <div className="dialog-actions">
        <button ref={doneButton} type="button" className="primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );

  return (
    <ImportShell
      title={t('import.title', { name: title })}
      busy={saving}
      onClose={onClose}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: ACCEPT,
        dropHint: t('import.dropHint'),
        templateLabel: t('import.template.download'),
        onTemplate: () => void downloadTemplate(spec, t),
        onChoose: () => setSubmitError(null),
      }}
      mapping={{
        fieldOptions,
        mappedCount: mappedFields.length,
        open: missing.length > 0 || mappedFields.length === 0,
        hint: t('import.mappingHint'),
      }}
      error={submitError}
      footer={{
        hint:
          sheet && rows.length > 0 ? (blockingInvalid ? t('import.blockedInvalid') : t('import.emptyCellsHint')) : null,
        confirm: saving ? t('import.importingShort') : t('import.confirm', { count: included.length }),
        canConfirm: canImport,
        onConfirm: () => void submit(),
      }}
      done={summary}
    >
      <PreviewBody<GridRow>
        missing={
          missing.length > 0
            ? t('import.missingRequired', { fields: missing.map((field) => fieldLabel(t, spec, field)).join(', ') })
            : null
        }
        tooMany={tooMany}
        counts={counts}
        excluded={excludedCount}
        excludeInvalid={{ checked: excludeInvalid, onChange: setExcludeInvalid }}
        onlyProblems={{ checked: onlyProblems, onChange: setOnlyProblems }}
        fileRows={rows.length}
        ready={!!evaluator}
        label={t('import.previewRegion')}
        busy={checking}
        escapeInEditor={escapeInEditor}
        rows={gridRows}
        columnDefs={columnDefs}
        context={gridContext}
      />
    </ImportShell>
  );
}
