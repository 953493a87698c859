/**
 * attendance → roster (issue #12): the roster of a working_shift group, members × the days of a month, one shift
 * code a cell, edited like a spreadsheet. Type a code (checked against the company's codes, case-insensitively; an
 * unknown one stays in the cell with a message, Esc restores), Delete clears, Shift+arrows or Shift+click select a
 * range, Ctrl+C copies it, Ctrl+V pastes a block from Excel, Ctrl+Z / Ctrl+Shift+Z undo and redo a whole change.
 * Every change is one PUT /v1/attendance/roster (all or nothing); xlsx export and import share one layout
 * (roster.ts `rosterSheet`). The pure rules are in roster.ts.
 */
import { UndoButtons } from '../../grids/UndoButtons.tsx';
import './attendance.css';
import './roster.css';
import {
  type CellClassParams,
  type CellEditRequestEvent,
  type CellFocusedEvent,
  type ColDef,
  type GridApi,
  type SuppressKeyboardEventParams,
  TextEditorModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { isEditable } from '../../commands/shortcuts.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { listRows } from '../../grids/api.ts';
import { downloadWorkbook } from '../../grids/export.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { parseTsv, toTsv } from '../../grids/tsv.ts';
import { UndoStack } from '../../grids/undo.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { useCanWrite } from '../../menu/access.ts';
import { notifyError, toast } from '../../overlays/progress.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { RosterCodeEditor } from './RosterCodeEditor.tsx';
import {
  applyChanges,
  type CellAt,
  type CellChange,
  type CellRange,
  type CodeBook,
  codeBook,
  copyBlock,
  dayCounts,
  dayHeader,
  fillRange,
  holidayDays,
  inRange,
  isWeekend,
  planPaste,
  putCells,
  type RosterRow,
  type RosterShift,
  rangeOf,
  readCode,
  rosterSheet,
  shiftTone,
  stepMonth,
  undoEntry,
} from './roster.ts';

const RosterImportDialog = lazy(() =>
  import('./RosterImport.tsx').then((module) => ({ default: module.RosterImportDialog })),
);

const modules = [...gridModules, TextEditorModule];
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const MENU = 'roster';

interface Group {
  _id: string;
  name: string;
}
interface Roster {
  group: string;
  month: number;
  year: number;
  days: string[];
  rows: RosterRow[];
}
type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** What the cells' class rules read: kept in one object the grid holds as its context, updated in place. */
interface RosterContext {
  book: CodeBook;
  range: CellRange | null;
  /** Typed text the grid refused, by `row|day`, shown in the cell until corrected or Esc. */
  refused: Map<string, string>;
}

const dayColumn = (day: number) => `d${day}`;
const dayOf = (colId: string | undefined): number | null =>
  colId && /^d\d+$/.test(colId) ? Number(colId.slice(1)) : null;
const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000);

