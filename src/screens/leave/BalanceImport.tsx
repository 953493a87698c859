/**
 * Setting leave balances from a spreadsheet (spec 7 `leave-balance` import): the file is read in the import worker
 * (SheetSource), its columns matched to employee id, leave type, year, remaining and note, every row checked in the
 * preview (PreviewGrid), then all rows sent at once: the server adjusts each balance to the remaining given, or
 * refuses the whole file, its reasons landing on the preview's rows.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { ImportShell } from '../../grids/import/ImportShell.tsx';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import type { ImportTarget } from '../../grids/import/mapping.ts';
import { PreviewGrid } from '../../grids/import/PreviewGrid.tsx';
import { cellText } from '../../grids/import/preview.ts';
import { useSheetFile } from '../../grids/import/SheetSource.tsx';
import { fieldLabel } from '../../grids/labels.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrorText } from '../../validation.ts';
import {
  balanceSpec,
  checkImportRow,
  type ImportField,
  type ImportRow,
  importFields,
  type Option,
  requiredImportFields,
  sendImport,
} from './balance.ts';

const ACCEPT = '.xlsx,.xls,.csv';

const problemKeys = {
  required: 'leave.import.problems.required',
  year: 'leave.import.problems.year',
  number: 'leave.import.problems.number',
  unknownType: 'leave.import.problems.unknownType',
  unlimited: 'leave.import.problems.unlimited',
  duplicate: 'leave.import.problems.duplicate',
  server: 'leave.import.problems.server',
} as const;

export function BalanceImport({ rules, onClose }: { rules: readonly Option[]; onClose: (imported: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const escapeInEditor = useRef(false);
  const [serverProblems, setServerProblems] = useState<Map<number, ImportRow['problem']>>(new Map());
  const [saving, setSaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const label = useCallback((field: string) => fieldLabel(t, balanceSpec, field), [t]);
  const targets = useMemo<ImportTarget[]>(
    () =>
      importFields.map((field) => ({
        field,
        required: requiredImportFields.includes(field),
        labels: labelsInEveryLanguage(i18n, `resources.leave-balance.fields.${field}`),
      })),
    [i18n],
  );
  const sheetFile = useSheetFile({
    targets,
    refuse: () => null,
    onNewFile: () => setServerProblems(new Map()),
    onSheet: () => setServerProblems(new Map()),
  });
  const { sheet, headerRow, mapping } = sheetFile;

  const rows = useMemo<ImportRow[]>(() => {
    if (!sheet) return [];
    const columnOf = (field: ImportField) => mapping.indexOf(field);
    const seen = new Map<string, number>();
    const out: ImportRow[] = [];
    for (let r = headerRow + 1; r < sheet.rows.length; r++) {
      const source = sheet.rows[r] ?? [];
      const value = (field: ImportField) => {
        const index = columnOf(field);
        return index < 0 ? '' : cellText(source[index]).trim();
      };
      const base = {
        key: `r${r + 1}`,
        line: r + 1,
        employee_id: value('employee_id'),
        leave_type: value('leave_type'),
        year: value('year'),
        remaining: value('remaining'),
        note: value('note'),
      };
      if (importFields.every((field) => !base[field])) continue;
      const problem = checkImportRow(base, rules, seen) ?? serverProblems.get(out.length) ?? null;
      out.push({ ...base, excluded: false, problem });
    }
    return out;
  }, [sheet, headerRow, mapping, rules, serverProblems]);

  const missing = requiredImportFields.filter((field) => !mapping.includes(field));
  const invalid = rows.filter((row) => row.problem).length;
  const canImport = rows.length > 0 && invalid === 0 && missing.length === 0 && !saving;

  const columnDefs = useMemo<ColDef<ImportRow>[]>(() => {
    const problemText = (row: ImportRow) =>
      row.problem
        ? `${label(row.problem.field)}: ${row.problem.detail ?? t(problemKeys[row.problem.code])}`
        : t('leave.import.ok');
    return [
      { colId: '#line', headerName: t('import.preview.line'), field: 'line', width: 80, pinned: 'left' },
      {
        colId: '#status',
        headerName: t('import.preview.status'),
        valueGetter: (params) => (params.data ? problemText(params.data) : ''),
        width: 280,
        pinned: 'left',
        cellClassRules: { 'import-status-invalid': (params) => Boolean(params.data?.problem) },
      },
      ...importFields.map((field) => ({ colId: field, field, headerName: label(field), width: 160 })),
    ];
  }, [t, label]);

  const submit = async () => {
    setSaving(true);
    setSubmitError(null);
    try {
      const report = await sendImport(rows);
      const adjusted = report.filter((entry) => entry.status === 'adjusted').length;
      toast(t('leave.import.done', { adjusted, unchanged: report.length - adjusted }), 'success');
      onClose(true);
    } catch (reason) {
      const error = toApiError(reason);
      const reported = error.rows as
        | { index: number; fields?: Record<string, { code: string; message: string }> }[]
        | undefined;
      if (reported?.length) {
        const problems = new Map<number, ImportRow['problem']>();
        for (const entry of reported) {
          const [field, detail] = Object.entries(entry.fields ?? {})[0] ?? ['employee_id', { code: '', message: '' }];
          problems.set(entry.index, {
            field: (importFields.includes(field as ImportField) ? field : 'employee_id') as ImportField,
            code: 'server',
            detail: fieldErrorText(t, detail),
          });
        }
        setServerProblems(problems);
        setSubmitError(t('import.serverInvalid'));
      } else {
        setSubmitError(errorText(t, error));
      }
      setSaving(false);
    }
  };

  const downloadTemplate = async () => {
    const XLSX = await import('xlsx');
    const example = [['EMP-0001', rules.find((rule) => !rule.unlimited)?.label ?? 'Annual Leave', 2026, 12, '']];
    const sheetData = XLSX.utils.aoa_to_sheet([importFields.map((field) => label(field)), ...example]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheetData, 'Leave balance');
    XLSX.writeFile(book, 'leave-balance-template.xlsx', { bookType: 'xlsx', compression: true });
  };

  return (
    <ImportShell
      title={t('leave.import.title')}
      intro={t('leave.import.intro')}
      busy={saving}
      onClose={() => onClose(false)}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: ACCEPT,
        dropHint: t('import.dropHint'),
        templateLabel: t('import.template.download'),
        onTemplate: () => void downloadTemplate(),
        onChoose: () => setSubmitError(null),
      }}
      mapping={{
        fieldOptions: importFields.map((field) => ({
          field,
          label: `${label(field)}${requiredImportFields.includes(field) ? ' *' : ''}`,
        })),
        open: missing.length > 0,
        hint: t('import.mappingHint'),
      }}
      error={submitError}
      footer={{
        hint: rows.length > 0 && invalid > 0 ? t('leave.import.blocked') : null,
        confirm: saving ? t('import.importingShort') : t('import.confirm', { count: rows.length }),
        canConfirm: canImport,
        onConfirm: () => void submit(),
      }}
    >
      {missing.length > 0 && (
        <p className="form-error" role="alert">
          {t('import.missingRequired', { fields: missing.map(label).join(', ') })}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p className="import-summary" aria-live="polite">
            {t('leave.import.summary', { count: rows.length, invalid })}
          </p>
          <PreviewGrid<ImportRow>
            label={t('import.previewRegion')}
            busy={false}
            escapeInEditor={escapeInEditor}
            rows={rows}
            columnDefs={columnDefs}
            context={{}}
          />
        </>
      )}
    </ImportShell>
  );
}
