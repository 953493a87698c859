// @vitest-environment happy-dom
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetail } from '../../../src/api/client.ts';
import type { Command } from '../../../src/commands/types.ts';
import { makeCommand, makeUser } from './fixtures.ts';

/** The API, answered here: every request is recorded. */
const requests: { method: string; url: URL }[] = [];
const employees = [
  { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'EMP001', exit_date: null, user: { _id: 'u1' } },
  { _id: 'e2', fullname: 'Sari Dewi', employee_id: 'EMP002', exit_date: '2024-01-31', user: { _id: 'u2' } },
];
vi.hoisted(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    requests.push({ method: request.method, url });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/v1/employees') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = employees.filter((employee) => employee.fullname.toLowerCase().includes(search));
      return json({ data, meta: { total: data.length } });
    }
    if (url.pathname === '/v1/auth/logout') return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
  };
});

const { CommandPalette, RENDER_LIMIT } = await import('../../../src/commands/CommandPalette.tsx');
const { contributions } = await import('../../../src/commands/registry.ts');
const { userAtom } = await import('../../../src/session.ts');
const { default: i18n, loadAllLanguages } = await import('../../../src/i18n.ts');
// The palette lives in the signed-in shell, which loads every language before it shows (src/layout/Shell.tsx).
await loadAllLanguages();

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// cmdk moves its selection in its own scheduled layout effects, outside the test's act(): not a fault here.
const consoleError = console.error.bind(console);
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act')) return;
  consoleError(...args);
});

let root: Root;
let container: HTMLElement;
let path = '';

function Where() {
  path = useLocation().pathname;
  return null;
}

async function mount(user: UserDetail = makeUser('admin'), at = '/dashboard/home') {
  const store = createStore();
  store.set(userAtom, user);
  await act(async () =>
    root.render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[at]}>
          <input aria-label="Name" />
          <CommandPalette />
          <Where />
        </MemoryRouter>
      </Provider>,
    ),
  );
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.palette-dialog:not(.cheat-sheet)');
const input = () => dialog()!.querySelector<HTMLInputElement>('input')!;
const items = () => [...dialog()!.querySelectorAll('[cmdk-item]')].map((item) => item.textContent);
const selected = () => dialog()!.querySelector('[cmdk-item][data-selected="true"]')?.textContent;

async function press(target: EventTarget, key: string, extra: KeyboardEventInit = {}) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra }));
  });
}

