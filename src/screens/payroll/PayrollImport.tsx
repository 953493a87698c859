/**
 * The payroll-import menu leaf (issue 14): a month's component amounts per employee (payroll-references allowances,
 * incentives, bonuses and deductions, THR, yearly bonus). The month as it stands in a read-only grid; its template
 * (the same grid as an xlsx, written in the browser) to fill in; the upload dialog that previews and checks every cell,
 * then saves at once, the month's pending run recalculated by the server (server/payroll/import.ts).
 */
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatRupiah } from '../../format.ts';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { type Component, type fixedFields, loadTemplate, type Template, templateSheet } from './importRows.ts';
import { currentMonth } from './PayrollEmployee.tsx';
import { PayrollImportDialog } from './PayrollImportDialog.tsx';
import './payroll.css';

type MonthRow = Template['employees'][number] & { total: number };

const categoryKeys = {
  allowance: 'payrollImport.category.allowance',
  incentive: 'payrollImport.category.incentive',
  bonus: 'payrollImport.category.bonus',
  deduction: 'payrollImport.category.deduction',
  thr: 'resources.employee-thr-bonuses.fields.thr',
  yearly_bonus: 'resources.employee-thr-bonuses.fields.yearly_bonus',
  // A daily payroll's inputs (the daily payroll screen's template); never among a month's components.
  weekly: 'enums.payroll_run_type.weekly',
} as const satisfies Record<Component['category'], string>;

const fixedKeys = {
  employee_id: 'payrollImport.employeeId',
  fullname: 'payrollImport.fullname',
  year: 'payrollImport.year',
  month: 'payrollImport.month',
} as const satisfies Record<(typeof fixedFields)[number], string>;

const periodText = (period: { year: number; month: number }) =>
  `${period.year}-${String(period.month).padStart(2, '0')}`;

