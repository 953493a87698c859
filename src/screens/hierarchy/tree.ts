/**
 * hierarchy: the employee tree built from supervisor links, and the pure parts of its tree view (the visible rows,
 * the search, the keyboard moves of the WAI-ARIA tree view pattern). No React, no i18n, no API.
 *
 * - Only active employees take part: an exit date on or before today (Asia/Jakarta) leaves them out.
 * - An employee is a root when they have no supervisor ('top'), when their supervisor is not among the active
 *   employees ('missing': left, deleted or never loaded), or when their supervisor link is part of a cycle ('cycle':
 *   every employee on the cycle becomes a root; those who merely report into a cycle keep their supervisor).
 * - Siblings are sorted by name (then employee id, then record id), so the tree is the same whatever the input order.
 */

import { employeeDetailPath } from '../../grids/specs/employee-columns.ts';

/** A reference as the API returns it: an id, or the populated record. */
type Ref<T> = string | T;

/** The fields of an employee the hierarchy reads (the API's `Employee`, populated or not, fits). */
export interface HierarchyInput {
  _id: string;
  user: Ref<{ _id: string }>;
  fullname: string;
  employee_id: string;
  supervisor: Ref<{ _id: string }> | null;
  job_title: Ref<{ name: string }> | null;
  department: Ref<{ name: string }> | null;
  exit_date: string | null;
}

/** Why a node is at the top of the tree. */
export type RootReason = 'top' | 'missing' | 'cycle';

export interface HierarchyNode {
  /** The employee record id (`_id`). */
  id: string;
  /** The user id: the detail route's id. */
  user: string;
  fullname: string;
  employeeId: string;
  /** The job title's name when populated, otherwise null. */
  jobTitle: string | null;
  department: string | null;
  /** The parent's id in the tree; null for a root. */
  parent: string | null;
  /** Null unless the node is a root. */
  rootReason: RootReason | null;
  children: HierarchyNode[];
  /** Direct reports: `children.length`. */
  reports: number;
  /** Everyone below, at any depth. */
  descendants: number;
}

export interface Forest {
  roots: HierarchyNode[];
  byId: ReadonlyMap<string, HierarchyNode>;
}

const idOf = (ref: Ref<{ _id: string }>): string => (typeof ref === 'string' ? ref : ref._id);
const nameOf = (ref: Ref<{ name: string }> | null): string | null =>
  ref === null || typeof ref === 'string' ? null : ref.name;

const jakartaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Asia/Jakarta as 'YYYY-MM-DD'. */
export const jakartaToday = (now: Date = new Date()): string => jakartaDay.format(now);

/** Active on `today` ('YYYY-MM-DD'): no exit date, or one after today. */
export const isActive = (employee: Pick<HierarchyInput, 'exit_date'>, today: string): boolean =>
  !employee.exit_date || employee.exit_date.slice(0, 10) > today;

const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });
const byName = (a: HierarchyNode, b: HierarchyNode) =>
  collator.compare(a.fullname, b.fullname) ||
  collator.compare(a.employeeId, b.employeeId) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Builds the forest of active employees. Iterative throughout: a long supervisor chain cannot overflow the stack.
 * @example buildForest(rows, jakartaToday()).roots[0].children
 */
