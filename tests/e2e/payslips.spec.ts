import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, signIn } from './support.ts';

/**
 * Issue 14: company-info saved by keyboard alone (Ctrl+S in the section), and a payslip downloaded from the payslips
 * screen as a PDF whose text names the employee and the take-home pay.
 */

async function api(request: APIRequestContext, page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  return { status: reply.status(), body: await reply.json().catch(() => null) };
}

test('company-info: change the industry and save the profile with Ctrl+S, keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto('/dashboard/company-info');
  const industry = page.getByLabel('Industry');
  await expect(industry).toBeVisible();
  const value = `Trading ${Date.now().toString(36)}`;
  await industry.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Industry')).toHaveValue(value);
});

test('payslips: download one payslip of a completed run and read its text', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const year = 2025;
  const month = 1 + (Date.now() % 12);
  let runs = (await api(request, page, 'GET', `/v1/payroll-summary?year=${year}&limit=100`)).body.data as {
    _id: string;
    month: number;
  }[];
  let run = runs.find((row) => row.month === month);
  if (!run) {
    const created = await api(request, page, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year, month });
    expect([200, 201, 202], JSON.stringify(created.body)).toContain(created.status);
    runs = (await api(request, page, 'GET', `/v1/payroll-summary?year=${year}&limit=100`)).body.data;
    run = runs.find((row) => row.month === month)!;
  }
  const slips = (await api(request, page, 'GET', `/v1/payroll-summary/${run._id}/payslips`)).body.data as {
    employee: { fullname: string };
    thp: number;
  }[];
  const first = slips[0]!;

  await page.goto('/dashboard/payslips');
  await page.getByLabel('Payroll run').selectOption(run._id);
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: `Download payslip of ${first.employee.fullname}` })
    .first()
    .click();
  const file = await (await download).path();
  const text = await pdfText(new Uint8Array(readFileSync(file)));
  expect(text).toContain(first.employee.fullname);
  expect(text).toContain(`Rp ${first.thp.toLocaleString('id-ID')}`);
});
