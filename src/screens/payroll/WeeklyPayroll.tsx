/**
 * payroll → weekly-payroll ("Daily Payroll", issue 15): the daily workers' payrolls on Pending and Completed tabs, a
 * new one for a date range, and one payroll as a grid like the monthly run: days worked, daily rate and incentive are
 * inputs, recalculated in the browser with the server's engine (common/payroll/weekly.ts) and confirmed by the PATCH;
 * completing asks first, and goes to the daily-payroll approval when the company has a flow for it. server/payroll/weekly.ts has the rules.
 */

import { type ColDef, PinnedRowModule, TextEditorModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeWeeklyPayslip,
  type WeeklyEditField,
  type WeeklyEdits,
  type WeeklyInput,
  weeklyEditFields,
} from '../../../common/payroll/weekly.ts';
import { ApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { useTyped, useUnsentGuard } from '../../components/Modal.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate, formatRupiah } from '../../format.ts';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import { gridModules } from '../../grids/modules.ts';
import { readNumber } from '../../grids/parse.ts';
import { gridTheme } from '../../grids/theme.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import { CoretaxBp21 } from '../panels.ts';
import type { ScreenProps } from '../types.ts';
import { BankFileDialog } from './BankFileDialog.tsx';
import { formatAmount } from './columns.ts';
import { type fixedFields, type Template, templateSheet } from './importRows.ts';
import { PayrollImportDialog } from './PayrollImportDialog.tsx';
import {
  completeWeekly,
  createWeekly,
  deleteWeekly,
  editWeekly,
  listWeekly,
  listWeeklyPayslips,
  loadWeeklyTemplate,
  type Payslip,
  type Summary,
} from './weeklyApi.ts';
import './payroll.css';

const modules = [...gridModules, PinnedRowModule, TextEditorModule];
const editable = new Set<string>(weeklyEditFields);
const figures = ['days_worked', 'daily_rate', 'incentive', 'bruto', 'pph21', 'thp'] as const;
type Figure = (typeof figures)[number];

interface Row extends Record<Figure, number> {
  _id: string;
  fullname: string;
  employee_id: string;
  payslip: Payslip | null;
}

function toRow(payslip: Payslip, edits = payslip.edits as WeeklyEdits): Row {
  const result = computeWeeklyPayslip(payslip.input as unknown as WeeklyInput, edits);
  return {
    _id: payslip._id,
    fullname: payslip.employee.fullname,
    employee_id: payslip.employee.employee_id,
    days_worked: result.days_worked,
    daily_rate: result.daily_rate,
    incentive: result.incentive,
    bruto: result.bruto,
    pph21: result.pph21,
    thp: result.thp,
    payslip,
  };
}

/** The template's columns: the monthly import's fixed ones, then the daily payroll's inputs. */
const fieldKeys = {
  employee_id: 'payrollImport.employeeId',
  fullname: 'payrollImport.fullname',
  year: 'payrollImport.year',
  month: 'payrollImport.month',
  days_worked: 'weeklyPayroll.columns.days_worked',
  daily_rate: 'weeklyPayroll.columns.daily_rate',
  incentive: 'weeklyPayroll.columns.incentive',
} as const satisfies Record<(typeof fixedFields)[number] | WeeklyEditField, string>;

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** Last week, Monday to Sunday. */
function lastWeek(): { start: string; end: string } {
  const today = new Date(`${iso(new Date())}T00:00:00Z`);
  const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 7) * 86_400_000);
  return { start: iso(monday), end: iso(new Date(monday.getTime() + 6 * 86_400_000)) };
}

