import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/** runCommand once the interface is Indonesian (the palette is named 'Palet perintah'). */
async function perintah(page: Page, typed: string, label: RegExp) {
  const palette = page.getByRole('dialog', { name: 'Palet perintah' });
  await page.keyboard.press('Control+K');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(typed);
  await expect(palette.getByRole('option', { selected: true })).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/**
 * Issue 15, daily-worker payroll, in Indonesian and from the keyboard: open Daily Payroll (Gaji Harian) from the
 * palette, make this week's payroll, edit an incentive in the grid (the row recalculates), complete it, find it in the
 * run picker beside the demo's weeks, and (the run sheet, decision 0211) re-open it as the admin.
 */
test('daily payroll: create a week, edit a cell, complete, re-open, in Indonesian', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await perintah(page, 'gaji harian', /Gaji Harian/);
  await expect(page).toHaveURL(/\/dashboard\/weekly-payroll/);
  // The demo's weeks are listed: one pending, three completed.
  await expect(page.locator('.payroll-run-list li')).toHaveCount(4);
  await expect(page.locator('.payroll-run-list li', { hasText: 'Tertunda' })).toHaveCount(1);

  // This week, Monday to Sunday (the demo's payrolls end last Sunday).
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const typed = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
  await perintah(page, 'gaji harian baru', /Gaji harian baru/);
  const start = page.getByLabel('Dari');
  await expect(start).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(typed(monday));
  await page.getByLabel('Sampai').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(typed(sunday));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/dibuat$/)).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hari kerja' })).toBeVisible();

  // An incentive typed into the first row: the take-home pay follows.
  const thpBefore = (await cell(page, 0, 'thp').textContent()) ?? '';
  await perintah(page, 'tabel gaji harian', /Ke tabel gaji harian/);
  // The grid has the focus (its first cell) before the arrows move it.
  await expect(cell(page, 0, 'fullname')).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(cell(page, 0, 'incentive')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('1500000');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 'incentive')).toContainText('1.500.000');
  await expect(cell(page, 0, 'thp')).not.toHaveText(thpBefore);
  // The run sheet's undo and redo (decision 0211), in the daily payroll too.
  await cell(page, 0, 'incentive').focus();
  await page.keyboard.press('Control+Z');
  await expect(page.getByText(/^Diurungkan: Insentif pada /)).toBeVisible();
  await expect(cell(page, 0, 'thp')).toHaveText(thpBefore);
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.getByText(/^Diulangi: Insentif pada /)).toBeVisible();
  await expect(cell(page, 0, 'incentive')).toContainText('1.500.000');

  // The payroll's template (payroll-summary/template, type weekly): its inputs, the edited incentive included.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh templat' }).click();
  const book = XLSX.read(readFileSync(await (await download).path()));
  const sheet = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0] as string]!, {
    header: 1,
  });
  expect(sheet[0]?.slice(4)).toEqual(['Hari kerja', 'Upah per hari', 'Insentif']);
  expect(sheet.slice(1).some((row) => row[6] === 1_500_000)).toBe(true);

  await perintah(page, 'selesaikan penggajian', /Selesaikan penggajian/);
  const confirm = page.getByRole('alertdialog', { name: 'Selesaikan penggajian' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Selesaikan penggajian' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Gaji harian selesai')).toBeVisible();
  // The picker: the demo's four weeks and this one (completed), and the new payroll's entry.
  const picker = page.getByRole('combobox', { name: 'Daftar gaji harian' });
  await expect(picker.locator('option')).toHaveCount(6);
  await expect(picker.locator('option:checked')).toContainText('Selesai');
  await page.screenshot({ path: 'test-results/daily-payroll-id.png' });

  // The admin re-opens it (the server allows it for a daily payroll too): pending again, editable again.
  await page.getByRole('button', { name: 'Buka kembali' }).click();
  await expect(picker.locator('option:checked')).toContainText('Tertunda');
  await expect(page.getByRole('button', { name: 'Selesaikan penggajian' })).toBeVisible();
});

/**
 * Issue 15, the developer area's finances → payroll-summary: every company's runs and daily payrolls on PENDING and
 * COMPLETED tabs, filtered by company, a row's detail opened with Enter.
 */
test("developer payroll summary: every company's runs and daily payrolls", async ({ page }) => {
  await signIn(page, { username: 'developer', password: 'demo12345' });
  await page.goto('/dashboard/payroll-summary');
  const table = page.getByRole('table', { name: 'Payroll Summary' });
  await expect(page.getByRole('tab', { name: 'PENDING' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.getByRole('cell', { name: 'Weekly' }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Payroll Run' }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'COMPLETED' }).click();
  const company = page.getByLabel('Company');
  const first = (await company.locator('option').nth(1).textContent()) ?? '';
  await company.selectOption({ label: first });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.locator('td:first-child').allTextContents()) expect(text).toBe(first);
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.payroll-summary-detail')).toContainText(first);
  await page.screenshot({ path: 'test-results/dev-payroll-summary-en.png' });
});

/**
 * Issue 15, the daily payroll's import: the pending week's template downloaded, one worker's incentive changed (first
 * to text, refused in the preview before anything is written, then to an amount), imported through the client-side
 * preview and shown in the grid with its take-home pay recalculated.
 */
test('daily payroll: the template edited in a spreadsheet and imported through the preview', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/dashboard/weekly-payroll');
  // The first test left this login in Indonesian.
  await page.locator('.topbar select').selectOption('en');
  const pending = page.locator('.payroll-run-list li', { hasText: 'Pending' }).first();
  await pending.getByRole('button').first().click();
  await expect(grid(page)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const book = XLSX.read(readFileSync(await (await download).path()));
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0] as string]!, { header: 1 });
  const incentive = (rows[0] as string[]).indexOf('Incentives');
  expect(incentive).toBeGreaterThan(3);
  const [employeeId] = rows[1] as [string];
  const upload = async (value: string | number) => {
    const changed = rows.map((row, i) => (i === 1 ? Object.assign([...row], { [incentive]: value }) : row));
    const out = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(changed), 'Daily payroll');
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'daily-payroll.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX.write(out, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    return dialog;
  };

  await page.getByRole('button', { name: 'Import file…' }).click();
  let dialog = await upload('a lot');
  await expect(dialog.getByText(/with problems/)).toContainText('1 with problems');
  await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();
  dialog = await upload(2_345_000);
  await expect(dialog.getByText(/with problems/)).toContainText(', 0 with problems');
  await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ag-row', { hasText: employeeId }).first();
  await expect(row).toContainText('2.345.000');
});