export function buildForest(rows: readonly HierarchyInput[], today: string): Forest {
  const byId = new Map<string, HierarchyNode>();
  const supervisorOf = new Map<string, string | null>();
  for (const row of rows) {
    if (!isActive(row, today) || byId.has(row._id)) continue;
    byId.set(row._id, {
      id: row._id,
      user: idOf(row.user),
      fullname: row.fullname,
      employeeId: row.employee_id,
      jobTitle: nameOf(row.job_title),
      department: nameOf(row.department),
      parent: null,
      rootReason: null,
      children: [],
      reports: 0,
      descendants: 0,
    });
    supervisorOf.set(row._id, row.supervisor === null ? null : idOf(row.supervisor));
  }

  // The parent links before cycles: no supervisor, or one who is not an active employee, makes a root.
  for (const node of byId.values()) {
    const supervisor = supervisorOf.get(node.id) ?? null;
    if (supervisor === null) node.rootReason = 'top';
    else if (supervisor === node.id) node.rootReason = 'cycle';
    else if (!byId.has(supervisor)) node.rootReason = 'missing';
    else node.parent = supervisor;
  }

  // Cycles: walk up from each node; meeting a node of the current walk again closes a cycle, whose members become
  // roots. Every node is walked once (done nodes stop a walk).
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of byId.values()) {
    const path: HierarchyNode[] = [];
    let current: HierarchyNode | undefined = start;
    while (current && !state.has(current.id)) {
      state.set(current.id, 'walking');
      path.push(current);
      current = current.parent === null ? undefined : byId.get(current.parent);
    }
    if (current && state.get(current.id) === 'walking') {
      for (const member of path.slice(path.indexOf(current))) {
        member.parent = null;
        member.rootReason = 'cycle';
      }
    }
    for (const node of path) state.set(node.id, 'done');
  }

  const roots: HierarchyNode[] = [];
  for (const node of byId.values()) {
    if (node.parent === null) roots.push(node);
    else byId.get(node.parent)!.children.push(node);
  }
  roots.sort(byName);

  // Sort children and count, deepest first: a pre-order list reversed visits children before their parent.
  const order: HierarchyNode[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    stack.push(...node.children);
  }
  for (const node of order.reverse()) {
    node.children.sort(byName);
    node.reports = node.children.length;
    node.descendants = node.children.reduce((sum, child) => sum + 1 + child.descendants, 0);
  }
  return { roots, byId };
}

/** The ids of a node's ancestors, nearest first. */
export function ancestorsOf(forest: Forest, id: string): string[] {
  const ids: string[] = [];
  let parent = forest.byId.get(id)?.parent ?? null;
  while (parent !== null) {
    ids.push(parent);
    parent = forest.byId.get(parent)?.parent ?? null;
  }
  return ids;
}

/** Every node that has reports: what "Expand all" opens. */
export const expandableIds = (forest: Forest): Set<string> =>
  new Set([...forest.byId.values()].filter((node) => node.children.length > 0).map((node) => node.id));

/** Lower case without accents, for matching names: 'Ségun' and 'segun' match. */
export const foldText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();

export interface SearchResult {
  /** The nodes whose name contains the query. */
  matches: Set<string>;
  /** The matches and all their ancestors: what the filtered tree shows. */
  visible: Set<string>;
  /** The matches' ancestors: opened so that every match is on screen. */
  expanded: Set<string>;
}

/** The nodes whose name contains `query` (case and accents ignored), with their ancestors; null for a blank query. */
export function searchForest(forest: Forest, query: string): SearchResult | null {
  const folded = foldText(query);
  if (!folded) return null;
  const matches = new Set<string>();
  const expanded = new Set<string>();
  for (const node of forest.byId.values()) {
    if (!foldText(node.fullname).includes(folded)) continue;
    matches.add(node.id);
    for (const ancestor of ancestorsOf(forest, node.id)) {
      if (expanded.has(ancestor)) break;
      expanded.add(ancestor);
    }
  }
  return { matches, visible: new Set([...matches, ...expanded]), expanded };
}

/** One line of the tree view, in display order. */
export interface TreeRow {
  node: HierarchyNode;
  /** 1 for a root (`aria-level`). */
  level: number;
  /** Position among the shown siblings, from 1 (`aria-posinset`), and their number (`aria-setsize`). */
  posinset: number;
  setsize: number;
  /** The children shown under this node (all of them, or those a search leaves). */
  shownChildren: readonly HierarchyNode[];
  expanded: boolean;
}

/**
 * The rows on screen: the roots, and the children of every expanded node, depth first. With `visible` (a search),
 * only those nodes are shown.
 */
