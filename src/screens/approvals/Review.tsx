/**
 * The approval menu's review screens (employment, clock-in-out, change-shift, approval-leave, approval-resignation,
 * approval-overtime, business-trip): one grid of requests per screen, its contexts from `reviewLeaves`, its columns
 * from `columnsFor` (what the approver needs without opening a request). Tabs: waiting for me (the default), all I
 * may read, decided. Keys (selection.ts): arrows or j/k (commands, so '?' lists them) move, Space selects, Shift+↓/↑ extends, Ctrl+A selects the
 * filtered rows; `a` approves and `r` rejects the selection (or the focused row) after one dialog with an optional
 * note, then a summary of each row's result; Enter opens the request beside the grid. The palette has the same.
 */
import './approvals.css';
import type { CellFocusedEvent, ColDef, GridApi, ICellRendererParams, IRowNode } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { useCommandSelection, useCommands } from '../../commands/registry.ts';
import { matches } from '../../commands/shortcuts.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { displayCell } from '../../grids/parse.ts';
import { gridTheme } from '../../grids/theme.ts';
import { contextText } from '../../labels/approvals.ts';
import { useMainFocus } from '../../layout/mainFocus.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { decideInBatches, loadForContexts } from './api.ts';
import { type ApprovalRow, columnsFor, flatten } from './columns.ts';
import { approvalFieldLabel } from './labels.ts';
import {
  type Approval,
  type ApprovalStatus,
  approvalStatuses,
  decidedStatuses,
  isReviewLeaf,
  limitWarningsOf,
  type ReviewBox,
  reviewBoxes,
  reviewLeaves,
} from './model.ts';
import {
  DecisionDialog,
  type DecisionSummary,
  DetailPanel,
  StatusChip,
  SummaryDialog,
  useOpenFromUrl,
} from './parts.tsx';
import {
  applyKey,
  clear,
  emptySelection,
  focus,
  letterMoves,
  prune,
  type SelectionState,
  selectionKey,
  targets,
} from './selection.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: ApprovalRow[]; total: number; complete: boolean }
  | { state: 'failed'; message: string };
type Decision = 'approve' | 'reject';

const always = () => true;
const boxLabels = {
  inbox: 'approvals.boxes.inbox',
  all: 'approvals.boxes.all',
  decided: 'approvals.boxes.decided',
} as const satisfies Record<ReviewBox, string>;
const dateFields = new Set(['start_date', 'end_date', 'date', 'last_working_day', 'end_of_contract']);

/** Keys are the grid's only on its cells: not in a column filter's popup or an input. */
const onCell = (target: EventTarget) =>
  target instanceof HTMLElement &&
  !target.closest('input, textarea, select, .ag-popup, .ag-filter, .ag-menu') &&
  !!target.closest('.ag-root');

