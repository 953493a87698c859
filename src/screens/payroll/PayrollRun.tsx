/**
 * payroll-run: the runs (pending and completed) and one run as a grid, employees × components, reviewed like the
 * spreadsheet it replaces: pinned names, a totals row, editable inputs that recalculate the row, an explain panel for
 * the selected figure, filters by department and location, the previous month compared, and 'Are you sure to save
 * payroll?' to complete it. server/payroll/README.md has the rules.
 */
import {
  type CellFocusedEvent,
  type CellKeyDownEvent,
  type ColDef,
  PinnedRowModule,
  type RowClassParams,
  RowStyleModule,
  TextEditorModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useAtomValue } from 'jotai';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyPayrollSettings } from '../../../common/payroll/types.ts';
import type { PayslipEditField, PayslipEdits } from '../../../common/payroll-run.ts';
import { payslipEditFields } from '../../../common/payroll-run.ts';
import { ApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { formatRupiah } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { readNumber } from '../../grids/parse.ts';
import { gridTheme } from '../../grids/ResourceGrid.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { startTask, toast } from '../../overlays/progress.ts';
import { userAtom } from '../../session.ts';
import { confirmations, errorText } from '../../validation.ts';
import { ConfirmDialog } from '../employee/dialogs.tsx';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import {
  completeRun,
  createRun,
  deleteRun,
  editPayslip,
  getJob,
  listPayslips,
  listRuns,
  loadSheet,
  type Payslip,
  preCheck,
  reopenRun,
  type Summary,
  type Warning,
} from './api.ts';
import { columnLabels, numberColumns, type RunRow, toRow, totalsRow } from './columns.ts';
import { payrollRunCommands } from './commands.ts';
import { ExplainPanel } from './ExplainPanel.tsx';
import { PreCheckDialog } from './PreCheckDialog.tsx';
import { mergeEdits, mismatches, recalculate } from './recalc.ts';
import './payroll.css';

const editable = new Set<string>(payslipEditFields);

/** The shared grid modules plus what this sheet needs: the pinned totals row, row classes and the text editor. */
const runGridModules = [...gridModules, PinnedRowModule, RowStyleModule, TextEditorModule];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether the server would re-open a completed run: the company admin only, and for monthly runs the latest completed
 * month of its year first (server/payroll/run.ts `reopenRun`); the button shows only where it can work.
 */
const canReopen = (run: Summary, runs: readonly Summary[]) =>
  run.status === 'completed' &&
  (run.type !== 'payroll_run' ||
    !runs.some(
      (other) =>
        other.type === 'payroll_run' &&
        other.status === 'completed' &&
        other.year === run.year &&
        other.month > run.month,
    ));

export default function PayrollRun({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite('payroll-run');
  const isAdmin = useAtomValue(userAtom)?.level === 'admin';
  const title = t(entry.titleKey);
  const [runs, setRuns] = useState<Summary[]>([]);
  const [selected, setSelected] = useState<Summary | null>(null);
  const [rows, setRows] = useState<RunRow[]>([]);
  const [department, setDepartment] = useState('');
  const [location, setLocation] = useState('');
  const [compare, setCompare] = useState(false);
  const [focused, setFocused] = useState<{ id: string; column: string } | null>(null);
  const [showExplain, setShowExplain] = useState(true);
  const [settings, setSettings] = useState<CompanyPayrollSettings>({});
  /** The latest edit sent per payslip: an older reply never overwrites a newer local figure. */
  const editSeq = useRef(new Map<string, number>());
  const [dialog, setDialog] = useState<'create' | 'save' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previousThp, setPreviousThp] = useState<Map<string, number>>(new Map());
  const gridRef = useRef<AgGridReact<RunRow>>(null);
  const newRunButton = useRef<HTMLButtonElement>(null);

  const refreshRuns = useCallback(async () => {
    const list = await listRuns();
    setRuns(list);
    return list;
  }, []);
  useEffect(() => {
    void refreshRuns().catch((e: unknown) => setError(e instanceof ApiError ? errorText(t, e) : String(e)));
  }, [refreshRuns, t]);

  const open = useCallback(
    async (run: Summary) => {
      setSelected(run);
      setFocused(null);
      const { payslips, settings: loaded } = await loadSheet(run._id);
      setSettings(loaded);
      // The previous month's completed run of the same type, for the comparison.
      const before = runs.find(
        (r) =>
          r.type === run.type && r.status === 'completed' && r.year * 12 + r.month === run.year * 12 + run.month - 1,
      );
      const previous = new Map<string, number>();
      if (before) for (const p of await listPayslips(before._id)) previous.set(p.employee._id, p.thp);
      setPreviousThp(previous);
      setRows(payslips.map((p) => toRow(p, previous.get(p.employee._id))));
    },
    [runs],
  );

  // A take-home pay below zero blocks saving (decision 0075): the rows are flagged and named above the grid.
  const negative = useMemo(() => rows.filter((row) => row.thp < 0), [rows]);
  const visible = useMemo(
    () =>
      rows.filter((row) => (!department || row.department === department) && (!location || row.location === location)),
    [rows, department, location],
  );
  const totals = useMemo(() => [totalsRow(visible, t('payrollRun.total'))], [visible, t]);
  const departments = useMemo(
    () => [...new Map(rows.filter((r) => r.department).map((r) => [r.department, r.department_name])).entries()],
    [rows],
  );
  const locations = useMemo(
    () => [...new Map(rows.filter((r) => r.location).map((r) => [r.location, r.location_name])).entries()],
    [rows],
  );

  const pending = selected?.status === 'pending';
  const columnDefs = useMemo<ColDef<RunRow>[]>(
    () => [
      { field: 'fullname', headerName: t('payrollRun.columns.fullname'), pinned: 'left', width: 220 },
      { field: 'employee_id', headerName: t('payrollRun.columns.employee_id'), width: 120 },
      { field: 'department_name', headerName: t('payrollRun.columns.department'), width: 150 },
      { field: 'location_name', headerName: t('payrollRun.columns.location'), width: 140 },
      ...numberColumns.map(
        (column): ColDef<RunRow> => ({
          field: column,
          headerName: t(columnLabels[column]),
          width: column === 'overtime_hours' ? 120 : 140,
          type: 'rightAligned',
          editable: (params) => pending && canWrite && editable.has(column) && !params.node.isRowPinned(),
          cellClassRules: {
            'payroll-input': () => editable.has(column),
            'payroll-local': (params) => !editable.has(column) && params.data?.check === 'local',
          },
          valueParser: (params) => {
            const value = readNumber(String(params.newValue ?? ''), { currency: true, single: 'auto' });
            if (value === null || value < 0) return params.oldValue;
            return column === 'overtime_hours' ? Math.round(value * 4) / 4 : Math.round(value);
          },
          valueFormatter: (params) =>
            column === 'overtime_hours' ? String(params.value ?? 0) : formatRupiah(params.value as number),
        }),
      ),
    ],
    [t, pending, canWrite],
  );

  /**
   * An edited input: the row is recomputed here with the server's engine at once, then the PATCH's reply confirms it
   * (the server's figures win; a difference is shown on the row and in a toast).
   */
  const onCellValueChanged = useCallback(
    async (event: {
      data: RunRow;
      colDef: ColDef<RunRow>;
      newValue: unknown;
      api: { getRowNode(id: string): { setData(data: RunRow): void } | undefined };
    }) => {
      const payslip = event.data.payslip;
      if (!selected || !event.colDef.field || !payslip) return;
      const field = event.colDef.field as PayslipEditField;
      const value = Number(event.newValue);
      const edits = mergeEdits(payslip.edits as PayslipEdits, { [field]: value });
      const seq = (editSeq.current.get(payslip._id) ?? 0) + 1;
      editSeq.current.set(payslip._id, seq);
      let local: Payslip | null = null;
      try {
        local = recalculate(payslip, edits, settings);
        const row = { ...toRow(local, previousThp.get(payslip.employee._id)), check: 'local' as const };
        // The row's cells at once, straight in the grid; the screen's state (totals, explain) follows unhurried.
        event.api.getRowNode(row._id)?.setData(row);
        startTransition(() => setRows((all) => all.map((r) => (r._id === row._id ? row : r))));
      } catch {
        // The engine refused the input: the server's reply says why.
      }
      try {
        const confirmed = await editPayslip(selected._id, payslip._id, { [field]: value });
        if (editSeq.current.get(payslip._id) !== seq) return;
        const differs = local ? mismatches(local, confirmed) : [];
        const row = {
          ...toRow(confirmed, previousThp.get(confirmed.employee._id)),
          check: differs.length ? ('mismatch' as const) : ('confirmed' as const),
        };
        setRows((all) => all.map((r) => (r._id === row._id ? row : r)));
        if (differs.length) {
          toast(
            t('payrollRun.mismatch', {
              name: confirmed.employee.fullname,
              figures: differs.map((key) => t(columnLabels[key])).join(', '),
            }),
            'error',
          );
        }
      } catch (e) {
        if (editSeq.current.get(payslip._id) !== seq) return;
        toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
        // Back to the figures the server holds.
        const row = toRow(payslip, previousThp.get(payslip.employee._id));
        setRows((all) => all.map((r) => (r._id === row._id ? row : r)));
      }
    },
    [selected, previousThp, settings, t],
  );

  const onCellFocused = useCallback((event: CellFocusedEvent<RunRow>) => {
    if (event.rowIndex === null || typeof event.column !== 'object' || !event.column) return;
    const node =
      event.rowPinned === 'bottom'
        ? event.api.getPinnedBottomRow(event.rowIndex)
        : event.api.getDisplayedRowAtIndex(event.rowIndex);
    const column = event.column.getColId();
    // Not urgent: Enter after an edit moves the focus down in the same task as the row's new figures, whose paint
    // must not wait for the explain panel (issue 14: < 100 ms from the key press to the figures on screen).
    if (node?.data) startTransition(() => setFocused({ id: node.data!._id, column }));
  }, []);

  const runCreate = useCallback(
    async (body: Parameters<typeof createRun>[0]) => {
      setBusy(true);
      const task = startTask(t('payrollRun.running'));
      try {
        const created = await createRun(body);
        let summaryId: string;
        if ('job' in created) {
          for (;;) {
            const job = await getJob(created.job);
            if (job.total) task.update((100 * job.done) / job.total);
            if (job.status === 'completed') {
              summaryId = String(job.result?.summary_id);
              break;
            }
            if (job.status === 'failed') throw new Error(job.error?.message ?? '');
            await wait(500);
          }
        } else summaryId = created.summary._id;
        task.succeed();
        const list = await refreshRuns();
        const run = list.find((r) => r._id === summaryId);
        setDialog(null);
        if (run) await open(run);
      } catch (e) {
        const message = e instanceof ApiError ? errorText(t, e) : String((e as Error).message);
        task.fail(message);
        setError(message);
      } finally {
        setBusy(false);
      }
    },
    [t, refreshRuns, open],
  );

  const save = useCallback(async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const done = await completeRun(selected._id);
      setSelected(done);
      await refreshRuns();
      setDialog(null);
      toast(t('payrollRun.saved'), 'success');
    } catch (e) {
      setError(e instanceof ApiError ? errorText(t, e) : String(e));
    } finally {
      setBusy(false);
    }
  }, [selected, refreshRuns, t]);

  const act = useCallback(
    async (action: 'reopen' | 'delete', run: Summary) => {
      try {
        if (action === 'reopen') setSelected(await reopenRun(run._id));
        else {
          await deleteRun(run._id);
          if (selected?._id === run._id) {
            setSelected(null);
            setRows([]);
          }
        }
        await refreshRuns();
      } catch (e) {
        toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
      }
    },
    [refreshRuns, selected, t],
  );

  const focusedRow = focused
    ? focused.id === 'total'
      ? (totals[0] ?? null)
      : (rows.find((row) => row._id === focused.id) ?? null)
    : null;

  /** The row's employee payroll for the run's month (payroll-employees). */
  const openEmployee = useCallback(
    (row: RunRow) => {
      if (!selected || !row.payslip) return;
      const input = row.payslip.input as { employee?: { exit_date?: string | null } };
      const query = new URLSearchParams({
        month: String(selected.month),
        year: String(selected.year),
        exit: String(Boolean(input.employee?.exit_date)),
      });
      navigate(`/dashboard/edit/payroll-employees/${row.payslip.employee._id}?${query}`);
    },
    [selected, navigate],
  );

  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<RunRow>) => {
      const key = (event.event as KeyboardEvent | null)?.key;
      if (key !== 'Enter' || !event.data || event.node.isRowPinned()) return;
      if (event.colDef.editable && pending && canWrite && editable.has(event.colDef.field ?? '')) return;
      openEmployee(event.data);
    },
    [openEmployee, pending, canWrite],
  );

  useCommands(
    payrollRunCommands({
      canWrite,
      hasPending: pending,
      newRun: () => setDialog('create'),
      save: () => setDialog('save'),
      compare: () => setCompare((c) => !c),
      explain: () => setShowExplain((shown) => !shown),
      openEmployee: focusedRow?.payslip ? () => openEmployee(focusedRow) : null,
      focusGrid: () => {
        const api = gridRef.current?.api;
        const first = api?.getAllDisplayedColumns()[0];
        if (api && first) api.setFocusedCell(0, first);
      },
    }),
    [canWrite, pending, focusedRow, openEmployee],
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="payroll-run">
        <section className="payroll-runs" aria-label={t('payrollRun.runs')}>
          <div className="payroll-toolbar">
            {canWrite && (
              <button ref={newRunButton} type="button" className="primary" onClick={() => setDialog('create')}>
                {t('payrollRun.newRun')}
              </button>
            )}
          </div>
          {runs.length === 0 && <p className="muted">{t('payrollRun.empty')}</p>}
          <ul className="payroll-run-list">
            {runs.map((run) => (
              <li key={run._id} className={run._id === selected?._id ? 'selected' : undefined}>
                <button type="button" className="link" onClick={() => void open(run)}>
                  {run.title}
                </button>
                <span className={`badge ${run.status}`}>{t(`enums.payroll_run_status.${run.status}`)}</span>
                <span className="muted">
                  {t(`enums.payroll_run_type.${run.type}`)} · {run.employee_count} · {formatRupiah(run.total_thp)}
                </span>
                {canWrite && run.status === 'pending' && (
                  <button type="button" onClick={() => void act('delete', run)}>
                    {t('payrollRun.delete')}
                  </button>
                )}
                {isAdmin && canReopen(run, runs) && (
                  <button type="button" onClick={() => void act('reopen', run)}>
                    {t('payrollRun.reopen')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
        {selected && (
          <section className="payroll-sheet" aria-label={selected.title}>
            {/* One line at 1280 px: the filters say what they are in their first option and accessible name. */}
            <div className="payroll-toolbar payroll-sheet-toolbar">
              <h2 title={selected.title}>{selected.title}</h2>
              <select
                aria-label={t('payrollRun.columns.department')}
                title={t('payrollRun.columns.department')}
                value={department}
                onChange={(e) => setDepartment(e.target.value)}
              >
                <option value="">{t('payrollRun.allDepartments')}</option>
                {departments.map(([id, name]) => (
                  <option key={id} value={id ?? ''}>
                    {name}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('payrollRun.columns.location')}
                title={t('payrollRun.columns.location')}
                value={location}
                onChange={(e) => setLocation(e.target.value)}
              >
                <option value="">{t('payrollRun.allLocations')}</option>
                {locations.map(([id, name]) => (
                  <option key={id} value={id ?? ''}>
                    {name}
                  </option>
                ))}
              </select>
              <label title={t('payrollRun.compare')}>
                <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />{' '}
                {t('payrollRun.compareShort')}
              </label>
              {!showExplain && (
                <button type="button" aria-keyshortcuts="Control+I" onClick={() => setShowExplain(true)}>
                  {t('payrollRun.explainShow')}
                </button>
              )}
              {canWrite && pending && (
                <button type="button" className="primary" onClick={() => setDialog('save')}>
                  {t('payrollRun.save')}
                </button>
              )}
            </div>
            {negative.length > 0 && (
              <p className="payroll-warning" role="alert">
                {t('payrollRun.negativeThp', { names: negative.map((row) => row.fullname).join(', ') })}
              </p>
            )}
            <div className="payroll-body">
              <div className="payroll-grid">
                <AgGridReact<RunRow>
                  ref={gridRef}
                  modules={runGridModules}
                  theme={gridTheme}
                  rowData={visible}
                  pinnedBottomRowData={totals}
                  columnDefs={columnDefs}
                  getRowId={(params) => params.data._id}
                  // Some twenty columns: all rendered, so a recalculated row updates every figure at once.
                  suppressColumnVirtualisation
                  singleClickEdit={false}
                  enterNavigatesVerticallyAfterEdit
                  stopEditingWhenCellsLoseFocus
                  onCellValueChanged={(event) => void onCellValueChanged(event as never)}
                  onCellFocused={onCellFocused}
                  onCellKeyDown={onCellKeyDown}
                  rowClassRules={{
                    'payroll-changed': (params: RowClassParams<RunRow>) => compare && Boolean(params.data?.changed),
                    'payroll-mismatch': (params: RowClassParams<RunRow>) => params.data?.check === 'mismatch',
                    'payroll-negative-thp': (params: RowClassParams<RunRow>) => (params.data?.thp ?? 0) < 0,
                  }}
                />
              </div>
              {showExplain && (
                <ExplainPanel
                  row={focusedRow}
                  column={focused?.column ?? null}
                  settings={settings}
                  onClose={() => setShowExplain(false)}
                />
              )}
            </div>
          </section>
        )}
      </div>
      {dialog === 'create' && (
        <PreCheckDialog
          busy={busy}
          error={error}
          load={(year, month) => preCheck(year, month)}
          onCancel={() => {
            setDialog(null);
            setError(null);
          }}
          onRun={(body: Parameters<typeof createRun>[0], warnings: readonly Warning[]) =>
            void runCreate({
              ...body,
              ...(warnings.length ? { acknowledged_warnings: [...new Set(warnings.map((w) => w.code))] } : {}),
            })
          }
        />
      )}
      {dialog === 'save' && (
        <ConfirmDialog
          title={t('payrollRun.save')}
          message={t(confirmations.savePayroll)}
          confirm={t('payrollRun.save')}
          busy={busy}
          error={error}
          onCancel={() => {
            setDialog(null);
            setError(null);
          }}
          onConfirm={() => void save()}
        />
      )}
    </>
  );
}
