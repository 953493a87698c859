/**
 * Attendance import (a fingerprint machine's export) through the shared spreadsheet preview (src/grids/import): the
 * file is read in the import worker, its header row and columns matched to employee id, date, clock-in and clock-out
 * (the user can change both), every row checked and editable in the preview, then sent in one all-or-nothing request
 * (POST /v1/attendance/import). The server's refusals land on the preview cells.
 */
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { downloadWorkbook } from '../../grids/export.ts';
import { ImportShell } from '../../grids/import/ImportShell.tsx';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import { type ImportTarget, unmappedRequired } from '../../grids/import/mapping.ts';
import { PreviewGrid } from '../../grids/import/PreviewGrid.tsx';
import { cellText } from '../../grids/import/preview.ts';
import { useSheetFile } from '../../grids/import/SheetSource.tsx';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrorText } from '../../validation.ts';
import { importFieldLabels } from './labels.ts';

const fields = ['employee_id', 'date', 'clock_in', 'clock_out'] as const;
type Field = (typeof fields)[number];

interface Row {
  key: string;
  line: number;
  excluded: boolean;
  texts: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
}

/** A date as YYYY-MM-DD from what a sheet holds: 2026-03-02, 2026-03-02T00:00, 02/03/2026 (day first). */
export function dateText(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return null;
}
/** HH:mm from 8:05, 08:05, 08:05:00 or a date-time. */
export function timeText(text: string): string | null {
  const match = /(?:^|T)(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

function check(t: TFunction, texts: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!texts.employee_id.trim()) errors.employee_id = t('validation.required');
  if (!dateText(texts.date)) errors.date = t('grid.errors.date');
  if (texts.clock_in.trim() && !timeText(texts.clock_in)) errors.clock_in = t('validation.time');
  if (texts.clock_out.trim() && !timeText(texts.clock_out)) errors.clock_out = t('validation.time');
  if (!texts.clock_in.trim() && !texts.clock_out.trim()) errors.clock_in = t('validation.required');
  return errors;
}

export function AttendanceImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const escapeInEditor = useRef(false);
  const [edits, setEdits] = useState(new Map<string, Partial<Record<Field, string>>>());
  const [serverErrors, setServerErrors] = useState(new Map<number, Partial<Record<Field, string>>>());
  const [saving, setSaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const label = useCallback((field: Field) => t(importFieldLabels[field]), [t]);
  const targets = useMemo<ImportTarget[]>(
    () =>
      fields.map((field) => ({
        field,
        required: field !== 'clock_out',
        labels: [...labelsInEveryLanguage(i18n, importFieldLabels[field]), field],
      })),
    [i18n],
  );
  const sheetFile = useSheetFile({
    targets,
    refuse: () => null,
    onNewFile: () => setEdits(new Map()),
    onSheet: () => setServerErrors(new Map()),
  });
  const { sheet, headerRow, mapping } = sheetFile;

  const rows = useMemo<Row[]>(() => {
    if (!sheet) return [];
    const out: Row[] = [];
    for (let r = headerRow + 1; r < sheet.rows.length; r++) {
      const source = sheet.rows[r]!;
      const texts = { employee_id: '', date: '', clock_in: '', clock_out: '' } as Record<Field, string>;
      mapping.forEach((field, index) => {
        if (field && (fields as readonly string[]).includes(field)) texts[field as Field] = cellText(source[index]);
      });
      if (!Object.values(texts).some((text) => text.trim())) continue;
      const key = `r${r + 1}`;
      Object.assign(texts, edits.get(key));
      out.push({ key, line: r + 1, excluded: false, texts, errors: check(t, texts) });
    }
    out.forEach((row, index) => {
      const fromServer = serverErrors.get(index);
      if (fromServer) row.errors = { ...fromServer, ...row.errors };
    });
    return out;
  }, [sheet, headerRow, mapping, edits, serverErrors, t]);
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  const missing = unmappedRequired(mapping, targets);

  const columnDefs = useMemo<ColDef<Row>[]>(
    () => [
      { colId: '#line', headerName: t('import.preview.line'), valueGetter: (p) => p.data?.line, width: 80 },
      ...fields.map(
        (field): ColDef<Row> => ({
          colId: field,
          headerName: label(field),
          width: 150,
          editable: true,
          valueGetter: (p) => p.data?.texts[field] ?? '',
          valueSetter: (p) => {
            if (p.data) {
              const key = p.data.key;
              setEdits((current) =>
                new Map(current).set(key, { ...current.get(key), [field]: String(p.newValue ?? '') }),
              );
            }
            return false;
          },
          tooltipValueGetter: (p) => p.data?.errors[field],
          cellClassRules: { 'import-cell-invalid': (p) => Boolean(p.data?.errors[field]) },
        }),
      ),
    ],
    [t, label],
  );

  const submit = async () => {
    setSaving(true);
    setSubmitError(null);
    try {
      const body = {
        rows: rows.map((row) => ({
          employee_id: row.texts.employee_id.trim(),
          date: dateText(row.texts.date) ?? row.texts.date,
          clock_in: timeText(row.texts.clock_in),
          clock_out: timeText(row.texts.clock_out),
        })),
      };
      const { data } = await call(
        api.POST('/v1/attendance/import', { body, headers: { [INLINE_ERRORS_HEADER]: '1' } }),
      );
      toast(t('attendance.import.done', { count: data.created + data.updated }), 'success');
      onClose(true);
    } catch (reason) {
      const error = toApiError(reason);
      if (error.code === 'bulk_invalid' && error.rows) {
        const map = new Map<number, Partial<Record<Field, string>>>();
        for (const report of error.rows as {
          index: number;
          fields?: Record<string, { code: string; message: string }>;
        }[])
          map.set(
            report.index,
            Object.fromEntries(
              Object.entries(report.fields ?? {}).map(([f, detail]) => [f, fieldErrorText(t, detail)]),
            ),
          );
        setServerErrors(map);
        setSubmitError(t('attendance.import.serverInvalid'));
      } else setSubmitError(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const template = async () => {
    const XLSX = await import('xlsx');
    const sheetData = XLSX.utils.aoa_to_sheet([fields.map(label), ['EMP-0001', '2026-03-02', '08:00', '17:00']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheetData, 'Attendance');
    downloadWorkbook(XLSX, book, 'attendance-template.xlsx');
  };

  return (
    <ImportShell
      title={t('attendance.import.title')}
      busy={saving}
      onClose={() => onClose(false)}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: '.xlsx,.xls,.csv',
        dropHint: t('attendance.import.dropHint'),
        templateLabel: t('attendance.import.template'),
        onTemplate: () => void template(),
      }}
      mapping={{
        fieldOptions: fields.map((field) => ({ field, label: label(field) })),
        open: missing.length > 0,
        hint: t('attendance.import.mappingHint'),
      }}
      error={submitError}
      footer={{
        confirm: t('attendance.import.confirm', { count: rows.length }),
        canConfirm: !saving && rows.length > 0 && invalid === 0 && missing.length === 0,
        onConfirm: () => void submit(),
      }}
    >
      <p className="import-counts" aria-live="polite">
        <span>{t('attendance.import.rows', { count: rows.length })}</span>
        <span className={invalid ? 'import-count-invalid' : undefined}>
          {t('import.counts.invalid', { count: invalid })}
        </span>
      </p>
      <PreviewGrid<Row>
        label={t('attendance.import.preview')}
        busy={false}
        escapeInEditor={escapeInEditor}
        rows={rows}
        columnDefs={columnDefs}
        context={null}
      />
    </ImportShell>
  );
}
