/**
 * The client's view of the menu registry (`common/menu.ts`): label and title keys, icons, and what a viewer may see.
 * Roles live only in the registry; visibility here is `canAccess` from the same file the server enforces.
 * The sidebar, the route guard and the Cmd-K palette read this module.
 */
import { canAccess, type MenuEntry, menuIndex, menus, type Viewer } from '../../common/menu.ts';
import type en from '../../locales/en.json';
import type { UserDetail } from '../api/client.ts';

/** Menu ids that have a label in the locales (a unit test checks this list against the registry both ways). */
export type MenuId = keyof typeof en.menu;
export type MenuLabelKey = `menu.${MenuId}`;

export interface ClientMenuEntry {
  id: MenuId;
  /** The path segment under /dashboard. */
  path: string;
  /** `/dashboard/<path>`. */
  href: string;
  labelKey: MenuLabelKey;
  /** The page title: the label, by convention (`menu.<id>`), carried here so screens never build keys. */
  titleKey: MenuLabelKey;
  icon: IconName;
  area: MenuEntry['area'];
  children: readonly ClientMenuEntry[];
}

export const iconNames = [
  'building',
  'megaphone',
  'code',
  'mail',
  'key',
  'image',
  'wallet',
  'shield',
  'chart',
  'check',
  'home',
  'history',
  'sitemap',
  'globe',
  'clock',
  'lock',
  'users',
  'map',
  'money',
  'cart',
  'calculator',
  'plane',
  'fingerprint',
  'target',
  'report',
  'dot',
  'bell',
] as const;
export type IconName = (typeof iconNames)[number];
const isIconName = (value: string | undefined): value is IconName =>
  value !== undefined && (iconNames as readonly string[]).includes(value);

/** The Viewer the shared access rules need, from the signed-in user's detail (the server builds the same). */
export function viewerOf(user: UserDetail): Viewer {
  return {
    level: user.level,
    username: user.username,
    permissions: user.access_role.permissions,
    companyCode: user.company?.code ?? null,
    features: user.company?.features ?? {},
  };
}

export const menuPathFor = (id: string): string => `/dashboard/${menuIndex.get(id)?.entry.path ?? id}`;

function toClient(entry: MenuEntry, children: readonly ClientMenuEntry[]): ClientMenuEntry {
  const id = entry.id as MenuId;
  return {
    id,
    path: entry.path,
    href: menuPathFor(entry.id),
    labelKey: `menu.${id}`,
    titleKey: `menu.${id}`,
    icon: isIconName(entry.icon) ? entry.icon : 'dot',
    area: entry.area,
    children,
  };
}

/**
 * A leaf is visible when `canAccess` allows it (its ancestors' conditions included). A group is visible when at least
 * one of its children is, so a custom user granted `active-employees:read` sees the employees group with that one item.
 */
function visibleEntries(entries: readonly MenuEntry[], viewer: Viewer): ClientMenuEntry[] {
  const shown: ClientMenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children?.length) {
      const children = visibleEntries(entry.children, viewer);
      if (children.length) shown.push(toClient(entry, children));
    } else if (canAccess(entry.id, viewer)) {
      shown.push(toClient(entry, []));
    }
  }
  return shown;
}

/** Home first, then the platform (developer) area, then the company area, in registry order. */
const ordered: readonly MenuEntry[] = [
  ...menus.filter((entry) => entry.id === 'home'),
  ...menus.filter((entry) => entry.id !== 'home'),
];

/** The menu tree this user may see. */
export function visibleMenu(user: UserDetail | Viewer): ClientMenuEntry[] {
  return visibleEntries(ordered, 'access_role' in user ? viewerOf(user) : user);
}

/** Every entry of a visible tree, depth first. */
export function* flatten(entries: readonly ClientMenuEntry[]): Generator<ClientMenuEntry> {
  for (const entry of entries) {
    yield entry;
    yield* flatten(entry.children);
  }
}

/** Entries by their path under /dashboard: the first URL segment selects the section. */
const byPath: ReadonlyMap<string, MenuEntry> = new Map([...menuIndex.values()].map(({ entry }) => [entry.path, entry]));

/** The registry entry for the first segment after /dashboard, or undefined for an unknown path. */
export const entryForSegment = (segment: string): MenuEntry | undefined => byPath.get(segment);

/** Default screens of groups (spec 2.3: "daily (default)", "kpi-assessment (default)"); otherwise the first child. */
const defaultChild: Readonly<Partial<Record<MenuId, MenuId>>> = { attendance: 'daily', kpi: 'kpi-assessment' };

export type Resolved =
  | { kind: 'screen'; entry: ClientMenuEntry; trail: readonly ClientMenuEntry[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' }
  /** A screen that exists but is not this viewer's (a custom user opening a payroll URL): 403, not 404. */
  | { kind: 'forbidden' };

/**
 * What `/dashboard/<segments...>` shows for this viewer: a screen (a visible leaf), a redirect from a group to its
 * default child, the 403 page for a screen that exists but is hidden from this viewer, or the 404 page for anything
 * unknown.
 * `/dashboard/attendance/shift` (a group then its child) is accepted as well as the flat `/dashboard/shift`.
 */
export function resolveDashboardPath(segments: readonly string[], tree: readonly ClientMenuEntry[]): Resolved {
  const [first, ...rest] = segments.filter(Boolean);
  if (!first) return { kind: 'redirect', to: menuPathFor('home') };
  const trail = findTrail(tree, (entry) => entry.path === first);
  if (!trail) return byPath.has(first) ? { kind: 'forbidden' } : { kind: 'not-found' };
  let entry = trail.at(-1)!;
  const path = [...trail];
  for (const segment of rest) {
    const child = findTrail(entry.children, (candidate) => candidate.path === segment);
    if (!child) return { kind: 'not-found' };
    path.push(...child);
    entry = child.at(-1)!;
  }
  if (entry.children.length) {
    const preferred = defaultChild[entry.id];
    const target = entry.children.find((child) => child.id === preferred) ?? entry.children[0]!;
    return { kind: 'redirect', to: target.href };
  }
  return { kind: 'screen', entry, trail: path };
}

function findTrail(
  entries: readonly ClientMenuEntry[],
  match: (entry: ClientMenuEntry) => boolean,
): ClientMenuEntry[] | undefined {
  for (const entry of entries) {
    if (match(entry)) return [entry];
    const below = findTrail(entry.children, match);
    if (below) return [entry, ...below];
  }
  return undefined;
}
