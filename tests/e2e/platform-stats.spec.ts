import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * The developer's platform figures (issue 26): BPJS Kesehatan across companies from the demo's completed runs, the
 * employee statistics with their charts and tables, and the admin's finance → payroll summary; by keyboard, in English
 * and Indonesian.
 */
const DEVELOPER = { username: 'developer', password: 'demo12345' };

test('the developer reads BPJS Kesehatan per company and month, and exports it', async ({ page }) => {
  await signIn(page, DEVELOPER);
  await runCommand(page, 'bpjs kesehatan', 'BPJS Kesehatan');
  await expect(page.getByRole('heading', { name: 'BPJS Kesehatan', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /BPJS Kesehatan/ });
  // Last year's completed runs of the demo company: twelve months of it.
  await page.getByLabel('Year').focus();
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('row').filter({ hasText: 'PT Demo' })).toHaveCount(12);
  await expect(page.getByText(/^Totals:/)).toContainText('Employer Rp');
  await page.getByRole('combobox', { name: 'Month', exact: true }).selectOption({ index: 3 });
  await expect(table.getByRole('row').filter({ hasText: 'PT Demo' })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export xlsx' }).focus();
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^bpjs-kesehatan-\d{4}-.*\.xlsx$/);
  await page.screenshot({ path: test.info().outputPath('dev-bpjs-en.png'), fullPage: true });
});

test('total employees and compare growth draw each company over the last twelve months, in Indonesian too', async ({
  page,
}) => {
  await signIn(page, DEVELOPER);
  await runCommand(page, 'total employees', 'Total Employees');
  const table = page.getByRole('table', { name: 'Total Employees' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  await expect(page.locator('.platform-chart canvas').first()).toBeVisible();
  // A span that ends before it starts is said beside "To".
  await page.getByLabel('To', { exact: true }).fill('2020-01');
  await expect(page.getByText('Must not be before the start date')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('total-employees-en.png'), fullPage: true });

  await runCommand(page, 'compare growth', 'Compare Growth');
  const compare = page.getByRole('table', { name: 'Compare Growth' });
  await expect(compare.getByRole('columnheader', { name: /growth/ }).first()).toBeVisible();
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('group', { name: 'Perusahaan' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Pertumbuhan/ }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('compare-growth-id.png'), fullPage: true });
});

test("the admin's finance menu lists the company's own payroll summaries", async ({ page }) => {
  await signIn(page);
  await runCommand(page, 'payroll summary', 'Payroll Summary');
  const table = page.getByRole('table', { name: 'Payroll Summary' });
  await page.getByRole('tab', { name: /Completed/i }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('PT Demo');
  const companies = await table.locator('tbody tr td:first-child').allTextContents();
  expect(new Set(companies).size).toBe(1);
});
