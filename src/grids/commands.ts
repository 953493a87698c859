/**
 * What every grid adds to the Cmd-K palette while it is on screen, with the selection count in the labels: new,
 * import, template, export, delete selected, set value for selected, save all, undo, redo, focus search, clear
 * filters, open detail, and the screen's batch actions. Plain command objects, like the built-in lists. An embedded
 * grid (several on one page) adds them only while the focus is in it, so ids and shortcuts never collide.
 */
import { afterPalette } from '../commands/afterPalette.ts';
import { isEditable } from '../commands/shortcuts.ts';
import type { Command, CommandContext, LabelKey } from '../commands/types.ts';
import { resourceTitle } from './labels.ts';
import type { AnyGridSpec, DraftRow } from './types.ts';
import type { UndoState } from './undo.ts';

/**
 * A screen's own action on the selected rows ('Rehire selected', 'Deactivate selected'): the grid shows it as a
 * toolbar button and a palette command to writers (to every viewer when `readOnly`), enabled while saved rows are
 * selected. The screen asks what it must (a confirmation, a date) and calls its feature route; `reload` fetches the
 * list again afterwards.
 */
export interface BatchAction {
  /** Unique within the grid: the command id is `grid:<resource>:<id>`. */
  id: string;
  /** The button's and the command's label; `{{count}}` is the number of selected rows. */
  label: LabelKey;
  keywords: readonly string[];
  /** Offered on these status tabs only (`TabSpec.id`); on every tab when absent. */
  tabs?: readonly string[];
  /** It only reads (a download): offered to every viewer, not to writers only. */
  readOnly?: boolean;
  run(rows: readonly DraftRow<Record<string, unknown>>[], reload: () => void): void;
}

/** Whether a viewer is offered the action: writers always, readers only an action that only reads. */
export const offeredTo = (action: BatchAction, canWrite: boolean): boolean => canWrite || action.readOnly === true;

export interface GridActions {
  newRow(): void;
  saveAll(): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  remove(): void;
  setValue(): void;
  import(): void;
  template(): Promise<void>;
  export(format: 'xlsx' | 'csv'): Promise<void>;
  focusSearch(): void;
  clearFilters(): void;
  /** Opens the focused row's detail (lists with a detail editor). */
  openDetail(): void;
  /** Runs a screen's batch action on the selected rows. */
  batch(action: BatchAction): void;
}

export interface GridFlags {
  canCreate: boolean;
  canRemove: boolean;
  canWrite: boolean;
  undo: UndoState;
  /** The screen's batch actions offered now (writers only, the current tab's). */
  batchActions?: readonly BatchAction[];
  /** The screen opens a row's detail beside the grid (`ResourceGrid`'s `onOpen`), as `spec.detail` does by route. */
  detailPanel?: boolean;
}

const always = () => true;

/** Undo and redo belong to a text field while one has focus (its own typing undo). */
const outsideFields = () => !isEditable(document.activeElement);

