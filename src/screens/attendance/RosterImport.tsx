/**
 * Roster import through the shared spreadsheet preview (src/grids/import): the file is read in the import worker, its
 * header row and columns matched to the employee code, the name and the month's days (headed by their date, as the
 * export writes them; the user can change the mapping), every row checked in the preview (unknown employees and
 * codes shown as errors, fixable in place), then the changes are sent as one all-or-nothing PUT by the screen, which
 * makes them one undo step.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWorkbook } from '../../grids/export.ts';
import { ImportShell } from '../../grids/import/ImportShell.tsx';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import { type ImportTarget, unmappedRequired } from '../../grids/import/mapping.ts';
import { PreviewGrid } from '../../grids/import/PreviewGrid.tsx';
import { cellText } from '../../grids/import/preview.ts';
import { useSheetFile } from '../../grids/import/SheetSource.tsx';
import {
  type CellChange,
  type CodeBook,
  checkImport,
  dayHeader,
  type ImportProblem,
  importChanges,
  type RosterRow,
  rosterSheet,
} from './roster.ts';

const problemKeys = {
  required: 'validation.required',
  unknown_employee: 'attendance.roster.importUnknownEmployee',
  duplicate_employee: 'attendance.roster.importDuplicate',
  unknown_shift: 'attendance.roster.importUnknownCode',
} as const satisfies Record<ImportProblem['code'], string>;

const dayField = (day: number) => `day:${day}`;
const EMPLOYEE = 'employee_id';
const NAME = 'fullname';

interface PreviewRow {
  key: string;
  line: number;
  excluded: boolean;
  employeeText: string;
  name: string;
  texts: string[];
  errors: Record<string, string>;
}

export interface RosterImportProps {
  days: readonly string[];
  rows: readonly RosterRow[];
  book: CodeBook;
  onClose: () => void;
  /** Sends the changes (one PUT, one undo step); the dialog closes when it resolves after a success. */
  onImport: (changes: CellChange[]) => Promise<void>;
}

