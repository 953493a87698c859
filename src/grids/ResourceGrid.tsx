/**
 * The one editable grid every list uses: a typed spec in, a keyboard-driven spreadsheet out. Loading, columns, keys,
 * toolbar, dialogs and palette commands live here; what edits do to rows and the server lives in `editing.ts`.
 */

import type {
  CellEditRequestEvent,
  CellFocusedEvent,
  FilterModel,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  IDatasource,
  SortModelItem,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useSetAtom } from 'jotai';
import {
  type CSSProperties,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DATE_YEARS } from '../../common/dates.ts';
import { toApiError } from '../api/client.ts';
import { useCommandSelection, useCommands } from '../commands/registry.ts';
import { isEditable } from '../commands/shortcuts.ts';
import { DateInput } from '../components/DateInput.tsx';
import i18n from '../i18n.ts';
import { useMainFocus } from '../layout/mainFocus.ts';
import { menuPathFor } from '../menu/index.ts';
import { notifyError, toast } from '../overlays/progress.ts';
import { errorText } from '../validation.ts';
import { type ListQuery, listRows, onRowChanged } from './api.ts';
import { cellProblem, columnDefs } from './columns.ts';
import { type BatchAction, gridCommands, offeredTo } from './commands.ts';
import { type GridContext, isDraftId, type RowMeta, unsavedRowsAtom } from './context.ts';
import { ConfirmDelete, SetValueDialog } from './dialogs.tsx';
import { EmptyListOverlay, type EmptyListOverlayParams } from './EmptyListOverlay.tsx';
import { GridEditing } from './editing.ts';
import { createEnumLookup } from './enumLookup.ts';
import { type Fixed, withFixed } from './fixed.ts';
import { cellValue, isEditableColumn } from './kinds.ts';
import { fieldLabel, resourceTitle } from './labels.ts';
import { listFieldsOf } from './listFields.ts';
import { gridModules } from './modules.ts';
import { formatCell } from './parse.ts';
import { createReferenceIndex, loadReferenceIndex } from './references.ts';
import { gridTheme } from './theme.ts';
import { toTsv } from './tsv.ts';
import type { AnyColumn, AnyGridSpec, DraftRow, ReferenceIndex } from './types.ts';
import { UndoButtons } from './UndoButtons.tsx';
import { readView, type ViewState, writeView } from './viewState.ts';

export type Row = DraftRow<Record<string, unknown>> & { version?: number };

/**
 * Up to this many rows (the API's largest page) the grid holds the whole list: the client-side row model, with
 * instant sort, filter and paste. A longer list pages from the server with the infinite row model: sort and quick
 * search run on the server, cells stay editable, and paste writes over loaded rows only (no new rows).
 */
export const CLIENT_ROW_LIMIT = 10_000;
/** A screenful and more: what the first call of a list asks for, before the rest (issue 11: first rows under 1 s). */
const FIRST_ROWS = 200;
const BLOCK_SIZE = 500;

const ImportDialog = lazy(() =>
  import('./import/ImportDialog.tsx').then((module) => ({ default: module.ImportDialog })),
);

export interface ResourceGridProps {
  spec: AnyGridSpec;
  /** A label for the grid region ('Departments'). */
  title: string;
  /** Whether the viewer may write (the menu's write rule); the server refuses anyway. */
  canWrite: boolean;
  /**
   * Master-detail (`fixed.ts`): fields fixed to a parent record, e.g. `{ employee: id }`. They filter every list
   * query, are written into every new, pasted and imported row, and are not columns. Give the grid a `key` per parent.
   */
  fixed?: Fixed;
  /**
   * A grid among other content (a detail page's sub-records, several on one page): a compact frame of about eight
   * rows scrolling inside, the view (search, sort, filters, tab) kept in memory instead of the URL, and its palette
   * commands and their shortcuts (Ctrl+S, Ctrl+Z…) offered only while the focus is in the grid or a dialog opened
   * from it. A full-screen grid owns the URL's view and adds its commands while mounted.
   */
  embedded?: boolean;
  /** The screen's own actions on the selected rows ('Rehire'): toolbar buttons and palette commands. */
  batchActions?: readonly BatchAction[];
  /**
   * A detail beside the grid instead of a route (the attendance group's members and schedule): Ctrl+Shift+O and the
   * palette's 'Open' hand the focused saved row to the screen.
   */
  onOpen?: (row: Row) => void;
  /** The saved row the focus is on (null on a new row or none), for a screen's own commands on it. */
  onFocusRow?: (row: Row | null) => void;
}

/** An embedded grid's frame: the header and eight rows of `gridTheme`, plus its border. */
const EMBEDDED_FRAME: CSSProperties = { height: 38 + 8 * 36 + 2, minHeight: 0 };
const noBatchActions: readonly BatchAction[] = [];