export function gridCommands(spec: AnyGridSpec, actions: GridActions, flags: GridFlags): Command[] {
  const name = (ctx: CommandContext) => ({
    name: resourceTitle(ctx.t, spec),
    count: ctx.selection?.resource === spec.resource ? ctx.selection.ids.length : 0,
  });
  const selectedCount = (ctx: CommandContext) =>
    ctx.selection?.resource === spec.resource ? ctx.selection.ids.length : 0;
  const id = (action: string) => `grid:${spec.resource}:${action}`;
  const base = { group: 'context' as const, labelValues: name };
  const commands: (Command | false)[] = [
    flags.canCreate && {
      ...base,
      id: id('new'),
      label: 'grid.commands.new',
      keywords: ['new', 'add', 'create', 'row', 'baru', 'tambah', '新建'],
      shortcut: { key: 'Enter', mod: true },
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.newRow()),
    },
    flags.canWrite && {
      ...base,
      id: id('import'),
      label: 'grid.commands.import',
      keywords: ['import', 'upload', 'xlsx', 'excel', 'csv', 'impor', 'unggah', '导入'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.import()),
    },
    flags.canWrite && {
      ...base,
      id: id('template'),
      label: 'grid.commands.template',
      keywords: ['template', 'download', 'xlsx', 'excel', 'templat', 'unduh', '模板'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.template()),
    },
    {
      ...base,
      id: id('export-xlsx'),
      label: 'grid.commands.exportXlsx',
      keywords: ['export', 'download', 'xlsx', 'excel', 'ekspor', 'unduh', '导出'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.export('xlsx')),
    },
    {
      ...base,
      id: id('export-csv'),
      label: 'grid.commands.exportCsv',
      keywords: ['export', 'download', 'csv', 'ekspor', 'unduh', '导出'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.export('csv')),
    },
    flags.canRemove && {
      ...base,
      id: id('delete'),
      label: 'grid.commands.deleteSelected',
      keywords: ['delete', 'remove', 'selected', 'hapus', 'terpilih', '删除'],
      isVisible: always,
      isEnabled: (ctx) => selectedCount(ctx) > 0,
      run: () => afterPalette(() => actions.remove()),
    },
    flags.canWrite && {
      ...base,
      id: id('set-value'),
      label: 'grid.commands.setValue',
      keywords: ['set', 'value', 'fill', 'bulk', 'selected', 'isi', 'nilai', 'massal', '批量'],
      isVisible: always,
      isEnabled: (ctx) => selectedCount(ctx) > 0,
      run: () => afterPalette(() => actions.setValue()),
    },
    flags.canWrite && {
      ...base,
      id: id('save'),
      label: 'grid.commands.saveAll',
      keywords: ['save', 'pending', 'commit', 'simpan', '保存'],
      shortcut: { key: 's', mod: true },
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.saveAll()),
    },
    {
      ...base,
      id: id('undo'),
      label: 'grid.commands.undo',
      keywords: ['undo', 'revert', 'batal', 'urungkan', '撤销'],
      shortcut: { key: 'z', mod: true },
      isVisible: always,
      isEnabled: () => flags.undo.canUndo && !flags.undo.busy && outsideFields(),
      run: () => afterPalette(() => actions.undo()),
    },
    {
      ...base,
      id: id('redo'),
      label: 'grid.commands.redo',
      keywords: ['redo', 'again', 'ulangi', '重做'],
      shortcut: { key: 'z', mod: true, shift: true },
      isVisible: always,
      isEnabled: () => flags.undo.canRedo && !flags.undo.busy && outsideFields(),
      run: () => afterPalette(() => actions.redo()),
    },
    {
      ...base,
      id: id('search'),
      label: 'grid.commands.focusSearch',
      keywords: ['search', 'find', 'filter', 'cari', '搜索'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.focusSearch()),
    },
    {
      ...base,
      id: id('clear-filters'),
      label: 'grid.commands.clearFilters',
      keywords: ['clear', 'reset', 'filters', 'sort', 'hapus filter', '清除'],
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.clearFilters()),
    },
    (!!spec.detail || !!flags.detailPanel) && {
      ...base,
      id: id('open-detail'),
      label: 'grid.commands.openDetail',
      keywords: ['open', 'detail', 'edit', 'record', 'buka', 'rincian', '详情'],
      shortcut: { key: 'o', mod: true, shift: true },
      isVisible: always,
      isEnabled: always,
      run: () => afterPalette(() => actions.openDetail()),
    },
    ...(flags.batchActions ?? [])
      .filter((action) => offeredTo(action, flags.canWrite))
      .map(
        (action): Command => ({
          ...base,
          id: id(action.id),
          label: action.label,
          keywords: action.keywords,
          isVisible: always,
          isEnabled: (ctx) => selectedCount(ctx) > 0,
          run: () => afterPalette(() => actions.batch(action)),
        }),
      ),
  ];
  return commands.filter((command): command is Command => command !== false);
}
