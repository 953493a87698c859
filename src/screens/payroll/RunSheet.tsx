/**
 * The run sheet (issue 27 §7, decisions 0210 and 0211): payroll-run (monthly and THR runs) and weekly-payroll (daily
 * payrolls) open this one screen with their kinds. The runs as a list (pending and completed), then one run as a grid,
 * employees × figures, reviewed like the spreadsheet it replaces: pinned names, a totals row, editable inputs that
 * recalculate the row here (undo, paste staged for review), filters, the run picker, the out-of-date banner, complete,
 * re-open, delete, the exports. What differs per kind of run is runKinds.ts; server/payroll/README.md has the rules.
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
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import {
  type ClipboardEvent,
  Fragment,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyPayrollSettings } from '../../../common/payroll/types.ts';
import type { PayslipEdits } from '../../../common/payroll-run.ts';
import { ApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { Modal } from '../../grids/dialogs.tsx';
import { labelsInEveryLanguage } from '../../grids/import/labels.ts';
import { gridModules } from '../../grids/modules.ts';
import { cellErrorText, readNumber } from '../../grids/parse.ts';
import { gridTheme } from '../../grids/theme.ts';
import type { CellError } from '../../grids/types.ts';
import { UndoStack } from '../../grids/undo.ts';
import { useCanWrite } from '../../menu/access.ts';
import { startTask, toast } from '../../overlays/progress.ts';
import { userAtom } from '../../session.ts';
import { errorText } from '../../validation.ts';
import { CoretaxBp21 } from '../panels.ts';
import type { ScreenProps } from '../types.ts';
import {
  completeRun,
  createRun,
  deleteRun,
  type EditField,
  type ExpectedTotals,
  editPayslip,
  getJob,
  listPayslips,
  listRuns,
  loadRunTemplate,
  loadSheet,
  type OutOfDate,
  outOfDate,
  type Payslip,
  preCheck,
  recalculateRun,
  reopenRun,
  type Summary,
  type Warning,
} from './api.ts';
import { BankFileDialog } from './BankFileDialog.tsx';
import { columnLabels, formatAmount, formatFigure, type RunRow, type SheetFigure, totalsRow } from './columns.ts';
import { payrollRunCommands } from './commands.ts';
import { ExplainPanel } from './ExplainPanel.tsx';
import { type fixedFields, type Template, templateSheet } from './importRows.ts';
import { PayrollImportDialog } from './PayrollImportDialog.tsx';
import { PreCheckDialog } from './PreCheckDialog.tsx';
import { RangeDialog } from './RangeDialog.tsx';
import { mergeEdits } from './recalc.ts';
import { type SheetScreen, sheetKind, sheetScreens } from './runKinds.ts';
import { planRunPaste, type RunPaste } from './runPaste.ts';
import './payroll.css';

/** The figures an edit's local result and the server's reply are compared by (a difference is shown on the row). */
const compared = ['bruto', 'pph21', 'thp', 'bpjs_employee', 'bpjs_company'] as const;
const mismatches = (local: RunRow, server: RunRow) => compared.filter((key) => local[key] !== server[key]);

/** A kind's words with their values (runKinds.ts gives them as a pair). */
const confirmText = (t: TFunction, [key, values]: readonly [string, Record<string, string>]) =>
  t(key as 'weeklyPayroll.created', values as { title: string });

/** The daily payroll template's columns: the monthly import's fixed ones, then the daily payroll's inputs. */
const templateKeys = {
  employee_id: 'payrollImport.employeeId',
  fullname: 'payrollImport.fullname',
  year: 'payrollImport.year',
  month: 'payrollImport.month',
  days_worked: 'weeklyPayroll.columns.days_worked',
  daily_rate: 'weeklyPayroll.columns.daily_rate',
  incentive: 'weeklyPayroll.columns.incentive',
} as const satisfies Record<(typeof fixedFields)[number] | 'days_worked' | 'daily_rate' | 'incentive', string>;

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

/** The run sheet's totals as the server stores them (what completion compares with), from all its rows. */
const expectedOf = (rows: readonly RunRow[]): ExpectedTotals => ({
  employee_count: rows.length,
  total_bruto: rows.reduce((sum, row) => sum + row.bruto, 0),
  total_pph21: rows.reduce((sum, row) => sum + row.pph21, 0),
  total_thp: rows.reduce((sum, row) => sum + row.thp, 0),
});

/** The run picker's option that starts a new run (not a run id). */
const NEW_RUN = 'new-run';

/** What changed in an out-of-date row, in words (the server's `sources`, server/payroll/out-of-date.ts). */
const sourceLabels: Record<string, string> = {
  salary: 'payrollRun.sources.salary',
  items: 'payrollRun.sources.items',
  attendance: 'payrollRun.sources.attendance',
  overtime: 'payrollRun.sources.overtime',
  business_trip: 'payrollRun.sources.business_trip',
  finance: 'payrollRun.sources.finance',
  thr: 'payrollRun.sources.thr',
  year_to_date: 'payrollRun.sources.year_to_date',
  employee: 'payrollRun.sources.employee',
  bpjs: 'payrollRun.sources.bpjs',
};