/**
 * Whether the focus is in the element or, since it was, in a dialog (the palette, the grid's own dialogs): always
 * true when not `enabled`. Focus elsewhere on the page makes it false.
 */
function useFocusWithin(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (ref.current?.contains(target)) setInside(true);
      else if (!target.closest('dialog')) setInside(false);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [ref, enabled]);
  return !enabled || inside;
}

/** The view: in the URL for a full-screen grid (shareable, survives reload), in memory for an embedded one. */
function useView(embedded: boolean): [ViewState, (change: Partial<ViewState>) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ViewState>(() => readView(new URLSearchParams()));
  const view = useMemo(() => (embedded ? local : readView(params)), [embedded, local, params]);
  const update = useCallback(
    (change: Partial<ViewState>) => {
      if (embedded) {
        setLocal((current) => ({ ...current, ...change }));
        return;
      }
      // No navigation when nothing changes: AG Grid reports filter and sort events while the page is being left too.
      const next = writeView(params, change);
      if (next.toString() !== params.toString()) setParams(next, { replace: true });
    },
    [embedded, params, setParams],
  );
  return [view, update];
}

type Load =
  | { state: 'loading' }
  | { state: 'ready'; mode: 'client' | 'infinite'; total: number }
  | { state: 'failed'; message: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function ResourceGrid({
  spec: givenSpec,
  title,
  canWrite,
  fixed,
  embedded = false,
  batchActions = noBatchActions,
  onOpen,
  onFocusRow,
}: ResourceGridProps) {
  const { t, i18n: i18nInstance } = useTranslation();
  const language = i18nInstance.language;
  const gridId = useId();
  const navigate = useNavigate();
  const fixedKey = JSON.stringify(fixed ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fixed values by content, not by object identity.
  const spec = useMemo(() => withFixed(givenSpec, fixed), [givenSpec, fixedKey]);
  const [view, updateView] = useView(embedded);
  const tab = spec.tabs?.find((entry) => entry.id === view.tab) ?? spec.tabs?.[0];
  const region = useRef<HTMLElement>(null);
  const focused = useFocusWithin(region, embedded);
  const viewRef = useRef(view);
  viewRef.current = view;
  // The search box keeps its own text: the URL follows it, but a URL update can lag a fast typist by a render.
  const [searchText, setSearchText] = useState(view.q);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [selected, setSelectedState] = useState<string[]>([]);
  /** The selection as AG Grid has it now: a key pressed right after Space must not wait for React's next render. */
  const selectedNow = useRef<string[]>([]);
  const setSelected = useCallback((ids: string[]) => {
    selectedNow.current = ids;
    setSelectedState(ids);
  }, []);
  /** The focused cell, by row id and field: its refusal, if any, is the message line's. */
  const [focusedCell, setFocusedCell] = useState<{ id: string; field: string } | null>(null);
  const [dialog, setDialog] = useState<null | 'delete' | 'setValue' | 'import'>(null);
  /** The rows the grid shows (client-side lists): pasted, new and deleted rows and the search count at once. */
  const [shownRows, setShownRows] = useState<number | null>(null);
  /** A delete refused because other records use the rows: the reason, and a link to each record the server named. */
  const [inUse, setInUse] = useState<{ message: string; links: { label: string; to: string }[] } | null>(null);
  const inUseLink = useRef<HTMLAnchorElement>(null);
  // The refusal's way on takes the focus from the closed confirmation: Enter opens the record that uses the row.
  useEffect(() => {
    if (inUse) inUseLink.current?.focus();
  }, [inUse]);
  const [references, setReferences] = useState<ReferenceIndex>(() => createReferenceIndex({}));
  const [importRows, setImportRows] = useState<readonly Row[]>([]);
  const search = useRef<HTMLInputElement>(null);
  const canCreate = canWrite && spec.create;
  const canRemove = canWrite && spec.remove;

  const columns = useMemo(() => new Map(spec.columns.map((column: AnyColumn) => [column.field, column])), [spec]);
  // One context and one editing state for the grid's life: the language and the reference lists arriving later update
  // the context in place, so undo history, save queues and a paste under review survive them.
  const [context] = useState<GridContext>(() => ({
    spec,
    columns,
    t,
    language,
    meta: new Map<string, RowMeta>(),
    parse: { enumLookup: createEnumLookup(i18n), references },
  }));
  context.t = t;
  context.language = language;
  context.parse = { enumLookup: context.parse.enumLookup, references };
  const [editing] = useState(() => new GridEditing(context));
  context.refuseTyped = (id, field, error) => editing.refuseTyped(id, field, error);
  useSyncExternalStore(editing.subscribe, () => editing.revision);
  const unsaved = editing.pendingCount();
  const setUnsaved = useSetAtom(unsavedRowsAtom);
  // The atom sums every grid on screen (a detail page has several): each adds its own count while it has one.
  useEffect(() => {
    if (!unsaved) return;
    setUnsaved((total) => total + unsaved);
    return () => setUnsaved((total) => total - unsaved);
  }, [unsaved, setUnsaved]);
  // Closing or reloading the tab with unsaved rows asks first (the browser's own prompt).
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const undoState = useSyncExternalStore(editing.undo.subscribe, () => editing.undo.snapshot);
  useEffect(() => editing.attach(api), [editing, api]);
  // A row written beside the grid (a detail panel) is reloaded: its cells and version stay current.
  useEffect(() => onRowChanged(spec.path, (id) => editing.row(id) && void editing.reloadRow(id)), [spec.path, editing]);

  // Referenced lists (for paste and import by code or name), loaded once per grid.
  useEffect(() => {
    let current = true;
    if (spec.columns.some((column: AnyColumn) => column.kind === 'reference')) {
      loadReferenceIndex(spec.columns).then(
        (index) => current && setReferences(index),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [spec]);

  const serverQuery = useCallback(
    (state: ViewState): ListQuery => {
      const tab = spec.tabs?.find((entry) => entry.id === state.tab) ?? spec.tabs?.[0];
      const query: ListQuery = { ...(tab?.query ?? {}), ...spec.fixed };
      if (spec.populate?.length) query.populate = spec.populate.join(',');
      const fields = listFieldsOf(spec);
      if (fields) query.fields = fields;
      if (spec.dateRange && spec.dateRangeEnd) {
        // Two fields: starting on or after "from", ending on or before "to".
        if (state.from) query[spec.dateRange] = [state.from, `${DATE_YEARS.max}-12-31`];
        if (state.to) query[spec.dateRangeEnd] = [`${DATE_YEARS.min}-01-01`, state.to];
      } else if (spec.dateRange && (state.from || state.to)) {
        // An open end is the first or last day the API takes (a later one, 9999-12-31, is refused as a typing slip).
        query[spec.dateRange] = [state.from ?? `${DATE_YEARS.min}-01-01`, state.to ?? `${DATE_YEARS.max}-12-31`];
      }
      return query;
    },
    [spec],
  );

  // The list: the whole of it when it is small enough, else pages from the server.
  const serverKey = JSON.stringify(serverQuery(view));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the server-side part of the view changes.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setRows(null);
    setSelected([]);
    editing.reset();
    // The first screenful first, then the rest of the list behind it: rows are on screen while the rest arrives.
    const query = { ...serverQuery(viewRef.current), sort: spec.defaultSort };
    listRows(spec.path, { ...query, limit: FIRST_ROWS }, controller.signal).then(
      (reply) => {
        const total = reply.meta.total;
        if (total > CLIENT_ROW_LIMIT) {
          setLoad({ state: 'ready', mode: 'infinite', total });
          return;
        }
        setRows(reply.data as Row[]);
        setLoad({ state: 'ready', mode: 'client', total });
        if (total <= reply.data.length) return;
        const skip = reply.data.length;
        listRows(spec.path, { ...query, skip, limit: CLIENT_ROW_LIMIT - skip }, controller.signal).then(
          (rest) => {
            // Once the grid holds the first rows, edits go through transactions: the rest is added the same way.
            const grid = apiRef.current;
            if (grid && !grid.isDestroyed()) grid.applyTransaction({ add: rest.data as Row[] });
            else setRows((first) => [...(first ?? []), ...(rest.data as Row[])]);
          },
          (reason: unknown) => {
            const error = toApiError(reason);
            if (error.code !== 'aborted') setLoad({ state: 'failed', message: error.message });
          },
        );
      },
      (reason: unknown) => {
        const error = toApiError(reason);
        if (error.code !== 'aborted') setLoad({ state: 'failed', message: error.message });
      },
    );
    return () => controller.abort();
  }, [spec, serverKey, attempt]);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (request) => {
        const sort = request.sortModel.map((item) => (item.sort === 'desc' ? `-${item.colId}` : item.colId)).join(',');
        listRows(spec.path, {
          ...serverQuery(viewRef.current),
          sort: sort || spec.defaultSort,
          search: viewRef.current.q || undefined,
          skip: request.startRow,
          limit: request.endRow - request.startRow,
        }).then(
          (reply) => request.successCallback(reply.data, reply.meta.total),
          () => request.failCallback(),
        );
      },
    }),
    [spec, serverQuery],
  );

  const infinite = load.state === 'ready' && load.mode === 'infinite';
  // Column filters run in the browser: the infinite model (server pages) offers sort and search only.
  const colDefs = useMemo(
    () => columnDefs(spec, t, language).map((def) => (infinite ? { ...def, filter: false } : def)),
    [spec, t, language, infinite],
  );
  // The infinite model asks the server again when the search changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (view.q) is the reason to refresh.
  useEffect(() => {
    if (infinite && api && !api.isDestroyed()) api.refreshInfiniteCache();
  }, [infinite, api, view.q]);

  const onGridReady = useCallback((event: GridReadyEvent<Row>) => {
    setApi(event.api);
    const state = viewRef.current;
    if (state.sort.length) event.api.applyColumnState({ state: state.sort, defaultState: { sort: null } });
    if (Object.keys(state.filter).length) event.api.setFilterModel(state.filter);
  }, []);

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<Row>) => {
      const field = event.colDef.colId ?? event.colDef.field;
      if (!event.data || !field) return;
      void editing.editCell(event.data._id, field, event.newValue);
    },
    [editing],
  );

  // ---- actions shared by keys, toolbar and palette ----------------------------------------------------------------

  const focusFirstEditable = useCallback(
    (rowIndex: number, edit: boolean) => {
      if (!api) return;
      const column = editing.displayedColumns().find((entry) => isEditableColumn(entry));
      if (!column) return;
      api.ensureIndexVisible(rowIndex);
      api.setFocusedCell(rowIndex, column.field);
      if (edit) api.startEditingCell({ rowIndex, colKey: column.field });
    },
    [api, editing],
  );

  // A screen's own grid is where the focus goes after navigating to the screen (layout/mainFocus.ts).
  useMainFocus(region, !embedded, load, () => {
    if (!api || load.state !== 'ready') return false;
    if (load.total === 0) {
      search.current?.focus();
      return true;
    }
    // The first row on screen, not only in the row model (AG Grid draws rows on the next frame).
    if (!api.getDisplayedRowAtIndex(0)?.data || !region.current?.querySelector('[row-index="0"] [role="gridcell"]')) {
      return false;
    }
    // The first editable column of the spec (not the selection checkbox), else its first column.
    const shown = api.getAllDisplayedColumns().flatMap((column) => columns.get(column.getColId()) ?? []);
    const first = shown.find((column) => isEditableColumn(column)) ?? shown[0];
    if (!first) return false;
    api.ensureIndexVisible(0);
    api.setFocusedCell(0, first.field);
    return true;
  });

  const clientRowsNow = useCallback(() => load.state === 'ready' && load.mode === 'client', [load]);
  /** Every row of the view from the server, page by page (the infinite model holds only what was scrolled to). */
  const allServerRows = useCallback(async () => {
    const out: Row[] = [];
    const sort = (api?.getColumnState() ?? [])
      .filter((column) => column.sort)
      .map((column) => (column.sort === 'desc' ? `-${column.colId}` : column.colId))
      .join(',');
    for (let skip = 0; ; skip += CLIENT_ROW_LIMIT) {
      const reply = await listRows(spec.path, {
        ...serverQuery(viewRef.current),
        sort: sort || spec.defaultSort,
        search: viewRef.current.q || undefined,
        skip,
        limit: CLIENT_ROW_LIMIT,
      });
      out.push(...(reply.data as Row[]));
      if (reply.data.length < CLIENT_ROW_LIMIT || out.length >= reply.meta.total) return out;
    }
  }, [api, spec, serverQuery]);

  const actions = useMemo(
    () => ({
      newRow: () => {
        if (!canCreate || load.state !== 'ready' || load.mode !== 'client' || !api) return;
        // The new row must be on screen: filters that would hide an empty row are cleared first.
        if (searchText || Object.keys(api.getFilterModel()).length) {
          api.setFilterModel(null);
          setSearchText('');
          updateView({ q: '', filter: {} });
          api.setGridOption('quickFilterText', '');
        }
        const id = editing.addDraft();
        focusFirstEditable(api.getRowNode(id)?.rowIndex ?? 0, true);
      },
      saveAll: async () => {
        try {
          await editing.saveAll();
        } catch (reason) {
          notifyError(toApiError(reason).message);
        }
      },
      undo: async () => {
        try {
          const entry = await editing.undoLast();
          if (entry) toast(t('grid.undo.undone', { what: t(entry.label as never, entry.values as never) }));
        } catch (reason) {
          notifyError(t('grid.undo.failed', { message: toApiError(reason).message }));
        }
      },
      redo: async () => {
        try {
          const entry = await editing.redoLast();
          if (entry) toast(t('grid.undo.redone', { what: t(entry.label as never, entry.values as never) }));
        } catch (reason) {
          notifyError(t('grid.undo.failed', { message: toApiError(reason).message }));
        }
      },
      remove: () => {
        if (canRemove && selectedNow.current.length) setDialog('delete');
      },
      setValue: () => {
        if (canWrite && selectedNow.current.length) setDialog('setValue');
      },
      import: () => {
        if (!canWrite) return;
        // Matched against the rows as they are now (created, re-coded or deleted since the list loaded).
        const current: Row[] = [];
        api?.forEachNode((node) => {
          if (node.data && !isDraftId(node.data._id)) current.push(node.data);
        });
        setImportRows(current);
        setDialog('import');
      },
      template: async () => {
        const { downloadTemplate } = await import('./import/template.ts');
        await downloadTemplate(spec, t);
      },
      export: async (format: 'xlsx' | 'csv') => {
        const { exportRows } = await import('./export.ts');
        // The whole view: in the client-side model, the filtered and sorted rows; beyond it, every page the server has.
        const rowsOut = clientRowsNow() ? editing.storedRows() : await allServerRows();
        await exportRows(spec, rowsOut, editing.displayedColumns(), format, t);
      },
      focusSearch: () => search.current?.focus(),
      openDetail: () => {
        const focused = api?.getFocusedCell();
        const row = focused && api?.getDisplayedRowAtIndex(focused.rowIndex)?.data;
        if (!row || isDraftId(row._id)) return;
        if (onOpen) onOpen(row);
        else if (spec.detail) navigate(spec.detail(row));
      },
      clearFilters: () => {
        api?.setFilterModel(null);
        api?.applyColumnState({ defaultState: { sort: null } });
        setSearchText('');
        updateView({ q: '', filter: {}, sort: [], from: null, to: null });
      },
      batch: (action: BatchAction) => {
        // Selected rows the user can see: a filter or search may hide some that are still selected.
        const picked = clientRowsNow() ? editing.selectedRows() : (api?.getSelectedRows() ?? []);
        const rows = picked.filter((row) => !isDraftId(row._id));
        if (offeredTo(action, canWrite) && rows.length) action.run(rows, () => setAttempt((n) => n + 1));
      },
    }),
    [
      api,
      canCreate,
      canRemove,
      canWrite,
      editing,
      focusFirstEditable,
      load,
      navigate,
      onOpen,
      spec,
      t,
      updateView,
      searchText,
      clientRowsNow,
      allServerRows,
    ],
  );

  const offered = useMemo(
    () =>
      batchActions.filter(
        (action) => offeredTo(action, canWrite) && (!action.tabs || (!!tab && action.tabs.includes(tab.id))),
      ),
    [batchActions, canWrite, tab],
  );
  useCommandSelection(focused && selected.length ? { resource: spec.resource, ids: selected } : null);
  useCommands(
    focused
      ? gridCommands(spec, actions, {
          canCreate,
          canRemove,
          canWrite,
          undo: undoState,
          batchActions: offered,
          detailPanel: !!onOpen,
        })
      : [],
    [spec, actions, canCreate, canRemove, canWrite, undoState, offered, focused, onOpen],
  );

  // ---- keys: the spreadsheet's, on top of AG Grid's navigation and editing ----------------------------------------

  const isEditing = () => (api?.getEditingCells().length ?? 0) > 0;
  /** Keys and clipboard are the grid's only on its cells: not in a column filter's popup, not in an editor. */
  const onCell = (target: EventTarget) =>
    target instanceof HTMLElement && !isEditable(target) && !target.closest('.ag-popup, .ag-filter, .ag-menu');
  const onKeyDownCapture = (event: React.KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (!onCell(event.target) && !(mod && key === 's' && isEditing())) return;
    if (mod && key === 's') {
      event.preventDefault();
      api?.stopEditing();
      void actions.saveAll();
      return;
    }
    if (isEditing()) return;
    // Esc (or Ctrl+Z) on a cell the server refused throws the typed text away: the saved value is back.
    const refusedHere = () => {
      const at = api?.getFocusedCell();
      const id = at && api?.getDisplayedRowAtIndex(at.rowIndex)?.data?._id;
      return !!id && editing.discardRefused(id, at.column.getColId());
    };
    if ((event.key === 'Escape' || (mod && key === 'z' && !event.shiftKey)) && refusedHere()) {
      event.preventDefault();
      return;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && !mod && !event.altKey && !event.shiftKey) {
      // With rows selected, Delete is about the rows: it asks to delete them (never blanks the focused cell).
      if (selectedNow.current.length) {
        event.preventDefault();
        event.stopPropagation();
        actions.remove();
        return;
      }
      // On a cell it clears the cell (AG Grid's own), only where the field may be empty.
      const at = api?.getFocusedCell();
      const row = at && api?.getDisplayedRowAtIndex(at.rowIndex)?.data;
      const column = at && columns.get(at.column.getColId());
      if (row && column?.required) {
        event.preventDefault();
        event.stopPropagation();
        if (editing.isEditable(row, column)) toast(t('grid.cannotClear', { field: fieldLabel(t, spec, column.field) }));
        return;
      }
    }
    if (mod && key === 'enter') {
      event.preventDefault();
      actions.newRow();
    } else if (mod && ((key === 'z' && event.shiftKey) || key === 'y')) {
      event.preventDefault();
      void actions.redo();
    } else if (mod && key === 'z') {
      event.preventDefault();
      void actions.undo();
    } else if (event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && api) {
      const focused = api.getFocusedCell();
      if (!focused) return;
      const next = focused.rowIndex + (event.key === 'ArrowDown' ? 1 : -1);
      const target = api.getDisplayedRowAtIndex(next);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      api.getDisplayedRowAtIndex(focused.rowIndex)?.setSelected(true);
      target.setSelected(true);
      api.ensureIndexVisible(next);
      api.setFocusedCell(next, focused.column);
    }
  };

  const onPaste = (event: React.ClipboardEvent) => {
    if (isEditing() || !canWrite || !onCell(event.target)) return;
    const text = event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    editing.paste(text, canCreate && load.state === 'ready' && load.mode === 'client').catch((reason: unknown) => {
      notifyError(toApiError(reason).message);
    });
  };

  const onCopy = (event: React.ClipboardEvent) => {
    if (isEditing() || !api || !onCell(event.target)) return;
    const visible = editing.displayedColumns();
    let block: string[][];
    const picked = editing.selectedRows();
    if (picked.length) {
      block = picked.map((row) => visible.map((column) => formatCell(column, cellValue(column, row), t)));
    } else {
      const focused = api.getFocusedCell();
      const row = focused && api.getDisplayedRowAtIndex(focused.rowIndex)?.data;
      const column = focused && columns.get(focused.column.getColId());
      if (!row || !column) return;
      block = [[formatCell(column, cellValue(column, row), t)]];
    }
    event.preventDefault();
    event.clipboardData.setData('text/plain', toTsv(block));
  };

  const clientRows = load.state === 'ready' && load.mode === 'client';
  const staged = editing.staged;
  const conflict = editing.conflict;
  // The refusal of the focused cell, else the last one still standing: said in full, with how to resolve it.
  const refusal = (() => {
    for (const at of [focusedCell, editing.lastRefused]) {
      if (!at || !editing.refusedAt(at.id, at.field)) continue;
      const row = editing.row(at.id);
      const message = row && cellProblem(context, row, at.field);
      if (!row || !message) continue;
      return {
        message: t('grid.cellMessage', {
          field: fieldLabel(t, spec, at.field),
          row: spec.title(row),
          message,
        }),
      };
    }
    return null;
  })();
  const emptyOverlay: EmptyListOverlayParams = {
    title: t('grid.empty.title', { name: resourceTitle(t, spec) }),
    hint: canCreate && clientRows ? t('grid.empty.fill') : canWrite ? t('grid.empty.import') : null,
  };

  return (
    <section ref={region} className="grid-screen" aria-label={title}>
      <div className="grid-toolbar" role="toolbar" aria-label={t('grid.toolbar', { title })}>
        {spec.tabs && (
          <div role="tablist" aria-label={t('grid.tabsLabel')} className="grid-tabs">
            {spec.tabs.map((entry) => (
              <button
                key={entry.id}
                type="button"
                role="tab"
                aria-selected={entry.id === tab?.id}
                onClick={() => updateView({ tab: entry.id })}
              >
                {t(entry.label as never)}
              </button>
            ))}
          </div>
        )}
        <input
          ref={search}
          type="search"
          className="grid-search"
          placeholder={t('grid.search')}
          aria-label={t('grid.search')}
          value={searchText}
          onChange={(event) => {
            // Filter at once, not after the URL round trip: a key pressed right after (↓ to the rows) sees the result.
            setSearchText(event.target.value);
            if (clientRows) api?.setGridOption('quickFilterText', event.target.value);
            updateView({ q: event.target.value });
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'Enter') {
              event.preventDefault();
              focusFirstEditable(0, false);
            }
          }}
        />
        {spec.dateRange && (
          <>
            <div className="grid-date">
              <label htmlFor={`${gridId}-from`}>
                {spec.dateRangeEnd ? fieldLabel(t, spec, spec.dateRange) : t('grid.from')}
              </label>
              <DateInput
                id={`${gridId}-from`}
                value={view.from ?? ''}
                language={language}
                onChange={(typed) => {
                  // A whole day (picked, or typed and left) or nothing filters; text on its way to a day waits.
                  if (typed === '' || ISO_DAY.test(typed)) updateView({ from: typed || null });
                }}
              />
            </div>
            <div className="grid-date">
              <label htmlFor={`${gridId}-to`}>
                {spec.dateRangeEnd ? fieldLabel(t, spec, spec.dateRangeEnd) : t('grid.to')}
              </label>
              <DateInput
                id={`${gridId}-to`}
                value={view.to ?? ''}
                language={language}
                onChange={(typed) => {
                  if (typed === '' || ISO_DAY.test(typed)) updateView({ to: typed || null });
                }}
              />
            </div>
          </>
        )}
        <span className="grid-spacer" />
        {selected.length > 0 && (
          <span className="grid-selection" aria-live="polite">
            {t('grid.selected', { count: selected.length })}
          </span>
        )}
        {canCreate && clientRows && (
          <button type="button" onClick={actions.newRow} aria-keyshortcuts="Control+Enter">
            {t('grid.new')}
          </button>
        )}
        {canWrite && (
          <button type="button" onClick={actions.import}>
            {t('grid.import')}
          </button>
        )}
        <button type="button" onClick={() => void actions.export('xlsx')}>
          {t('grid.exportXlsx')}
        </button>
        <button type="button" onClick={() => void actions.export('csv')}>
          {t('grid.exportCsv')}
        </button>
        {offered.map((action) => (
          <button key={action.id} type="button" disabled={!selected.length} onClick={() => actions.batch(action)}>
            {t(action.label as never, { count: selected.length })}
          </button>
        ))}
        {canRemove && (
          // Neutral and disabled until something is selected: red only when pressing it deletes rows.
          <button
            type="button"
            className={selected.length ? 'danger' : undefined}
            disabled={!selected.length}
            onClick={actions.remove}
          >
            {t('grid.deleteSelected', { count: selected.length })}
          </button>
        )}
        <UndoButtons state={undoState} onUndo={() => void actions.undo()} onRedo={() => void actions.redo()} />
      </div>

      {staged && (
        <div className="grid-banner" role="status" aria-label={t('grid.paste.title')}>
          <strong>
            {t('grid.paste.summary', { new: staged.new, changed: staged.changed, invalid: staged.invalid })}
          </strong>
          {staged.invalid > 0 && <span>{t('grid.paste.fix')}</span>}
          <span className="grid-spacer" />
          {staged.invalid > 0 && (
            <button type="button" onClick={() => editing.discardStaged(true)}>
              {t('grid.paste.exclude')}
            </button>
          )}
          <button type="button" onClick={() => editing.discardStaged()}>
            {t('grid.paste.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={staged.invalid > 0}
            onClick={() => void actions.saveAll()}
            aria-keyshortcuts="Control+S"
          >
            {t('grid.paste.save')}
          </button>
        </div>
      )}

      {conflict && (
        <div className="grid-banner grid-banner-error" role="alert">
          <span>
            {t('grid.conflict', {
              fields:
                conflict.fields.map((field) => fieldLabel(t, spec, field)).join(', ') || t('grid.conflictUnknown'),
            })}
          </span>
          <span className="grid-spacer" />
          <button type="button" onClick={() => editing.dismissConflict()}>
            {t('common.close')}
          </button>
          <button type="button" className="primary" onClick={() => void editing.reloadRow(conflict.rowId)}>
            {t('grid.reloadRow')}
          </button>
        </div>
      )}

      {inUse && (
        <div className="grid-banner grid-banner-error" role="status" aria-label={t('grid.inUse.title')}>
          <strong>{inUse.message}</strong>
          {inUse.links.map((link, index) => (
            <Link key={link.to} to={link.to} ref={index === 0 ? inUseLink : undefined}>
              {link.label}
            </Link>
          ))}
          <span className="grid-spacer" />
          <button type="button" onClick={() => setInUse(null)}>
            {t('common.close')}
          </button>
        </div>
      )}

      {refusal && (
        <div className="grid-banner grid-banner-error grid-cell-message" role="status">
          <strong>{refusal.message}</strong>
          <span>{t('grid.cellMessageHint')}</span>
        </div>
      )}

      {load.state === 'failed' && (
        <p className="form-error" role="alert">
          {load.message}{' '}
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </button>
        </p>
      )}
      {load.state === 'loading' && (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {load.state === 'ready' && (
        <div
          className="grid-frame"
          style={embedded ? EMBEDDED_FRAME : undefined}
          onKeyDownCapture={onKeyDownCapture}
          onPaste={onPaste}
          onCopy={onCopy}
        >
          <AgGridReact<Row>
            modules={gridModules}
            theme={gridTheme}
            context={context}
            columnDefs={colDefs}
            getRowId={(params: GetRowIdParams<Row>) => params.data._id}
            readOnlyEdit
            stopEditingWhenCellsLoseFocus
            // Excel-like Enter: it starts editing a cell; committing an edit with Enter moves down.
            enterNavigatesVerticallyAfterEdit
            undoRedoCellEditing={false}
            // Tooltips as the cells' and headers' title: shown on hover, and read as their description.
            enableBrowserTooltips
            onCellFocused={(event: CellFocusedEvent<Row>) => {
              const id =
                event.rowIndex === null ? undefined : event.api.getDisplayedRowAtIndex(event.rowIndex)?.data?._id;
              const field = typeof event.column === 'object' && event.column ? event.column.getColId() : null;
              setFocusedCell(id && field ? { id, field } : null);
              if (onFocusRow) {
                const row = event.rowIndex === null ? null : event.api.getDisplayedRowAtIndex(event.rowIndex)?.data;
                onFocusRow(row && !isDraftId(row._id) ? row : null);
              }
            }}
            rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }}
            selectionColumnDef={{ pinned: 'left', width: 44 }}
            onSelectionChanged={(event) => setSelected(event.api.getSelectedRows().map((row) => row._id))}
            onGridReady={onGridReady}
            onModelUpdated={(event) => setShownRows(event.api.getDisplayedRowCount())}
            onCellEditRequest={onCellEditRequest}
            // A cell's editor shares the cell's element for its own tooltip and clears the element's title when it
            // closes, which can come after the edit request set the cell's problem: the stopped cell draws its
            // tooltip again once the editor is gone.
            onCellEditingStopped={(event) => {
              requestAnimationFrame(() => {
                if (!event.api.isDestroyed() && event.node.data)
                  event.api.refreshCells({ rowNodes: [event.node], columns: [event.column], force: true });
              });
            }}
            onSortChanged={(event) =>
              updateView({
                sort: event.api
                  .getColumnState()
                  .filter((column) => column.sort)
                  .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
                  .map((column): SortModelItem => ({ colId: column.colId, sort: column.sort! })),
              })
            }
            onFilterChanged={(event) => updateView({ filter: event.api.getFilterModel() as FilterModel })}
            quickFilterText={clientRows ? searchText : undefined}
            {...(clientRows
              ? { rowModelType: 'clientSide' as const, rowData: rows ?? [] }
              : { rowModelType: 'infinite' as const, datasource, cacheBlockSize: BLOCK_SIZE })}
            noRowsOverlayComponent={EmptyListOverlay}
            noRowsOverlayComponentParams={emptyOverlay}
          />
        </div>
      )}
      <p className="grid-count muted" aria-live="polite">
        {load.state === 'ready'
          ? t('grid.rowCount', { count: load.mode === 'client' && shownRows !== null ? shownRows : load.total })
          : ''}
      </p>

      {dialog === 'delete' && (
        <ConfirmDelete
          names={selected.map((id) => spec.title(editing.row(id) ?? { _id: id }))}
          question={spec.deleteQuestion}
          onCancel={() => setDialog(null)}
          onConfirm={async () => {
            const ids = selected;
            setDialog(null);
            try {
              await editing.remove(ids);
              toast(t('grid.deleted', { count: ids.length }), 'success');
            } catch (reason) {
              // Translated by code: "Cannot delete: used by 1 Attendance Group (Head office)" for a record in use,
              // with a link that opens each record named (its list, searched for it).
              const error = toApiError(reason);
              const links = (error.usedBy ?? []).flatMap((use) =>
                use.menu
                  ? (use.rows ?? []).map((row) => ({
                      label: t('grid.inUse.open', { name: row.title }),
                      to: `${menuPathFor(use.menu!)}?${new URLSearchParams({ list: use.resource, q: row.search })}`,
                    }))
                  : [],
              );
              if (error.code === 'in_use' && links.length) setInUse({ message: errorText(t, error), links });
              else notifyError(errorText(t, error));
            }
          }}
        />
      )}
      {dialog === 'setValue' && (
        <SetValueDialog
          spec={spec}
          context={context}
          count={selected.length}
          onCancel={() => setDialog(null)}
          onApply={async (field, value) => {
            await editing.setValue(selected, field, value);
            setDialog(null);
            toast(t('grid.setValueDone', { count: selected.length }), 'success');
          }}
        />
      )}
      {dialog === 'import' && (
        <Suspense fallback={null}>
          <ImportDialog
            spec={spec}
            existing={importRows}
            onClose={() => setDialog(null)}
            onImported={() => setAttempt((n) => n + 1)}
          />
        </Suspense>
      )}
    </section>
  );
}