export function visibleRows(
  roots: readonly HierarchyNode[],
  expanded: ReadonlySet<string>,
  visible: ReadonlySet<string> | null = null,
): TreeRow[] {
  const shown = (nodes: readonly HierarchyNode[]) => (visible ? nodes.filter((node) => visible.has(node.id)) : nodes);
  const rows: TreeRow[] = [];
  const stack: { nodes: readonly HierarchyNode[]; index: number; level: number }[] = [
    { nodes: shown(roots), index: 0, level: 1 },
  ];
  while (stack.length) {
    const frame = stack.at(-1)!;
    if (frame.index >= frame.nodes.length) {
      stack.pop();
      continue;
    }
    const node = frame.nodes[frame.index++]!;
    const shownChildren = shown(node.children);
    const open = shownChildren.length > 0 && expanded.has(node.id);
    rows.push({
      node,
      level: frame.level,
      posinset: frame.index,
      setsize: frame.nodes.length,
      shownChildren,
      expanded: open,
    });
    if (open) stack.push({ nodes: shownChildren, index: 0, level: frame.level + 1 });
  }
  return rows;
}

/** What a key does in the tree view (WAI-ARIA Authoring Practices, tree view pattern). */
export type TreeAction =
  | { type: 'focus'; id: string }
  | { type: 'expand'; ids: readonly string[] }
  | { type: 'collapse'; id: string }
  | { type: 'open'; id: string };

/**
 * The action for `key` on the row at `index`, or null when the key does nothing there (the caller then lets the
 * browser have it). Down/Up move; Right opens a closed node, or moves to the first child of an open one; Left closes
 * an open node, or moves to the parent; Home/End go to the first/last row; Enter opens the detail; '*' opens every
 * sibling of the focused node.
 */
export function treeKeyAction(rows: readonly TreeRow[], index: number, key: string): TreeAction | null {
  const row = rows[index];
  if (!row) return null;
  const focus = (target: TreeRow | undefined): TreeAction | null =>
    target && target !== row ? { type: 'focus', id: target.node.id } : null;
  switch (key) {
    case 'ArrowDown':
      return focus(rows[index + 1]);
    case 'ArrowUp':
      return focus(rows[index - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows.at(-1));
    case 'ArrowRight':
      if (!row.shownChildren.length) return null;
      return row.expanded ? focus(rows[index + 1]) : { type: 'expand', ids: [row.node.id] };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', id: row.node.id };
      const parent = rows.findLastIndex((candidate, i) => i < index && candidate.level < row.level);
      return parent === -1 ? null : focus(rows[parent]);
    }
    case 'Enter':
      return { type: 'open', id: row.node.id };
    case '*': {
      const siblings = rows.filter(
        (candidate) =>
          candidate.level === row.level &&
          candidate.node.parent === row.node.parent &&
          candidate.shownChildren.length > 0 &&
          !candidate.expanded,
      );
      return siblings.length ? { type: 'expand', ids: siblings.map((sibling) => sibling.node.id) } : null;
    }
    default:
      return null;
  }
}

/**
 * Type-ahead: the next row after `index` (wrapping around) whose name starts with `prefix`; a prefix of two letters
 * or more may stay on the current row. Returns the row index, or -1.
 */
export function findByPrefix(rows: readonly TreeRow[], index: number, prefix: string): number {
  const folded = foldText(prefix);
  if (!folded || !rows.length) return -1;
  const from = folded.length > 1 ? index : index + 1;
  for (let step = 0; step < rows.length; step++) {
    const candidate = (((from + step) % rows.length) + rows.length) % rows.length;
    if (foldText(rows[candidate]!.node.fullname).startsWith(folded)) return candidate;
  }
  return -1;
}

/** The detail of an employee in the tree (every one is active): the route's id is the user id, not the employee's. */
export const detailPath = (node: Pick<HierarchyNode, 'user'>): string =>
  employeeDetailPath('active-employees', node.user);
