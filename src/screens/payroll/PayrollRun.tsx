/**
 * payroll-run: the runs (pending and completed) and one run as a grid, employees × components, reviewed like the
 * spreadsheet it replaces: pinned names, a totals row, editable inputs that recalculate the row, an explain panel for
 * the selected figure, filters by department and location, the previous month compared, and 'Are you sure to save
 * payroll?' to complete it. server/payroll/README.md has the rules.
 */
import type { CellFocusedEvent, ColDef, RowClassParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payslipEditFields } from '../../../common/payroll-run.ts';
import { ApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { formatRupiah } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/ResourceGrid.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { startTask, toast } from '../../overlays/progress.ts';
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
  preCheck,
  reopenRun,
  type Summary,
  type Warning,
} from './api.ts';
import { columnLabels, explainLines, numberColumns, type RunRow, toRow, totalsRow } from './columns.ts';
import { payrollRunCommands } from './commands.ts';
import { PreCheckDialog } from './PreCheckDialog.tsx';
import './payroll.css';

const editable = new Set<string>(payslipEditFields);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function PayrollRun({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite('payroll-run');
  const title = t(entry.titleKey);
  const [runs, setRuns] = useState<Summary[]>([]);
  const [selected, setSelected] = useState<Summary | null>(null);
  const [rows, setRows] = useState<RunRow[]>([]);
  const [department, setDepartment] = useState('');
  const [location, setLocation] = useState('');
  const [compare, setCompare] = useState(false);
  const [focused, setFocused] = useState<{ row: RunRow; column: string } | null>(null);
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
      const payslips = await listPayslips(run._id);
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
          cellClass: editable.has(column) ? 'payroll-input' : undefined,
          valueParser: (params) => {
            const value = Number(String(params.newValue).replace(/[^\d.]/g, ''));
            return Number.isFinite(value) ? value : params.oldValue;
          },
          valueFormatter: (params) =>
            column === 'overtime_hours' ? String(params.value ?? 0) : formatRupiah(params.value as number),
        }),
      ),
    ],
    [t, pending, canWrite],
  );

  const onCellValueChanged = useCallback(
    async (event: { data: RunRow; colDef: ColDef<RunRow>; newValue: unknown }) => {
      if (!selected || !event.colDef.field) return;
      const field = event.colDef.field as (typeof payslipEditFields)[number];
      try {
        const payslip = await editPayslip(selected._id, event.data._id, { [field]: Number(event.newValue) });
        const row = toRow(payslip, previousThp.get(payslip.employee._id));
        setRows((all) => all.map((r) => (r._id === row._id ? row : r)));
        setFocused((f) => (f && f.row._id === row._id ? { ...f, row } : f));
      } catch (e) {
        toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
        setRows((all) => [...all]);
      }
    },
    [selected, previousThp, t],
  );

  const onCellFocused = useCallback((event: CellFocusedEvent<RunRow>) => {
    if (event.rowIndex === null || typeof event.column !== 'object' || !event.column) return;
    const node =
      event.rowPinned === 'bottom'
        ? event.api.getPinnedBottomRow(event.rowIndex)
        : event.api.getDisplayedRowAtIndex(event.rowIndex);
    if (node?.data) setFocused({ row: node.data, column: event.column.getColId() });
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

  useCommands(
    payrollRunCommands({
      canWrite,
      hasPending: pending,
      newRun: () => setDialog('create'),
      save: () => setDialog('save'),
      compare: () => setCompare((c) => !c),
      focusGrid: () => {
        const api = gridRef.current?.api;
        const first = api?.getAllDisplayedColumns()[0];
        if (api && first) api.setFocusedCell(0, first);
      },
    }),
    [canWrite, pending],
  );

  const explain = focused ? explainLines(focused.row, focused.column) : [];

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
                {canWrite && run.status === 'completed' && (
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
            <div className="payroll-toolbar">
              <h2>{selected.title}</h2>
              <label>
                {t('payrollRun.columns.department')}{' '}
                <select value={department} onChange={(e) => setDepartment(e.target.value)}>
                  <option value="">{t('payrollRun.all')}</option>
                  {departments.map(([id, name]) => (
                    <option key={id} value={id ?? ''}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('payrollRun.columns.location')}{' '}
                <select value={location} onChange={(e) => setLocation(e.target.value)}>
                  <option value="">{t('payrollRun.all')}</option>
                  {locations.map(([id, name]) => (
                    <option key={id} value={id ?? ''}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />{' '}
                {t('payrollRun.compare')}
              </label>
              {canWrite && pending && (
                <button type="button" className="primary" onClick={() => setDialog('save')}>
                  {t('payrollRun.save')}
                </button>
              )}
            </div>
            <div className="payroll-body">
              <div className="payroll-grid">
                <AgGridReact<RunRow>
                  ref={gridRef}
                  modules={gridModules}
                  theme={gridTheme}
                  rowData={visible}
                  pinnedBottomRowData={totals}
                  columnDefs={columnDefs}
                  getRowId={(params) => params.data._id}
                  singleClickEdit={false}
                  enterNavigatesVerticallyAfterEdit
                  stopEditingWhenCellsLoseFocus
                  onCellValueChanged={(event) => void onCellValueChanged(event as never)}
                  onCellFocused={onCellFocused}
                  rowClassRules={{
                    'payroll-changed': (params: RowClassParams<RunRow>) => compare && Boolean(params.data?.changed),
                  }}
                />
              </div>
              <aside className="payroll-explain" aria-label={t('payrollRun.explain')}>
                <h3>{t('payrollRun.explain')}</h3>
                {!focused && <p className="muted">{t('payrollRun.explainEmpty')}</p>}
                {focused && (
                  <>
                    <p>
                      <strong>{focused.row.fullname}</strong> ·{' '}
                      {t(columnLabels[focused.column as keyof typeof columnLabels] ?? 'payrollRun.total')}
                    </p>
                    {explain.length === 0 && <p className="muted">{t('payrollRun.explainNone')}</p>}
                    {explain.map((line) => (
                      <details key={`${line.code}-${line.name ?? ''}-${line.amount}`} open>
                        <summary>
                          {line.name ?? line.code}: {formatRupiah(line.amount)}
                        </summary>
                        <pre>{JSON.stringify(line.explain, null, 1)}</pre>
                      </details>
                    ))}
                  </>
                )}
              </aside>
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
