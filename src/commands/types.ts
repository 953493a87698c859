import type { ParseKeys, TFunction } from 'i18next';
import type { Viewer } from '../../common/menu.ts';
import type { UserDetail } from '../api/client.ts';
import type { Language } from '../i18n.ts';

/**
 * An i18n key for a command's label. Navigation labels are `menu.<id>`: the shell adds those keys to the locales,
 * and until a key exists i18next shows the key itself.
 */
export type LabelKey = ParseKeys | `menu.${string}`;

/** Where a command is listed when the search is empty, in this order (see `groupOrder`). */
export type CommandGroup = 'context' | 'actions' | 'developer' | 'help' | 'navigation';

/** A key with modifiers. `mod` is Cmd on macOS and Ctrl elsewhere. */
export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/** What a screen or grid has selected: e.g. `{ resource: 'approvals', ids: [...] }`. */
export interface Selection {
  resource: string;
  ids: readonly string[];
}

/** The screen the palette was opened on: the path and the section (first segment after /dashboard). */
export interface Screen {
  pathname: string;
  section: string | null;
}

/** The palette's nested pages. */
export type PageId = 'employee' | 'impersonate';

/** What a command may ask of the palette itself. */
export interface PaletteControls {
  /** Opens a nested page instead of closing the palette. */
  openPage(page: PageId): void;
  openCheatSheet(): void;
  close(): void;
}

export interface CommandContext {
  user: UserDetail;
  /** The user as the menu's access rules see them (`canAccess(id, ctx.viewer)`). */
  viewer: Viewer;
  screen: Screen;
  selection: Selection | null;
  navigate: (to: string) => void;
  t: TFunction;
  language: Language;
  setLanguage: (language: Language) => void;
  palette: PaletteControls;
}

export interface Command {
  /** Unique among all commands: it is the palette item's value and the key of the recently used list. */
  id: string;
  label: LabelKey;
  /** Interpolation values for the label, e.g. `{ count: ctx.selection?.ids.length }`. */
  labelValues?: (ctx: CommandContext) => Record<string, string | number>;
  /** Extra words it is found by. Its label in English and Indonesian is always searched too. */
  keywords: readonly string[];
  /**
   * Other names, searched as if they were its label (a whole name or its start ranks with the names): a language's
   * name in every language, so "bahasa" finds Bahasa Indonesia before the other languages' "Ganti bahasa ke …".
   */
  names?: readonly string[];
  group: CommandGroup;
  shortcut?: Shortcut;
  /** It opens a screen that is not available yet: ranked below available ones that match as well (rank.ts). */
  comingSoon?: boolean;
  isVisible(ctx: CommandContext): boolean;
  isEnabled(ctx: CommandContext): boolean;
  /** The palette closes before `run`, unless `run` opens a nested page. */
  run(ctx: CommandContext): void | Promise<void>;
}

export const groupOrder: readonly CommandGroup[] = ['context', 'actions', 'developer', 'help', 'navigation'];
