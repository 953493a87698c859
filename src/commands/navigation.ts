import { canAccess, type MenuEntry, menuIndex } from '../../common/menu.ts';
import { hasScreen } from '../screens/registry.ts';
import { abbreviationsOf } from './abbreviations.ts';
import type { Command } from './types.ts';

/** The path of a menu screen (spec 2.1: every screen lives under /dashboard). */
export const screenPath = (entry: MenuEntry) => `/dashboard/${entry.path}`;

const always = () => true;
const words = (id: string) => id.replaceAll('-', ' ');

/**
 * One 'go to' command per menu screen (every entry without children), visible when the menu's access rules let the
 * user see it. Found by its label in the active language, in English and Indonesian, and by the words of its id and
 * of its parents' ids ('daily' is also found by 'attendance'), and by its known abbreviations (abbreviations.ts). A
 * screen without its own yet is marked `comingSoon`.
 */
export const navigationCommands: readonly Command[] = [...menuIndex.values()]
  .filter(({ entry }) => !entry.children?.length)
  .map(({ entry, parents }) => ({
    id: `go:${entry.id}`,
    label: `menu.${entry.id}` as const,
    keywords: [words(entry.id), ...parents.map((parent) => words(parent.id)), ...abbreviationsOf(entry.id)],
    group: 'navigation',
    comingSoon: !hasScreen(entry.id),
    isVisible: (ctx) => canAccess(entry.id, ctx.viewer),
    // The screen already open may be picked too: the palette closes and the screen keeps its state.
    isEnabled: always,
    run: (ctx) => {
      if (ctx.screen.pathname !== screenPath(entry)) ctx.navigate(screenPath(entry));
    },
  }));
