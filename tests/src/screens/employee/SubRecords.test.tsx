// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import id from '../../../../locales/id.json' with { type: 'json' };
import zh from '../../../../locales/zh.json' with { type: 'json' };
import { resources } from '../../../../server/resources/index.ts';
import type { AnyGridSpec } from '../../../../src/grids/types.ts';

/** Every request the grids make, as 'METHOD path?query', and the bodies of writes. */
const requests: string[] = [];
vi.hoisted(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const rows = url.pathname.endsWith('/family')
      ? [{ _id: 'f1', employee: 'e1', name: 'Siti', relationship: 'spouse', version: 1 }]
      : [];
    return new Response(JSON.stringify({ data: rows, meta: { total: rows.length, limit: 10000, skip: 0 } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
});

const { contributions } = await import('../../../../src/commands/registry.ts');
const { default: i18n } = await import('../../../../src/i18n.ts');
const { EmployeeSubGrid, subRecordGrids } = await import('../../../../src/screens/employee/SubRecords.tsx');
const { resignedEmployeesGrid } = await import('../../../../src/grids/specs/resigned-employees.ts');
const { dailyWorkersGrid } = await import('../../../../src/grids/specs/daily-workers.ts');
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

type Tree = { [key: string]: string | Tree };
const text = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
const specs: [string, AnyGridSpec][] = [
  ...Object.entries(subRecordGrids),
  ['resigned-employees', resignedEmployeesGrid],
  ['daily-workers', dailyWorkersGrid],
];

describe('the employee sub-record and list specs', () => {
  it.each(specs)('%s: named as the server resource of its path', (_, spec) => {
    const server = resources.find((resource) => `/v1${resource.path}` === spec.path);
    expect(server?.name).toBe(spec.resource);
  });

  it.each(Object.entries({ en, id, zh }))('has every %s title, field and enum label', (_, tree) => {
    const missing: string[] = [];
    for (const [, spec] of specs) {
      const keys = [
        `resources.${spec.resource}.name`,
        ...spec.columns.map((c) => `resources.${spec.resource}.fields.${c.field}`),
      ];
      for (const column of spec.columns)
        for (const value of column.enum?.values ?? []) keys.push(`enums.${column.enum!.key}.${value}`);
      for (const tab of spec.tabs ?? []) keys.push(tab.label);
      for (const key of keys) if (typeof text(tree as Tree, key) !== 'string') missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('months are 1 to 12 and payroll items point at their payroll-references list', () => {
    for (const kind of ['allowances', 'incentives', 'bonuses', 'deductions'] as const) {
      const spec: AnyGridSpec = subRecordGrids[kind];
      const month = spec.columns.find((column) => column.field === 'month');
      expect([month?.min, month?.max]).toEqual([1, 12]);
      expect(spec.columns.find((column) => column.field === 'reference')?.reference?.path).toBe(
        `/v1/refs/payrolls/${kind}`,
      );
    }
  });
});

let root: Root;
let container: HTMLElement;
let location = '';
function Location() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}
/** Runs what the component scheduled on the fake clock (no real-clock sleeps in unit tests). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(80));
const gridCommandIds = () =>
  contributions
    .get()
    .commands.map((command) => command.id)
    .filter((commandId) => commandId.startsWith('grid:'));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  await i18n.changeLanguage('en');
  requests.length = 0;
  container = document.createElement('div');
  container.style.width = '900px';
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  vi.useRealTimers();
  await act(async () => root.unmount());
  container.remove();
});

describe('EmployeeSubGrid: several embedded grids on one detail page', () => {
  const page = (
    <MemoryRouter initialEntries={['/dashboard/edit/active-employees/u1?section=family']}>
      <Location />
      <input aria-label="Nickname" />
      <EmployeeSubGrid kind="family" employeeId="e1" canWrite />
      <EmployeeSubGrid kind="emergency-contacts" employeeId="e1" canWrite />
    </MemoryRouter>
  );

  it('lists only the employee’s rows and shows no employee column', async () => {
    await act(async () => root.render(page));
    await settle();
    const lists = requests.filter((request) => request.startsWith('GET /v1/employees/'));
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list).toContain('employee=e1');
    const family = container.querySelector('section[aria-label="Family"]')!;
    expect(family.textContent).toContain('Siti');
    const headers = [...family.querySelectorAll('.ag-header-cell-text')].map((cell) => cell.textContent);
    expect(headers).toContain('Relationship *');
    expect(headers.join()).not.toMatch(/employee/i);
  });

  it('adds palette commands only for the grid that has the focus, and keeps the URL as it is', async () => {
    await act(async () => root.render(page));
    await settle();
    expect(gridCommandIds()).toEqual([]);

    const family = container.querySelector<HTMLElement>('section[aria-label="Family"]')!;
    const contacts = container.querySelector<HTMLElement>('section[aria-label="Emergency contacts"]')!;
    await act(async () => family.querySelector<HTMLInputElement>('input[type="search"]')!.focus());
    expect(gridCommandIds().length).toBeGreaterThan(0);
    expect(gridCommandIds().every((commandId) => commandId.startsWith('grid:employee-family:'))).toBe(true);

    await act(async () => contacts.querySelector<HTMLInputElement>('input[type="search"]')!.focus());
    expect(gridCommandIds().length).toBeGreaterThan(0);
    expect(gridCommandIds().every((commandId) => commandId.startsWith('grid:employee-emergency-contacts:'))).toBe(true);

    // Typing a search filters that grid only; the page's URL keeps no grid view.
    const search = contacts.querySelector<HTMLInputElement>('input[type="search"]')!;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(search, 'mother');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(search.value).toBe('mother');
    expect(family.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe('');
    expect(location).toBe('/dashboard/edit/active-employees/u1?section=family');

    // Focus elsewhere on the page: no grid's commands (Ctrl+S and Ctrl+Z belong to the page again).
    await act(async () => container.querySelector<HTMLInputElement>('input[aria-label="Nickname"]')!.focus());
    expect(gridCommandIds()).toEqual([]);
  });
});
