/** What the hierarchy screen adds to the Cmd-K palette while it is on screen: expand all, collapse all, search. */
import type { Command } from '../../commands/types.ts';

export interface HierarchyActions {
  expandAll(): void;
  collapseAll(): void;
  focusSearch(): void;
}

const always = () => true;

/**
 * Runs an action once the palette has closed and given the focus back (a modal dialog makes the page inert while
 * open): actions that move the focus must come after that.
 */
const afterPalette = (action: () => void): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(() => {
      action();
      resolve();
    }, 0);
  });

export function hierarchyCommands(actions: HierarchyActions): Command[] {
  const base = { group: 'context' as const, isVisible: always, isEnabled: always };
  return [
    {
      ...base,
      id: 'hierarchy:expand-all',
      label: 'hierarchy.commands.expandAll',
      keywords: ['expand', 'open', 'tree', 'all', 'buka', 'semua', 'pohon', '展开'],
      run: () => afterPalette(actions.expandAll),
    },
    {
      ...base,
      id: 'hierarchy:collapse-all',
      label: 'hierarchy.commands.collapseAll',
      keywords: ['collapse', 'close', 'tree', 'all', 'tutup', 'semua', 'pohon', '折叠'],
      run: () => afterPalette(actions.collapseAll),
    },
    {
      ...base,
      id: 'hierarchy:search',
      label: 'hierarchy.commands.focusSearch',
      keywords: ['search', 'find', 'filter', 'name', 'cari', 'nama', '搜索'],
      run: () => afterPalette(actions.focusSearch),
    },
  ];
}
