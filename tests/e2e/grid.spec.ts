import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * The grid workspace against the real server: paste from Excel, review, save in one request, undo on the server,
 * conflicts between two browsers, export, the picker's auto-create, and the keyboard-only flow.
 */

const DEPARTMENTS = '/v1/refs/employees/orgs/departments';

/** The API as the signed-in page sees it: the page's own token. */
async function apiToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

async function listAll(request: APIRequestContext, token: string, path: string, query = '') {
  const reply = await request.get(`${path}?limit=10000${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
}

/** A cell by its row's text and its column header (AG Grid renders cells with role gridcell and col-id). */

async function openDepartments(page: Page) {
  await page.goto('/dashboard/employee-organization?list=departments');
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 0, 'code')).toBeVisible();
}

/** Puts text on the clipboard and presses Ctrl+V on the focused cell: what a user pasting from Excel does. */
async function paste(page: Page, context: BrowserContext, text: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+V');
}

test('a 200-row paste is reviewed, saved in one go, and one Ctrl+Z removes it on the server', async ({
  page,
  context,
  request,
}) => {
  await signIn(page);
  await openDepartments(page);
  const token = await apiToken(page);
  const before = (await listAll(request, token, DEPARTMENTS)).meta.total;

  const rows = Array.from({ length: 200 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return [`PST${n}`, `Pasted department ${n}`, '', `Line one\nline two of ${n}`];
  });
  // Excel's text: tabs, CRLF rows, a quoted multi-line cell, the trailing newline.
  const tsv = `${rows.map((r) => r.map((v) => (v.includes('\n') ? `"${v}"` : v)).join('\t')).join('\r\n')}\r\n`;

  // A new row (Ctrl+Enter opens it for typing; Esc leaves the editor), and the paste fills it and the rows below.
  await cell(page, 0, 'code').click();
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Escape');
  await paste(page, context, tsv);
  const review = page.getByRole('status', { name: 'Paste to review' });
  await expect(review).toContainText('200 new, 0 changed, 0 invalid');
  const bulk = page.waitForRequest((r) => r.url().endsWith(`${DEPARTMENTS}/bulk`) && r.method() === 'POST');
  await review.getByRole('button', { name: 'Save paste' }).click();
  await bulk;
  await expect(review).toBeHidden();

  await expect.poll(async () => (await listAll(request, token, DEPARTMENTS, '&search=PST')).meta.total).toBe(200);
  const saved = await listAll(request, token, DEPARTMENTS, '&search=PST150');
  expect(saved.data[0]).toMatchObject({ code: 'PST150', name: 'Pasted department 150' });
  expect(saved.data[0]?.description).toBe('Line one\nline two of 150');

  // One Ctrl+Z, outside any editor, undoes the whole paste on the server.
  await cell(page, 0, 'code').click();
  await page.keyboard.press('Control+Z');
  await expect.poll(async () => (await listAll(request, token, DEPARTMENTS, '&search=PST')).meta.total).toBe(0);
  expect((await listAll(request, token, DEPARTMENTS)).meta.total).toBe(before);

  // And Ctrl+Shift+Z brings it back.
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(async () => (await listAll(request, token, DEPARTMENTS, '&search=PST')).meta.total).toBe(200);
});

test('a paste with 3 invalid cells saves nothing until they are fixed', async ({ page, context, request }) => {
  await signIn(page);
  await page.goto('/dashboard/payroll-references?list=salary-grades');
  await expect(cell(page, 0, 'grade')).toBeVisible();
  const token = await apiToken(page);
  const path = '/v1/refs/payrolls/salary-grades';
  // The grid's first four rows, in its own order.
  const grades = await Promise.all([0, 1, 2, 3].map((index) => cell(page, index, 'grade').innerText()));
  const amounts = async () => {
    const rows = (await listAll(request, token, path)).data;
    return grades.map((grade) => rows.find((row) => row.grade === grade)?.reported_salary);
  };
  const original = await amounts();

  // Rows 1, 3 and 4 are not amounts; row 2 is Indonesian notation.
  await cell(page, 0, 'reported_salary').click();
  await paste(page, context, 'abc\nRp 5.500.000\nlima juta\nx1\n');
  const review = page.getByRole('status', { name: 'Paste to review' });
  await expect(review).toContainText('3 invalid');
  await expect(review.getByRole('button', { name: 'Save paste' })).toBeDisabled();
  await expect(grid(page).locator('.cell-invalid')).toHaveCount(3);
  // The pasted text stays in the cell; the reason is its tooltip, which screen readers read as its description.
  await expect(cell(page, 0, 'reported_salary')).toContainText('abc');
  await expect(cell(page, 0, 'reported_salary')).toHaveAttribute('title', /number/);
  expect(await amounts()).toEqual(original);

  // Fix the three cells by typing over them.
  for (const index of [0, 2, 3]) {
    await cell(page, index, 'reported_salary').click();
    await page.keyboard.type('7000000');
    await page.keyboard.press('Enter');
  }
  await expect(review).toContainText('0 invalid');
  await review.getByRole('button', { name: 'Save paste' }).click();
  await expect(review).toBeHidden();
  expect(await amounts()).toEqual([7_000_000, 5_500_000, 7_000_000, 7_000_000]);
});

test('two browsers edit the same cell: the second gets a conflict and can reload the row', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openDepartments(page);
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);
  await openDepartments(second);

  const firstName = cell(page, 0, 'name');
  await firstName.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Changed in the first browser');
  await page.keyboard.press('Enter');
  await expect(firstName).toContainText('Changed in the first browser');
  await expect(firstName).not.toHaveClass(/cell-saving/);

  const secondName = cell(second, 0, 'name');
  await secondName.dblclick();
  await second.keyboard.press('Control+A');
  await second.keyboard.type('Changed in the second browser');
  await second.keyboard.press('Enter');
  const alert = second.getByRole('alert').filter({ hasText: 'changed this row meanwhile' });
  await expect(alert).toBeVisible();
  // The cell went back and says why.
  await expect(secondName).not.toContainText('Changed in the second browser');
  await alert.getByRole('button', { name: 'Reload the row' }).click();
  await expect(secondName).toContainText('Changed in the first browser');
  await other.close();
});

test('export xlsx holds what the API holds', async ({ page, request }) => {
  await signIn(page);
  await openDepartments(page);
  const token = await apiToken(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export xlsx' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^departments-\d{8}\.xlsx$/);
  const path = await file.path();
  const XLSX = await import('xlsx');
  const { readFileSync } = await import('node:fs');
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
  const api = await listAll(request, token, DEPARTMENTS, '&sort=name');
  expect(rows.length).toBe(api.meta.total);
  const codes = rows.map((row) => row.Code).sort();
  expect(codes).toEqual(api.data.map((row) => row.code).sort());
});

test("the picker's auto-create adds a missing department and selects it", async ({ page, request }) => {
  await signIn(page);
  await page.goto('/dashboard/employee-organization?list=sub-departments');
  await expect(cell(page, 0, 'department')).toBeVisible();
  const token = await apiToken(page);
  await cell(page, 0, 'department').click();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('combobox', { name: /Department/ });
  await expect(picker).toBeFocused();
  await page.keyboard.type('Quality Lab 7');
  const create = page.getByRole('option', { name: /Create "Quality Lab 7"/ });
  await expect(create).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await create.click();
  await expect(cell(page, 0, 'department')).toContainText('Quality Lab 7');
  const created = await listAll(request, token, DEPARTMENTS, '&search=Quality%20Lab%207');
  expect(created.data[0]).toMatchObject({ code: 'QUALITYLAB7', name: 'Quality Lab 7' });
});

test('keyboard only: palette to the screen, new row, edit, paste, save, undo', async ({ page, context, request }) => {
  // A prefix of its own: the test can run again on the same database (--repeat-each).
  const k = `K${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await signIn(page);
  const token = await apiToken(page);
  await runCommand(page, 'job titles', 'Job Titles');
  await expect(page).toHaveURL(/\/dashboard\/employee-organization\?list=job-titles/);
  await expect(cell(page, 0, 'code')).toBeVisible();

  // New row from the palette, typed cell by cell.
  await runCommand(page, 'new row', 'New row in Job Titles');
  await expect(grid(page).getByRole('textbox', { name: /Code/ })).toBeFocused();
  await page.keyboard.type(`${k}1`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard title');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await listAll(request, token, '/v1/refs/employees/orgs/job-titles', `&search=${k}1`)).meta.total)
    .toBe(1);

  // Paste two more rows below it, then save and undo without the mouse.
  await runCommand(page, 'search in job', 'Search in Job Titles');
  await expect(page.getByRole('searchbox', { name: 'Search this list' })).toBeFocused();
  await page.keyboard.type(k);
  await page.keyboard.press('ArrowDown');
  await paste(page, context, `${k}1\tKeyboard title\n${k}2\tSecond\n${k}3\tThird\n`);
  await expect
    .poll(async () => (await listAll(request, token, '/v1/refs/employees/orgs/job-titles', `&search=${k}`)).meta.total)
    .toBe(3);
  await page.keyboard.press('Control+Z');
  await expect
    .poll(async () => (await listAll(request, token, '/v1/refs/employees/orgs/job-titles', `&search=${k}`)).meta.total)
    .toBe(1);
});

test('import an xlsx with a title row, Indonesian headers and an invalid row: preview, fix, confirm', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/employee-organization?list=locations');
  await expect(cell(page, 0, 'code')).toBeVisible();
  const token = await apiToken(page);
  const path = '/v1/refs/employees/orgs/locations';
  const before = (await listAll(request, token, path)).meta.total;

  // A real-looking file: a title row, an empty row, Indonesian headers, one row without its required name.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Daftar Lokasi Kantor 2026'],
    [],
    ['Kode', 'Nama', 'Catatan'],
    ['IMP-BDG', 'Bandung', 'kantor cabang'],
    ['IMP-SBY', 'Surabaya', ''],
    ['IMP-MDN', '', 'nama belum diisi'],
    ['IMP-DPS', 'Denpasar', ''],
  ]);
  sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Lokasi');
  const file = testInfo.outputPath('lokasi.xlsx');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: /Import/ });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('New: 3')).toBeVisible();
  await expect(dialog.getByText('Invalid: 1')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Import \d+ rows?$/ });
  await expect(confirm).toBeDisabled();
  // Nothing reached the server yet.
  expect((await listAll(request, token, path)).meta.total).toBe(before);

  // The flagged cell, fixed in place.
  const preview = dialog.getByRole('region', { name: 'Preview of the rows to import' });
  const flagged = preview.locator('.import-cell-invalid');
  await expect(flagged).toHaveCount(1);
  await flagged.dblclick();
  await page.keyboard.type('Medan');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  await expect(dialog.getByText('New: 4')).toBeVisible();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog.getByText(/Imported: 4 new/)).toBeVisible();

  const imported = await listAll(request, token, path, '&search=IMP-');
  expect(imported.data.map((row) => [row.code, row.name]).sort()).toEqual([
    ['IMP-BDG', 'Bandung'],
    ['IMP-DPS', 'Denpasar'],
    ['IMP-MDN', 'Medan'],
    ['IMP-SBY', 'Surabaya'],
  ]);
});

