import { useAtom } from 'jotai';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { UserDetail } from '../api/client.ts';
import { Icon } from '../menu/Icon.tsx';
import { type ClientMenuEntry, visibleMenu } from '../menu/index.ts';
import { prefetchScreen } from '../screens/registry.ts';
import { navCollapsedAtom } from '../state/settings.ts';

/** Ids of the groups on the way to the current screen, so they start open. */
function openTrail(entries: readonly ClientMenuEntry[], pathname: string): string[] {
  for (const entry of entries) {
    if (pathname === entry.href || pathname.startsWith(`${entry.href}/`)) return [entry.id];
    const below = openTrail(entry.children, pathname);
    if (below.length) return [entry.id, ...below];
  }
  return [];
}

/** The role-aware menu: 300 px, collapsible to icons (the flag persists in the settings atoms). */
export function Sidebar({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useAtom(navCollapsedAtom);
  const tree = useMemo(() => visibleMenu(user), [user]);
  const { pathname } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(openTrail(tree, pathname)));

  useEffect(() => {
    const trail = openTrail(tree, pathname);
    if (trail.length)
      setOpen((current) => (trail.every((id) => current.has(id)) ? current : new Set([...current, ...trail])));
  }, [tree, pathname]);

  const toggle = (id: string) => {
    if (collapsed) {
      setCollapsed(false);
      setOpen((current) => new Set([...current, id]));
      return;
    }
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  return (
    <aside className="sidebar" data-collapsed={collapsed}>
      <div className="sidebar-head">
        <span className="brand-mark" aria-hidden="true">
          HR
        </span>
        <button
          type="button"
          className="icon-button collapse-toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          title={collapsed ? t('shell.expand') : t('shell.collapse')}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? '»' : '«'}
        </button>
      </div>
      <nav aria-label={t('shell.mainMenu')}>
        <MenuList entries={tree} open={open} toggle={toggle} depth={0} collapsed={collapsed} />
      </nav>
    </aside>
  );
}

interface ListProps {
  entries: readonly ClientMenuEntry[];
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  depth: number;
  collapsed: boolean;
}

function MenuList({ entries, open, toggle, depth, collapsed }: ListProps) {
  return (
    <ul className={depth === 0 ? 'menu' : 'menu submenu'}>
      {entries.map((entry) => (
        <MenuItem key={entry.id} entry={entry} open={open} toggle={toggle} depth={depth} collapsed={collapsed} />
      ))}
    </ul>
  );
}

function MenuItem({ entry, open, toggle, depth, collapsed }: Omit<ListProps, 'entries'> & { entry: ClientMenuEntry }) {
  const { t } = useTranslation();
  const listId = useId();
  const label = t(entry.labelKey);
  const content = (
    <>
      {depth === 0 && <Icon name={entry.icon} />}
      <span className="menu-label">{label}</span>
    </>
  );
  if (!entry.children.length) {
    return (
      <li>
        <NavLink
          to={entry.href}
          className="menu-item"
          title={collapsed ? label : undefined}
          onMouseEnter={() => prefetchScreen(entry.id)}
          onFocus={() => prefetchScreen(entry.id)}
        >
          {content}
        </NavLink>
      </li>
    );
  }
  const expanded = open.has(entry.id) && !collapsed;
  return (
    <li>
      <button
        type="button"
        className="menu-item menu-group"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        title={collapsed ? label : undefined}
        onClick={() => toggle(entry.id)}
      >
        {content}
        <span className="chevron" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
      </button>
      {expanded && (
        <div id={listId}>
          <MenuList entries={entry.children} open={open} toggle={toggle} depth={depth + 1} collapsed={collapsed} />
        </div>
      )}
    </li>
  );
}
