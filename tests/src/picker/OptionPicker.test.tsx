// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickerOption } from '../../../src/picker/options.ts';

/**
 * The API, answered here at the network level: the real openapi-fetch client makes the requests. `reply` decides the
 * answer; a test may hand back a promise it settles later (a slow server).
 */
interface Seen {
  method: string;
  url: URL;
  body: unknown;
}
const seen: Seen[] = [];
type Reply = (request: Seen) => Response | Promise<Response>;
let reply: Reply;
vi.hoisted(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const body = request.method === 'GET' ? undefined : await request.clone().json();
    const entry = { method: request.method, url: new URL(request.url), body };
    seen.push(entry);
    return reply(entry);
  };
});

const { OptionPicker, PICKER_LIST_MAX_HEIGHT, SEARCH_DEBOUNCE_MS } = await import(
  '../../../src/picker/OptionPicker.tsx'
);
const { salarySource } = await import('../../../src/picker/options.ts');
const { default: i18n } = await import('../../../src/i18n.ts');

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (data: unknown[], total = data.length) => json({ data, meta: { total, limit: 100, skip: 0 } });

const departments = [
  { _id: 'd1', code: 'ENG', name: 'Engineering' },
  { _id: 'd2', code: 'FIN', name: 'Finance' },
  { _id: 'd3', code: 'HR', name: 'Human Resources' },
];
/** The department list, searched like the server does: case-insensitive "contains" on code and name. */
const departmentsReply: Reply = ({ url }) => {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  return list(departments.filter((d) => `${d.code} ${d.name}`.toLowerCase().includes(search)));
};

const gets = () => seen.filter((request) => request.method === 'GET');
const searchOf = (request: Seen | undefined) => request?.url.searchParams.get('search') ?? null;

let root: Root;
let container: HTMLElement;

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function render(element: React.ReactElement) {
  await act(async () => root.render(element));
  await settle();
}

const input = () => container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const listbox = () => container.querySelector<HTMLElement>('[role="listbox"]')!;
const options = () => [...container.querySelectorAll<HTMLElement>('[role="option"]')];
const names = () => options().map((option) => option.getAttribute('aria-label'));
const active = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.getAttribute('aria-label') : null;
};
const status = () => container.querySelector('[role="status"]')?.textContent || null;
const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? null;

async function type(text: string) {
  const field = input();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setValue.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function press(key: string, extra: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...extra });
  await act(async () => {
    input().dispatchEvent(event);
  });
  return event;
}

const server = { kind: 'server', path: '/v1/refs/employees/orgs/departments', searchField: 'name' } as const;
const autoCreate = {
  path: '/v1/refs/employees/orgs/departments',
  fields: ['code', 'name'],
  codeField: 'code',
} as const;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  seen.length = 0;
  reply = departmentsReply;
  localStorage.setItem('token', 'the-token');
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

