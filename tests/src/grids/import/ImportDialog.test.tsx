// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SheetRows } from '../../../../src/grids/import/protocol.ts';

/** The worker's answer for the next file, set by each test. */
const files = vi.hoisted(() => ({ next: null as SheetRows | null }));
const employees = [{ _id: 'e1', fullname: 'Budi Santoso', employee_id: 'E-001' }];

vi.mock('../../../../src/grids/import/reader.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/grids/import/reader.ts')>();
  class WorkbookReader {
    async open() {
      if (!files.next) throw new actual.ReadFailure('not_spreadsheet');
      return files.next;
    }
    async sheet() {
      return files.next!;
    }
    dispose() {}
  }
  return { ...actual, WorkbookReader };
});
vi.mock('../../../../src/grids/references.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/grids/references.ts')>();
  return {
    ...actual,
    loadReferenceIndex: async () => actual.createReferenceIndex({ '/v1/employees': employees }),
  };
});
vi.mock('../../../../src/grids/api.ts', () => ({ importRows: vi.fn(), listRows: vi.fn() }));
/** While `held`, a check of the rows runs at once but its result waits for `release()`: a check still under way. */
const checks = vi.hoisted(() => ({ held: false, waiting: [] as (() => void)[] }));
vi.mock('../../../../src/grids/import/preview.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/grids/import/preview.ts')>();
  const mapInSlices: typeof actual.mapInSlices = async (items, map, cancelled) => {
    const result = await actual.mapInSlices(items, map, cancelled);
    if (checks.held) await new Promise<void>((resolve) => checks.waiting.push(resolve));
    return cancelled?.() ? null : result;
  };
  return { ...actual, mapInSlices };
});
// The app's grid theme lives with ResourceGrid; the preview here does without it.
vi.mock('../../../../src/grids/ResourceGrid.tsx', () => ({ gridTheme: 'legacy' }));

const { ImportDialog } = await import('../../../../src/grids/import/ImportDialog.tsx');
const { importRows: bulkUpsert } = await import('../../../../src/grids/api.ts');
const { ApiError } = await import('../../../../src/api/client.ts');
const { default: i18n } = await import('../../../../src/i18n.ts');
const { spec } = await import('./fixtures.ts');

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
const consoleError = console.error.bind(console);
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act')) return;
  if (String(args[0]).includes('AG Grid')) return;
  consoleError(...args);
});
vi.spyOn(console, 'warn').mockImplementation(() => {});

const existing = [{ _id: '7d3f3c52-6a57-4b55-9a1d-2f8d3c9e0a11', code: 'HR', name: 'Human resources' }];
const sheet: SheetRows = {
  sheets: ['Staf'],
  sheet: 'Staf',
  truncated: false,
  rows: [
    ['Daftar Staf'],
    ['Kode', 'Nama', 'Gaji', 'Kepala'],
    ['FIN', 'Keuangan', 5_000_000, 'Budi Santoso'],
    ['hr', 'Human resources', 7_500_000],
    ['BAD', null, 'abc', 'Nobody'],
  ],
};

let root: Root;
let container: HTMLElement;
const onClose = vi.fn();
const onImported = vi.fn();

