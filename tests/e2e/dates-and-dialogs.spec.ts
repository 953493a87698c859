import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, signIn } from './support.ts';

/**
 * Issue 11, from the keyboard: every date field shows a day as spec 9 does ('24 Nov 2026') and takes it typed
 * day-first, in the grid's cells and toolbar and in the dialogs that ask for a day (no browser mm/dd/yyyy field left);
 * company info's minimum wages read as rupiah and its logo is chosen with a translated button; and a key typed in a
 * dialog never runs a shortcut of the screen behind it.
 */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SPEC9 = /^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;
const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const asSpec9 = (iso: string) => {
  const [year, month, day] = iso.split('-') as [string, string, string];
  return `${day} ${months[Number(month) - 1]} ${year}`;
};

/** No browser date field (mm/dd/yyyy in an en-US browser) is on the page. */
const noNativeDateField = (page: Page) =>
  expect(page.locator('input[type=date]:not(.date-input-native)')).toHaveCount(0);

test('a key typed in a dialog stays in it: the roster behind keeps its month', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/roster');
  await expect(cell(page, 0, 'd0')).toBeVisible();
  const month = page.getByRole('combobox', { name: /^Month/ });
  const current = await month.inputValue();

  // Outside a dialog '>' is the screen's 'Next month' and '<' brings it back.
  await cell(page, 0, 'd0').click();
  await page.keyboard.press('>');
  await expect(month).not.toHaveValue(current);
  await page.keyboard.press('<');
  await expect(month).toHaveValue(current);

  // In the import dialog the same keys stay in the dialog.
  const importButton = page.getByRole('button', { name: 'Import…' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import roster' });
  await expect(dialog.getByRole('button', { name: 'Choose a file' })).toBeFocused();
  await page.keyboard.press('>');
  await page.keyboard.press('>');
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Keyboard shortcuts/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(month).toHaveValue(current);
});

test('dates as spec 9 in the grid editor, the toolbar range and the settle and new-run dialogs', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/dashboard/finance-loan');
  const date = cell(page, 0, 'effective_date');
  await expect(date).toHaveText(SPEC9);
  const shown = (await date.textContent()) ?? '';

  // The cell editor starts from the text the cell shows, as text; Esc leaves the value as it was.
  await date.click();
  await page.keyboard.press('F2');
  const editor = page.locator('.cell-editor-input');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(shown);
  await page.keyboard.press('Escape');
  await expect(date).toHaveText(shown);

  // The toolbar's From takes a day typed day-first and shows it as spec 9.
  const from = page.getByRole('textbox', { name: 'From' });
  await from.fill('1/1/2020');
  await page.keyboard.press('Tab');
  await expect(from).toHaveValue('01 Jan 2020');
  await expect(page).toHaveURL(/from=2020-01-01/);
  // A From without a To lists the loans since then (the open end is a day the API takes).
  await expect(date).toHaveText(shown);
  await expect(page.getByText('Some filters are invalid')).toHaveCount(0);
  await noNativeDateField(page);

  // Settle early: the paid-on day is today, shown as spec 9; typed day-first it is read back. Cancel writes nothing.
  await date.click();
  await page.keyboard.press('ControlOrMeta+Shift+O');
  await expect(page).toHaveURL(/\/dashboard\/payroll\/employee-loan\/detail\//);
  await page.getByRole('button', { name: 'Settle loan early' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settle loan early' });
  const paidOn = dialog.getByRole('textbox', { name: 'Paid on' });
  await expect(paidOn).toHaveValue(asSpec9(jakartaToday()));
  await paidOn.fill('03/02/2026');
  await page.keyboard.press('Tab');
  await expect(paidOn).toHaveValue('03 Feb 2026');
  await noNativeDateField(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new THR run asks for the holiday as a spec 9 date field.
  await page.goto('/dashboard/payroll-run');
  await page.getByRole('button', { name: 'New payroll run' }).click();
  const run = page.getByRole('dialog', { name: 'New payroll run' });
  await run.getByLabel('Type').selectOption('thr');
  const holiday = run.getByRole('textbox', { name: 'Holiday date' });
  await expect(holiday).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await holiday.fill('31/3/2026');
  await page.keyboard.press('Tab');
  await expect(holiday).toHaveValue('31 Mar 2026');
  await noNativeDateField(page);
  await page.keyboard.press('Escape');
  await expect(run).toBeHidden();
});

test('company info: minimum wages in rupiah, a translated logo button, the taxable date as spec 9', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/dashboard/company-info');
  const umk = page.getByRole('textbox', { name: /^UMK/ });
  await expect(umk).toHaveValue(/^\d{1,3}(\.\d{3})+$/);
  await umk.fill('5500000');
  await page.keyboard.press('Tab');
  await expect(umk).toHaveValue('5.500.000');
  await expect(page.getByRole('button', { name: 'Logo Choose a file' })).toBeVisible();
  await expect(page.locator('input[type=file]:not([hidden])')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Taxable date' })).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await noNativeDateField(page);
  await page.screenshot({ path: test.info().outputPath('company-info-en.png'), fullPage: true });

  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('button', { name: /Pilih berkas/ }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('company-info-id.png'), fullPage: true });
  await page.getByLabel('Bahasa').selectOption('en');
});
