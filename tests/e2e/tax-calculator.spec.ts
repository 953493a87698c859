/**
 * Issue 14, the tax calculator: the PP 58/2023 worked example (K/0, 10,000,000 a month, pension 100,000) computed from
 * the keyboard: January typed into the grid, February to December pasted as a block copied from Excel, Ctrl+Enter.
 * Each month withholds 200,000 by TER A 2 %; December settles the year at 515,000.
 */
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

test('computes the PP 58/2023 example from the keyboard, with a block pasted from Excel', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await runCommand(page, 'tax calculator', 'Tax Calculator');
  await expect(page.getByRole('heading', { name: 'Tax Calculator' })).toBeVisible();

  await page.getByLabel('PTKP status (1 January)').focus();
  await page.keyboard.press('k');
  await expect(page.getByLabel('PTKP status (1 January)')).toHaveValue('k/0');
  await page.getByLabel('Tax year').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2024');
  await expect(page.getByLabel('The last month is the last tax period')).toBeChecked();

  // January by typing: bruto, Tab to the pension, Enter.
  await expect(grid(page)).toBeVisible();
  await cell(page, 0, 'bruto').click();
  await page.keyboard.type('10.000.000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('100000');
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 'bruto')).toHaveText(/10[.,]000[.,]000/);

  // February to December: a block of bruto and pension as Excel puts it on the clipboard.
  await cell(page, 1, 'bruto').click();
  const block = Array.from({ length: 11 }, () => '10000000\t100000').join('\r\n');
  await grid(page).evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    const target = document.activeElement ?? element;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, block);
  await expect(cell(page, 11, 'pension')).toHaveText(/100[.,]000/);

  await page.keyboard.press('Control+Enter');
  const result = page.getByRole('region', { name: 'PPh 21 per month' });
  await expect(result).toBeVisible();
  const rows = result.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'January' })).toContainText(/200[.,]000/);
  await expect(rows.filter({ hasText: 'January' })).toContainText('A');
  await expect(rows.filter({ hasText: 'December' })).toContainText(/515[.,]000/);
  const settlement = page.getByRole('definition');
  await expect(settlement.filter({ hasText: /54[.,]300[.,]000/ })).toHaveCount(1);
  await expect(settlement.filter({ hasText: /2[.,]715[.,]000/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'December' })).toContainText('Last tax period');
  await page.screenshot({ path: test.info().outputPath('tax-calculator-en.png'), fullPage: true });

  // The same result in Indonesian; English again after, for the specs that follow.
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('heading', { name: 'Kalkulator Pajak' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'PPh 21 per bulan' }).getByRole('row').filter({ hasText: 'Desember' }),
  ).toContainText(/515[.,]000/);
  await page.screenshot({ path: test.info().outputPath('tax-calculator-id.png'), fullPage: true });
  await page.getByLabel('Bahasa').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Tax Calculator' })).toBeVisible();
});