export default function WeeklyPayroll({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite('weekly-payroll');
  const title = t(entry.titleKey);
  const [tab, setTab] = useState<'pending' | 'completed'>('pending');
  const [runs, setRuns] = useState<Summary[]>([]);
  const [selected, setSelected] = useState<Summary | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [creating, setCreating] = useState(false);
  // The new run's form, typed in and not created: leaving asks first (issue 25).
  const newRun = useTyped();
  const newRunDone = newRun.done;
  const guard = useUnsentGuard(creating && newRun.typed);
  const [range, setRange] = useState(lastWeek);
  const [confirming, setConfirming] = useState(false);
  /** The completed daily payroll's bank transfer file (decision 0176). */
  const [bankFile, setBankFile] = useState(false);
  const [template, setTemplate] = useState<Template | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const gridRef = useRef<AgGridReact<Row>>(null);
  const startField = useRef<HTMLDivElement>(null);
  const message = useCallback((e: unknown) => (e instanceof ApiError ? errorText(t, e) : String(e)), [t]);

  const refresh = useCallback(async () => {
    const list = await listWeekly();
    setRuns(list);
    return list;
  }, []);
  useEffect(() => {
    void refresh().catch((e: unknown) => setError(message(e)));
  }, [refresh, message]);

  const open = useCallback(async (run: Summary) => {
    setSelected(run);
    const [payslips, loaded] = await Promise.all([listWeeklyPayslips(run._id), loadWeeklyTemplate(run._id)]);
    setRows(payslips.map((p) => toRow(p)));
    setTemplate(loaded);
  }, []);

  const label = useCallback(
    (field: string) => (field in fieldKeys ? t(fieldKeys[field as keyof typeof fieldKeys]) : field),
    [t],
  );
  const labels = useCallback(
    (field: string) =>
      field in fieldKeys
        ? [field, ...labelsInEveryLanguage(i18n, fieldKeys[field as keyof typeof fieldKeys])]
        : [field],
    [i18n],
  );
  const month = useMemo(() => (selected ? { year: selected.year, month: selected.month } : null), [selected]);
  /** The payroll's inputs as an xlsx: the template `POST /v1/payroll-summary/import` reads back. */
  const downloadTemplate = useCallback(async () => {
    if (!month || !selected) return;
    // Fetched now: the payroll as it stands after the grid's edits.
    const [XLSX, fresh] = await Promise.all([import('xlsx'), loadWeeklyTemplate(selected._id)]);
    setTemplate(fresh);
    const sheet = XLSX.utils.aoa_to_sheet(templateSheet(fresh, month, label));
    sheet['!cols'] = [{ wch: 14 }, { wch: 28 }, { wch: 6 }, { wch: 6 }, { wch: 12 }, { wch: 16 }, { wch: 16 }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Daily payroll');
    XLSX.writeFile(book, `daily-payroll-${selected.period_start}-${selected.period_end}.xlsx`, {
      bookType: 'xlsx',
      compression: true,
    });
  }, [month, selected, label]);

  const create = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      // A date still as typed (Enter before the field was left) is read as the field reads it on leaving.
      const created = await createWeekly({
        period_start: readDateText(range.start) ?? range.start,
        period_end: readDateText(range.end) ?? range.end,
      });
      await refresh();
      setCreating(false);
      newRunDone();
      setTab('pending');
      await open(created);
      toast(t('weeklyPayroll.created', { title: created.title }), 'success');
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }, [range, refresh, open, t, message, newRunDone]);

  const complete = useCallback(async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const done = await completeWeekly(selected._id);
      setSelected(done);
      await refresh();
      setConfirming(false);
      setTab(done.status);
      // With a daily_payroll approval flow the payroll waits for the approval (approval → daily-payroll).
      if (done.approval_number) toast(t('weeklyPayroll.sentForApproval', { number: done.approval_number }), 'success');
      else toast(t('weeklyPayroll.completed'), 'success');
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }, [selected, refresh, t, message]);

  const remove = useCallback(
    async (run: Summary) => {
      try {
        await deleteWeekly(run._id);
        if (selected?._id === run._id) {
          setSelected(null);
          setRows([]);
        }
        await refresh();
      } catch (e) {
        toast(message(e), 'error');
      }
    },
    [selected, refresh, message],
  );

  const pending = selected?.status === 'pending';
  const columnDefs = useMemo<ColDef<Row>[]>(
    () => [
      { field: 'fullname', headerName: t('payrollRun.columns.fullname'), pinned: 'left', width: 220 },
      { field: 'employee_id', headerName: t('payrollRun.columns.employee_id'), width: 130 },
      ...figures.map(
        (figure): ColDef<Row> => ({
          field: figure,
          headerName: t(`weeklyPayroll.columns.${figure}`),
          width: figure === 'days_worked' ? 120 : 150,
          type: 'rightAligned',
          editable: (params) => pending && canWrite && editable.has(figure) && !params.node.isRowPinned(),
          cellClassRules: { 'payroll-input': () => editable.has(figure) },
          valueParser: (params) => {
            const value = readNumber(String(params.newValue ?? ''), { currency: true, single: 'auto' });
            return value === null || value < 0 ? params.oldValue : Math.round(value);
          },
          valueFormatter: (params) =>
            figure === 'days_worked' ? String(params.value ?? 0) : formatAmount(params.value as number),
        }),
      ),
    ],
    [t, pending, canWrite],
  );

  const totals = useMemo(() => {
    const sum = (figure: Figure) => rows.reduce((total, row) => total + row[figure], 0);
    return [
      {
        _id: 'total',
        fullname: t('payrollRun.total'),
        employee_id: '',
        days_worked: sum('days_worked'),
        daily_rate: 0,
        incentive: sum('incentive'),
        bruto: sum('bruto'),
        pph21: sum('pph21'),
        thp: sum('thp'),
        payslip: null,
      } satisfies Row,
    ];
  }, [rows, t]);

  /** An edited input: recomputed here at once, then the server's reply replaces the row. */
  const onCellValueChanged = useCallback(
    async (event: { data: Row; colDef: ColDef<Row>; newValue: unknown }) => {
      const payslip = event.data.payslip;
      if (!selected || !payslip || !event.colDef.field) return;
      const field = event.colDef.field as WeeklyEditField;
      const value = Number(event.newValue);
      const edits = { ...(payslip.edits as WeeklyEdits), [field]: value };
      setRows((all) => all.map((r) => (r._id === payslip._id ? toRow(payslip, edits) : r)));
      try {
        const confirmed = await editWeekly(selected._id, payslip._id, { [field]: value });
        setRows((all) => all.map((r) => (r._id === confirmed._id ? toRow(confirmed) : r)));
      } catch (e) {
        toast(message(e), 'error');
        setRows((all) => all.map((r) => (r._id === payslip._id ? toRow(payslip) : r)));
      }
    },
    [selected, message],
  );

  const commands = useMemo<Command[]>(() => {
    const base = { group: 'context' as const, isVisible: () => true };
    const later = (action: () => void) => () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          action();
          resolve();
        }, 0);
      });
    return [
      {
        ...base,
        id: 'weekly-payroll:new',
        label: 'weeklyPayroll.new',
        keywords: ['daily', 'weekly', 'harian', 'mingguan', '日薪'],
        isEnabled: () => canWrite,
        run: later(() => {
          setCreating(true);
          setTimeout(() => startField.current?.querySelector('input')?.focus(), 0);
        }),
      },
      {
        ...base,
        id: 'weekly-payroll:complete',
        label: 'weeklyPayroll.complete',
        keywords: ['complete', 'save', 'selesai', 'simpan', '完成'],
        isEnabled: () => canWrite && pending,
        run: later(() => setConfirming(true)),
      },
      {
        ...base,
        id: 'weekly-payroll:grid',
        label: 'weeklyPayroll.focusGrid',
        keywords: ['grid', 'tabel', '表格'],
        isEnabled: () => Boolean(selected),
        run: later(() => {
          const grid = gridRef.current?.api;
          const first = grid?.getAllDisplayedColumns()[0];
          if (grid && first) grid.setFocusedCell(0, first);
        }),
      },
    ];
  }, [canWrite, pending, selected]);
  useCommands(commands, [commands]);
  // The Coretax BP21 of a completed payroll (decision 0166): tax/CoretaxBp21.tsx through panels.ts.
  const [bp21, setBp21] = useState<Summary | null>(null);

  const shown = runs.filter((run) => run.status === tab);
  const period = (run: Summary) =>
    run.period_start && run.period_end
      ? `${formatDate(run.period_start, 'DD MMM YYYY', { locale: i18n.language })} – ${formatDate(run.period_end, 'DD MMM YYYY', { locale: i18n.language })}`
      : '';

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="payroll-run">
        <section className="payroll-runs" aria-label={t('weeklyPayroll.list')}>
          <div className="payroll-toolbar">
            <div role="tablist" aria-label={t('weeklyPayroll.list')} className="grid-tabs">
              {(['pending', 'completed'] as const).map((status) => (
                <button
                  key={status}
                  type="button"
                  role="tab"
                  aria-selected={tab === status}
                  onClick={() => setTab(status)}
                >
                  {t(`enums.payroll_run_status.${status}`)}
                </button>
              ))}
            </div>
            {canWrite && (
              <button type="button" className="primary" onClick={() => setCreating(true)}>
                {t('weeklyPayroll.new')}
              </button>
            )}
          </div>
          {guard}
          {creating && (
            <form
              className="weekly-new"
              aria-label={t('weeklyPayroll.new')}
              onInput={newRun.onInput}
              onSubmit={(event) => {
                event.preventDefault();
                void create();
              }}
            >
              <div ref={startField}>
                <label htmlFor="weekly-start">{t('weeklyPayroll.start')}</label>
                <DateInput
                  id="weekly-start"
                  value={range.start}
                  language={i18n.language}
                  onChange={(start) => setRange((r) => ({ ...r, start }))}
                />
              </div>
              <div>
                <label htmlFor="weekly-end">{t('weeklyPayroll.end')}</label>
                <DateInput
                  id="weekly-end"
                  value={range.end}
                  language={i18n.language}
                  onChange={(end) => setRange((r) => ({ ...r, end }))}
                />
              </div>
              <button type="submit" className="primary" disabled={busy}>
                {t('weeklyPayroll.create')}
              </button>
              <button
                type="button"
                onClick={() => {
                  setCreating(false);
                  newRun.done();
                }}
              >
                {t('weeklyPayroll.cancel')}
              </button>
            </form>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {shown.length === 0 && <p className="muted">{t('weeklyPayroll.empty')}</p>}
          <ul className="payroll-run-list">
            {shown.map((run) => (
              <li key={run._id} className={run._id === selected?._id ? 'selected' : undefined}>
                <button type="button" className="link" onClick={() => void open(run)}>
                  {run.title}
                </button>
                <span className={`badge ${run.status}`}>{t(`enums.payroll_run_status.${run.status}`)}</span>
                <span className="muted">
                  {period(run)} · {run.employee_count} · {formatRupiah(run.total_thp)}
                </span>
                {canWrite && run.status === 'pending' && (
                  <button type="button" onClick={() => void remove(run)}>
                    {t('payrollRun.delete')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
        {selected && (
          <section className="payroll-sheet" aria-label={selected.title}>
            <div className="payroll-toolbar payroll-sheet-toolbar">
              <h2 title={selected.title}>{selected.title}</h2>
              <span className="muted">{period(selected)}</span>
              <button type="button" disabled={!template} onClick={() => void downloadTemplate()}>
                {t('payrollImport.downloadTemplate')}
              </button>
              {canWrite && pending && (
                <button type="button" disabled={!template} onClick={() => setImporting(true)}>
                  {t('payrollImport.importFile')}
                </button>
              )}
              {canWrite && pending && (
                <button type="button" className="primary" onClick={() => setConfirming(true)}>
                  {t('weeklyPayroll.complete')}
                </button>
              )}
              {selected.status === 'completed' && (
                <button type="button" onClick={() => setBp21(selected)}>
                  {t('weeklyPayroll.exportBp21')}
                </button>
              )}
              {selected.status === 'completed' && (
                <button type="button" onClick={() => setBankFile(true)}>
                  {t('bankFile.open')}
                </button>
              )}
            </div>
            {bp21 && (
              <Suspense fallback={null}>
                <CoretaxBp21 summary={bp21._id} title={bp21.title} onClose={() => setBp21(null)} />
              </Suspense>
            )}
            <div className="payroll-body">
              <div className="payroll-grid">
                <AgGridReact<Row>
                  ref={gridRef}
                  modules={modules}
                  theme={gridTheme}
                  rowData={rows}
                  pinnedBottomRowData={totals}
                  columnDefs={columnDefs}
                  getRowId={(params) => params.data._id}
                  enterNavigatesVerticallyAfterEdit
                  stopEditingWhenCellsLoseFocus
                  onCellValueChanged={(event) => void onCellValueChanged(event as never)}
                />
              </div>
            </div>
          </section>
        )}
      </div>
      {importing && template && month && selected && (
        <PayrollImportDialog
          template={template}
          period={month}
          label={label}
          labels={labels}
          target={{ type: 'weekly', summary: selected._id }}
          onTemplate={() => void downloadTemplate()}
          onClose={(imported) => {
            setImporting(false);
            if (imported) {
              void open(selected);
              void refresh();
            }
          }}
        />
      )}
      {bankFile && selected && <BankFileDialog summary={selected} onClose={() => setBankFile(false)} />}
      {confirming && (
        <ConfirmDialog
          title={t('weeklyPayroll.complete')}
          message={t('weeklyPayroll.confirmComplete', { title: selected?.title ?? '' })}
          confirm={t('weeklyPayroll.complete')}
          busy={busy}
          error={error}
          onCancel={() => {
            setConfirming(false);
            setError(null);
          }}
          onConfirm={() => void complete()}
        />
      )}
    </>
  );
}
