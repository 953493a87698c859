/**
 * hierarchy (spec 2.3, Organization): the active employees as a tree built from their supervisor links, a WAI-ARIA
 * tree view with the keyboard of the Authoring Practices pattern; Enter or a click opens the employee's detail.
 */
import type { ParseKeys } from 'i18next';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ApiError, api, call, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import type { ScreenProps } from '../types.ts';
import { hierarchyCommands } from './commands.ts';
import {
  ancestorsOf,
  buildForest,
  detailPath,
  expandableIds,
  type Forest,
  findByPrefix,
  foldText,
  jakartaToday,
  type RootReason,
  type SearchResult,
  searchForest,
  type TreeAction,
  type TreeRow,
  treeKeyAction,
  visibleRows,
} from './tree.ts';
import './hierarchy.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; forest: Forest; loaded: number; total: number }
  | { state: 'failed'; error: ApiError };

/** The badge a root shows: why it has no supervisor above it (none for the real top). */
const rootBadges = {
  top: null,
  missing: 'hierarchy.root.missing',
  cycle: 'hierarchy.root.cycle',
} as const satisfies Record<RootReason, ParseKeys | null>;

/** Type-ahead letters typed within this time make one prefix. */
const TYPE_AHEAD_MS = 600;

const EMPTY: ReadonlySet<string> = new Set();

/** The roots that have reports: open when the tree first shows. */
const firstLevel = (forest: Forest) =>
  new Set(forest.roots.filter((node) => node.children.length).map((node) => node.id));

/** The name with the searched text marked. */
function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  const folded = foldText(query);
  if (!folded) return text;
  // Folding keeps one character per letter for Latin names, so the positions line up with the original text.
  const at = foldText(text).indexOf(folded);
  if (at < 0 || foldText(text).length !== text.trim().length) return text;
  const start = text.length - text.trimStart().length + at;
  return (
    <>
      {text.slice(0, start)}
      <mark>{text.slice(start, start + folded.length)}</mark>
      {text.slice(start + folded.length)}
    </>
  );
}

