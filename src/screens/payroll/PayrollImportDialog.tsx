/**
 * payroll-import's upload dialog: the file read in the import worker (SheetSource), its columns matched to employee,
 * year, month and the company's components, every cell checked in the preview (PreviewGrid), then all rows sent at
 * once and saved (spec 5: after an import the data is saved automatically). The server's refusals land on their cells.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { ImportShell } from '../../grids/import/ImportShell.tsx';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import type { ImportTarget } from '../../grids/import/mapping.ts';
import { PreviewGrid } from '../../grids/import/PreviewGrid.tsx';
import { useSheetFile } from '../../grids/import/SheetSource.tsx';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrorText } from '../../validation.ts';
import {
  fixedFields,
  type PayrollImportRow,
  type PayrollImportTarget,
  type Problem,
  type ProblemCode,
  readRows,
  sendImport,
  type Template,
} from './importRows.ts';

const ACCEPT = '.xlsx,.xls,.csv';

const problemKeys = {
  required: 'payrollImport.problems.required',
  year: 'payrollImport.problems.year',
  month: 'payrollImport.problems.month',
  amount: 'payrollImport.problems.amount',
  unknownEmployee: 'payrollImport.problems.unknownEmployee',
  duplicate: 'payrollImport.problems.duplicate',
  server: 'payrollImport.problems.server',
} as const satisfies Record<ProblemCode, string>;

interface Props {
  template: Template;
  period: { year: number; month: number };
  /** A field's label in the current language (employee_id, year, a component key…). */
  label: (field: string) => string;
  /** A field's labels in every language, for matching the file's headers. */
  labels: (field: string) => string[];
  /** Downloads the month's template. */
  onTemplate: () => void;
  onClose: (imported: boolean) => void;
  /** A daily payroll's inputs instead of the month's components (the daily payroll screen). */
  target?: PayrollImportTarget;
}

