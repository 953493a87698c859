import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expect as baseExpect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * The roster (issue #12) against the real server and the demo's working_shift group: open it from the palette, type
 * a code (an unknown one is refused and Esc restores), paste a 3×5 block from the clipboard, see it saved on the
 * server, undo it with Ctrl+Z, and see what stayed after a reload. Screenshots in English and Indonesian.
 */

/** The machine these run on is shared and loaded: generous waits, never sleeps. */
const expect = baseExpect.configure({ timeout: 30_000 });

interface Roster {
  days: string[];
  rows: { employee: { _id: string; employee_id: string }; codes: (string | null)[] }[];
}

async function serverRoster(page: Page, request: APIRequestContext): Promise<Roster> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const groups = await request.get('/v1/attendance-groups?type=working_shift&sort=name', { headers });
  const group = ((await groups.json()).data as { _id: string }[])[0]!._id;
  const now = new Date(Date.now() + 7 * 3_600_000);
  const reply = await request.get(
    `/v1/attendance/roster?group=${group}&month=${now.getUTCMonth() + 1}&year=${now.getUTCFullYear()}`,
    { headers },
  );
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data as Roster;
}

async function paste(page: Page, context: BrowserContext, text: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+V');
}

test('roster: type a code, paste a block from Excel, undo it, reload', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  await signIn(page);
  await runCommand(page, 'roster', /Roster/);
  await expect(page.getByRole('heading', { name: 'Roster' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 0, 'd0')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Shift codes' })).toContainText('Morning');
  const before = await serverRoster(page, request);
  expect(before.rows.length).toBeGreaterThan(3);

  // Type a code, lower case: it is saved as the shift's code.
  await cell(page, 0, 'd2').click();
  await page.keyboard.type('off');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 'd2')).toHaveText('OFF');
  await expect(page.getByText('Roster saved: 1 cell').first()).toBeVisible();

  // An unknown code stays in the cell with the reason; Esc restores the saved code.
  const saved = before.rows[0]!.codes[3] ?? '';
  await cell(page, 0, 'd3').click();
  await page.keyboard.type('zz');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '"zz" is not a shift code' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 0, 'd3')).toHaveText('zz');
  await page.keyboard.press('Escape');
  await expect(cell(page, 0, 'd3')).toHaveText(saved);
  await expect(page.getByRole('alert').filter({ hasText: 'is not a shift code' })).toBeHidden();

  // A 3×5 block from Excel (CRLF rows, tabs), from the focused cell: one PUT.
  await cell(page, 1, 'd5').click();
  const block = [
    ['M', 'M', 'A', 'A', 'N'],
    ['SB', 'SB', 'SB', 'SB', 'SB'],
    ['N', 'OFF', 'OFF', 'M', 'L12'],
  ];
  await paste(page, context, `${block.map((row) => row.join('\t')).join('\r\n')}\r\n`);
  await expect(cell(page, 3, 'd9')).toHaveText('L12');
  await expect(cell(page, 2, 'd7')).toHaveText('SB');
  await expect(page.getByText(/Roster saved: \d+ cells/).first()).toBeVisible();
  const pasted = await serverRoster(page, request);
  for (const [r, cells] of block.entries()) expect(pasted.rows[1 + r]!.codes.slice(5, 10)).toEqual(cells);
  expect(pasted.rows[0]!.codes[2]).toBe('OFF');

  // Ctrl+Z undoes the whole paste on the server; the typed code stays.
  await page.keyboard.press('Control+Z');
  await expect(page.getByText(/Undone: roster change of \d+ cells/).first()).toBeVisible();
  for (const r of [1, 2, 3]) {
    await expect(cell(page, r, 'd9')).toHaveText(before.rows[r]!.codes[9] ?? '');
  }
  const undone = await serverRoster(page, request);
  for (const r of [1, 2, 3]) expect(undone.rows[r]!.codes.slice(5, 10)).toEqual(before.rows[r]!.codes.slice(5, 10));

  // A reload shows what the server holds.
  await page.reload();
  await expect(cell(page, 0, 'd2')).toHaveText('OFF');
  await expect(cell(page, 2, 'd7')).toHaveText(before.rows[2]!.codes[7] ?? '');
  // Working and off days per row follow the cells.
  const counts = before.rows[0]!.codes.map((code, d) => (d === 2 ? 'OFF' : code));
  const off = counts.filter((code) => code === 'OFF').length;
  await expect(cell(page, 0, 'off')).toHaveText(String(off));

  // A paste past the last member is refused, nothing written.
  // The last member's row (Ctrl+↓ in the grid: rows far down are not drawn until scrolled to).
  await cell(page, 0, 'd0').click();
  await page.keyboard.press('Control+ArrowDown');
  await expect(cell(page, before.rows.length - 1, 'd0')).toBeFocused();
  await paste(page, context, 'M\r\nM\r\n');
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was pasted' })).toBeVisible();

  // The month changes from the palette, and back.
  const month = page.getByRole('combobox', { name: /^Month/ });
  const current = await month.inputValue();
  await runCommand(page, 'next month', /Next month/);
  await expect(month).not.toHaveValue(current);
  await runCommand(page, 'previous month', /Previous month/);
  await expect(month).toHaveValue(current);
  await expect(cell(page, 0, 'd2')).toHaveText('OFF');
  await page.screenshot({ path: test.info().outputPath('roster-en.png'), fullPage: true });

  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('heading', { name: 'Jadwal Shift' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Kode shift' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('roster-id.png'), fullPage: true });
  await page.getByLabel('Bahasa').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Roster' })).toBeVisible();
});

test('roster: an export imports back unchanged; an import shows unknown codes and employees, then saves', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await page.goto('/dashboard/roster');
  await expect(cell(page, 0, 'd0')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export xlsx' }).click();
  const exported = await (await download).path();
  const book = XLSX.read(readFileSync(exported));
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
  expect(rows[0]?.slice(0, 2)).toEqual(['Employee ID', 'Name']);

  const dialog = page.getByRole('dialog', { name: 'Import roster' });
  await page.getByRole('button', { name: 'Import…' }).click();
  await dialog.locator('input[type=file]').setInputFiles(exported);
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  await expect(dialog.getByText('0 cells change')).toBeVisible();

  // The same layout with one changed code, an unknown code and an unknown employee: refused before sending.
  const day = 10;
  const code = rows[1]![2 + day] === 'SB' ? 'OFF' : 'SB';
  const edited = rows.map((row) => [...row]);
  edited[1]![2 + day] = code;
  const bad = [...edited, ['NOPE-1', 'Nobody', 'M'], [edited[2]![0]!, '', 'ZZ']];
  const write = (data: string[][]) => {
    const out = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(data), 'Roster');
    return { name: 'roster.xlsx', mimeType: 'application/octet-stream', buffer: XLSX.write(out, { type: 'buffer' }) };
  };
  await dialog.locator('input[type=file]').setInputFiles(write(bad));
  await expect(dialog.getByText('Invalid: 2')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Save/ })).toBeDisabled();

  await dialog.locator('input[type=file]').setInputFiles(write(edited));
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save 1 cell' }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 0, `d${day}`)).toHaveText(code);
  // One undo step.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 0, `d${day}`)).toHaveText(String(rows[1]![2 + day] ?? ''));
});