describe('OptionPicker on a server list', () => {
  it('loads the first page at once, as an accessible combobox and listbox', async () => {
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    expect(gets()).toHaveLength(1);
    expect(gets()[0]!.url.pathname).toBe('/v1/refs/employees/orgs/departments');
    expect(searchOf(gets()[0])).toBeNull();
    expect(gets()[0]!.url.searchParams.get('limit')).toBe('100');

    const box = input();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-label')).toBe('Department');
    expect(box.getAttribute('aria-controls')).toBe(listbox().id);
    expect(listbox().style.maxHeight).toBe(`${PICKER_LIST_MAX_HEIGHT}px`);
    expect(PICKER_LIST_MAX_HEIGHT).toBe(300);
    expect(document.activeElement).toBe(box);
    expect(names()).toEqual(['Engineering', 'Finance', 'Human Resources']);
    expect(active()).toBe('Engineering');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('sends one first request under StrictMode too, without the search delay', async () => {
    await render(
      <StrictMode>
        <OptionPicker source={server} label="Department" onSelect={() => {}} />
      </StrictMode>,
    );
    expect(gets()).toHaveLength(1);
    expect(names()).toHaveLength(3);
  });

  it('searches exactly 500 ms after the last keystroke: no request before, one after', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    seen.length = 0;

    await type('f');
    await wait(300);
    await type('fi');
    await wait(499);
    expect(gets()).toHaveLength(0);
    expect(status()).toBe('Loading…');
    expect(names()).toEqual([]);

    await wait(1);
    expect(gets()).toHaveLength(1);
    expect(searchOf(gets()[0])).toBe('fi');
    expect(names()).toEqual(['Finance']);
    expect(status()).toBeNull();
  });

  it('sends the configured filters with the search', async () => {
    await render(
      <OptionPicker source={{ ...server, query: { department: 'd1' } }} label="Department" onSelect={() => {}} />,
    );
    expect(gets()[0]!.url.searchParams.get('department')).toBe('d1');
  });

  it('narrows a search to the configured search field with search_in, unless told it is not searchable', async () => {
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    // The first page is a plain list: no search, so nothing to narrow.
    expect(gets()[0]!.url.searchParams.has('search_in')).toBe(false);
    await type('fin');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(searchOf(gets()[1])).toBe('fin');
    expect(gets()[1]!.url.searchParams.get('search_in')).toBe('name');

    await act(async () => root.unmount());
    root = createRoot(container);
    seen.length = 0;
    await render(<OptionPicker source={{ ...server, searchIn: false }} label="Department" onSelect={() => {}} />);
    await type('fin');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(searchOf(gets()[1])).toBe('fin');
    expect(gets()[1]!.url.searchParams.has('search_in')).toBe(false);
  });

  it('says there are more matches than listed', async () => {
    reply = () => list(departments, 240);
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    expect(status()).toBe('Showing 3 of 240. Type to narrow the list.');
  });

  it('never lets a slow older reply replace a newer one', async () => {
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    let answerSlow: (response: Response) => void = () => {};
    reply = (request) =>
      searchOf(request) === 'e'
        ? new Promise<Response>((resolve) => {
            answerSlow = resolve;
          })
        : departmentsReply(request);

    await type('e');
    await wait(500);
    await type('hum');
    await wait(500);
    expect(names()).toEqual(['Human Resources']);

    // The server ignores the abort and answers the old search late: the newer results stay.
    await act(async () => answerSlow(list(departments)));
    await settle();
    expect(names()).toEqual(['Human Resources']);
    expect(gets().map(searchOf)).toEqual([null, 'e', 'hum']);
  });

  it('aborts the older request when a newer one goes out', async () => {
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    const signals: AbortSignal[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return original(input, init);
    };
    try {
      reply = (request) => (searchOf(request) === 'e' ? new Promise<Response>(() => {}) : departmentsReply(request));
      await type('e');
      await wait(500);
      await type('en');
      await wait(500);
      expect(signals).toHaveLength(2);
      expect(signals[0]!.aborted).toBe(true);
      expect(signals[1]!.aborted).toBe(false);
      expect(names()).toEqual(['Engineering']);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('shows a failed search inline, translated, and retries on Enter', async () => {
    reply = () => new Response(null, { status: 502, statusText: 'Bad Gateway' });
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    expect(alertText()).toBe('The choices could not be loaded: Bad Gateway');
    expect(names()).toEqual([]);

    reply = departmentsReply;
    await press('Enter');
    await settle();
    expect(alertText()).toBeNull();
    expect(names()).toHaveLength(3);
  });
});

describe('OptionPicker salary choices', () => {
  it("lists 'Basic Salary ' before the grades, each grade with its nominal amount", async () => {
    const grades = [
      { _id: 'g1', grade: 'G1', reported_salary: 5_000_000 },
      { _id: 'g3', grade: 'G3', reported_salary: 7_500_000 },
    ];
    reply = ({ url }) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return list(grades.filter((grade) => grade.grade.toLowerCase().includes(search)));
    };
    const onSelect = vi.fn();
    await render(<OptionPicker source={salarySource(i18n.t)} label="Salary" onSelect={onSelect} />);
    expect(gets()[0]!.url.pathname).toBe('/v1/refs/payrolls/salary-grades');
    expect(names()).toEqual(['Basic Salary ', 'G1 · Rp 5.000.000', 'G3 · Rp 7.500.000']);
    await press('Enter');
    expect(onSelect.mock.calls[0]![0]).toMatchObject({ key: 'basic_salary', value: 'basic_salary' });

    await type('g3');
    await wait(500);
    expect(names()).toEqual(['G3 · Rp 7.500.000']);
  });
});

describe('OptionPicker on a local list', () => {
  const local: PickerOption<string>[] = [
    { key: 'eng', label: 'Engineering', value: 'eng' },
    { key: 'fin', label: 'Finance', value: 'fin' },
    { key: 'hr', label: 'Human Resources', value: 'hr' },
  ];

  it('matches a case-insensitive substring at once, without requests', async () => {
    await render(<OptionPicker source={{ kind: 'local', options: local }} label="Department" onSelect={() => {}} />);
    await type('RES');
    expect(names()).toEqual(['Human Resources']);
    await type('in');
    expect(names()).toEqual(['Engineering', 'Finance']);
    await type('zzz');
    expect(names()).toEqual([]);
    expect(status()).toBe('No Data');
    expect(seen).toHaveLength(0);
  });

  it('moves with the arrows, Home and End; Enter chooses and closes', async () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    await render(
      <OptionPicker
        source={{ kind: 'local', options: local }}
        label="Department"
        onSelect={onSelect}
        onClose={onClose}
      />,
    );
    expect(active()).toBe('Engineering');
    await press('ArrowDown');
    expect(active()).toBe('Finance');
    await press('End');
    expect(active()).toBe('Human Resources');
    await press('ArrowDown');
    expect(active()).toBe('Human Resources');
    await press('Home');
    expect(active()).toBe('Engineering');
    await press('ArrowDown');
    await press('ArrowUp');
    await press('ArrowDown');
    const enter = await press('Enter');

    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toEqual(local[1]);
    expect(onSelect.mock.calls[0]![1]).toBe(enter);
    expect(onClose).toHaveBeenCalledWith('select', enter);
    // The picker handles the key itself: a grid or a form around it does not see it too.
    expect(enter.defaultPrevented).toBe(true);
    expect(enter.cancelBubble).toBe(true);
  });

  it('starts on the current value; typing makes the first match active', async () => {
    await render(
      <OptionPicker source={{ kind: 'local', options: local }} value="hr" label="Department" onSelect={() => {}} />,
    );
    expect(active()).toBe('Human Resources');
    expect(container.querySelector('[data-current="true"]')?.getAttribute('aria-label')).toBe('Human Resources');
    await type('n');
    expect(active()).toBe('Engineering');
  });

  it('Tab commits the active option like a spreadsheet; Escape closes without a choice', async () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    await render(
      <OptionPicker
        source={{ kind: 'local', options: local }}
        label="Department"
        onSelect={onSelect}
        onClose={onClose}
      />,
    );
    await type('fin');
    const tab = await press('Tab');
    expect(onSelect).toHaveBeenCalledWith(local[1], tab);
    expect(onClose).toHaveBeenCalledWith('select', tab);
    // Not prevented: in a form, the focus moves on to the next field.
    expect(tab.defaultPrevented).toBe(false);

    onSelect.mockClear();
    const esc = await press('Escape');
    expect(onSelect).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenLastCalledWith('escape', esc);
  });

  it('chooses with a click', async () => {
    const onSelect = vi.fn();
    await render(<OptionPicker source={{ kind: 'local', options: local }} label="Department" onSelect={onSelect} />);
    await act(async () => {
      options()[2]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(onSelect.mock.calls[0]![0]).toEqual(local[2]);
    expect(onSelect.mock.calls[0]![1]).toBeInstanceOf(MouseEvent);
  });

  it("offers 'Clear Selection' when there is a selection, unless clearing is disabled", async () => {
    const onSelect = vi.fn();
    await render(
      <OptionPicker source={{ kind: 'local', options: local }} value="fin" label="Department" onSelect={onSelect} />,
    );
    expect(names()[0]).toBe('Clear Selection');
    // Not the default: Enter on an untouched picker keeps the value.
    expect(active()).toBe('Finance');
    await press('Home');
    expect(active()).toBe('Clear Selection');
    await press('Enter');
    expect(onSelect).toHaveBeenCalledWith(null, expect.any(KeyboardEvent));

    await render(
      <OptionPicker
        source={{ kind: 'local', options: local }}
        value="fin"
        clearable={false}
        label="Department"
        onSelect={onSelect}
      />,
    );
    expect(names()).not.toContain('Clear Selection');

    await render(<OptionPicker source={{ kind: 'local', options: local }} label="Department" onSelect={onSelect} />);
    expect(names()).not.toContain('Clear Selection');
  });

  it('renders option details and custom option content', async () => {
    const grades: PickerOption<string>[] = [{ key: 'g3', label: 'G3', detail: 'Rp 7.500.000', value: 'g3' }];
    await render(<OptionPicker source={{ kind: 'local', options: grades }} label="Salary" onSelect={() => {}} />);
    expect(names()).toEqual(['G3 · Rp 7.500.000']);
    expect(options()[0]!.querySelector('.picker-option-detail')?.textContent).toBe('Rp 7.500.000');

    await render(
      <OptionPicker
        source={{ kind: 'local', options: grades }}
        label="Salary"
        renderOption={(option) => <strong>{option.label}!</strong>}
        onSelect={() => {}}
      />,
    );
    expect(options()[0]!.querySelector('strong')?.textContent).toBe('G3!');
  });
});

describe('OptionPicker auto-create', () => {
  const created = { _id: 'd9', code: 'QUALITYOPS2', name: 'Quality & Ops-2' };

  it('appears only when a search returns no items and is not loading', async () => {
    await render(<OptionPicker source={server} autoCreate={autoCreate} label="Department" onSelect={() => {}} />);
    expect(names()).not.toContain('Create "Engineering"');

    await type('Quality');
    await wait(499);
    // Still waiting for the search: no create choice yet.
    expect(names()).toEqual([]);
    expect(status()).toBe('Loading…');
    await wait(1);
    expect(names()).toEqual(['Create "Quality"']);
    expect(active()).toBe('Create "Quality"');
    expect(status()).toBe('No Data');

    await type('fin');
    await wait(500);
    expect(names()).toEqual(['Finance']);
  });

  it('is not offered without an auto-create configuration or for an empty text', async () => {
    reply = () => list([]);
    await render(<OptionPicker source={server} label="Department" onSelect={() => {}} />);
    expect(names()).toEqual([]);
    expect(status()).toBe('No Data');
    await type('Quality');
    await wait(500);
    expect(names()).toEqual([]);

    await render(<OptionPicker source={server} autoCreate={autoCreate} label="Department" onSelect={() => {}} />);
    await type('  ');
    await wait(500);
    expect(names()).toEqual([]);
  });

  it('posts the fields, the code stripped to letters and digits and upper-cased, then searches again and chooses it', async () => {
    let exists = false;
    reply = (request) => {
      if (request.method === 'POST') {
        exists = true;
        return json({ data: created }, 201);
      }
      const search = searchOf(request);
      return list(exists && search === created.name ? [created] : []);
    };
    const onSelect = vi.fn();
    const onClose = vi.fn();
    await render(
      <OptionPicker source={server} autoCreate={autoCreate} label="Department" onSelect={onSelect} onClose={onClose} />,
    );
    await type('Quality & Ops-2');
    await wait(500);
    expect(names()).toEqual(['Create "Quality & Ops-2"']);
    const enter = await press('Enter');
    await settle();

    const posts = seen.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe('/v1/refs/employees/orgs/departments');
    expect(posts[0]!.body).toEqual({ code: 'QUALITYOPS2', name: 'Quality & Ops-2' });
    const after = seen.slice(seen.indexOf(posts[0]!) + 1);
    expect(after.map((request) => [request.method, searchOf(request)])).toEqual([['GET', 'Quality & Ops-2']]);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toMatchObject({ key: 'd9', label: 'Quality & Ops-2', value: created });
    expect(onSelect.mock.calls[0]![1]).toBe(enter);
    expect(onClose).toHaveBeenCalledWith('select', enter);
  });

  it('shows the server refusal inline, translated, and chooses nothing', async () => {
    reply = (request) =>
      request.method === 'POST'
        ? json(
            {
              code: 'validation_failed',
              message: 'Some fields are invalid',
              fields: { code: { code: 'unique', message: 'already exists' } },
            },
            400,
          )
        : list([]);
    const onSelect = vi.fn();
    await render(<OptionPicker source={server} autoCreate={autoCreate} label="Department" onSelect={onSelect} />);
    await type('Eng');
    await wait(500);
    await press('Enter');
    await settle();
    expect(alertText()).toBe('"Eng" could not be created: code: This is already in use');
    expect(onSelect).not.toHaveBeenCalled();

    await act(() => i18n.changeLanguage('id'));
    await press('Enter');
    await settle();
    expect(alertText()).toBe('"Eng" tidak dapat dibuat: code: Nilai ini sudah digunakan');
  });

  it('refuses a text with no letters or digits for the code, without a request', async () => {
    reply = () => list([]);
    await render(<OptionPicker source={server} autoCreate={autoCreate} label="Department" onSelect={() => {}} />);
    await type('---');
    await wait(500);
    await press('Enter');
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(alertText()).toBe('A code needs letters or digits, and "---" has none.');
  });
});

describe('OptionPicker with a key pressed before the results', () => {
  it('takes the first result of the pending search on Enter, without waiting for the debounce', async () => {
    const onSelect = vi.fn();
    await render(<OptionPicker source={server} label="Department" onSelect={onSelect} />);
    await type('hum');
    await wait(100);
    expect(gets().map(searchOf)).toEqual([null]);
    const enter = await press('Enter');
    await settle();
    expect(gets().map(searchOf)).toEqual([null, 'hum']);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]![0]).toMatchObject({ key: 'd3', label: 'Human Resources' });
    expect(onSelect.mock.calls[0]![1]).toBe(enter);
    // The flushed search is not sent a second time when the delay runs out.
    await wait(1000);
    expect(gets().map(searchOf)).toEqual([null, 'hum']);
  });

  it('typing again cancels the waiting choice', async () => {
    const onSelect = vi.fn();
    await render(<OptionPicker source={server} label="Department" onSelect={onSelect} />);
    let answerSlow: (response: Response) => void = () => {};
    reply = (request) =>
      searchOf(request) === 'hum'
        ? new Promise<Response>((resolve) => {
            answerSlow = resolve;
          })
        : departmentsReply(request);
    await type('hum');
    await press('Enter');
    await type('humx');
    await act(async () => answerSlow(list([departments[2]])));
    await wait(500);
    expect(searchOf(gets().at(-1))).toBe('humx');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