export default function PayrollImport({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const canWrite = useCanWrite('payroll-import');
  const [params, setParams] = useSearchParams();
  const now = currentMonth();
  const year = Number(params.get('year')) || now.year;
  const month = Number(params.get('month')) || now.month;
  const period = useMemo(() => ({ year, month }), [year, month]);
  const [template, setTemplate] = useState<Template | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is the explicit refresh after an import.
  useEffect(() => {
    let live = true;
    setError(null);
    loadTemplate(period.year, period.month)
      .then((data) => live && setTemplate(data))
      .catch((reason) => live && setError(errorText(t, toApiError(reason))));
    return () => {
      live = false;
    };
  }, [period.year, period.month, reload, t]);

  const components = useMemo(() => new Map(template?.components.map((c) => [c.key, c]) ?? []), [template]);
  /** A field's label in one language: fixed fields by key, components as "Category: name". */
  const labelIn = useCallback(
    (field: string, language?: string) => {
      const tl = language ? i18n.getFixedT(language) : t;
      if (field in fixedKeys) return tl(fixedKeys[field as keyof typeof fixedKeys]);
      const component = components.get(field);
      if (!component) return field;
      const category = tl(categoryKeys[component.category]);
      return component.name ? `${category}: ${component.name}` : category;
    },
    [t, i18n, components],
  );
  const label = useCallback((field: string) => labelIn(field), [labelIn]);
  const labels = useCallback(
    (field: string) => {
      const all = new Set<string>([field]);
      for (const language of Object.keys(i18n.options.resources ?? {})) all.add(labelIn(field, language));
      if (field in fixedKeys)
        for (const text of labelsInEveryLanguage(i18n, fixedKeys[field as keyof typeof fixedKeys])) all.add(text);
      return [...all];
    },
    [i18n, labelIn],
  );

  const downloadTemplate = useCallback(async () => {
    if (!template) return;
    const XLSX = await import('xlsx');
    const sheet = XLSX.utils.aoa_to_sheet(templateSheet(template, period, label));
    sheet['!cols'] = [
      { wch: 14 },
      { wch: 28 },
      { wch: 6 },
      { wch: 6 },
      ...template.components.map(() => ({ wch: 18 })),
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, periodText(period));
    XLSX.writeFile(book, `payroll-import-${periodText(period)}.xlsx`, { bookType: 'xlsx', compression: true });
  }, [template, period, label]);

  const locked = template?.run?.status === 'completed';
  const canImport = canWrite && Boolean(template) && !locked;
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'payroll-import:import',
        label: 'payrollImport.importFile',
        keywords: ['import', 'upload', 'xlsx', 'excel', 'impor', 'unggah', '导入'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => canImport,
        run: () => void setTimeout(() => setDialog(true), 0),
      },
      {
        id: 'payroll-import:template',
        label: 'payrollImport.downloadTemplate',
        keywords: ['template', 'download', 'templat', 'unduh', '模板'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => Boolean(template),
        run: () => void downloadTemplate(),
      },
    ],
    [canImport, template, downloadTemplate],
  );
  useCommands(commands, [commands]);

  /** The month's grid: the components someone has an amount for, and each employee's net (deductions subtracted). */
  const used = useMemo(
    () => template?.components.filter((c) => template.employees.some((e) => e.amounts[c.key])) ?? [],
    [template],
  );
  const rows = useMemo<MonthRow[]>(
    () =>
      template?.employees.map((employee) => ({
        ...employee,
        total: used.reduce((sum, c) => sum + (c.category === 'deduction' ? -1 : 1) * (employee.amounts[c.key] ?? 0), 0),
      })) ?? [],
    [template, used],
  );
  const columnDefs = useMemo<ColDef<MonthRow>[]>(
    () => [
      { colId: 'employee_id', field: 'employee_id', headerName: label('employee_id'), width: 120, pinned: 'left' },
      { colId: 'fullname', field: 'fullname', headerName: label('fullname'), width: 190, pinned: 'left' },
      { colId: 'department', field: 'department_name', headerName: t('payrollImport.department'), width: 140 },
      ...used.map<ColDef<MonthRow>>((component) => ({
        colId: component.key,
        headerName: label(component.key),
        headerTooltip: label(component.key),
        valueGetter: (p) => p.data?.amounts[component.key] ?? null,
        valueFormatter: (p) => (p.value ? formatRupiah(p.value as number) : ''),
        type: 'rightAligned',
        width: 135,
        wrapHeaderText: true,
        autoHeaderHeight: true,
      })),
      {
        colId: 'total',
        field: 'total',
        headerName: t('payrollImport.net'),
        valueFormatter: (p) => formatRupiah(p.value as number),
        type: 'rightAligned',
        width: 140,
        wrapHeaderText: true,
        autoHeaderHeight: true,
      },
    ],
    [used, label, t],
  );

  return (
    <>
      <ScreenHeader trail={trail} title={t(entry.titleKey)} />
      <div className="payroll-import-bar">
        <label htmlFor={`${id}-month`}>{t('payrollImport.monthField')}</label>
        <input
          id={`${id}-month`}
          type="month"
          value={periodText(period)}
          onChange={(event) => {
            const [year, month] = event.target.value.split('-').map(Number);
            if (year && month) setParams({ year: String(year), month: String(month) }, { replace: true });
          }}
        />
        <button type="button" onClick={() => void downloadTemplate()} disabled={!template}>
          {t('payrollImport.downloadTemplate')}
        </button>
        {canWrite && (
          <button type="button" className="primary" onClick={() => setDialog(true)} disabled={!canImport}>
            {t('payrollImport.importFile')}
          </button>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {template && (
        <p className="muted payroll-import-status" aria-live="polite">
          {template.run ? (
            <>
              {t(locked ? 'payrollImport.runCompleted' : 'payrollImport.runPending', { title: template.run.title })}{' '}
              <Link to="/dashboard/payroll-run">{t('payrollImport.openRun')}</Link>
            </>
          ) : (
            t('payrollImport.noRun')
          )}{' '}
          {t('payrollImport.counts', { employees: template.employees.length, components: used.length })}
        </p>
      )}
      {template && (
        <section
          className="payroll-import-grid"
          aria-label={t('payrollImport.gridLabel', { period: periodText(period) })}
        >
          <AgGridReact<MonthRow>
            modules={gridModules}
            theme={gridTheme}
            rowData={rows}
            columnDefs={columnDefs}
            getRowId={(p) => p.data._id}
            // The components with amounts are a handful of columns: all rendered (and found by their headers).
            suppressColumnVirtualisation
            defaultColDef={{ resizable: true, sortable: true, suppressMovable: true }}
            overlayNoRowsTemplate={t('payrollImport.empty')}
          />
        </section>
      )}
      {dialog && template && (
        <PayrollImportDialog
          template={template}
          period={period}
          label={label}
          labels={labels}
          onTemplate={() => void downloadTemplate()}
          onClose={(imported) => {
            setDialog(false);
            if (imported) setReload((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