export default function Hierarchy({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(entry.titleKey);
  const domId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  /** Open nodes while browsing. */
  const [browseOpen, setBrowseOpen] = useState<ReadonlySet<string>>(EMPTY);
  /** Open nodes while searching, for the search they belong to (a new search opens its matches' ancestors). */
  const [searchOpen, setSearchOpen] = useState<{ search: SearchResult | null; ids: ReadonlySet<string> }>({
    search: null,
    ids: EMPTY,
  });
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const tree = useRef<HTMLDivElement>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  /** Set when the DOM focus should follow `focusedId` after the next render. */
  const moveFocus = useRef(false);
  const typed = useRef({ text: '', at: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ("Try again") loads the list again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(
      api.GET('/v1/employees', {
        params: { query: { limit: 10_000, populate: 'job_title,department', sort: 'fullname' } },
      }),
    ).then(
      ({ data, meta }) => {
        if (!current) return;
        const forest = buildForest(data, jakartaToday());
        setBrowseOpen(firstLevel(forest));
        setFocusedId(forest.roots[0]?.id ?? null);
        // A keyboard user arriving from the palette or the menu lands in the tree, unless they are typing somewhere.
        const active = document.activeElement;
        moveFocus.current = !active || active === document.body || active.id === 'content';
        setLoad({ state: 'ready', forest, loaded: data.length, total: meta.total });
      },
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const forest = load.state === 'ready' ? load.forest : null;
  const search = useMemo(() => (forest ? searchForest(forest, query) : null), [forest, query]);
  const openIds = search ? (searchOpen.search === search ? searchOpen.ids : search.expanded) : browseOpen;
  const rows = useMemo(
    () => (forest ? visibleRows(forest.roots, openIds, search?.visible ?? null) : []),
    [forest, openIds, search],
  );

  /** The focused row: the focused node, or its nearest shown ancestor, or the first row. */
  const currentIndex = useMemo(() => {
    if (!forest || !rows.length || focusedId === null) return 0;
    const indexOf = (id: string) => rows.findIndex((row) => row.node.id === id);
    for (const id of [focusedId, ...ancestorsOf(forest, focusedId)]) {
      const index = indexOf(id);
      if (index >= 0) return index;
    }
    return 0;
  }, [forest, rows, focusedId]);
  const current = rows[currentIndex];

  useEffect(() => {
    if (!moveFocus.current || !current) return;
    moveFocus.current = false;
    const item = items.current.get(current.node.id);
    item?.focus({ preventScroll: true });
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const setOpen = useCallback(
    (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => {
      if (search) setSearchOpen({ search, ids: change(openIds) });
      else setBrowseOpen(change);
    },
    [search, openIds],
  );

  const expandAll = useCallback(() => {
    if (forest) setOpen(() => (search ? search.visible : expandableIds(forest)));
  }, [forest, search, setOpen]);
  const collapseAll = useCallback(() => {
    // A focused row that closing hides gives the focus to its shown ancestor, inside the tree.
    if (tree.current?.contains(document.activeElement)) moveFocus.current = true;
    setOpen(() => EMPTY);
  }, [setOpen]);
  const focusSearch = useCallback(() => searchBox.current?.focus(), []);

  // The palette's commands stay registered while the screen is up; they call the latest actions.
  const actions = useRef({ expandAll, collapseAll, focusSearch });
  actions.current = { expandAll, collapseAll, focusSearch };
  useCommands(
    hierarchyCommands({
      expandAll: () => actions.current.expandAll(),
      collapseAll: () => actions.current.collapseAll(),
      focusSearch: () => actions.current.focusSearch(),
    }),
    [],
  );

  const focusRow = (row: TreeRow | undefined) => {
    if (!row) return;
    moveFocus.current = true;
    setFocusedId(row.node.id);
    // The same row again (the search box's Enter): the effect does not run, so focus it here.
    if (row === current) {
      moveFocus.current = false;
      items.current.get(row.node.id)?.focus();
    }
  };

  const apply = (action: TreeAction) => {
    switch (action.type) {
      case 'focus':
        focusRow(rows.find((row) => row.node.id === action.id));
        return;
      case 'expand':
        setOpen((ids) => new Set([...ids, ...action.ids]));
        return;
      case 'collapse':
        setOpen((ids) => new Set([...ids].filter((id) => id !== action.id)));
        return;
      case 'open': {
        const node = forest?.byId.get(action.id);
        if (node) navigate(detailPath(node));
        return;
      }
    }
  };

  const onTreeKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    const action = treeKeyAction(rows, currentIndex, event.key);
    if (action) {
      event.preventDefault();
      apply(action);
      return;
    }
    // Type-ahead: letters and digits jump to the next name that starts with what was typed.
    if (event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key)) {
      event.preventDefault();
      const now = event.timeStamp;
      const text = now - typed.current.at > TYPE_AHEAD_MS ? event.key : typed.current.text + event.key;
      typed.current = { text, at: now };
      // The same letter again cycles through the names starting with it.
      const prefix = /^(.)\1+$/u.test(text) ? text.slice(0, 1) : text;
      const index = findByPrefix(rows, currentIndex, prefix);
      if (index >= 0) focusRow(rows[index]);
    }
  };

  const toggle = (row: TreeRow) =>
    apply(row.expanded ? { type: 'collapse', id: row.node.id } : { type: 'expand', ids: [row.node.id] });

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="hierarchy">
        <LoadStatus
          load={load}
          retry={() => setAttempt((n) => n + 1)}
          failure={(error) => (
            <section className="error-panel" role="alert">
              <p>{t('hierarchy.loadFailed')}</p>
              <p className="muted">{error.message}</p>
              <button type="button" className="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.tryAgain')}
              </button>
            </section>
          )}
        />
        {load.state === 'ready' && load.forest.roots.length === 0 && <p className="muted">{t('hierarchy.empty')}</p>}
        {load.state === 'ready' && load.forest.roots.length > 0 && (
          <>
            <div className="hierarchy-toolbar">
              <input
                ref={searchBox}
                type="search"
                className="hierarchy-search"
                placeholder={t('hierarchy.search')}
                aria-label={t('hierarchy.search')}
                aria-controls={`${domId}-tree`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
                  event.preventDefault();
                  focusRow(rows.find((row) => search?.matches.has(row.node.id) ?? true));
                }}
              />
              <button type="button" onClick={expandAll}>
                {t('hierarchy.expandAll')}
              </button>
              <button type="button" onClick={collapseAll}>
                {t('hierarchy.collapseAll')}
              </button>
              <p className="hierarchy-status" aria-live="polite">
                {search
                  ? search.matches.size
                    ? t('hierarchy.matches', { count: search.matches.size })
                    : t('hierarchy.noMatches', { query: query.trim() })
                  : t('hierarchy.summary', { count: load.forest.byId.size, roots: load.forest.roots.length })}
              </p>
            </div>
            {load.total > load.loaded && (
              <p className="hierarchy-status">{t('hierarchy.truncated', { count: load.loaded })}</p>
            )}
            <p className="hierarchy-status">{t('hierarchy.hint')}</p>
            {rows.length > 0 && (
              <div
                ref={tree}
                id={`${domId}-tree`}
                role="tree"
                aria-label={title}
                className="hierarchy-tree"
                onKeyDown={onTreeKeyDown}
              >
                {rows.map((row, index) => {
                  const { node } = row;
                  const itemId = `${domId}-${node.id}`;
                  const badge = node.rootReason && rootBadges[node.rootReason];
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keys of all its items (roving tabindex).
                    <div
                      key={node.id}
                      ref={(element) => {
                        if (element) items.current.set(node.id, element);
                        else items.current.delete(node.id);
                      }}
                      role="treeitem"
                      className="hierarchy-item"
                      style={{ '--level': row.level } as CSSProperties}
                      aria-level={row.level}
                      aria-setsize={row.setsize}
                      aria-posinset={row.posinset}
                      aria-expanded={row.shownChildren.length ? row.expanded : undefined}
                      aria-labelledby={`${itemId}-name`}
                      aria-describedby={`${itemId}-info`}
                      tabIndex={index === currentIndex ? 0 : -1}
                      onFocus={() => {
                        if (focusedId !== node.id) setFocusedId(node.id);
                      }}
                      onClick={() => {
                        setFocusedId(node.id);
                        navigate(detailPath(node));
                      }}
                    >
                      <span
                        className="hierarchy-twisty"
                        aria-hidden="true"
                        onClick={(event) => {
                          event.stopPropagation();
                          setFocusedId(node.id);
                          if (row.shownChildren.length) toggle(row);
                        }}
                      >
                        {row.shownChildren.length ? (row.expanded ? '▾' : '▸') : ''}
                      </span>
                      <span id={`${itemId}-name`} className="hierarchy-name">
                        <Highlight text={node.fullname} query={search ? query : ''} />
                      </span>
                      <span id={`${itemId}-info`} className="hierarchy-info">
                        {node.jobTitle && <span>{node.jobTitle}</span>}
                        <span>{t('hierarchy.reports', { count: node.reports })}</span>
                        {badge && <span className="badge badge-warning">{t(badge)}</span>}
                      </span>
                    </div>
                  );
                })}
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
