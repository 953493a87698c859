import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * Issue 27 sections 1 and 2, as a payroll officer of PT Contoh Jaya (KLU 14111, apparel: a PPh 21 DTP sector in the
 * demo) uses them: the PPh report's Coretax BPMP by keyboard (palette, pre-check, Enter downloads the XML), and the
 * "PPh 21 DTP" line on a 2026 payslip, in English and Indonesian.
 */
const CJ_ADMIN = { username: 'admin.cj', password: 'demo12345' };

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.status(), path).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

test('pph-report: the Coretax BPMP by keyboard, after its pre-check', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, CJ_ADMIN);
  await page.goto('/dashboard/pph-report');
  // The report reads the month's payslips: a loaded machine takes a while.
  await expect(page.getByRole('region', { name: 'PPh 21 per employee' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'PPh 21 DTP' })).toBeVisible();
  await runCommand(page, 'BPMP', 'Coretax BPMP (XML)');
  const dialog = page.getByRole('dialog', { name: 'Coretax BPMP (monthly slips, permanent employees)' });
  await expect(dialog.getByRole('region', { name: 'Pre-check' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(/slip\(s\) ready: gross Rp/)).toBeVisible();
  await expect(dialog.getByText(/PPh 21 DTP borne by the government: Rp/)).toBeVisible();
  // The file's button has the focus: Enter downloads it.
  const button = dialog.getByRole('button', { name: /^Download (XML|without these \d+ employee\(s\))$/ });
  await expect(button).toBeFocused();
  await page.screenshot({ path: '/tmp/coretax-dtp-bpmp-en.png' });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^BPMP \d{4}-\d{2}\.xml$/);
  const xml = readFileSync((await file.path())!, 'utf8');
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
  const items = [parsed.MmPayrollBulk.ListOfMmPayroll.MmPayroll].flat() as { TaxCertificate: string }[];
  expect(items.length).toBeGreaterThan(0);
  expect(items.some((item) => item.TaxCertificate === 'DTP')).toBe(true);
  await expect(dialog).toBeHidden();
});

test('payroll: a 2026 payslip of PT Contoh Jaya shows the PPh 21 DTP line, in English and Indonesian', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, CJ_ADMIN);
  const runs = await api<{ _id: string; type: string; year: number; month: number; status: string }[]>(
    page,
    '/v1/payroll-summary?limit=100',
  );
  const run = runs
    .filter((r) => r.type === 'payroll_run' && r.year === 2026 && r.status === 'completed')
    .sort((a, b) => b.month - a.month)[0];
  test.skip(!run, 'no completed 2026 run in the demo');
  const slips = await api<{ employee: { _id: string }; lines: { code: string; amount: number }[] }[]>(
    page,
    `/v1/payroll-summary/${run!._id}/payslips?limit=1000`,
  );
  const slip = slips.find((s) => s.lines.some((line) => line.code === 'pph21_dtp'));
  expect(slip, 'a payslip with DTP').toBeTruthy();
  const amount = slip!.lines.find((line) => line.code === 'pph21_dtp')!.amount;
  await page.goto(`/dashboard/edit/payroll-employees/${slip!.employee._id}?year=${run!.year}&month=${run!.month}`);
  const row = page.getByRole('row', { name: /PPh 21 DTP/ });
  // The payslip panel loads after the screen's lists: a loaded machine takes a while.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(amount.toLocaleString('id-ID'));
  await page.screenshot({ path: '/tmp/coretax-dtp-payslip-en.png', fullPage: true });
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('row', { name: /PPh 21 DTP/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/coretax-dtp-payslip-id.png', fullPage: true });
  await page.goto('/dashboard/pph-report');
  // The export buttons are disabled until the month's report has loaded (a disabled button takes no focus).
  await expect(page.getByRole('button', { name: 'BPMP Coretax (XML)' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'BPMP Coretax (XML)' }).focus();
  await expect(page.getByRole('button', { name: 'BPMP Coretax (XML)' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'BPMP Coretax (bukti potong bulanan pegawai tetap)' });
  await expect(dialog.getByRole('region', { name: 'Pemeriksaan awal' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/coretax-dtp-bpmp-id.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByLabel('Bahasa').selectOption('en');
});