async function type(text: string) {
  const field = input();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Runs what the palette scheduled (renders, the search delay) on the fake clock: no real-clock sleeps here. */
const settle = (ms = 20) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('token', 'the-token');
  requests.length = 0;
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

describe('CommandPalette', () => {
  it('opens with Ctrl+K inside a field, as a labelled dialog, and closes with Esc back to the field', async () => {
    await mount();
    const field = container.querySelector('input')!;
    field.focus();
    await press(field, 'k', { ctrlKey: true });
    expect(dialog()).not.toBeNull();
    expect(dialog()!.open).toBe(true);
    const title = document.getElementById(dialog()!.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Command palette');
    expect(document.activeElement).toBe(input());

    await act(async () => {
      dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('opens on the palette:open event and with Cmd+K; Ctrl+K again closes it', async () => {
    await mount();
    await act(async () => {
      window.dispatchEvent(new CustomEvent('palette:open'));
    });
    expect(dialog()).not.toBeNull();
    await press(input(), 'k', { ctrlKey: true });
    expect(dialog()).toBeNull();
    await press(document.body, 'k', { metaKey: true });
    expect(dialog()).not.toBeNull();
  });

  it("filters as you type and Enter runs the first match: 'resigned' goes to the resigned employees", async () => {
    await mount();
    await press(document.body, 'k', { ctrlKey: true });
    await type('resigned');
    await settle();
    expect(items()[0]).toContain('Resigned Employees');
    expect(selected()).toContain('Resigned Employees');
    await press(input(), 'Enter');
    expect(dialog()).toBeNull();
    expect(path).toBe('/dashboard/resigned-employees');
    // The command is now recently used: listed first on an empty query.
    await press(document.body, 'k', { ctrlKey: true });
    await settle();
    expect(dialog()!.querySelector('[cmdk-group-heading]')?.textContent).toBe('Recent');
    expect(items()[0]).toContain('Resigned Employees');
    expect(JSON.parse(localStorage.getItem('palette-recent')!)).toEqual(['go:resigned-employees']);
  });

  it('matches Indonesian words while showing English labels', async () => {
    await mount();
    await press(document.body, 'k', { ctrlKey: true });
    await type('karyawan keluar');
    await settle();
    expect(items()[0]).toContain('Resigned Employees');
  });

  it('shows the commands a screen contributes, with the selection count', async () => {
    const approve: Command = makeCommand('approvals:approve', {
      label: 'palette.groups.contextSelected',
      labelValues: (ctx) => ({ count: ctx.selection?.ids.length ?? 0 }),
    });
    const removeCommands = contributions.register([approve]);
    const removeSelection = contributions.select({ resource: 'approvals', ids: ['a', 'b', 'c'] });
    try {
      await mount();
      await press(document.body, 'k', { ctrlKey: true });
      await settle();
      const headings = [...dialog()!.querySelectorAll('[cmdk-group-heading]')].map((heading) => heading.textContent);
      expect(headings[0]).toBe('On this screen (3 selected)');
      expect(items()[0]).toContain('(3 selected)');
    } finally {
      removeCommands();
      removeSelection();
    }
  });

  it('renders at most RENDER_LIMIT items of 500 commands and says how many more there are', async () => {
    const many = Array.from({ length: 500 }, (_, i) => makeCommand(`many:${i}`, { keywords: [`batch ${i}`] }));
    const remove = contributions.register(many);
    try {
      await mount();
      await press(document.body, 'k', { ctrlKey: true });
      await settle();
      expect(items()).toHaveLength(RENDER_LIMIT);
      expect(dialog()!.textContent).toMatch(/\d+ more: type to narrow the list/);
      await type('batch 499');
      await settle();
      expect(items()[0]).toBeDefined();
      expect(selected()).toBe(items()[0]);
    } finally {
      remove();
    }
  });

  it("'Go to employee…' searches the server after 500 ms and opens the detail; Backspace goes back", async () => {
    await mount();
    await press(document.body, 'k', { ctrlKey: true });
    await type('go to employee');
    await settle();
    await press(input(), 'Enter');
    expect(dialog()).not.toBeNull();
    expect(input().placeholder).toMatch(/Search employees/);
    await settle(50);
    expect(items()).toHaveLength(2);

    const before = requests.length;
    await type('s');
    await type('sa');
    await type('sari');
    await settle(300);
    expect(requests.length).toBe(before);
    await settle(400);
    const searches = requests.slice(before);
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]!.url.searchParams)).toEqual({
      search: 'sari',
      limit: '20',
      populate: 'user',
    });
    expect(items()).toEqual([expect.stringContaining('Sari Dewi')]);
    // Results that arrive after the query changed still leave their first item selected, so Enter opens it.
    expect(selected()).toContain('Sari Dewi');

    await press(input(), 'Enter');
    expect(dialog()).toBeNull();
    // Sari has an exit date: she is on the resigned employees' screen, by her user id.
    expect(path).toBe('/dashboard/edit/resigned-employees/u2');

    await press(document.body, 'k', { ctrlKey: true });
    await type('go to employee');
    await settle();
    await press(input(), 'Enter');
    expect(input().placeholder).toMatch(/Search employees/);
    await press(input(), 'Backspace');
    expect(input().placeholder).toBe('Type a command or search…');
  });

  it('switches the language from the palette', async () => {
    await mount();
    await press(document.body, 'k', { ctrlKey: true });
    await type('bahasa indonesia');
    await settle();
    expect(selected()).toContain('Bahasa Indonesia');
    await press(input(), 'Enter');
    expect(i18n.language).toBe('id');
    expect(localStorage.getItem('language')).toBe('id');
    await press(document.body, 'k', { ctrlKey: true });
    expect(input().placeholder).toBe('Ketik perintah atau cari…');
  });

  it("'?' outside a field opens the cheat sheet listing the shortcuts; in a field it is typed", async () => {
    await mount();
    const field = container.querySelector('input')!;
    await press(field, '?', { shiftKey: true });
    expect(document.querySelector('dialog.cheat-sheet')).toBeNull();
    await press(document.body, '?', { shiftKey: true });
    const sheet = document.querySelector('dialog.cheat-sheet');
    expect(sheet?.textContent).toContain('Keyboard shortcuts');
    expect(sheet?.textContent).toContain('Open the command palette');
    expect(sheet?.textContent).toContain('Toggle the sidebar');
  });

  it('Ctrl+B toggles the sidebar through the shell event', async () => {
    await mount();
    const toggled = vi.fn();
    window.addEventListener('sidebar:toggle', toggled);
    await press(document.body, 'b', { ctrlKey: true });
    window.removeEventListener('sidebar:toggle', toggled);
    expect(toggled).toHaveBeenCalledTimes(1);
  });

  it('logs out on the server, tells the shell, and drops the token when the shell does not take over', async () => {
    await mount();
    const heard = vi.fn();
    window.addEventListener('session:logout', heard);
    await press(document.body, 'k', { ctrlKey: true });
    await type('log out');
    await settle();
    await press(input(), 'Enter');
    await settle();
    window.removeEventListener('session:logout', heard);
    expect(requests.some((request) => request.method === 'DELETE' && request.url.pathname === '/v1/auth/logout')).toBe(
      true,
    );
    expect(heard).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers a developer to log in as a company admin, and nobody else', async () => {
    await mount(makeUser('developer'));
    await press(document.body, 'k', { ctrlKey: true });
    await type('log in as');
    await settle();
    expect(items()).toContainEqual(expect.stringContaining("Log in as a company's admin…"));
    await act(async () => root.unmount());
    root = createRoot(container);
    await mount(makeUser('admin'));
    await press(document.body, 'k', { ctrlKey: true });
    await type('log in as');
    await settle();
    expect(items()).not.toContainEqual(expect.stringContaining("Log in as a company's admin…"));
  });
});