export function PayrollImportDialog({ template, period, label, labels, onTemplate, onClose, target }: Props) {
  const { t, i18n } = useTranslation();
  const escapeInEditor = useRef(false);
  const [serverProblems, setServerProblems] = useState<Map<number, Record<string, Problem>>>(new Map());
  const [saving, setSaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const fields = useMemo(() => [...fixedFields, ...template.components.map((component) => component.key)], [template]);
  const targets = useMemo<ImportTarget[]>(
    () =>
      fields.map((field) => ({
        field,
        required: field === 'employee_id',
        labels: [
          ...labels(field),
          ...(field === 'employee_id' ? labelsInEveryLanguage(i18n, 'payrollImport.employeeId') : []),
        ],
      })),
    [fields, labels, i18n],
  );
  const resetServer = useCallback(() => setServerProblems(new Map()), []);
  const sheetFile = useSheetFile({ targets, refuse: () => null, onNewFile: resetServer, onSheet: resetServer });
  const { sheet, headerRow, mapping } = sheetFile;

  const rows = useMemo<PayrollImportRow[]>(() => {
    if (!sheet) return [];
    return readRows(sheet.rows, headerRow, { period, template, mapping }).map((row, index) => {
      const server = serverProblems.get(index);
      return server ? { ...row, problems: { ...server, ...row.problems } } : row;
    });
  }, [sheet, headerRow, mapping, period, template, serverProblems]);

  const mappedComponents = mapping.filter((field) => field && !(fixedFields as readonly string[]).includes(field));
  const missing = mapping.includes('employee_id') ? [] : ['employee_id'];
  const invalid = rows.filter((row) => Object.keys(row.problems).length > 0).length;
  const canImport = rows.length > 0 && invalid === 0 && missing.length === 0 && mappedComponents.length > 0 && !saving;

  const problemText = useCallback(
    (field: string, problem: Problem) =>
      `${label(field)}: ${problem.detail ?? t(problemKeys[problem.code], { month: period.month, year: period.year })}`,
    [label, t, period],
  );

  const columnDefs = useMemo<ColDef<PayrollImportRow>[]>(() => {
    const shown = mapping.filter((field): field is string => Boolean(field));
    const invalidCell = (field: string) => ({
      'import-cell-invalid': (params: { data?: PayrollImportRow }) => Boolean(params.data?.problems[field]),
    });
    return [
      { colId: '#line', headerName: t('import.preview.line'), field: 'line', width: 80, pinned: 'left' },
      {
        colId: '#status',
        headerName: t('import.preview.status'),
        valueGetter: (params) => {
          const entries = Object.entries(params.data?.problems ?? {});
          return entries.length
            ? entries.map(([field, problem]) => problemText(field, problem)).join('; ')
            : t('payrollImport.ok');
        },
        tooltipValueGetter: (params) => params.value as string,
        width: 300,
        pinned: 'left',
        cellClassRules: { 'import-status-invalid': (params) => Object.keys(params.data?.problems ?? {}).length > 0 },
      },
      // The name the id points at, unless the file's own name column is shown.
      ...(shown.includes('fullname')
        ? []
        : [
            {
              colId: '#employee',
              headerName: t('payrollImport.employee'),
              valueGetter: (params: { data?: PayrollImportRow }) => params.data?.employeeName ?? '',
              width: 200,
            },
          ]),
      ...shown.map<ColDef<PayrollImportRow>>((field) => ({
        colId: field,
        headerName: label(field),
        valueGetter: (params) => params.data?.texts[field] ?? '',
        tooltipValueGetter: (params) => {
          const problem = params.data?.problems[field];
          return problem ? problemText(field, problem) : undefined;
        },
        width: field === 'employee_id' ? 140 : 170,
        type: fixedFields.includes(field as never) ? undefined : 'rightAligned',
        cellClassRules: invalidCell(field),
      })),
    ];
  }, [t, label, mapping, problemText]);

  const submit = async () => {
    setSaving(true);
    setSubmitError(null);
    try {
      const result = await sendImport(rows, target);
      toast(
        t('payrollImport.done', { saved: result.saved, unchanged: result.unchanged }) +
          (result.runs.length
            ? ` ${t('payrollImport.recalculated', { runs: result.runs.map((r) => r.title).join(', ') })}`
            : ''),
        'success',
      );
      onClose(true);
    } catch (reason) {
      const error = toApiError(reason);
      const reported = error.rows as
        | { index: number; fields?: Record<string, { code: string; message: string }> }[]
        | undefined;
      if (reported?.length) {
        const problems = new Map<number, Record<string, Problem>>();
        for (const entry of reported) {
          const cells: Record<string, Problem> = {};
          for (const [field, detail] of Object.entries(entry.fields ?? {})) {
            cells[fields.includes(field) ? field : 'employee_id'] = {
              code: 'server',
              detail: fieldErrorText(t, detail),
            };
          }
          problems.set(entry.index, cells);
        }
        setServerProblems(problems);
        setSubmitError(t('import.serverInvalid'));
      } else {
        setSubmitError(errorText(t, error));
      }
      setSaving(false);
    }
  };

  return (
    <ImportShell
      title={t('payrollImport.dialogTitle', { month: period.month, year: period.year })}
      intro={t('payrollImport.intro')}
      busy={saving}
      onClose={() => onClose(false)}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: ACCEPT,
        dropHint: t('import.dropHint'),
        templateLabel: t('import.template.download'),
        onTemplate,
        onChoose: () => setSubmitError(null),
      }}
      mapping={{
        fieldOptions: fields.map((field) => ({
          field,
          label: `${label(field)}${field === 'employee_id' ? ' *' : ''}`,
        })),
        open: missing.length > 0 || mappedComponents.length === 0,
        hint: t('import.mappingHint'),
      }}
      error={submitError}
      footer={{
        hint: rows.length > 0 && invalid > 0 ? t('payrollImport.blocked') : null,
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
      {missing.length === 0 && mappedComponents.length === 0 && (
        <p className="form-error" role="alert">
          {t('payrollImport.noComponents')}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p className="import-summary" aria-live="polite">
            {t('payrollImport.summary', { count: rows.length, invalid })}
          </p>
          <PreviewGrid<PayrollImportRow>
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