export default function Review({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = t(entry.titleKey);
  usePageTitle(title);
  const canWrite = useCanWrite(entry.id);
  const contexts = useMemo(() => (isReviewLeaf(entry.id) ? reviewLeaves[entry.id] : []), [entry.id]);
  const [box, setBox] = useState<ReviewBox>('inbox');
  const [status, setStatus] = useState<ApprovalStatus | ''>('');
  const [search, setSearch] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [selectedCount, setSelectedCount] = useState(0);
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const [deciding, setDeciding] = useState<{ decision: Decision; ids: string[] } | null>(null);
  const [summary, setSummary] = useState<DecisionSummary | null>(null);
  const [detail, setDetail] = useState<ApprovalRow | null>(null);
  const gridRef = useRef<GridApi<ApprovalRow> | null>(null);
  const selection = useRef<SelectionState>(emptySelection);
  const region = useRef<HTMLElement>(null);
  /** Ctrl+A while later pages still load: the rows arriving join the selection ("all pending" means all). */
  const followAll = useRef(false);
  /** Each request flattened once, however many pages re-send the list. */
  const flat = useRef(new WeakMap<Approval, ApprovalRow>());
  // A notification's link opens its request beside the grid.
  useOpenFromUrl(setDetail);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads (Try again, after a decision).
  useEffect(() => {
    const abort = new AbortController();
    setLoad((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    // The first page shows at once; later pages join the grid as they come (docs/decisions/0068).
    const flatOnce = (row: Approval) => {
      let done = flat.current.get(row);
      if (!done) {
        done = flatten(row);
        flat.current.set(row, done);
      }
      return done;
    };
    loadForContexts(
      contexts,
      { box: box === 'inbox' ? 'inbox' : 'all' },
      (loaded) => {
        if (abort.signal.aborted) return;
        setLoad({ state: 'ready', rows: loaded.rows.map(flatOnce), total: loaded.total, complete: loaded.complete });
      },
      abort.signal,
    ).then(
      () => undefined,
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', message: errorText(t, toApiError(reason)) });
      },
    );
    return () => abort.abort();
  }, [contexts, box, attempt]);

  const rows = useMemo(() => {
    if (load.state !== 'ready') return [];
    return load.rows.filter(
      (row) => (box !== 'decided' || decidedStatuses.includes(row.status)) && (status === '' || row.status === status),
    );
  }, [load, box, status]);

  const columns = useMemo(() => columnsFor(contexts), [contexts]);
  const columnDefs = useMemo<ColDef<ApprovalRow>[]>(
    () =>
      columns.map((column, index) => {
        const field = column.field as keyof ApprovalRow & string;
        const base: ColDef<ApprovalRow> = {
          field,
          colId: field,
          headerName: approvalFieldLabel(t, field),
          width: column.width ?? 140,
          sortable: true,
          ...(index < 3 ? { pinned: 'left' as const } : {}),
          type: column.kind === 'number' ? 'rightAligned' : undefined,
          filter: column.kind === 'number' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
          tooltipValueGetter: (params) => (typeof params.valueFormatted === 'string' ? params.valueFormatted : null),
        };
        if (field === 'status')
          return {
            ...base,
            filterValueGetter: (params) => (params.data ? t(`enums.approval_status.${params.data.status}`) : ''),
            valueFormatter: (params) => (params.data ? t(`enums.approval_status.${params.data.status}`) : ''),
            cellRenderer: (params: ICellRendererParams<ApprovalRow>) =>
              params.data ? <StatusChip status={params.data.status} /> : null,
          };
        if (field === 'context')
          return { ...base, valueFormatter: (params) => (params.data ? contextText(t, params.data.context) : '') };
        if (field === 'unit')
          return {
            ...base,
            valueFormatter: (params) =>
              params.value ? t(`enums.leave_unit.${params.value as 'day' | 'half_day' | 'hour'}`) : '',
          };
        if (field === 'created_at')
          return {
            ...base,
            valueFormatter: (params) =>
              params.value
                ? `${formatDate(params.value, 'DD MMM YYYY', { locale: language })} ${formatDate(params.value, 'HH:mm')}`
                : '',
          };
        if (dateFields.has(field) || column.kind === 'number')
          return { ...base, valueFormatter: (params) => displayCell(column, params.value, t, language) };
        return base;
      }),
    [columns, t, language],
  );

  // ---- selection: the pure model (selection.ts) applied to AG Grid's row selection --------------------------------

  const displayedIds = useCallback((): string[] => {
    const ids: string[] = [];
    gridRef.current?.forEachNodeAfterFilterAndSort((node) => {
      if (node.data) ids.push(node.data._id);
    });
    return ids;
  }, []);

  const publish = (state: SelectionState) => {
    selection.current = state;
    setSelectedCount(state.selected.size);
    setSelectedIds([...state.selected]);
  };

  const applyToGrid = (state: SelectionState, focusColumn?: string, moveFocus = true) => {
    const api = gridRef.current;
    if (!api) return;
    const on: IRowNode<ApprovalRow>[] = [];
    const off: IRowNode<ApprovalRow>[] = [];
    api.forEachNode((node) => {
      const want = !!node.data && state.selected.has(node.data._id);
      if (want !== !!node.isSelected()) (want ? on : off).push(node);
    });
    if (off.length) api.setNodesSelected({ nodes: off, newValue: false, source: 'api' });
    if (on.length) api.setNodesSelected({ nodes: on, newValue: true, source: 'api' });
    if (moveFocus && state.cursor >= 0) {
      const column = focusColumn ?? api.getFocusedCell()?.column.getColId() ?? 'approval_number';
      api.ensureIndexVisible(state.cursor);
      api.setFocusedCell(state.cursor, column);
    }
  };

  const update = (change: (state: SelectionState, ids: readonly string[]) => SelectionState, all = false) => {
    const ids = displayedIds();
    const next = change(selection.current, ids);
    followAll.current = all && next.selected.size > 0 && load.state === 'ready' && !load.complete;
    publish(next);
    applyToGrid(next);
  };

  // Rows reloaded, filtered or a later page arrived: keep only what is shown (after Ctrl+A during the load: all of
  // it). The focus moves back to the cursor only when it is in the grid already (not out of the search field).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the displayed rows changed.
  useEffect(() => {
    if (load.state !== 'ready') return;
    const frame = requestAnimationFrame(() => {
      const ids = displayedIds();
      const pruned = prune(selection.current, ids);
      const next = followAll.current ? { ...pruned, base: new Set(ids), selected: new Set(ids) } : pruned;
      publish(next);
      const inGrid = !!document.activeElement?.closest('.ag-root');
      applyToGrid(next, undefined, inGrid);
    });
    return () => cancelAnimationFrame(frame);
  }, [rows, search]);

  useCommandSelection(useMemo(() => ({ resource: 'approvals', ids: selectedIds }), [selectedIds]));

  // ---- decisions ---------------------------------------------------------------------------------------------------

  const startDecision = (decision: Decision) => {
    if (!canWrite) return;
    const ids = targets(selection.current, displayedIds());
    if (!ids.length) {
      toast(t('approvals.review.pickRows'), 'info');
      return;
    }
    setDeciding({ decision, ids });
  };

  const runDecision = async (note: string, acknowledge: boolean) => {
    if (!deciding) return;
    const { decision, ids } = deciding;
    setDeciding(null);
    try {
      const results = await decideInBatches(ids, decision, note, acknowledge);
      const byId = new Map((load.state === 'ready' ? load.rows : []).map((row) => [row._id, row]));
      setSummary({ decision, results: results.map((result) => ({ result, row: byId.get(result.id) ?? null })) });
      followAll.current = false;
      publish(clear(selection.current));
      applyToGrid(selection.current);
      setDetail(null);
      setAttempt((n) => n + 1);
    } catch (reason) {
      toast(errorText(t, toApiError(reason)), 'error');
    }
  };

  /** How many of the chosen requests carry warnings (overtime past its limit) the approval acknowledges. */
  const warnedAmong = (ids: readonly string[]) => {
    const chosen = new Set(ids);
    return (load.state === 'ready' ? load.rows : []).filter(
      (row) => chosen.has(row._id) && limitWarningsOf(row.source.content).length > 0,
    ).length;
  };

  const focusedRow = (): ApprovalRow | null => {
    const api = gridRef.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell) return null;
    return api.getDisplayedRowAtIndex(cell.rowIndex)?.data ?? null;
  };
  const openDetail = (row: ApprovalRow | null = focusedRow()) => {
    if (!row) {
      toast(t('approvals.review.pickRow'), 'info');
      return;
    }
    setDetail(row);
  };
  const backToGrid = () => {
    const api = gridRef.current;
    const cursor = selection.current.cursor;
    if (api && cursor >= 0) api.setFocusedCell(cursor, api.getFocusedCell()?.column.getColId() ?? 'approval_number');
  };

  const onKeyDownCapture = (event: React.KeyboardEvent) => {
    if (!onCell(event.target)) return;
    // j / k: the same table as the palette's commands (and the '?' list).
    const letter = letterMoves.find((row) => matches(row.shortcut, event));
    if (letter) {
      event.preventDefault();
      event.stopPropagation();
      update(applyKey[letter.move]);
      return;
    }
    const key = selectionKey(event);
    if (key) {
      event.preventDefault();
      event.stopPropagation();
      update(applyKey[key], key === 'all');
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'a' || event.key === 'r') {
      event.preventDefault();
      event.stopPropagation();
      startDecision(event.key === 'a' ? 'approve' : 'reject');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      openDetail();
    } else if (event.key === 'Escape' && selection.current.selected.size) {
      event.preventDefault();
      update((state) => clear(state));
    }
  };

  useMainFocus(region, true, load.state === 'ready' ? rows : load, () => {
    const api = gridRef.current;
    if (!api || load.state !== 'ready') return false;
    if (rows.length === 0) {
      region.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
      return true;
    }
    if (!region.current?.querySelector('[row-index="0"] [role="gridcell"]')) return false;
    api.ensureIndexVisible(0);
    api.setFocusedCell(0, 'approval_number');
    publish(focus(selection.current, displayedIds(), 0));
    return true;
  });

  // ---- palette -----------------------------------------------------------------------------------------------------

  const actions = useRef({ startDecision, openDetail, update, setStatus, setBox });
  actions.current = { startDecision, openDetail, update, setStatus, setBox };
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'approvals:approve',
        label: 'approvals.commands.approve',
        labelValues: (ctx) => ({ count: ctx.selection?.resource === 'approvals' ? ctx.selection.ids.length || 1 : 1 }),
        keywords: ['approve', 'accept', 'setujui', 'terima', '批准', '同意'],
        group: 'context',
        shortcut: { key: 'a' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.startDecision('approve'), 0);
        },
      },
      {
        id: 'approvals:reject',
        label: 'approvals.commands.reject',
        labelValues: (ctx) => ({ count: ctx.selection?.resource === 'approvals' ? ctx.selection.ids.length || 1 : 1 }),
        keywords: ['reject', 'decline', 'refuse', 'tolak', '拒绝', '驳回'],
        group: 'context',
        shortcut: { key: 'r' },
        isVisible: () => canWrite,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.startDecision('reject'), 0);
        },
      },
      // j / k and Shift+J / K: outside the grid too (after the palette or a tab), the cursor moves.
      ...letterMoves.map(
        (row): Command => ({
          id: `approvals:${row.id}`,
          label: row.label,
          keywords: ['next', 'previous', 'move', 'berikutnya', 'sebelumnya', '下一条', '上一条'],
          group: 'context',
          shortcut: row.shortcut,
          isVisible: always,
          isEnabled: always,
          run: () => actions.current.update(applyKey[row.move]),
        }),
      ),
      {
        id: 'approvals:select-all',
        label: 'approvals.commands.selectAll',
        keywords: ['select all', 'all', 'pilih semua', 'semua', '全选'],
        group: 'context',
        // Ctrl+A and Enter are the grid's own keys (onKeyDownCapture): as window-wide shortcuts they would take
        // Ctrl+A from the search field and Enter from every focused button.
        isVisible: always,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.update((state, ids) => applyKey.all(clear(state), ids), true), 0);
        },
      },
      {
        id: 'approvals:open',
        label: 'approvals.commands.open',
        keywords: ['open', 'detail', 'view', 'buka', 'rincian', '打开', '详情'],
        group: 'context',
        isVisible: always,
        isEnabled: always,
        run: () => {
          setTimeout(() => actions.current.openDetail(), 0);
        },
      },
      ...reviewBoxes.map(
        (value): Command => ({
          id: `approvals:box:${value}`,
          label: boxLabels[value],
          keywords: ['show', 'tab', 'tampilkan', '显示', 'inbox', 'waiting', 'menunggu', 'decided', 'diputuskan'],
          group: 'context',
          isVisible: always,
          isEnabled: always,
          run: () => actions.current.setBox(value),
        }),
      ),
      {
        id: 'approvals:status:any',
        label: 'approvals.commands.statusAny',
        keywords: ['filter', 'status', 'all', 'saring', 'semua', '筛选', '状态'],
        group: 'context',
        isVisible: always,
        isEnabled: always,
        run: () => actions.current.setStatus(''),
      },
      ...approvalStatuses.map(
        (value): Command => ({
          id: `approvals:status:${value}`,
          label: 'approvals.commands.status',
          labelValues: (ctx) => ({ status: ctx.t(`enums.approval_status.${value}`) }),
          keywords: ['filter', 'status', 'saring', '筛选', '状态', value],
          group: 'context',
          isVisible: always,
          isEnabled: always,
          run: () => actions.current.setStatus(value),
        }),
      ),
    ],
    [canWrite],
  );
  useCommands(commands, [commands]);

  const shown = load.state === 'ready' ? rows.length : 0;
  const loadingMore = load.state === 'ready' && !load.complete;
  const capped = load.state === 'ready' && load.complete && load.rows.length < load.total;
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <section ref={region} className="grid-screen" aria-label={title}>
        <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
          <div role="tablist" aria-label={t('approvals.boxes.label')} className="grid-tabs">
            {reviewBoxes.map((value) => (
              <button key={value} type="button" role="tab" aria-selected={box === value} onClick={() => setBox(value)}>
                {t(boxLabels[value])}
              </button>
            ))}
          </div>
          <input
            type="search"
            className="grid-search"
            placeholder={t('grid.search')}
            aria-label={t('grid.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if ((event.key === 'ArrowDown' || event.key === 'Enter') && shown) {
                event.preventDefault();
                update((state, ids) => focus(state, ids, 0));
              }
            }}
          />
          <label className="grid-date">
            {t('approvals.review.status')}
            <select value={status} onChange={(event) => setStatus(event.target.value as ApprovalStatus | '')}>
              <option value="">{t('approvals.review.anyStatus')}</option>
              {approvalStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`enums.approval_status.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <span className="grid-spacer" />
          {loadingMore && (
            <span className="muted" aria-busy="true">
              {t('approvals.review.loadingMore', { loaded: load.rows.length, total: load.total })}
            </span>
          )}
          {capped && (
            <span className="muted">
              {t('approvals.review.capped', { shown: load.rows.length, total: load.total })}
            </span>
          )}
          <span className="grid-selection" role="status">
            {selectedCount ? t('approvals.review.selected', { count: selectedCount }) : ''}
          </span>
          {canWrite && (
            <>
              <button type="button" onClick={() => startDecision('approve')} aria-keyshortcuts="A">
                {t('approvals.review.approve')}
              </button>
              <button type="button" onClick={() => startDecision('reject')} aria-keyshortcuts="R">
                {t('approvals.review.reject')}
              </button>
            </>
          )}
        </div>
        <p className="hint">{t('approvals.review.hint')}</p>

        <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />
        {load.state === 'ready' && (
          <div className={detail ? 'approvals-layout with-detail' : 'approvals-layout'}>
            <div className="grid-frame" onKeyDownCapture={onKeyDownCapture}>
              <AgGridReact<ApprovalRow>
                modules={gridModules}
                theme={gridTheme}
                rowData={rows}
                columnDefs={columnDefs}
                getRowId={(params) => params.data._id}
                enableBrowserTooltips
                quickFilterText={search}
                rowSelection={{
                  mode: 'multiRow',
                  checkboxes: true,
                  headerCheckbox: true,
                  enableClickSelection: false,
                  selectAll: 'filtered',
                }}
                selectionColumnDef={{ pinned: 'left', width: 44 }}
                onGridReady={(event) => {
                  gridRef.current = event.api;
                }}
                onSelectionChanged={(event) => {
                  if (event.source === 'api') return;
                  const picked = new Set(event.api.getSelectedRows().map((row) => row._id));
                  publish({ ...selection.current, anchor: null, base: picked, selected: picked });
                }}
                onCellFocused={(event: CellFocusedEvent<ApprovalRow>) => {
                  if (event.rowIndex === null || event.rowIndex === undefined) return;
                  const next = focus(selection.current, displayedIds(), event.rowIndex);
                  if (next !== selection.current) selection.current = next;
                }}
                onCellDoubleClicked={(event) => event.data && openDetail(event.data)}
                overlayNoRowsTemplate={`<span>${t('approvals.review.empty')}</span>`}
              />
            </div>
            {detail && (
              <DetailPanel
                row={detail}
                canDecide={canWrite}
                onDecide={(decision) => setDeciding({ decision, ids: [detail._id] })}
                onClose={() => {
                  setDetail(null);
                  backToGrid();
                }}
              />
            )}
          </div>
        )}
        <p className="visually-hidden" aria-live="polite">
          {load.state === 'ready' ? t('grid.rowCount', { count: shown }) : ''}
        </p>
      </section>

      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          count={deciding.ids.length}
          warned={warnedAmong(deciding.ids)}
          onCancel={() => {
            setDeciding(null);
            backToGrid();
          }}
          onConfirm={(note, acknowledge) => void runDecision(note, acknowledge)}
        />
      )}
      {summary && (
        <SummaryDialog
          summary={summary}
          onClose={() => {
            setSummary(null);
            backToGrid();
          }}
        />
      )}
    </>
  );
}