/** Runs what the component scheduled on the fake clock (no real-clock sleeps in unit tests). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(20));
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.import-dialog')!;
const button = (name: RegExp) =>
  [...dialog().querySelectorAll('button')].find((candidate) => name.test(candidate.textContent ?? ''))!;
const text = () => dialog().textContent ?? '';

async function mount() {
  await act(async () =>
    root.render(<ImportDialog spec={spec} existing={existing} onClose={onClose} onImported={onImported} />),
  );
  await settle();
}

async function chooseFile(name = 'staf.xlsx', size = 1000) {
  const input = dialog().querySelector<HTMLInputElement>('input[type=file]')!;
  const file = new File([new Uint8Array(size)], name);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

async function click(target: HTMLElement) {
  await act(async () => target.click());
  await settle();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await i18n.changeLanguage('en');
  i18n.addResourceBundle(
    'id',
    'translation',
    { resources: { staff: { name: 'Staf', fields: { code: 'Kode', name: 'Nama', salary: 'Gaji', head: 'Kepala' } } } },
    true,
    true,
  );
  files.next = sheet;
  checks.held = false;
  vi.mocked(bulkUpsert).mockReset();
  onClose.mockReset();
  onImported.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  vi.useRealTimers();
  await act(async () => root.unmount());
  container.remove();
});

describe('ImportDialog', () => {
  it('is a labelled modal dialog with the file choice focused', async () => {
    await mount();
    expect(dialog().open).toBe(true);
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Import staff');
    expect(document.activeElement?.textContent).toBe('Choose a file');
  });

  it('refuses files of the wrong type or too large before reading them', async () => {
    await mount();
    await chooseFile('notes.pdf');
    expect(text()).toContain('Choose an .xlsx, .xls or .csv file.');
    await chooseFile('big.xlsx', 21 * 1024 * 1024);
    expect(text()).toContain('The file is larger than 20 MB.');
    files.next = null;
    await chooseFile('broken.xlsx');
    expect(text()).toContain('This is not a spreadsheet');
  });

  it('maps Indonesian headers under a title, counts new, updated and invalid rows, and imports the valid ones', async () => {
    await mount();
    await chooseFile();
    expect(dialog().querySelector<HTMLSelectElement>('.import-controls select')!.value).toBe('1');
    expect(text()).toContain('New: 1');
    expect(text()).toContain('To update: 1');
    expect(text()).toContain('Invalid: 1');
    const confirm = button(/^Import \d/);
    expect(confirm.disabled).toBe(true);
    expect(text()).toContain('Correct or leave out the invalid rows to import.');
    // Refused cells are marked, with the reason in their hover text and in text a screen reader reads.
    const invalid = [...dialog().querySelectorAll<HTMLElement>('.import-cell-invalid')];
    expect(invalid.map((cell) => cell.querySelector('[title]')?.getAttribute('title'))).toHaveLength(3);
    expect(
      invalid.find((cell) => cell.textContent?.startsWith('abc'))?.querySelector('.visually-hidden')?.textContent,
    ).toMatch(/\(.+\)/);

    await click(dialog().querySelector<HTMLInputElement>('.import-toggle input')!);
    expect(text()).toContain('Left out: 1');
    expect(button(/^Import \d/).textContent).toBe('Import 2 rows');
    expect(button(/^Import \d/).disabled).toBe(false);

    vi.mocked(bulkUpsert).mockResolvedValue({ created: 1, updated: 1, unchanged: 0, rows: [] });
    await click(button(/^Import \d/));
    expect(bulkUpsert).toHaveBeenCalledTimes(1);
    expect(vi.mocked(bulkUpsert).mock.calls[0]![1]).toEqual([
      { code: 'FIN', name: 'Keuangan', salary: 5_000_000, head: 'e1' },
      { _id: existing[0]!._id, code: 'hr', name: 'Human resources', salary: 7_500_000 },
    ]);
    expect(text()).toContain('Imported: 1 new, 1 updated, 0 unchanged.');
    expect(text()).toContain('1 row was left out.');
    expect(button(/Download failed rows/)).toBeDefined();
    expect(onImported).toHaveBeenCalledWith({ created: 1, updated: 1, unchanged: 0, rows: [], excluded: 1 });
  });

  it('re-checks a row corrected in place', async () => {
    await mount();
    await chooseFile();
    const cell = [...dialog().querySelectorAll<HTMLElement>('.import-cell-invalid')].find((candidate) =>
      candidate.textContent?.startsWith('Nobody'),
    )!;
    await act(async () => {
      cell.focus();
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle();
    const editor = dialog().querySelector<HTMLInputElement>('.ag-cell-inline-editing input')!;
    expect(editor.value).toBe('Nobody');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(editor, 'e-001');
      editor.dispatchEvent(new Event('input', { bubbles: true }));
      editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle();
    expect(dialog().querySelectorAll('.import-cell-invalid')).toHaveLength(2);
    expect(text()).toContain('Budi Santoso');
  });

  it('waits for the rows to be checked again, keeping a correction typed meanwhile', async () => {
    await mount();
    await chooseFile();
    expect(dialog().querySelectorAll('.import-cell-invalid')).toHaveLength(3);

    // Leaving 'Kepala' out checks every row again; the old preview stays while that runs.
    checks.held = true;
    const head = dialog().querySelectorAll<HTMLSelectElement>('.import-mapping select')[3]!;
    await act(async () => {
      head.value = '';
      head.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    const preview = dialog().querySelector('.import-preview')!;
    expect(preview.getAttribute('aria-busy')).toBe('true');
    expect(button(/^Import \d/).disabled).toBe(true);

    // The salary 'abc' corrected in the old preview, before the new check ends.
    const salary = [...dialog().querySelectorAll<HTMLElement>('.import-cell-invalid')].find((candidate) =>
      candidate.textContent?.startsWith('abc'),
    )!;
    await act(async () => {
      salary.focus();
      salary.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle();
    const editor = dialog().querySelector<HTMLInputElement>('.ag-cell-inline-editing input')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(editor, '123');
      editor.dispatchEvent(new Event('input', { bubbles: true }));
      editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle();

    checks.held = false;
    await act(async () => {
      for (const release of checks.waiting.splice(0)) release();
    });
    await settle();
    expect(preview.getAttribute('aria-busy')).toBe('false');
    // Only the missing name is left: no head column any more, and the salary keeps its correction.
    const invalid = [...dialog().querySelectorAll<HTMLElement>('.import-cell-invalid')];
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.getAttribute('col-id')).toBe('name');
    expect(text()).toContain('123');
  });

  it("marks the server's refusals on the preview and writes nothing", async () => {
    await mount();
    await chooseFile();
    await click(dialog().querySelector<HTMLInputElement>('.import-toggle input')!);
    vi.mocked(bulkUpsert).mockRejectedValue(
      new ApiError(400, 'bulk_invalid', '1 of 2 rows are invalid', undefined, {
        rows: [{ index: 0, status: 'invalid', fields: { code: { code: 'unique', message: 'taken' } } }],
      }),
    );
    await click(button(/^Import \d/));
    expect(text()).toContain('Some rows were refused, so nothing was saved.');
    expect(text()).toContain('Invalid: 2');
    // The refused row is left out now too; the rest can go.
    expect(button(/^Import \d/).textContent).toBe('Import 1 row');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('closes on Cancel and on Esc, writing nothing', async () => {
    await mount();
    await chooseFile();
    await click(button(/^Cancel$/));
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(async () => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(bulkUpsert).not.toHaveBeenCalled();
  });
});
