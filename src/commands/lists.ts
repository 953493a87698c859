import { canAccess, menuIndex } from '../../common/menu.ts';
import { menuGrids } from '../grids/index.ts';
import { abbreviationsOf } from './abbreviations.ts';
import { screenPath } from './navigation.ts';
import type { Command } from './types.ts';

const words = (id: string) => id.replaceAll('-', ' ');

/**
 * One 'go to' command per reference list ('Job Titles', 'Late Deductions'…): each is a tab of a menu screen, so the
 * screen's own command would leave the user one click short of it.
 */
export const listCommands: readonly Command[] = Object.entries(menuGrids).flatMap(([menuId, names]) => {
  const found = menuIndex.get(menuId);
  if (!found) return [];
  const path = screenPath(found.entry);
  return names.map(
    (name): Command => ({
      id: `go:list:${name}`,
      label: `resources.${name}.name`,
      keywords: [
        words(name),
        words(menuId),
        ...found.parents.map((parent) => words(parent.id)),
        ...abbreviationsOf(name),
      ],
      group: 'navigation',
      isVisible: (ctx) => canAccess(menuId, ctx.viewer),
      isEnabled: () => true,
      // The list already open may be picked too: the palette closes and the list keeps its state.
      run: (ctx) => {
        if (!(ctx.screen.pathname === path && window.location.search.includes(`list=${name}`))) {
          ctx.navigate(`${path}?list=${name}`);
        }
      },
    }),
  );
});