test('select rows with Space and Shift+Down, then set one value on all of them from the palette', async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto('/dashboard/payroll-rules?list=late-deductions');
  await expect(cell(page, 0, 'code')).toBeVisible();
  const token = await apiToken(page);
  const codes = await Promise.all([0, 1].map((index) => cell(page, index, 'code').innerText()));

  await cell(page, 0, 'name').click();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByText('2 selected')).toBeVisible();

  await runCommand(page, 'set value', 'Set value for selected rows (2)');
  const dialog = page.getByRole('dialog', { name: 'Set a value for 2 selected rows' });
  await dialog.getByLabel('Column').selectOption({ label: 'Limit (minutes)' });
  await dialog.getByLabel('Value').fill('15');
  await dialog.getByRole('button', { name: 'Apply to 2 rows' }).click();
  await expect(dialog).toBeHidden();

  const rows = (await listAll(request, token, '/v1/refs/payrolls/late-deductions')).data;
  for (const code of codes) expect(rows.find((row) => row.code === code)?.limit).toBe(15);
});

test("delete asks with the spec's texts, removes the row in one request, and Ctrl+Z brings it back", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto('/dashboard/employee-personal?list=majors');
  await expect(cell(page, 0, 'code')).toBeVisible();
  const token = await apiToken(page);
  const path = '/v1/refs/employees/personal/majors';
  const code = await cell(page, 0, 'code').innerText();
  const name = await cell(page, 0, 'name').innerText();

  await cell(page, 0, 'name').click();
  await page.keyboard.press('Space');
  await runCommand(page, 'delete selected', 'Delete selected rows (1)');
  const confirm = page.getByRole('alertdialog', { name: `Are you sure want to delete ${name} (${code})?` });
  // Its default button, Delete, has the focus: Enter answers (issue 25).
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  const removal = page.waitForRequest((r) => r.url().endsWith(path) && r.method() === 'DELETE');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect((await removal).postDataJSON()).toEqual({ ids: [expect.any(String)] });
  await expect
    .poll(async () => (await listAll(request, token, path)).data.some((row) => row.code === code))
    .toBe(false);

  await cell(page, 0, 'code').click();
  await page.keyboard.press('Control+Z');
  await expect
    .poll(async () => (await listAll(request, token, path)).data.find((row) => row.code === code)?.name)
    .toBe(name);
});
