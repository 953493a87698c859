/**
 * The permissions a custom access level may hold (spec 6, issue 26 role-permission): every menu leaf a custom-level
 * user can reach at all, with `write` where the menu's write rule lets the custom level write. Derived from the menu
 * registry (./menu.ts), so a new menu shows up here by itself. Username-restricted menus are platform screens and never
 * a custom level's. Pure data, imported by the server (`permission-list`, role validation) and the client.
 */
import { type Action, type MenuEntry, menuIndex, permission } from './menu.ts';

export interface PermissionOption {
  /** The menu id: the permission strings are `{menu}:read` and `{menu}:write`. */
  menu: string;
  /** Its groups, outermost first (for the grid's grouping). */
  parents: readonly string[];
  read: true;
  write: boolean;
}

const readOnlyForCustom = (entry: MenuEntry) => entry.writeRoles !== undefined && !entry.writeRoles.includes('custom');

function option(id: string): PermissionOption | null {
  const found = menuIndex.get(id);
  if (!found || found.entry.children?.length || found.entry.area !== 'admin') return null;
  const chain = [...found.parents, found.entry];
  if (!chain.every((entry) => entry.roles.includes('custom') && !entry.usernames)) return null;
  return { menu: id, parents: found.parents.map((p) => p.id), read: true, write: !chain.some(readOnlyForCustom) };
}

export const permissionList: readonly PermissionOption[] = [...menuIndex.keys()].flatMap((id) => {
  const found = option(id);
  return found ? [found] : [];
});

const granted: ReadonlySet<string> = new Set(
  permissionList.flatMap((o) => [
    permission(o.menu, 'read'),
    ...(o.write ? [permission(o.menu, 'write' satisfies Action)] : []),
  ]),
);

/** May a custom level hold this permission string? */
export const isGrantable = (value: string) => granted.has(value);
