// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceEditorProps } from '../../../../src/grids/editors/ReferenceEditor.tsx';
import type { AnyColumn, RefValue } from '../../../../src/grids/types.ts';

const seen: URL[] = [];
const departments = [
  { _id: 'd1', code: 'ENG', name: 'Engineering', head: null, created_at: '2025-01-01T00:00:00Z' },
  { _id: 'd2', code: 'FIN', name: 'Finance', head: null, created_at: '2025-01-01T00:00:00Z' },
  { _id: 'd3', code: 'HR', name: 'Human Resources', head: null, created_at: '2025-01-01T00:00:00Z' },
];
const employees = [
  { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'EMP001', email: 'budi@example.com' },
  { _id: 'e2', fullname: 'Sari Dewi', employee_id: 'EMP002', email: 'sari@example.com' },
];
vi.hoisted(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    seen.push(url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const rows: Record<string, unknown>[] = url.pathname === '/v1/employees' ? employees : departments;
    const data = rows.filter((row) => JSON.stringify(Object.values(row)).toLowerCase().includes(search));
    return new Response(JSON.stringify({ data, meta: { total: data.length } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
});

const { ReferenceEditor, referenceEditorParams, refOption } = await import(
  '../../../../src/grids/editors/ReferenceEditor.tsx'
);
const { default: i18n } = await import('../../../../src/i18n.ts');

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const departmentColumn = {
  field: 'department',
  kind: 'reference',
  reference: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code', autoCreate: ['code', 'name'] },
} as AnyColumn;
const headColumn = {
  field: 'head',
  kind: 'reference',
  reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
} as AnyColumn;

let root: Root;
let container: HTMLElement;

interface Grid {
  onValueChange: ReturnType<typeof vi.fn>;
  onKeyDown: ReturnType<typeof vi.fn>;
  stopEditing: ReturnType<typeof vi.fn>;
}

/** The editor as AG Grid mounts it: the cell's value, the key that started the edit, and the grid's callbacks. */
async function edit(column: AnyColumn, value: RefValue | string | null, eventKey: string | null): Promise<Grid> {
  const grid: Grid = { onValueChange: vi.fn(), onKeyDown: vi.fn(), stopEditing: vi.fn() };
  const props = {
    ...grid,
    spec: column,
    value,
    initialValue: value,
    eventKey,
    colDef: { field: column.field, headerName: 'Department', cellEditorParams: { spec: column } },
    column: { getActualWidth: () => 240 },
  } as unknown as ReferenceEditorProps;
  await act(async () => root.render(<ReferenceEditor {...props} />));
  await act(() => vi.advanceTimersByTimeAsync(0));
  return grid;
}

const input = () => container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const names = () =>
  [...container.querySelectorAll('[role="option"]')].map((option) => option.getAttribute('aria-label'));
async function press(key: string) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  await act(async () => {
    input().dispatchEvent(event);
  });
  return event;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  seen.length = 0;
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('ReferenceEditor', () => {
  it('searches the character that started the edit, and Enter returns the populated record to the grid', async () => {
    const grid = await edit(departmentColumn, null, 'h');
    expect(input().value).toBe('h');
    expect(document.activeElement).toBe(input());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.searchParams.get('search')).toBe('h');
    expect(names()).toEqual(['Human Resources · HR']);

    const enter = await press('Enter');
    expect(grid.onValueChange).toHaveBeenCalledWith({ _id: 'd3', name: 'Human Resources', code: 'HR' });
    // The key goes to the grid once, after the value: it stops editing (and moves down when so configured).
    expect(grid.onKeyDown).toHaveBeenCalledTimes(1);
    expect(grid.onKeyDown).toHaveBeenCalledWith(enter);
    expect(grid.onValueChange.mock.invocationCallOrder[0]).toBeLessThan(grid.onKeyDown.mock.invocationCallOrder[0]!);
    expect(enter.cancelBubble).toBe(true);
  });

  it('searches the label field only (search_in), which the list API accepts', async () => {
    await edit(headColumn, null, 'b');
    expect(seen[0]!.pathname).toBe('/v1/employees');
    expect(seen[0]!.searchParams.get('search')).toBe('b');
    expect(seen[0]!.searchParams.get('search_in')).toBe('fullname');
  });

  it("offers 'Clear Selection' on an optional reference, never on a required one", async () => {
    const current = { _id: 'd2', code: 'FIN', name: 'Finance' };
    const grid = await edit(departmentColumn, current, null);
    expect(names()[0]).toBe('Clear Selection');
    await press('Home');
    await press('Enter');
    expect(grid.onValueChange).toHaveBeenCalledWith(null);

    await act(async () => root.unmount());
    root = createRoot(container);
    await edit({ ...departmentColumn, required: true } as AnyColumn, current, null);
    expect(names()).not.toContain('Clear Selection');
    expect(names()).toContain('Finance · FIN');
  });

  it('does not seed the search with a non-printable key', async () => {
    await edit(departmentColumn, null, 'F2');
    expect(input().value).toBe('');
    expect(seen[0]!.searchParams.get('search')).toBeNull();
  });

  it("returns null on 'Clear Selection'", async () => {
    const grid = await edit(departmentColumn, { _id: 'd1', code: 'ENG', name: 'Engineering' }, 'Enter');
    expect(names()[0]).toBe('Clear Selection');
    await press('Home');
    await press('Enter');
    expect(grid.onValueChange).toHaveBeenCalledWith(null);
  });

  it('keeps the cell object when the current record is chosen again', async () => {
    const current = { _id: 'd2', code: 'FIN', name: 'Finance' };
    const grid = await edit(departmentColumn, current, null);
    await press('Enter');
    expect(grid.onValueChange.mock.calls[0]![0]).toBe(current);
  });

  it('hands Escape to the grid without a value (the grid cancels the edit)', async () => {
    const grid = await edit(departmentColumn, null, null);
    await press('ArrowDown');
    const esc = await press('Escape');
    expect(grid.onValueChange).not.toHaveBeenCalled();
    expect(grid.onKeyDown).toHaveBeenCalledWith(esc);
  });

  it('Tab chooses and hands the key to the grid, which moves to the next cell', async () => {
    const grid = await edit(departmentColumn, null, 'f');
    const tab = await press('Tab');
    expect(grid.onValueChange).toHaveBeenCalledWith({ _id: 'd2', name: 'Finance', code: 'FIN' });
    expect(grid.onKeyDown).toHaveBeenCalledWith(tab);
  });

  it('a click chooses and stops editing', async () => {
    const grid = await edit(departmentColumn, null, null);
    await act(async () => {
      container.querySelectorAll('[role="option"]')[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(grid.onValueChange).toHaveBeenCalledWith({ _id: 'd2', name: 'Finance', code: 'FIN' });
    expect(grid.stopEditing).toHaveBeenCalledWith();
    expect(grid.onKeyDown).not.toHaveBeenCalled();
  });

  it('gives employee references their own shape, and knows a bare id as the current value', async () => {
    const grid = await edit(headColumn, 'e2', null);
    expect(seen[0]!.pathname).toBe('/v1/employees');
    expect(container.querySelector('[data-current="true"]')?.getAttribute('aria-label')).toBe('Sari Dewi · EMP002');
    await press('ArrowUp');
    await press('Enter');
    expect(grid.onValueChange).toHaveBeenCalledWith({ _id: 'e1', fullname: 'Budi Santoso', employee_id: 'EMP001' });
  });
});

describe('referenceEditorParams', () => {
  it('gives the grid a popup editor with the column as its parameter', () => {
    expect(referenceEditorParams(departmentColumn)).toEqual({
      cellEditor: ReferenceEditor,
      cellEditorPopup: true,
      cellEditorPopupPosition: 'over',
      cellEditorParams: { spec: departmentColumn },
    });
  });

  it('refuses a column without a reference', () => {
    expect(() => referenceEditorParams({ field: 'x', kind: 'reference' } as AnyColumn)).toThrow(/without `reference`/);
  });

  it('maps a record to the cell shape, without its other fields', () => {
    expect(refOption(headColumn.reference!, employees[0]!)).toEqual({
      key: 'e1',
      label: 'Budi Santoso',
      detail: 'EMP001',
      value: { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'EMP001' },
    });
  });
});
