/**
 * Developer area → finances → man-fee (issue 15, decision 0073): the developer imports a fee rule from xlsx through
 * the preview with the keyboard, then reads the monthly report, whose figures are the completed demo runs' fees.
 */
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

const DEVELOPER = { username: 'developer', password: 'demo12345' };

test('the developer imports a fee rule through the preview and sees the monthly report', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, DEVELOPER);
  await page.goto('/dashboard/man-fee-import');
  await expect(page.getByRole('heading', { name: 'Man Fee Import' })).toBeVisible();

  // A rule as a finance team would write it: the company by its code, the method by its label, Indonesian-style percent.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Company', 'Effective date', 'Fee method', 'Percentage of bruto', 'Amount per employee', 'Note'],
    ['DEMO', '2027-01-01', 'Percentage of total bruto', '3%', '', 'Contract renewal 2027'],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Rules');
  const file = testInfo.outputPath('man-fee-rules.xlsx');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  await runCommand(page, 'import xlsx into', /Import xlsx into/);
  const dialog = page.getByRole('dialog', { name: /Import/ });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('New: 1')).toBeVisible();
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Import 1 row$/ });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/Imported: 1 new/)).toBeVisible();

  const login = await request.post('/v1/auth/login', { data: DEVELOPER });
  const { token } = (await login.json()).data as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const rules = await (await request.get('/v1/man-fee-rules?populate=company&limit=500', { headers })).json();
  const imported = rules.data.find(
    (row: { effective_date: string; company: { code: string } }) =>
      row.effective_date === '2027-01-01' && row.company.code === 'DEMO',
  );
  expect(imported).toMatchObject({ method: 'percentage', percentage: 3, note: 'Contract renewal 2027' });

  // The monthly report opens on last month: the demo companies' completed runs with their fees and a totals row.
  await page.goto('/dashboard/man-fee-monthly');
  const report = page.getByRole('region', { name: 'Monthly Report' });
  await expect(report.getByText('Total (', { exact: false })).toBeVisible();
  const now = new Date(Date.now() + 7 * 3_600_000);
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const api = await (await request.get(`/v1/dev/man-fee/monthly?year=${year}&month=${month}`, { headers })).json();
  expect(api.data.rows.length).toBeGreaterThan(0);
  expect(api.data.totals.fee).toBeGreaterThan(0);
  const first = api.data.rows[0] as { company: { name: string } };
  await expect(report.getByText(first.company.name, { exact: false }).first()).toBeVisible();
  const rupiah = new Intl.NumberFormat('id-ID').format(api.data.totals.fee);
  await expect(report.getByText(rupiah, { exact: false }).first()).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('man-fee-monthly-en.png') });
  // The annual report, then both reports in Indonesian (screenshots to look at).
  await page.goto('/dashboard/man-fee-annual');
  await expect(page.getByRole('region', { name: 'Annual Report' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('man-fee-annual-en.png') });
  await page.locator('select').filter({ hasText: 'English' }).selectOption('id');
  await expect(page.getByRole('region', { name: 'Laporan Tahunan' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('man-fee-annual-id.png') });
  await page.goto('/dashboard/man-fee-monthly');
  await expect(page.getByRole('region', { name: 'Laporan Bulanan' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('man-fee-monthly-id.png') });
  await page.goto('/dashboard/man-fee-import');
  await expect(page.getByRole('heading', { name: 'Impor Man Fee' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('man-fee-import-id.png') });
});
