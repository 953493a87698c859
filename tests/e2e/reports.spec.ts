import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, grid, runCommand, signIn } from './support.ts';

/** `runCommand` once the palette is named in Indonesian ('Palet perintah'). */
async function runCommandId(page: Page, typed: string, label: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Palet perintah' });
  await page.keyboard.press('Control+K');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(typed);
  await expect(dialog.getByRole('option', { selected: true })).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/**
 * Issue 29, the reports menu: each of the six reports opened by keyboard (the palette) in English and in Indonesian,
 * on the demo's figures with a totals row and a chart; the month and year rule; a filter; the xlsx and PDF exports.
 */

const reports = [
  { id: 'duty-report', en: 'Duty Report', id_: 'Laporan Tugas', grid: 'Duties per employee and duty type' },
  {
    id: 'clock-correction-report',
    en: 'Clock Correction Report',
    id_: 'Laporan Koreksi Absen',
    grid: 'Clock corrections per employee',
  },
  { id: 'job-report', en: 'Job Report', id_: 'Laporan Pekerjaan', grid: 'Job reports per employee and category' },
  { id: 'overtime-report', en: 'Overtime Report', id_: 'Laporan Lembur', grid: 'Overtime per employee' },
  {
    id: 'daily-payroll-report',
    en: 'Daily Payroll Report',
    id_: 'Laporan Gaji Harian',
    grid: 'Daily payrolls per worker',
  },
  {
    id: 'man-power',
    en: 'Man Power',
    id_: 'Tenaga Kerja',
    grid: 'Headcount by department, location and status',
  },
] as const;

const gridNamesId: Record<string, string> = {
  'duty-report': 'Dinas per karyawan dan jenis dinas',
  'clock-correction-report': 'Koreksi absensi per karyawan',
  'job-report': 'Laporan pekerjaan per karyawan dan kategori',
  'overtime-report': 'Lembur per karyawan',
  'daily-payroll-report': 'Payroll harian per pekerja',
  'man-power': 'Jumlah karyawan per departemen, lokasi dan status',
};

/** The report's grid with its totals row, or (overtime: a month may have none) its empty line. */
async function expectReport(page: Page, gridName: string, empty: RegExp) {
  const region = page.getByRole('region', { name: gridName });
  await expect(region.or(page.getByText(empty))).toBeVisible({ timeout: 20_000 });
  // The totals row, pinned at the grid's foot.
  if (await region.isVisible()) await expect(region.getByRole('gridcell', { name: /^(Total|Jumlah)/ })).toBeVisible();
}

test('the six reports open by keyboard in English, with totals, a chart, a filter and the period rule', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  for (const report of reports) {
    await runCommand(page, report.en.toLowerCase(), new RegExp(report.en));
    await expect(page).toHaveURL(new RegExp(`/dashboard/${report.id}`));
    await expect(page.getByRole('heading', { name: report.en })).toBeVisible();
    await expectReport(page, report.grid, /^No .* (in|for) this month\.$/);
    const region = page.getByRole('region', { name: report.grid });
    if (report.id === 'job-report' && (await region.isVisible())) {
      // One row per employee, the categories as columns (decision 0208).
      await expect(region.getByRole('columnheader', { name: /· Job reports$/ }).first()).toBeVisible();
    }
    if (report.id === 'daily-payroll-report' && (await region.isVisible())) {
      // Each row shows its payroll's title (the reply names the payroll by id, decision 0209).
      await expect(region.getByRole('gridcell', { name: /^Daily payroll \d/ }).first()).toBeVisible();
      // Its chart's money is rupiah: the figures' table in full (the axis ticks are drawn on a canvas, their short
      // words 'Rp 150 jt' are checked in tests/src/reports/chartOptions.test.ts).
      const figure = page.getByRole('figure', { name: 'Wages and incentives per daily payroll' });
      await figure.getByText('Chart figures as a table').click();
      await expect(figure.getByRole('cell').first()).toHaveText(/^Rp \d/);
    }
    await page.screenshot({ path: test.info().outputPath(`${report.id}-en.png`), fullPage: true });
  }

  // Man power: twelve months of headcount beside the grid, and the department filter narrows it.
  const region = page.getByRole('region', { name: 'Headcount by department, location and status' });
  await expect(page.getByRole('figure', { name: 'Headcount, joiners and leavers over twelve months' })).toBeVisible();
  const rowsBefore = await region.getByRole('row').count();
  const department = page.getByLabel('Department', { exact: true });
  const first = await department.locator('option').nth(1).getAttribute('value');
  await department.selectOption(first ?? '');
  await expect.poll(async () => region.locator('.ag-center-cols-container .ag-row').count()).toBeLessThan(rowsBefore);

  // No month: the spec's warning, and no call.
  await page.getByLabel('Month', { exact: true }).selectOption('');
  await expect(page.getByRole('alert')).toContainText('Fill in the Month and Year of the Report!');
});

test('exports: the duty report as xlsx and as PDF', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await runCommand(page, 'duty report', /Duty Report/);
  await expect(page.getByRole('region', { name: 'Duties per employee and duty type' })).toBeVisible();
  // The month's total amount as the API gives it (the grid renders only the columns in view).
  const year = await page.getByLabel('Year', { exact: true }).inputValue();
  const month = await page.getByLabel('Month', { exact: true }).inputValue();
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.fetch(`/v1/reports/duty-report?year=${year}&month=${month}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const total = ((await reply.json()) as { data: { totals: { amount: number } } }).data.totals.amount;
  expect(total).toBeGreaterThan(0);
  const amount = `Rp ${total.toLocaleString('id-ID')}`;
  await expect(grid(page).getByRole('gridcell', { name: /^Total \(\d+ employees\)$/ })).toBeVisible();

  const xlsx = page.waitForEvent('download');
  await runCommand(page, 'export xlsx', /Export xlsx/);
  expect((await xlsx).suggestedFilename()).toMatch(/^duty-report-\d{4}-\d{2}\.xlsx$/);

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^duty-report-\d{4}-\d{2}\.pdf$/);
  const text = await pdfText(new Uint8Array(readFileSync(await file.path())));
  expect(text).toContain('Duty Report');
  expect(text.replace(/\s/g, '')).toContain(amount.replace(/\s/g, ''));
});

test('the six reports open by keyboard in Indonesian', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  for (const report of reports) {
    await runCommandId(page, report.id_.toLowerCase(), new RegExp(report.id_));
    await expect(page).toHaveURL(new RegExp(`/dashboard/${report.id}`));
    await expect(page.getByRole('heading', { name: report.id_ })).toBeVisible();
    await expectReport(page, gridNamesId[report.id] ?? '', /^Tidak ada .* bulan ini\.$/);
    await expect(page.getByRole('button', { name: 'Unduh PDF' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${report.id}-id.png`), fullPage: true });
  }
  await page.getByLabel('Tahun', { exact: true }).selectOption('');
  await expect(page.getByRole('alert')).toContainText('Isi Bulan dan Tahun Laporan!');
});
