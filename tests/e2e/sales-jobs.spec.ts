import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, cell, runCommand, signIn } from './support.ts';

/**
 * Issue 29, sales (the demo company's sales menu is on): an employee reports a job by keyboard on a phone-sized page;
 * the admin opens the job recap (totals row, its PDF, drill into an employee) and the sales objectives by keyboard, pastes two
 * targets from Excel and sees the achievement follow; one check in Indonesian.
 */

const EMPLOYEE = { username: 'employee', password: 'demo12345' };

async function paste(page: Page, context: BrowserContext, text: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+V');
}

test('an employee reports a job by keyboard on a phone-sized page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, EMPLOYEE);
  await runCommand(page, 'report a job', /Report a Job/);
  await expect(page).toHaveURL(/\/dashboard\/report-job/);
  const form = page.getByRole('form', { name: 'Report a job' });
  await form.getByRole('button', { name: /Category/ }).focus();
  // Typing on the closed picker starts its search.
  await page.keyboard.type('Deliv');
  await expect(page.getByRole('option', { name: /Delivery/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: /Category/ })).toContainText('Delivery');
  const description = `Delivered order ${Date.now()}`;
  await form.getByLabel('What was done').focus();
  await page.keyboard.type(description);
  await form.getByLabel('Duration (hours)').focus();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Job reported')).toBeVisible();
  const mine = page.getByRole('region', { name: 'My reports this month' });
  await expect(mine.getByRole('row', { name: new RegExp(description) })).toContainText('1.5');
  await page.screenshot({ path: test.info().outputPath('report-job.png'), fullPage: true });
});

test('the admin opens the job recap and the sales objectives by keyboard, pastes two targets', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await runCommand(page, 'job recap', /Job Recap/);
  await expect(page).toHaveURL(/\/dashboard\/job-recap/);
  const recap = page.getByRole('region', { name: 'Job recap by employee' });
  await expect(recap).toBeVisible({ timeout: 20_000 });
  await expect(recap.getByRole('gridcell', { name: /^Total/ })).toBeVisible();
  // The recap prints as the month reports do: the same table, laid out by the server.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^job-recap-\d{4}-\d{2}\.pdf$/);
  const text = await pdfText(new Uint8Array(readFileSync(await file.path())));
  expect(text).toContain('Job Recap');
  expect(text).toMatch(/Total\s*\(\d+\s*employees?\)/);
  // Drill into one employee's reports of the month.
  const employee = page.getByLabel('Employee', { exact: true });
  await employee.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: /^Reports of / })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('job-recap.png'), fullPage: true });

  await runCommand(page, 'sales objectives', /Sales Objectives/);
  await expect(page).toHaveURL(/\/dashboard\/sales-objective/);
  await expect(cell(page, 0, 'visits_target')).toBeVisible({ timeout: 20_000 });
  await cell(page, 0, 'visits_target').click();
  // Two targets from Excel: a small valid paste saves at once, in one bulk request (undo as one step).
  const bulk = page.waitForResponse(
    (r) => r.url().endsWith('/v1/sales-objective/bulk') && r.request().method() === 'POST',
  );
  await paste(page, context, '31\r\n32\r\n');
  expect((await bulk).ok()).toBe(true);
  await expect(cell(page, 0, 'visits_target')).toHaveText('31');
  await expect(cell(page, 1, 'visits_target')).toHaveText('32');
  const achievement = page.getByRole('region', { name: 'Achievement' });
  await expect(achievement).toContainText('/ 31');
  await expect(achievement).toContainText('/ 32');
  await expect(achievement.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Achievement by employee (%)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sales-objective.png'), fullPage: true });

  // In Indonesian.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await expect(page.getByRole('heading', { name: 'Target Penjualan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pencapaian' })).toContainText('/ 31');
});