/** The screen's period and group live in the URL: a reload or a shared link opens the same roster. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = jakartaToday();
  const month = Number(params.get('month')) || today.getUTCMonth() + 1;
  const year = Number(params.get('year')) || today.getUTCFullYear();
  const group = params.get('group');
  const update = useCallback(
    (change: { month?: number; year?: number; group?: string }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) next.set(key, String(value));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { month: Math.min(12, Math.max(1, month)), year, group, update };
}

export default function RosterScreen({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(MENU);
  const locale = t('attendance.report.locale');
  const { month, year, group: groupParam, update } = usePeriod();
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [shifts, setShifts] = useState<RosterShift[]>([]);
  const [holidays, setHolidays] = useState<Map<string, string>>(new Map());
  const [roster, setRoster] = useState<Roster | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [gridApi, setGridApi] = useState<GridApi<RosterRow> | null>(null);
  const region = useRef<HTMLElement>(null);
  const book = useMemo(() => codeBook(shifts), [shifts]);
  const [context] = useState<RosterContext>(() => ({ book, range: null, refused: new Map() }));
  context.book = book;
  const [undo] = useState(() => new UndoStack());
  const undoState = useSyncExternalStore(undo.subscribe, () => undo.snapshot);
  const group = groupParam ?? groups?.[0]?._id ?? null;
  const rosterRef = useRef(roster);
  rosterRef.current = roster;
  // Loads read the current language's `t` without reloading when the language changes (undo history survives it).
  const tRef = useRef(t);
  tRef.current = t;

  // Working-shift groups and the company's shift codes, once.
  useEffect(() => {
    let current = true;
    listRows('/v1/attendance-groups', { type: 'working_shift', sort: 'name', limit: 1000 }).then(
      (reply) => current && setGroups(reply.data.map((row) => ({ _id: row._id, name: String(row.name) }))),
      (reason: unknown) =>
        current && setLoad({ state: 'failed', message: errorText(tRef.current, toApiError(reason)) }),
    );
    listRows('/v1/shifts', { limit: 9999999, skip: 0 }).then(
      (reply) => current && setShifts(reply.data as unknown as RosterShift[]),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  // The roster of the chosen group and month, and the month's holidays (tinted).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to load again (Try again).
  useEffect(() => {
    if (!group) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setMessage(null);
    context.refused.clear();
    context.range = null;
    undo.clear();
    call(
      api.GET('/v1/attendance/roster', { params: { query: { group, month, year } }, signal: controller.signal }),
    ).then(
      (reply) => {
        setRoster({ group, month, year, days: reply.data.days, rows: reply.data.rows });
        setLoad({ state: 'ready' });
      },
      (reason: unknown) => {
        const error = toApiError(reason);
        if (error.code !== 'aborted') setLoad({ state: 'failed', message: errorText(tRef.current, error) });
      },
    );
    const monthDays = Array.from(
      { length: new Date(Date.UTC(year, month, 0)).getUTCDate() },
      (_, i) => `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
    );
    // Holidays overlapping the month: starting by its last day and ending on or after its first.
    listRows(
      '/v1/refs/mass-leave',
      {
        start_date: ['1900-01-01', monthDays.at(-1)!],
        end_date: [monthDays[0]!, '2100-12-31'],
        limit: 1000,
      },
      controller.signal,
    ).then(
      (reply) =>
        setHolidays(
          holidayDays(monthDays, reply.data as unknown as { name: string; start_date: string; end_date: string }[]),
        ),
      () => setHolidays(new Map()),
    );
    return () => controller.abort();
  }, [group, month, year, attempt, context, undo]);

  // ---- writing: every change is one PUT, with its undo entry ----------------------------------------------------

  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Sends one side of a change (all or nothing) and shows it; on a refusal the grid goes back and it throws. */
  const write = useCallback((changes: readonly CellChange[], side: 'before' | 'after', target: Roster) => {
    const run = async () => {
      const shown = () => rosterRef.current?.group === target.group && rosterRef.current.month === target.month;
      const other = side === 'after' ? 'before' : 'after';
      if (shown()) setRoster((current) => current && { ...current, rows: applyChanges(current.rows, changes, side) });
      try {
        await call(
          api.PUT('/v1/attendance/roster', {
            params: { query: { group: target.group, month: target.month, year: target.year } },
            body: { cells: putCells(changes, target.days, side) },
            headers: { [INLINE_ERRORS_HEADER]: '1' },
          }),
        );
      } catch (reason) {
        if (shown()) {
          setRoster((current) => current && { ...current, rows: applyChanges(current.rows, changes, other) });
        }
        throw reason;
      }
    };
    const next = queue.current.then(run, run);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const commit = useCallback(
    async (changes: CellChange[]): Promise<boolean> => {
      const target = rosterRef.current;
      if (!target || !canWrite) return false;
      if (!changes.length) return true;
      try {
        await write(changes, 'after', target);
        undo.push(undoEntry(changes, (cells, side) => write(cells, side, target)));
        toast(t('attendance.roster.saved', { count: changes.length }), 'success');
        return true;
      } catch (reason) {
        notifyError(t('attendance.roster.notSaved', { message: errorText(t, toApiError(reason)) }));
        return false;
      }
    },
    [write, undo, canWrite, t],
  );

  const actions = useMemo(
    () => ({
      undo: async () => {
        try {
          const done = await undo.undo();
          if (done) toast(t('grid.undo.undone', { what: t('attendance.roster.change', done.values ?? {}) }));
        } catch (reason) {
          notifyError(t('grid.undo.failed', { message: errorText(t, toApiError(reason)) }));
        }
      },
      redo: async () => {
        try {
          const done = await undo.redo();
          if (done) toast(t('grid.undo.redone', { what: t('attendance.roster.change', done.values ?? {}) }));
        } catch (reason) {
          notifyError(t('grid.undo.failed', { message: errorText(t, toApiError(reason)) }));
        }
      },
      step: (direction: 1 | -1) => update(stepMonth({ month, year }, direction)),
      export: async () => {
        const current = rosterRef.current;
        if (!current) return;
        const XLSX = await import('xlsx');
        const sheet = rosterSheet(
          { employeeId: t('attendance.daily.employeeId'), name: t('attendance.daily.name') },
          current.days,
          current.rows,
        );
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), `${current.year}-${current.month}`);
        const fileName = `roster-${current.year}-${String(current.month).padStart(2, '0')}.xlsx`;
        downloadWorkbook(XLSX, book, fileName);
        toast(t('export.done', { count: current.rows.length, file: fileName }), 'success');
      },
      import: () => {
        if (canWrite && rosterRef.current) setImporting(true);
      },
    }),
    [undo, update, month, year, canWrite, t],
  );

  useCommands(
    [
      {
        id: 'roster:next-month',
        label: 'attendance.roster.nextMonth',
        keywords: ['next', 'month', 'bulan', 'berikutnya', 'roster', 'jadwal'],
        group: 'context',
        shortcut: { key: '>' },
        isVisible: () => true,
        isEnabled: () => true,
        run: () => actions.step(1),
      },
      {
        id: 'roster:previous-month',
        label: 'attendance.roster.previousMonth',
        keywords: ['previous', 'month', 'bulan', 'sebelumnya', 'roster', 'jadwal'],
        group: 'context',
        shortcut: { key: '<' },
        isVisible: () => true,
        isEnabled: () => true,
        run: () => actions.step(-1),
      },
      {
        id: 'roster:export',
        label: 'attendance.roster.export',
        keywords: ['xlsx', 'excel', 'export', 'ekspor', 'roster'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => !!rosterRef.current,
        run: () => actions.export(),
      },
      {
        id: 'roster:import',
        label: 'attendance.roster.import',
        keywords: ['xlsx', 'excel', 'import', 'impor', 'roster'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => !!rosterRef.current,
        run: () => actions.import(),
      },
      {
        id: 'roster:undo',
        label: 'grid.undo.button',
        keywords: ['undo', 'batalkan', 'roster'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => undoState.canUndo && !undoState.busy,
        run: () => actions.undo(),
      },
      {
        id: 'roster:redo',
        label: 'grid.redo',
        keywords: ['redo', 'ulangi', 'roster'],
        group: 'context',
        isVisible: () => canWrite,
        isEnabled: () => undoState.canRedo && !undoState.busy,
        run: () => actions.redo(),
      },
    ] satisfies Command[],
    [actions, canWrite, undoState],
  );

  // ---- the grid -----------------------------------------------------------------------------------------------

  const anchor = useRef<CellAt | null>(null);
  const extending = useRef(false);
  const setRange = useCallback(
    (range: CellRange | null) => {
      context.range = range;
      gridApi?.refreshCells({ force: true });
    },
    [context, gridApi],
  );

  const refuse = useCallback(
    (at: CellAt, text: string) => {
      context.refused.set(`${at.row}|${at.day}`, text);
      setMessage(
        t('attendance.roster.unknownCode', {
          code: text,
          codes: shifts.map((shift) => shift.code).join(', '),
        }),
      );
      gridApi?.refreshCells({ force: true });
    },
    [context, shifts, gridApi, t],
  );
  /** Drops the refused text of a cell (Esc, or a good value typed over it); true when there was one. */
  const forgetRefused = useCallback(
    (at: CellAt) => {
      const had = context.refused.delete(`${at.row}|${at.day}`);
      if (!context.refused.size) setMessage(null);
      if (had) gridApi?.refreshCells({ force: true });
      return had;
    },
    [context, gridApi],
  );

  const days = roster?.days;
  const columnDefs = useMemo<ColDef<RosterRow>[]>(() => {
    if (!days) return [];
    const tone = (p: CellClassParams<RosterRow>) => {
      const value = p.value as string | null;
      const shift = value ? book.get(value.toLowerCase()) : undefined;
      return shift ? shiftTone[shift.type] : '';
    };
    return [
      {
        colId: 'member',
        headerName: t('attendance.roster.member'),
        pinned: 'left',
        width: 250,
        valueGetter: (p) => (p.data ? `${p.data.employee.employee_id} ${p.data.employee.fullname}` : ''),
        cellRenderer: (p: { data?: RosterRow }) =>
          p.data ? (
            <span className="roster-member">
              <span className="roster-member-code">{p.data.employee.employee_id}</span> {p.data.employee.fullname}
            </span>
          ) : null,
        sortable: true,
        suppressKeyboardEvent: (p) => p.event.key === '<' || p.event.key === '>',
      },
      ...days.map((date, day): ColDef<RosterRow> => {
        const holiday = holidays.get(date);
        const tint = holiday ? 'roster-holiday' : isWeekend(date) ? 'roster-weekend' : '';
        return {
          colId: dayColumn(day),
          headerName: dayHeader(date, locale),
          headerTooltip: holiday ? `${date} · ${holiday}` : date,
          headerClass: ['roster-day', tint].filter(Boolean),
          width: 60,
          sortable: false,
          editable: canWrite,
          cellEditor: RosterCodeEditor,
          valueGetter: (p) => {
            const refused = p.node ? context.refused.get(`${p.node.rowIndex}|${day}`) : undefined;
            return refused ?? p.data?.codes[day] ?? null;
          },
          tooltipValueGetter: (p) => {
            const code = p.data?.codes[day];
            const shift = code ? book.get(code.toLowerCase()) : undefined;
            const times = shift?.start_time && shift.finish_time ? ` ${shift.start_time}–${shift.finish_time}` : '';
            return [holiday, shift ? `${shift.name}${times}` : null].filter(Boolean).join(' · ') || undefined;
          },
          cellClass: (p) => ['roster-cell', tint, tone(p)].filter(Boolean),
          cellClassRules: {
            'roster-in-range': (p) => inRange((p.context as RosterContext).range, p.node.rowIndex ?? -1, day),
            'roster-refused': (p) => (p.context as RosterContext).refused.has(`${p.node.rowIndex}|${day}`),
          },
          // '<' and '>' change the month (palette commands), they never start typing a code.
          suppressKeyboardEvent: (p: SuppressKeyboardEventParams<RosterRow>) =>
            !p.editing && (p.event.key === '<' || p.event.key === '>'),
        };
      }),
      {
        colId: 'working',
        headerName: t('attendance.roster.working'),
        headerTooltip: t('attendance.roster.workingHint'),
        pinned: 'right',
        width: 100,
        type: 'rightAligned',
        valueGetter: (p) => (p.data ? dayCounts(p.data.codes, book).working : null),
      },
      {
        colId: 'off',
        headerName: t('attendance.roster.off'),
        pinned: 'right',
        width: 76,
        type: 'rightAligned',
        valueGetter: (p) => (p.data ? dayCounts(p.data.codes, book).off : null),
      },
    ];
  }, [days, holidays, locale, canWrite, context, t, book]);

  const focusedAt = (): CellAt | null => {
    const focused = gridApi?.getFocusedCell();
    const day = dayOf(focused?.column.getColId());
    return focused && day !== null ? { row: focused.rowIndex, day } : null;
  };
  const selection = (): CellRange | null => {
    if (context.range) return context.range;
    const at = focusedAt();
    return at ? rangeOf(at, at) : null;
  };

  const onCellFocused = (event: CellFocusedEvent<RosterRow>) => {
    const column = typeof event.column === 'object' && event.column ? event.column.getColId() : undefined;
    const day = dayOf(column);
    const at = event.rowIndex !== null && day !== null ? { row: event.rowIndex, day } : null;
    if (extending.current && anchor.current && at) {
      setRange(rangeOf(anchor.current, at));
      return;
    }
    anchor.current = at;
    if (context.range) setRange(null);
  };

  const onCellEditRequest = (event: CellEditRequestEvent<RosterRow>) => {
    const day = dayOf(event.colDef.colId);
    const row = event.node.rowIndex;
    if (day === null || row === null || !event.data) return;
    const text = event.newValue === null || event.newValue === undefined ? '' : String(event.newValue);
    const reading = readCode(text, book);
    const at = { row, day };
    if (!reading.ok) {
      refuse(at, reading.text);
      return;
    }
    forgetRefused(at);
    const before = event.data.codes[day] ?? null;
    if (before === reading.code) return;
    void commit([{ employee: event.data.employee._id, day, before, after: reading.code }]);
  };

  const isEditing = () => (gridApi?.getEditingCells().length ?? 0) > 0;
  const onCell = (target: EventTarget) =>
    target instanceof HTMLElement && !isEditable(target) && !target.closest('.ag-popup, .ag-filter, .ag-menu');

  const onKeyDownCapture = (event: React.KeyboardEvent) => {
    if (!gridApi || !onCell(event.target) || isEditing()) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const at = focusedAt();
    if ((event.key === 'Escape' || (mod && key === 'z' && !event.shiftKey)) && at && forgetRefused(at)) {
      event.preventDefault();
      return;
    }
    if (mod && ((key === 'z' && event.shiftKey) || key === 'y')) {
      event.preventDefault();
      void actions.redo();
    } else if (mod && key === 'z') {
      event.preventDefault();
      void actions.undo();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && canWrite && rosterRef.current) {
      const range = selection();
      if (!range) return;
      event.preventDefault();
      event.stopPropagation();
      for (let r = range.top; r <= range.bottom; r++) {
        for (let d = range.left; d <= range.right; d++) context.refused.delete(`${r}|${d}`);
      }
      if (!context.refused.size) setMessage(null);
      void commit(fillRange(rosterRef.current.rows, range, null));
    } else if (event.shiftKey && !mod && event.key.startsWith('Arrow') && at) {
      const roster = rosterRef.current;
      if (!roster) return;
      const focus = context.range && anchor.current ? cornerOpposite(context.range, anchor.current) : at;
      const next = {
        row: focus.row + (event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0),
        day: focus.day + (event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0),
      };
      event.preventDefault();
      event.stopPropagation();
      if (next.row < 0 || next.row >= roster.rows.length || next.day < 0 || next.day >= roster.days.length) return;
      anchor.current ??= at;
      extending.current = true;
      gridApi.ensureIndexVisible(next.row);
      gridApi.ensureColumnVisible(dayColumn(next.day));
      gridApi.setFocusedCell(next.row, dayColumn(next.day));
      extending.current = false;
      setRange(rangeOf(anchor.current, next));
    }
  };

  const onPaste = (event: React.ClipboardEvent) => {
    const current = rosterRef.current;
    if (isEditing() || !canWrite || !current || !onCell(event.target)) return;
    const range = selection();
    const text = event.clipboardData.getData('text/plain');
    if (!range || !text) return;
    event.preventDefault();
    const plan = planPaste({
      rows: current.rows,
      dayCount: current.days.length,
      selection: range,
      block: parseTsv(text),
      book,
    });
    if (!plan.ok) {
      const refusal =
        plan.reason === 'unknown_codes'
          ? t('attendance.roster.pasteUnknown', {
              count: plan.count,
              codes: plan.codes.slice(0, 5).join(', '),
              known: shifts.map((shift) => shift.code).join(', '),
            })
          : t(plan.reason === 'rows_past_end' ? 'attendance.roster.pasteRowsPast' : 'attendance.roster.pasteDaysPast', {
              count: plan.over,
            });
      setMessage(refusal);
      notifyError(refusal);
      return;
    }
    setMessage(null);
    if (plan.rows * plan.days > 1)
      setRange({ ...range, bottom: range.top + plan.rows - 1, right: range.left + plan.days - 1 });
    void commit(plan.changes);
  };

  const onCopy = (event: React.ClipboardEvent) => {
    const current = rosterRef.current;
    if (isEditing() || !current || !onCell(event.target)) return;
    const range = selection();
    if (!range) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', toTsv(copyBlock(current.rows, range)));
  };

  useMainFocus(region, true, load.state === 'ready' && gridApi, () => {
    if (!gridApi || load.state !== 'ready' || !rosterRef.current?.rows.length) return false;
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    gridApi.ensureIndexVisible(0);
    gridApi.setFocusedCell(0, dayColumn(0));
    return true;
  });

  const noGroups = groups !== null && groups.length === 0;
  const counts = roster ? roster.rows.length : 0;

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section ref={region} className="roster-screen" aria-label={title}>
        <div className="attendance-toolbar roster-toolbar" role="toolbar" aria-label={t('attendance.roster.toolbar')}>
          <label>
            {t('attendance.roster.group')}
            <select
              value={group ?? ''}
              onChange={(event) => update({ group: event.target.value })}
              disabled={!groups?.length}
            >
              {(groups ?? []).map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="roster-step"
            aria-label={t('attendance.roster.previousMonth')}
            title={t('attendance.roster.previousMonth')}
            aria-keyshortcuts="<"
            onClick={() => actions.step(-1)}
          >
            ‹
          </button>
          <label>
            {t('attendance.report.month')}
            <select value={month} onChange={(event) => update({ month: Number(event.target.value) })}>
              {months.map((m) => (
                <option key={m} value={m}>
                  {new Date(Date.UTC(2026, m - 1, 1)).toLocaleString(locale, { month: 'long', timeZone: 'UTC' })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('attendance.report.year')}
            <input
              type="number"
              min={2000}
              max={2100}
              value={year}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (value >= 2000 && value <= 2100) update({ year: value });
              }}
              style={{ width: '6rem' }}
            />
          </label>
          <button
            type="button"
            className="roster-step"
            aria-label={t('attendance.roster.nextMonth')}
            title={t('attendance.roster.nextMonth')}
            aria-keyshortcuts=">"
            onClick={() => actions.step(1)}
          >
            ›
          </button>
          <span className="grid-spacer" />
          {canWrite && (
            <button type="button" onClick={actions.import} disabled={!roster}>
              {t('grid.import')}
            </button>
          )}
          <button type="button" onClick={() => void actions.export()} disabled={!roster}>
            {t('grid.exportXlsx')}
          </button>
          {canWrite && (
            <UndoButtons state={undoState} onUndo={() => void actions.undo()} onRedo={() => void actions.redo()} />
          )}
        </div>

        {shifts.length > 0 && (
          <ul className="roster-legend" aria-label={t('attendance.roster.legend')}>
            {shifts.map((shift) => (
              <li key={shift.code}>
                <span className={`roster-swatch ${shiftTone[shift.type]}`}>{shift.code}</span>
                <span>{shift.name}</span>
                {shift.start_time && shift.finish_time && (
                  <span className="muted">{`${shift.start_time.slice(0, 5)}–${shift.finish_time.slice(0, 5)}`}</span>
                )}
              </li>
            ))}
          </ul>
        )}

        {message && (
          <div className="grid-banner grid-banner-error grid-cell-message" role="alert">
            <strong>{message}</strong>
            <span>{t('attendance.roster.messageHint')}</span>
          </div>
        )}
        {noGroups && <p className="hint">{t('attendance.roster.noGroups')}</p>}
        {!(noGroups && load.state === 'loading') && <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />}
        {roster && load.state === 'ready' && (
          <div
            className="grid-frame attendance-grid roster-grid"
            onKeyDownCapture={onKeyDownCapture}
            onMouseDownCapture={(event) => {
              extending.current = event.shiftKey && !!anchor.current;
            }}
            onMouseUpCapture={() => {
              extending.current = false;
            }}
            onPaste={onPaste}
            onCopy={onCopy}
          >
            <AgGridReact<RosterRow>
              key={i18n.language}
              modules={modules}
              theme={gridTheme}
              context={context}
              rowData={roster.rows}
              columnDefs={columnDefs}
              getRowId={(p) => p.data.employee._id}
              readOnlyEdit
              stopEditingWhenCellsLoseFocus
              enterNavigatesVerticallyAfterEdit
              undoRedoCellEditing={false}
              enableBrowserTooltips
              suppressRowHoverHighlight
              onGridReady={(event) => setGridApi(event.api)}
              onCellFocused={onCellFocused}
              onCellEditRequest={onCellEditRequest}
            />
          </div>
        )}
        <p className="muted roster-count" aria-live="polite">
          {roster ? t('attendance.daily.count', { count: counts }) : ''}
        </p>
      </section>
      {importing && roster && (
        <Suspense fallback={null}>
          <RosterImportDialog
            days={roster.days}
            rows={roster.rows}
            book={book}
            onClose={() => setImporting(false)}
            onImport={async (changes) => {
              if (await commit(changes)) setImporting(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The corner of a range across from its anchor: where Shift+arrows move from. */
function cornerOpposite(range: CellRange, anchor: CellAt): CellAt {
  return {
    row: anchor.row === range.top ? range.bottom : range.top,
    day: anchor.day === range.left ? range.right : range.left,
  };
}