/** What a staged paste shows in a row: the pasted inputs and the figures recalculated with them, or a refused cell. */
interface Staged {
  paste: RunPaste;
  /** Rows as they will be (recalculated here), by id. */
  preview: Map<string, RunRow>;
  /** Refused cells, by row id and field. */
  errors: Map<string, Record<string, CellError>>;
}

/** Pixels for a figure column: the widest text it shows (the totals row's is the widest), never cut (issue 27). */
const figureWidth = (label: string, longest: number) =>
  Math.ceil(Math.max(96, 40 + longest * 9.6, Math.min(170, 40 + label.length * 7.5)));

/** The payroll-run menu entry: monthly and THR runs. */
export function MonthlyRunSheet(props: ScreenProps) {
  return <RunSheet {...props} screen={sheetScreens['payroll-run']} />;
}

/** The weekly-payroll menu entry: daily payrolls. */
export function DailyRunSheet(props: ScreenProps) {
  return <RunSheet {...props} screen={sheetScreens['weekly-payroll']} />;
}

export function RunSheet({ entry, trail, screen }: ScreenProps & { screen: SheetScreen }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite(screen.menu);
  const isAdmin = useAtomValue(userAtom)?.level === 'admin';
  const title = t(entry.titleKey);
  const [runs, setRuns] = useState<Summary[]>([]);
  const [selected, setSelected] = useState<Summary | null>(null);
  const [rows, setRows] = useState<RunRow[]>([]);
  const [department, setDepartment] = useState('');
  const [location, setLocation] = useState('');
  const [compare, setCompare] = useState(false);
  const [focused, setFocused] = useState<{ id: string; column: string } | null>(null);
  // The grid gets the screen: the explanation opens on Ctrl+I (or its button), beside the grid, never over it.
  const [showExplain, setShowExplain] = useState(false);
  const [settings, setSettings] = useState<CompanyPayrollSettings>({});
  /** The latest edit sent per payslip: an older reply never overwrites a newer local figure. */
  const editSeq = useRef(new Map<string, number>());
  const [dialog, setDialog] = useState<'create' | 'save' | 'bank' | 'bp21' | 'import' | null>(null);
  /** A daily payroll's template: its inputs as the import reads them back. */
  const [template, setTemplate] = useState<Template | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previousThp, setPreviousThp] = useState<Map<string, number>>(new Map());
  /** Rows whose inputs changed since they were calculated (decision 0175), and the rows just recalculated. */
  const [stale, setStale] = useState<OutOfDate | null>(null);
  const [recalculated, setRecalculated] = useState<ReadonlySet<string>>(new Set());
  const [staged, setStaged] = useState<Staged | null>(null);
  const undo = useMemo(() => new UndoStack(), []);
  const undoState = useSyncExternalStore(undo.subscribe, () => undo.snapshot);
  const gridRef = useRef<AgGridReact<RunRow>>(null);
  const newRunButton = useRef<HTMLButtonElement>(null);

  /** The open run's kind, or the screen's first before one is open (runKinds.ts). */
  const kind = sheetKind(selected?.type ?? screen.types[0] ?? 'payroll_run');
  const editable = useMemo(() => new Set<string>(kind.editFields), [kind]);
  const refreshRuns = useCallback(async () => {
    const list = await listRuns(screen.types);
    setRuns(list);
    return list;
  }, [screen]);
  useEffect(() => {
    void refreshRuns().catch((e: unknown) => setError(e instanceof ApiError ? errorText(t, e) : String(e)));
  }, [refreshRuns, t]);

  const focusGrid = useCallback(() => {
    const api = gridRef.current?.api;
    const first = api?.getAllDisplayedColumns()[0];
    if (!api || !first || api.getDisplayedRowCount() === 0) return false;
    api.ensureIndexVisible(0);
    api.setFocusedCell(0, first);
    return true;
  }, []);
  /**
   * A run opened from the list by the keyboard: the focus goes into its grid once its rows and columns have settled
   * (new column definitions clear the grid's focused cell, so each change re-schedules it).
   */
  const focusWhenReady = useRef(false);
  const [focusTick, setFocusTick] = useState(0);
  const onRowsShown = useCallback(() => setFocusTick((tick) => tick + 1), []);

  const checkStale = useCallback(async (run: Summary) => {
    if (!sheetKind(run.type).outOfDate || run.status !== 'pending') {
      setStale(null);
      return null;
    }
    const found = await outOfDate(run._id);
    setStale(found);
    return found;
  }, []);

  const open = useCallback(
    async (run: Summary, options: { focus?: boolean } = {}) => {
      setSelected(run);
      setFocused(null);
      setStaged(null);
      setRecalculated(new Set());
      setStale(null);
      undo.clear();
      const runKind = sheetKind(run.type);
      setTemplate(null);
      const [{ payslips, settings: loaded }, loadedTemplate] = await Promise.all([
        loadSheet(run._id),
        runKind.exports.template ? loadRunTemplate(run._id) : null,
      ]);
      setSettings(loaded);
      setTemplate(loadedTemplate);
      // The previous month's completed run of the same type, for the comparison.
      const before = runKind.compare
        ? runs.find(
            (r) =>
              r.type === run.type &&
              r.status === 'completed' &&
              r.year * 12 + r.month === run.year * 12 + run.month - 1,
          )
        : undefined;
      const previous = new Map<string, number>();
      if (before) for (const p of await listPayslips(before._id)) previous.set(p.employee._id, p.thp);
      setPreviousThp(previous);
      setRows(payslips.map((p) => runKind.row(p, previous.get(p.employee._id))));
      focusWhenReady.current = Boolean(options.focus);
      if (options.focus) setTimeout(onRowsShown, 0);
      void checkStale(run).catch(() => {});
    },
    [runs, undo, onRowsShown, checkStale],
  );

  // A take-home pay below zero blocks saving (decision 0075): the rows are flagged and named above the grid.
  const negative = useMemo(() => rows.filter((row) => row.thp < 0), [rows]);
  const visible = useMemo(
    () =>
      rows
        .filter((row) => (!department || row.department === department) && (!location || row.location === location))
        .map((row) => staged?.preview.get(row._id) ?? row),
    [rows, department, location, staged],
  );
  // A rate, months of service or a share is no amount to add up: its total cell stays empty (runKinds.ts `summed`).
  const summed = kind.summed;
  const totals = useMemo(() => [totalsRow(visible, t('payrollRun.total'), summed)], [visible, t, summed]);
  const departments = useMemo(
    () => [...new Map(rows.filter((r) => r.department).map((r) => [r.department, r.department_name])).entries()],
    [rows],
  );
  const locations = useMemo(
    () => [...new Map(rows.filter((r) => r.location).map((r) => [r.location, r.location_name])).entries()],
    [rows],
  );

  const pending = selected?.status === 'pending';
  /** Each figure column's widest text: the totals row's, so that it is never cut. */
  /** A figure's header: the kind's own label (the daily payroll's), else the monthly run's. */
  const figureLabel = useCallback(
    (column: SheetFigure) => {
      const own = kind.labels[column];
      if (own) return t(own);
      return Object.hasOwn(columnLabels, column) ? t(columnLabels[column as keyof typeof columnLabels]) : column;
    },
    [kind, t],
  );
  const widths = useMemo(() => {
    const total = totals[0];
    return Object.fromEntries(
      kind.figures.map((column) => {
        const longest = Math.max(
          formatFigure(column, total?.[column] ?? 0).length,
          ...rows.slice(0, 200).map((row) => formatFigure(column, row[column]).length),
        );
        // A kind's own label may take two lines (its header wraps): the column needs its longest word only.
        const label = kind.labels[column]
          ? figureLabel(column)
              .split(/\s+/)
              .reduce((a, b) => (b.length > a.length ? b : a), '')
          : figureLabel(column);
        return [column, figureWidth(label, longest)];
      }),
    ) as Record<SheetFigure, number>;
  }, [totals, rows, kind, figureLabel]);
  const columnDefs = useMemo<ColDef<RunRow>[]>(
    () => [
      { field: 'fullname', headerName: t('payrollRun.columns.fullname'), pinned: 'left', width: 200 },
      { field: 'employee_id', headerName: t('payrollRun.columns.employee_id'), width: 130 },
      ...(kind.organisation
        ? [
            { field: 'department_name', headerName: t('payrollRun.columns.department'), width: 140 } as const,
            { field: 'location_name', headerName: t('payrollRun.columns.location'), width: 120, hide: true } as const,
          ]
        : []),
      ...kind.figures.map(
        (column): ColDef<RunRow> => ({
          field: column,
          headerName: figureLabel(column),
          headerTooltip: figureLabel(column),
          width: widths[column],
          ...(kind.labels[column] ? { wrapHeaderText: true, autoHeaderHeight: true } : {}),
          type: 'rightAligned',
          editable: (params) => pending && canWrite && editable.has(column) && !params.node.isRowPinned(),
          cellClassRules: {
            'payroll-input': () => editable.has(column),
            'payroll-local': (params) => !editable.has(column) && params.data?.check === 'local',
            'payroll-staged': (params) =>
              Boolean(params.data && staged?.paste.values.get(params.data._id)?.[column as EditField] !== undefined),
            'payroll-invalid': (params) => Boolean(params.data && staged?.errors.get(params.data._id)?.[column]),
          },
          tooltipValueGetter: (params) => {
            const refused = params.data && staged?.errors.get(params.data._id)?.[column];
            return refused ? cellErrorText(t, refused) : null;
          },
          valueParser: (params) => {
            const value = readNumber(String(params.newValue ?? ''), { currency: true, single: 'auto' });
            if (value === null || value < 0) return params.oldValue;
            return column === 'overtime_hours' ? Math.round(value * 4) / 4 : Math.round(value);
          },
          valueFormatter: (params) =>
            params.node?.isRowPinned() && !(summed as readonly string[]).includes(column)
              ? ''
              : formatFigure(column, params.value as number),
        }),
      ),
    ],
    [t, pending, canWrite, widths, staged, kind, editable, figureLabel, summed],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-scheduled on purpose whenever rows or columns change.
  useEffect(() => {
    if (!focusWhenReady.current) return;
    const timer = setTimeout(() => {
      if (focusWhenReady.current && focusGrid()) focusWhenReady.current = false;
    }, 120);
    return () => clearTimeout(timer);
  }, [focusTick, columnDefs, visible, focusGrid]);

  /** Puts server rows into the sheet (and its ids into `recalculated` when asked, so they flash). */
  const putRows = useCallback(
    (payslips: readonly Payslip[], mark?: 'recalculated') => {
      const byId = new Map(payslips.map((p) => [p._id, kind.row(p, previousThp.get(p.employee._id))]));
      setRows((all) => all.map((r) => byId.get(r._id) ?? r));
      if (mark) setRecalculated(new Set(byId.keys()));
    },
    [previousThp, kind],
  );

  /**
   * Sends edits of several rows (a paste, an undo) and puts the server's rows in; returns each row's edits before.
   * One row at a time: each PATCH recalculates the run's totals in its transaction.
   */
  const sendEdits = useCallback(
    async (changes: ReadonlyMap<string, Partial<Record<EditField, number | null>>>) => {
      if (!selected) return;
      const confirmed: Payslip[] = [];
      for (const [id, edits] of changes) {
        const row = rows.find((r) => r._id === id);
        if (!row?.payslip) continue;
        confirmed.push(await editPayslip(selected._id, row.payslip._id, edits));
      }
      putRows(confirmed);
    },
    [selected, rows, putRows],
  );

  /** What to send to put back each changed field's value as it was (null: the loaded value, no edit). */
  const restoring = useCallback(
    (ids: Iterable<string>, fields: (id: string) => readonly string[]) => {
      const back = new Map<string, Partial<Record<EditField, number | null>>>();
      for (const id of ids) {
        const edits = (rows.find((r) => r._id === id)?.payslip?.edits ?? {}) as PayslipEdits;
        back.set(
          id,
          Object.fromEntries(fields(id).map((field) => [field, (edits as Record<string, number>)[field] ?? null])),
        );
      }
      return back;
    },
    [rows],
  );

  /**
   * An edited input: the row is recomputed here with the server's engine at once, then the PATCH's reply confirms it
   * (the server's figures win; a difference is shown on the row and in a toast). Undone with Ctrl+Z.
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
      const field = event.colDef.field as EditField;
      const value = Number(event.newValue);
      const previousEdit = (payslip.edits as Record<string, number>)[field] ?? null;
      const edits = mergeEdits(payslip.edits as PayslipEdits, { [field]: value } as never) as Record<string, number>;
      const seq = (editSeq.current.get(payslip._id) ?? 0) + 1;
      editSeq.current.set(payslip._id, seq);
      let local: RunRow | null = null;
      try {
        local = kind.calculate(payslip, edits, settings, previousThp.get(payslip.employee._id));
        const row = { ...local, check: 'local' as const };
        // The row's cells at once, straight in the grid; the screen's state (totals, explain) follows unhurried.
        event.api.getRowNode(row._id)?.setData(row);
        startTransition(() => setRows((all) => all.map((r) => (r._id === row._id ? row : r))));
      } catch {
        // The engine refused the input: the server's reply says why.
      }
      try {
        const confirmed = await editPayslip(selected._id, payslip._id, { [field]: value });
        const rowId = event.data._id;
        undo.push({
          label: 'grid.undo.field',
          values: { field: figureLabel(field), row: event.data.fullname },
          undo: () => sendEdits(new Map([[rowId, { [field]: previousEdit }]])),
          redo: () => sendEdits(new Map([[rowId, { [field]: value }]])),
        });
        if (editSeq.current.get(payslip._id) !== seq) return;
        const server = kind.row(confirmed, previousThp.get(confirmed.employee._id));
        const differs = local ? mismatches(local, server) : [];
        const row = {
          ...server,
          check: differs.length ? ('mismatch' as const) : ('confirmed' as const),
        };
        setRows((all) => all.map((r) => (r._id === row._id ? row : r)));
        if (differs.length) {
          toast(
            t('payrollRun.mismatch', {
              name: confirmed.employee.fullname,
              figures: differs.map((key) => figureLabel(key)).join(', '),
            }),
            'error',
          );
        }
      } catch (e) {
        if (editSeq.current.get(payslip._id) !== seq) return;
        toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
        // Back to the figures the server holds.
        const row = kind.row(payslip, previousThp.get(payslip.employee._id));
        setRows((all) => all.map((r) => (r._id === row._id ? row : r)));
      }
    },
    [selected, previousThp, settings, t, undo, sendEdits, kind, figureLabel],
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

  // The explanation sits beside the grid, never over the cell it explains: when it opens (the grid narrows) the focused
  // cell is scrolled back into view.
  useEffect(() => {
    if (!showExplain) return;
    const timer = setTimeout(() => {
      const api = gridRef.current?.api;
      const cell = api?.getFocusedCell();
      if (!api || !cell) return;
      if (!cell.rowPinned) api.ensureIndexVisible(cell.rowIndex);
      api.ensureColumnVisible(cell.column);
    }, 50);
    return () => clearTimeout(timer);
  }, [showExplain]);

  const runCreate = useCallback(
    async (body: Parameters<typeof createRun>[0]) => {
      setError(null);
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
        const said = sheetKind(body.type).created;
        if (run && said) toast(t(said, { title: run.title }), 'success');
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

  /** Recalculates the out-of-date rows, visibly: the rows flash and a toast says how the total moved. */
  const recalculateStale = useCallback(async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const before = selected.total_thp;
      const reply = await recalculateRun(selected._id);
      putRows(reply.payslips, 'recalculated');
      setSelected(reply.summary);
      setStale({ count: 0, rows: [] });
      void refreshRuns();
      toast(
        t('payrollRun.recalculated', {
          count: reply.payslips.length,
          from: formatAmount(before),
          to: formatAmount(reply.summary.total_thp),
        }),
        'success',
      );
    } catch (e) {
      toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
    } finally {
      setBusy(false);
    }
  }, [selected, putRows, refreshRuns, t]);

  /** Save: rows out of date are shown and recalculated first; the confirmation states the totals it completes. */
  const askSave = useCallback(async () => {
    if (!selected) return;
    setError(null);
    try {
      const found = await checkStale(selected);
      if (found && found.count > 0) {
        toast(t('payrollRun.outOfDateFirst', { count: found.count }), 'error');
        return;
      }
    } catch (e) {
      toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
      return;
    }
    setDialog('save');
  }, [selected, checkStale, t]);

  const save = useCallback(async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const done = await completeRun(selected._id, expectedOf(rows));
      setSelected(done);
      setStale(null);
      undo.clear();
      await refreshRuns();
      setDialog(null);
      const [said, values] = sheetKind(done.type).completed(done);
      toast(confirmText(t, [said, values]), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'payroll_run_out_of_date') {
        setDialog(null);
        void checkStale(selected);
      }
      setError(e instanceof ApiError ? errorText(t, e) : String(e));
    } finally {
      setBusy(false);
    }
  }, [selected, rows, refreshRuns, t, undo, checkStale]);

  const act = useCallback(
    async (action: 'reopen' | 'delete', run: Summary) => {
      try {
        if (action === 'reopen') {
          const reopened = await reopenRun(run._id);
          setSelected(reopened);
          void checkStale(reopened);
        } else {
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
    [refreshRuns, selected, t, checkStale],
  );

  const focusedRow = focused
    ? focused.id === 'total'
      ? (totals[0] ?? null)
      : (visible.find((row) => row._id === focused.id) ?? null)
    : null;

  /** The row's employee payroll for the run's month (payroll-employees). */
  const openEmployee = useCallback(
    (row: RunRow) => {
      if (!selected || !row.payslip || !sheetKind(selected.type).employeePayroll) return;
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

  const runUndo = useCallback(
    async (direction: 'undo' | 'redo') => {
      try {
        const entry = await (direction === 'undo' ? undo.undo() : undo.redo());
        if (entry) {
          const what = t(entry.label as never, entry.values ?? {});
          toast(direction === 'undo' ? t('grid.undo.undone', { what }) : t('grid.undo.redone', { what }), 'success');
        }
      } catch (e) {
        toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
      }
    },
    [undo, t],
  );

  /** Saves the staged paste (its valid cells) as edits; one undo step puts every row's inputs back. */
  const savePaste = useCallback(async () => {
    if (!staged) return;
    const changes = staged.paste.values;
    const fields = (id: string) => Object.keys(changes.get(id) ?? {});
    const back = restoring(changes.keys(), fields);
    setBusy(true);
    try {
      await sendEdits(changes);
      setStaged(null);
      undo.push({
        label: 'grid.undo.paste',
        values: { count: changes.size },
        undo: () => sendEdits(back),
        redo: () => sendEdits(changes),
      });
      toast(t('payrollRun.pasteSaved', { count: changes.size }), 'success');
    } catch (e) {
      toast(e instanceof ApiError ? errorText(t, e) : String(e), 'error');
    } finally {
      setBusy(false);
    }
  }, [staged, restoring, sendEdits, undo, t]);

  /** Ctrl+V in the grid: the block is planned, recalculated here and staged for review (nothing is sent yet). */
  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLDivElement>) => {
      const api = gridRef.current?.api;
      if (!api || api.getEditingCells().length > 0) return;
      const text = event.clipboardData.getData('text/plain');
      const cell = api.getFocusedCell();
      if (!text || !cell || cell.rowPinned) return;
      event.preventDefault();
      if (!pending || !canWrite) {
        toast(t('payrollRun.pasteLocked'), 'error');
        return;
      }
      const shown: RunRow[] = [];
      api.forEachNodeAfterFilterAndSort((node) => {
        if (node.data) shown.push(rows.find((r) => r._id === node.data!._id) ?? node.data);
      });
      const columns = api.getAllDisplayedColumns().map((column) => column.getColId());
      const paste = planRunPaste({
        text,
        rows: shown,
        columns,
        start: { rowIndex: cell.rowIndex, columnIndex: Math.max(0, columns.indexOf(cell.column.getColId())) },
        editable: true,
        fields: kind.editFields,
      });
      if (paste.plan.updates.length === 0) {
        toast(t('payrollRun.pasteNothing'), 'error');
        return;
      }
      const preview = new Map<string, RunRow>();
      const errors = new Map<string, Record<string, CellError>>();
      for (const update of paste.plan.updates) {
        if (Object.keys(update.errors).length) errors.set(update.rowId, update.errors);
        const row = shown.find((r) => r._id === update.rowId);
        const values = paste.values.get(update.rowId);
        if (!row?.payslip || !values) continue;
        try {
          const merged = mergeEdits(row.payslip.edits as PayslipEdits, values as never) as Record<string, number>;
          const local = kind.calculate(row.payslip, merged, settings, previousThp.get(row.payslip.employee._id));
          preview.set(row._id, { ...local, check: 'local' });
        } catch {
          // The server's reply says why when it is saved.
        }
      }
      setStaged({ paste, preview, errors });
    },
    [pending, canWrite, rows, settings, previousThp, t, kind],
  );

  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<RunRow>) => {
      const keyboard = event.event as KeyboardEvent | null;
      const key = keyboard?.key;
      if (
        keyboard &&
        (keyboard.ctrlKey || keyboard.metaKey) &&
        key?.toLowerCase() === 'z' &&
        !event.api.getEditingCells().length
      ) {
        keyboard.preventDefault();
        void runUndo(keyboard.shiftKey ? 'redo' : 'undo');
        return;
      }
      if (key !== 'Enter' || !event.data || event.node.isRowPinned()) return;
      if (event.colDef.editable && pending && canWrite && editable.has(event.colDef.field ?? '')) return;
      openEmployee(event.data);
    },
    [openEmployee, pending, canWrite, runUndo, editable],
  );

  useCommands(
    payrollRunCommands(screen, {
      canWrite,
      hasPending: pending,
      saveLabel: kind.complete.button,
      canCompare: kind.compare,
      canExplain: kind.explain,
      newRun: () => setDialog('create'),
      save: () => void askSave(),
      compare: () => setCompare((c) => !c),
      explain: () => setShowExplain((shown) => kind.explain && !shown),
      openEmployee: focusedRow?.payslip && kind.employeePayroll ? () => openEmployee(focusedRow) : null,
      focusGrid: () => void focusGrid(),
      bankFile: selected?.status === 'completed' && kind.exports.bankFile ? () => setDialog('bank') : null,
    }),
    [screen, kind, canWrite, pending, focusedRow, openEmployee, askSave, focusGrid, selected],
  );

  /** The daily payroll template's labels: this language's, and every language's for reading a file back. */
  const templateLabel = useCallback(
    (field: string) => (field in templateKeys ? t(templateKeys[field as keyof typeof templateKeys]) : field),
    [t],
  );
  const templateLabels = useCallback(
    (field: string) =>
      field in templateKeys
        ? [field, ...labelsInEveryLanguage(i18n, templateKeys[field as keyof typeof templateKeys])]
        : [field],
    [i18n],
  );
  const month = useMemo(() => (selected ? { year: selected.year, month: selected.month } : null), [selected]);
  /** The run's inputs as an xlsx: the template `POST /v1/payroll-summary/import` reads back. */
  const downloadTemplate = useCallback(async () => {
    if (!month || !selected) return;
    // Fetched now: the payroll as it stands after the grid's edits.
    const [XLSX, fresh] = await Promise.all([import('xlsx'), loadRunTemplate(selected._id)]);
    setTemplate(fresh);
    const sheet = XLSX.utils.aoa_to_sheet(templateSheet(fresh, month, templateLabel));
    sheet['!cols'] = [{ wch: 14 }, { wch: 28 }, { wch: 6 }, { wch: 6 }, { wch: 12 }, { wch: 16 }, { wch: 16 }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Daily payroll');
    XLSX.writeFile(book, `daily-payroll-${selected.period_start}-${selected.period_end}.xlsx`, {
      bookType: 'xlsx',
      compression: true,
    });
  }, [month, selected, templateLabel]);

  const staleSources = useMemo(() => {
    const sources = new Set(stale?.rows.flatMap((row) => row.sources) ?? []);
    return [...sources].map((source) => t((sourceLabels[source] ?? sourceLabels.employee) as never)).join(', ');
  }, [stale, t]);
  const wholeRun = useMemo(() => expectedOf(rows), [rows]);

  /** A run's type (monthly, THR) or its date range (a daily payroll), as the list and picker name it. */
  const periodOf = (run: Summary) => {
    if (sheetKind(run.type).period === 'type') return t(`enums.payroll_run_type.${run.type}`);
    const day = (date: string | null | undefined) =>
      date ? formatDate(date, 'DD MMM YYYY', { locale: i18n.language }) : '';
    return `${day(run.period_start)} – ${day(run.period_end)}`;
  };
  /** A run's month in words ('Maret 2027'), in the user's language. */
  const monthName = (run: Summary) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(run.year, run.month - 1, 1)),
    );
  /** The picker's words of a run: its name and status (its take-home pay is the open run's totals row, and the tooltip's). */
  const runLabel = (run: Summary) =>
    sheetKind(run.type).period === 'type'
      ? `${run.title} · ${t(`enums.payroll_run_status.${run.status}`)}`
      : `${run.title} · ${periodOf(run)} · ${t(`enums.payroll_run_status.${run.status}`)}`;

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="payroll-run">
        {!selected && (
          <section className="payroll-runs" aria-label={t(screen.labels.list)}>
            <div className="payroll-toolbar">
              {canWrite && (
                <button ref={newRunButton} type="button" className="primary" onClick={() => setDialog('create')}>
                  {t(screen.labels.newRun)}
                </button>
              )}
              <span className="muted">{t('payrollRun.listHint')}</span>
            </div>
            {error && !dialog && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            {runs.length === 0 && <p className="muted">{t(screen.labels.empty)}</p>}
            <ul className="payroll-run-list">
              {runs.map((run) => (
                <li key={run._id}>
                  {/* Enter opens the run and puts the focus in its grid: one key from the list to the figures. */}
                  <button type="button" className="link" onClick={() => void open(run, { focus: true })}>
                    {run.title}
                  </button>
                  <span className={`badge ${run.status}`}>{t(`enums.payroll_run_status.${run.status}`)}</span>
                  <span className="muted">
                    {periodOf(run)} · {run.employee_count} · {formatAmount(run.total_thp)}
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
        )}
        {selected && (
          <section className="payroll-sheet" aria-label={selected.title}>
            {/* The run list as a picker: the grid gets the screen. Enter in the picker goes to the grid. */}
            <div className="payroll-toolbar payroll-sheet-toolbar">
              <select
                className="payroll-run-picker"
                aria-label={t(screen.labels.picker)}
                // The open run's whole name, whatever width the picker has, then what the picker does.
                title={`${runLabel(selected)} · ${formatAmount(selected.total_thp)}\n${t('payrollRun.pickerHint')}`}
                value={selected._id}
                onChange={(e) => {
                  // The picker's last option starts a new run; the open run stays selected meanwhile.
                  if (e.target.value === NEW_RUN) {
                    setDialog('create');
                    return;
                  }
                  const run = runs.find((r) => r._id === e.target.value);
                  if (run) void open(run);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    focusGrid();
                  }
                }}
              >
                {runs.map((run) => (
                  <option key={run._id} value={run._id}>
                    {runLabel(run)}
                  </option>
                ))}
                {canWrite && <option value={NEW_RUN}>{`+ ${t(screen.labels.newRun)}…`}</option>}
              </select>
              {kind.organisation && (
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
              )}
              {kind.organisation && (
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
              )}
              {kind.compare && (
                <label title={t('payrollRun.compare')}>
                  <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />{' '}
                  {t('payrollRun.compareShort')}
                </label>
              )}
              {pending && canWrite && kind.editFields.length > 0 && (
                <button
                  type="button"
                  disabled={!undoState.canUndo || undoState.busy}
                  onClick={() => void runUndo('undo')}
                  aria-keyshortcuts="Control+Z"
                  title={t('payrollRun.undoHint')}
                >
                  {t('grid.undo.button')}
                </button>
              )}
              {kind.exports.template && (
                <button type="button" disabled={!template} onClick={() => void downloadTemplate()}>
                  {t('payrollImport.downloadTemplate')}
                </button>
              )}
              {kind.exports.template && canWrite && pending && (
                <button type="button" disabled={!template} onClick={() => setDialog('import')}>
                  {t('payrollImport.importFile')}
                </button>
              )}
              {kind.explain && !showExplain && (
                <button type="button" aria-keyshortcuts="Control+I" onClick={() => setShowExplain(true)}>
                  {t('payrollRun.explainShow')}
                </button>
              )}
              <span className="payroll-toolbar-end">
                {canWrite && pending && (
                  <button type="button" onClick={() => void act('delete', selected)}>
                    {t('payrollRun.delete')}
                  </button>
                )}
                {isAdmin && canReopen(selected, runs) && (
                  <button type="button" onClick={() => void act('reopen', selected)}>
                    {t('payrollRun.reopen')}
                  </button>
                )}
                {selected.status === 'completed' && kind.exports.bp21 && (
                  <button type="button" onClick={() => setDialog('bp21')}>
                    {t('weeklyPayroll.exportBp21')}
                  </button>
                )}
                {selected.status === 'completed' && kind.exports.bankFile && (
                  <button type="button" onClick={() => setDialog('bank')}>
                    {t('bankFile.open')}
                  </button>
                )}
                {canWrite && pending && (
                  <button type="button" className="primary" onClick={() => void askSave()}>
                    {t(kind.complete.button)}
                  </button>
                )}
              </span>
            </div>
            {kind.note && <p className="muted payroll-note">{t(kind.note, { month: monthName(selected) })}</p>}
            {stale && stale.count > 0 && (
              <div className="payroll-stale" role="status" aria-label={t('payrollRun.outOfDateLabel')}>
                <strong>{t('payrollRun.outOfDate', { count: stale.count })}</strong>
                <span>
                  {t('payrollRun.outOfDateWhy', {
                    sources: staleSources,
                    names: stale.rows
                      .slice(0, 5)
                      .map((row) => row.fullname)
                      .join(', '),
                    more: stale.count > 5 ? ` (+${stale.count - 5})` : '',
                  })}
                </span>
                {canWrite && (
                  <button type="button" className="primary" disabled={busy} onClick={() => void recalculateStale()}>
                    {t('payrollRun.recalculate', { count: stale.count })}
                  </button>
                )}
              </div>
            )}
            {staged && (
              <div className="grid-banner payroll-paste" role="status" aria-label={t('grid.paste.title')}>
                <span>
                  {t('grid.paste.summary', {
                    new: 0,
                    changed: staged.paste.plan.counts.changed,
                    invalid: staged.paste.plan.counts.invalid,
                  })}
                  {staged.paste.plan.skipped > 0 &&
                    ` · ${t('payrollRun.pasteSkipped', { count: staged.paste.plan.skipped })}`}
                </span>
                {staged.paste.plan.counts.invalid > 0 && <span>{t('payrollRun.pasteInvalid')}</span>}
                <button type="button" onClick={() => setStaged(null)}>
                  {t('grid.paste.cancel')}
                </button>
                <button
                  type="button"
                  className="primary"
                  disabled={busy || staged.paste.values.size === 0}
                  onClick={() => void savePaste()}
                >
                  {t('grid.paste.save')}
                </button>
              </div>
            )}
            {negative.length > 0 && (
              <p className="payroll-warning" role="alert">
                {t('payrollRun.negativeThp', { names: negative.map((row) => row.fullname).join(', ') })}
              </p>
            )}
            <div className="payroll-body">
              <div className="payroll-grid" onPaste={onPaste}>
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
                  tooltipShowDelay={200}
                  onCellValueChanged={(event) => void onCellValueChanged(event as never)}
                  onCellFocused={onCellFocused}
                  onCellKeyDown={onCellKeyDown}
                  onFirstDataRendered={onRowsShown}
                  rowClassRules={{
                    'payroll-changed': (params: RowClassParams<RunRow>) => compare && Boolean(params.data?.changed),
                    'payroll-mismatch': (params: RowClassParams<RunRow>) => params.data?.check === 'mismatch',
                    'payroll-negative-thp': (params: RowClassParams<RunRow>) => (params.data?.thp ?? 0) < 0,
                    'payroll-recalculated': (params: RowClassParams<RunRow>) =>
                      Boolean(params.data && recalculated.has(params.data._id)),
                    'payroll-stale-row': (params: RowClassParams<RunRow>) =>
                      Boolean(params.data?.payslip && stale?.rows.some((row) => row.payslip === params.data?._id)),
                  }}
                />
              </div>
              {kind.explain && showExplain && (
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
      {dialog === 'create' && sheetKind(screen.types[0] ?? 'payroll_run').create === 'range' && (
        <RangeDialog
          busy={busy}
          error={error}
          onCancel={() => {
            setDialog(null);
            setError(null);
          }}
          onRun={(body) => void runCreate(body)}
        />
      )}
      {dialog === 'create' && sheetKind(screen.types[0] ?? 'payroll_run').create === 'month' && (
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
      {dialog === 'save' && selected && (
        <Modal
          title={t(kind.complete.button)}
          role="alertdialog"
          onCancel={() => {
            setDialog(null);
            setError(null);
          }}
          unsent={false}
        >
          <p>{confirmText(t, kind.complete.confirm(selected.title))}</p>
          <p>{t('payrollRun.confirmWhat', { title: selected.title, count: wholeRun.employee_count })}</p>
          <dl className="payroll-confirm-totals">
            {kind.confirmTotals.map(({ total, label }) => (
              <Fragment key={total}>
                <dt>{t(label)}</dt>
                <dd>{formatAmount(wholeRun[total])}</dd>
              </Fragment>
            ))}
          </dl>
          <p className="muted">{t('payrollRun.confirmExact')}</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            {/* biome-ignore lint/a11y/noAutofocus: the safe answer takes focus in a confirmation. */}
            <button type="button" autoFocus onClick={() => setDialog(null)} disabled={busy}>
              {t('grid.cancel')}
            </button>
            <button type="button" className="primary" data-default onClick={() => void save()} disabled={busy}>
              {t(kind.complete.button)}
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'bank' && selected && <BankFileDialog summary={selected} onClose={() => setDialog(null)} />}
      {dialog === 'bp21' && selected && (
        <Suspense fallback={null}>
          <CoretaxBp21 summary={selected._id} title={selected.title} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === 'import' && template && month && selected && (
        <PayrollImportDialog
          template={template}
          period={month}
          label={templateLabel}
          labels={templateLabels}
          target={{ type: 'weekly', summary: selected._id }}
          onTemplate={() => void downloadTemplate()}
          onClose={(imported) => {
            setDialog(null);
            if (imported) {
              void open(selected);
              void refreshRuns();
            }
          }}
        />
      )}
    </>
  );
}
