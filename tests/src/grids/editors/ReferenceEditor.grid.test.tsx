// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyColumn } from '../../../../src/grids/types.ts';

const departments = [
  { _id: 'd1', code: 'ENG', name: 'Engineering' },
  { _id: 'd2', code: 'FIN', name: 'Finance' },
  { _id: 'd3', code: 'HR', name: 'Human Resources' },
];
vi.hoisted(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const data = departments.filter((row) => `${row.code} ${row.name}`.toLowerCase().includes(search));
    return new Response(JSON.stringify({ data, meta: { total: data.length } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
});

const { AgGridReact } = await import('ag-grid-react');
const { AllCommunityModule } = await import('ag-grid-community');
const { referenceEditorParams } = await import('../../../../src/grids/editors/ReferenceEditor.tsx');
const { default: i18n } = await import('../../../../src/i18n.ts');
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const column = {
  field: 'department',
  kind: 'reference',
  reference: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code' },
} as AnyColumn;

let root: Root;
let container: HTMLElement;
/** Runs what the component scheduled on the fake clock (no real-clock sleeps in unit tests). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(50));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  container.style.width = '800px';
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  vi.useRealTimers();
  await act(async () => root.unmount());
  container.remove();
});

describe('ReferenceEditor in AG Grid', () => {
  it('edits a cell: typed key seeds, Enter commits the chosen record', async () => {
    const rows = [
      { _id: 'r1', department: { _id: 'd1', code: 'ENG', name: 'Engineering' } },
      { _id: 'r2', department: null },
    ];
    const changes: unknown[] = [];
    await act(async () =>
      root.render(
        <AgGridReact
          modules={[AllCommunityModule]}
          rowData={rows}
          domLayout="autoHeight"
          enterNavigatesVerticallyAfterEdit
          getRowId={(p) => p.data._id}
          onCellValueChanged={(e) => changes.push(e.newValue)}
          columnDefs={[
            {
              field: 'department',
              headerName: 'Department',
              editable: true,
              valueFormatter: (p) => (p.value ? p.value.name : ''),
              ...referenceEditorParams(column),
            },
          ]}
        />,
      ),
    );
    await settle();
    const cell = container.querySelector<HTMLElement>('.ag-row[row-id="r1"] .ag-cell')!;
    expect(cell.textContent).toBe('Engineering');
    await act(async () => {
      cell.focus();
      cell.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'h', bubbles: true, cancelable: true }));
    });
    await settle();
    const input = document.querySelector<HTMLInputElement>('.ag-popup input[role="combobox"]');
    expect(input?.value).toBe('h');
    await act(async () => {
      input!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle();
    expect(changes).toEqual([{ _id: 'd3', name: 'Human Resources', code: 'HR' }]);
    expect(document.querySelector('.ag-popup input[role="combobox"]')).toBeNull();
    expect(container.querySelector('.ag-row[row-id="r1"] .ag-cell')!.textContent).toBe('Human Resources');
    const focused = document.activeElement?.closest('.ag-row')?.getAttribute('row-id');
    expect(focused).toBe('r2');
  });

  it('Tab commits the active option and moves to the next cell', async () => {
    const rows = [{ _id: 'r1', department: null, note: 'x' }];
    const changes: unknown[] = [];
    await act(async () =>
      root.render(
        <AgGridReact
          modules={[AllCommunityModule]}
          rowData={rows}
          domLayout="autoHeight"
          getRowId={(p) => p.data._id}
          onCellValueChanged={(e) => changes.push(e.newValue)}
          columnDefs={[
            {
              field: 'department',
              editable: true,
              valueFormatter: (p) => (p.value ? p.value.name : ''),
              ...referenceEditorParams(column),
            },
            { field: 'note', editable: true },
          ]}
        />,
      ),
    );
    await settle();
    const cell = container.querySelector<HTMLElement>('.ag-row[row-id="r1"] .ag-cell[col-id="department"]')!;
    await act(async () => {
      cell.focus();
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, cancelable: true }));
    });
    await settle();
    const input = document.querySelector<HTMLInputElement>('.ag-popup input[role="combobox"]')!;
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    });
    await settle();
    expect(changes).toEqual([{ _id: 'd2', name: 'Finance', code: 'FIN' }]);
    expect(document.querySelector('.ag-popup input[role="combobox"]')).toBeNull();
    expect(document.activeElement?.closest('.ag-cell')?.getAttribute('col-id')).toBe('note');
  });

  it('Escape cancels', async () => {
    const rows = [{ _id: 'r1', department: { _id: 'd1', code: 'ENG', name: 'Engineering' } }];
    const changes: unknown[] = [];
    await act(async () =>
      root.render(
        <AgGridReact
          modules={[AllCommunityModule]}
          rowData={rows}
          domLayout="autoHeight"
          getRowId={(p) => p.data._id}
          onCellValueChanged={(e) => changes.push(e.newValue)}
          columnDefs={[
            {
              field: 'department',
              editable: true,
              valueFormatter: (p) => (p.value ? p.value.name : ''),
              ...referenceEditorParams(column),
            },
          ]}
        />,
      ),
    );
    await settle();
    const cell = container.querySelector<HTMLElement>('.ag-row[row-id="r1"] .ag-cell')!;
    await act(async () => {
      cell.focus();
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, cancelable: true }));
    });
    await settle();
    const input = document.querySelector<HTMLInputElement>('.ag-popup input[role="combobox"]')!;
    expect(input).not.toBeNull();
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await settle();
    expect(changes).toEqual([]);
    expect(document.querySelector('.ag-popup input[role="combobox"]')).toBeNull();
    expect(container.querySelector('.ag-row[row-id="r1"] .ag-cell')!.textContent).toBe('Engineering');
  });
});