export function RosterImportDialog({ days, rows: current, book, onClose, onImport }: RosterImportProps) {
  const { t, i18n } = useTranslation();
  const locale = t('attendance.report.locale');
  const escapeInEditor = useRef(false);
  const [edits, setEdits] = useState(new Map<string, Record<string, string>>());
  const [saving, setSaving] = useState(false);

  const labels = useMemo(
    () => ({ employeeId: t('attendance.daily.employeeId'), name: t('attendance.daily.name') }),
    [t],
  );
  const targets = useMemo<ImportTarget[]>(
    () => [
      {
        field: EMPLOYEE,
        required: true,
        labels: [...labelsInEveryLanguage(i18n, 'attendance.daily.employeeId'), 'employee_id'],
      },
      { field: NAME, required: false, labels: [...labelsInEveryLanguage(i18n, 'attendance.daily.name'), 'fullname'] },
      ...days.map((date, day) => ({ field: dayField(day), required: false, labels: [date] })),
    ],
    [i18n, days],
  );
  const sheetFile = useSheetFile({
    targets,
    refuse: () => null,
    onNewFile: () => setEdits(new Map()),
    onSheet: () => undefined,
  });
  const { sheet, headerRow, mapping } = sheetFile;

  const mappedDays = useMemo(() => {
    const out = new Set<number>();
    for (const field of mapping) if (field?.startsWith('day:')) out.add(Number(field.slice(4)));
    return out;
  }, [mapping]);
  const members = useMemo(() => current.map((row) => row.employee), [current]);

  const checked = useMemo(() => {
    if (!sheet) return [];
    const input: { key: string; line: number; employeeText: string; texts: string[] }[] = [];
    for (let r = headerRow + 1; r < sheet.rows.length; r++) {
      const source = sheet.rows[r]!;
      let employeeText = '';
      const texts = days.map(() => '');
      mapping.forEach((field, index) => {
        if (field === EMPLOYEE) employeeText = cellText(source[index]);
        else if (field?.startsWith('day:')) texts[Number(field.slice(4))] = cellText(source[index]);
      });
      const key = `r${r + 1}`;
      const edit = edits.get(key);
      if (edit) {
        if (edit[EMPLOYEE] !== undefined) employeeText = edit[EMPLOYEE];
        for (const [field, text] of Object.entries(edit))
          if (field.startsWith('day:')) texts[Number(field.slice(4))] = text;
      }
      if (!employeeText.trim() && !texts.some((text) => text.trim())) continue;
      input.push({ key, line: r + 1, employeeText, texts });
    }
    const result = checkImport(input, members, book);
    return result.map((entry, index) => ({ ...entry, key: input[index]!.key }));
  }, [sheet, headerRow, mapping, edits, days, members, book]);

  const previewRows = useMemo<PreviewRow[]>(
    () =>
      checked.map((entry) => {
        const errors: Record<string, string> = {};
        for (const problem of entry.problems) {
          const field = problem.field === 'day' ? dayField(problem.day) : EMPLOYEE;
          errors[field] = t(problemKeys[problem.code], problem.field === 'day' ? { code: problem.text } : {});
        }
        return {
          key: entry.key,
          line: entry.line,
          excluded: false,
          employeeText: entry.employeeText,
          name: entry.member?.fullname ?? '',
          texts: entry.texts,
          errors,
        };
      }),
    [checked, t],
  );
  const invalid = previewRows.filter((row) => Object.keys(row.errors).length > 0).length;
  const missing = unmappedRequired(mapping, targets);
  const changes = useMemo(
    () => (invalid ? [] : importChanges(checked, current, mappedDays, book)),
    [invalid, checked, current, mappedDays, book],
  );

  const edit = useCallback((key: string, field: string, value: unknown) => {
    setEdits((all) => new Map(all).set(key, { ...all.get(key), [field]: String(value ?? '') }));
  }, []);

  const columnDefs = useMemo<ColDef<PreviewRow>[]>(
    () => [
      {
        colId: '#line',
        headerName: t('import.preview.line'),
        valueGetter: (p) => p.data?.line,
        width: 80,
        pinned: 'left',
      },
      {
        colId: EMPLOYEE,
        headerName: labels.employeeId,
        pinned: 'left',
        width: 120,
        editable: true,
        valueGetter: (p) => p.data?.employeeText ?? '',
        valueSetter: (p) => {
          if (p.data) edit(p.data.key, EMPLOYEE, p.newValue);
          return false;
        },
        tooltipValueGetter: (p) => p.data?.errors[EMPLOYEE],
        cellClassRules: { 'import-cell-invalid': (p) => Boolean(p.data?.errors[EMPLOYEE]) },
      },
      { colId: NAME, headerName: labels.name, width: 170, valueGetter: (p) => p.data?.name ?? '' },
      ...days.flatMap((date, day): ColDef<PreviewRow>[] =>
        mappedDays.has(day)
          ? [
              {
                colId: dayField(day),
                headerName: dayHeader(date, locale),
                headerTooltip: date,
                width: 64,
                editable: true,
                valueGetter: (p) => p.data?.texts[day] ?? '',
                valueSetter: (p) => {
                  if (p.data) edit(p.data.key, dayField(day), p.newValue);
                  return false;
                },
                tooltipValueGetter: (p) => p.data?.errors[dayField(day)],
                cellClassRules: { 'import-cell-invalid': (p) => Boolean(p.data?.errors[dayField(day)]) },
              },
            ]
          : [],
      ),
    ],
    [t, labels, days, mappedDays, locale, edit],
  );

  const template = async () => {
    const XLSX = await import('xlsx');
    const blank = current.map((row) => ({ ...row, codes: row.codes.map(() => null) }));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rosterSheet(labels, days, blank)), 'Roster');
    downloadWorkbook(XLSX, book, `roster-template-${days[0]?.slice(0, 7) ?? ''}.xlsx`);
  };

  const submit = async () => {
    setSaving(true);
    try {
      await onImport(changes);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ImportShell
      title={t('attendance.roster.importTitle')}
      busy={saving}
      onClose={onClose}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: '.xlsx,.xls,.csv',
        dropHint: t('attendance.roster.importHint'),
        templateLabel: t('attendance.roster.template'),
        onTemplate: () => void template(),
      }}
      mapping={{
        fieldOptions: [
          { field: EMPLOYEE, label: labels.employeeId },
          { field: NAME, label: labels.name },
          ...days.map((date, day) => ({ field: dayField(day), label: `${dayHeader(date, locale)} (${date})` })),
        ],
        open: missing.length > 0 || mappedDays.size === 0,
        hint: t('attendance.roster.mappingHint'),
      }}
      footer={{
        confirm: t('attendance.roster.importConfirm', { count: changes.length }),
        canConfirm: !saving && invalid === 0 && missing.length === 0 && changes.length > 0,
        onConfirm: () => void submit(),
      }}
    >
      <p className="import-counts" aria-live="polite">
        <span>{t('attendance.roster.importRows', { count: previewRows.length, days: mappedDays.size })}</span>
        <span className={invalid ? 'import-count-invalid' : undefined}>
          {t('import.counts.invalid', { count: invalid })}
        </span>
        {!invalid && <span>{t('attendance.roster.importChanges', { count: changes.length })}</span>}
      </p>
      <PreviewGrid<PreviewRow>
        label={t('attendance.roster.importPreview')}
        busy={false}
        escapeInEditor={escapeInEditor}
        rows={previewRows}
        columnDefs={columnDefs}
        context={null}
      />
    </ImportShell>
  );
}
