/**
 * A grid's view in the URL, so a view survives reload and can be shared: quick search `q`, sort `sort`
 * ('name,-code'), column filters `filter` (AG Grid's filter model as JSON), status tab `tab`, and the toolbar's date
 * range `from`/`to`.
 */
import type { FilterModel, SortModelItem } from 'ag-grid-community';

export interface ViewState {
  q: string;
  sort: SortModelItem[];
  filter: FilterModel;
  tab: string | null;
  from: string | null;
  to: string | null;
}

export const VIEW_KEYS = ['q', 'sort', 'filter', 'tab', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readView(params: URLSearchParams): ViewState {
  let filter: FilterModel = {};
  try {
    const parsed: unknown = JSON.parse(params.get('filter') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = parsed as FilterModel;
  } catch {
    // A hand-edited or truncated link: no filters rather than no screen.
  }
  const sort = (params.get('sort') ?? '')
    .split(',')
    .filter(Boolean)
    .map(
      (part): SortModelItem =>
        part.startsWith('-') ? { colId: part.slice(1), sort: 'desc' } : { colId: part, sort: 'asc' },
    );
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  return { q: params.get('q') ?? '', sort, filter, tab: params.get('tab'), from: day('from'), to: day('to') };
}

/** The URL's search params with the view written in (empty parts removed), other params kept. */
export function writeView(params: URLSearchParams, view: Partial<ViewState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if ('q' in view) set('q', view.q);
  if ('sort' in view)
    set('sort', view.sort?.map((item) => (item.sort === 'desc' ? `-${item.colId}` : item.colId)).join(','));
  if ('filter' in view)
    set('filter', view.filter && Object.keys(view.filter).length ? JSON.stringify(view.filter) : null);
  if ('tab' in view) set('tab', view.tab);
  if ('from' in view) set('from', view.from);
  if ('to' in view) set('to', view.to);
  return next;
}

export const clearView = (params: URLSearchParams) => {
  const next = new URLSearchParams(params);
  for (const key of VIEW_KEYS) next.delete(key);
  return next;
};
