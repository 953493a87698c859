import { describe, expect, it } from 'vitest';
import { clearView, readView, writeView } from '../../../src/grids/viewState.ts';

describe('grid view state in the URL', () => {
  it('round-trips search, sort, filters, tab and date range, keeping other params', () => {
    const params = writeView(new URLSearchParams('list=departments'), {
      q: 'fin',
      sort: [
        { colId: 'name', sort: 'asc' },
        { colId: 'code', sort: 'desc' },
      ],
      filter: { code: { filterType: 'text', type: 'contains', filter: 'A' } },
      tab: 'pending',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(params.get('list')).toBe('departments');
    expect(params.get('sort')).toBe('name,-code');
    expect(readView(params)).toEqual({
      q: 'fin',
      sort: [
        { colId: 'name', sort: 'asc' },
        { colId: 'code', sort: 'desc' },
      ],
      filter: { code: { filterType: 'text', type: 'contains', filter: 'A' } },
      tab: 'pending',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('drops empty parts and survives a broken link', () => {
    const params = writeView(new URLSearchParams('q=x&filter=%7B'), { q: '', filter: {} });
    expect(params.toString()).toBe('');
    expect(readView(new URLSearchParams('filter=%7Bbroken&from=yesterday')).filter).toEqual({});
    expect(readView(new URLSearchParams('from=yesterday')).from).toBeNull();
  });

  it('clears only the view', () => {
    expect(clearView(new URLSearchParams('list=a&q=x&sort=name&tab=t')).toString()).toBe('list=a');
  });
});
