import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, grid, signIn } from './support.ts';

/**
 * Issue 28, portal: an announcement for one department reaches its members (home's card, the one notification, My
 * Profile) and no one else, and its author sees the read receipts; a warning letter's PDF carries the company's
 * letterhead; the ID card customiser previews the card and prints a sheet of cards as a job.
 */

const EMPLOYEE = { username: 'employee', password: ADMIN.password }; // Sales
const DEPTADMIN = { username: 'deptadmin', password: ADMIN.password }; // Finance

async function api(request: APIRequestContext, page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  return { status: reply.status(), body: await reply.json().catch(() => null) };
}

async function signedInPage(browser: Browser, login: { username: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

test('an announcement for one department reaches its members and no one else', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  // By its code, not among a first page: other specs on the same server add departments (grid paste, import).
  const departments = (await api(request, page, 'GET', '/v1/refs/employees/orgs/departments?code=SLS')).body.data as {
    _id: string;
    code: string;
  }[];
  const sales = departments.find((d) => d.code === 'SLS');
  if (!sales) throw new Error(`no department SLS among ${JSON.stringify(departments)}`);
  const title = `Sales briefing ${Date.now().toString(36)}`;
  const created = await api(request, page, 'POST', '/v1/announcements', {
    title,
    content: '<p>Quarter <strong>targets</strong></p><script>alert(1)</script>',
    start_date: today(),
    end_date: today(),
    departments: [sales._id],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await page.goto('/dashboard/announcements');
  await expect(grid(page)).toBeVisible();
  await page.getByLabel('Announcement', { exact: true }).selectOption(created.body.data._id);
  await expect(page.getByTestId('read-receipts')).toHaveText(/^0 of \d+ read$/);
  await expect(page.getByRole('group', { name: 'Departments' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/portal-announcements-en.png', fullPage: true });

  // A Sales employee: the card on home, announced once, then read.
  const member = await signedInPage(browser, EMPLOYEE);
  const card = member.locator('#home-announcements');
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(member.getByText(`New announcement: ${title}`)).toBeVisible();
  await expect(card.getByText('targets', { exact: true })).toBeVisible(); // the seed's "Targets per area" too
  await member.screenshot({ path: '/tmp/portal-home-en.png', fullPage: true });
  // The bell lists it once; the notification opens it on home.
  await member.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
  const bell = member.getByRole('region', { name: 'Notifications' });
  await expect(bell.getByRole('link', { name: new RegExp(`New announcement: ${title}`) })).toHaveCount(1);
  await bell.getByRole('link', { name: new RegExp(`New announcement: ${title}`) }).click();
  await expect(member).toHaveURL(/\/dashboard\/home#announcement-/);
  await expect(
    member.locator(`#announcement-${created.body.data._id}`).getByRole('heading', { name: title }),
  ).toBeVisible();
  await card.getByRole('button', { name: `Mark “${title}” read` }).click();
  await expect(card.getByText(/^Read on /).first()).toBeVisible();
  await member.reload();
  await expect(member.locator('#home-announcements').getByRole('heading', { name: title })).toBeVisible();
  await expect(member.getByText(`New announcement: ${title}`)).toHaveCount(0);
  await member.goto('/dashboard/my-profile');
  await expect(member.getByRole('heading', { name: 'My warning letters' })).toBeVisible();
  await expect(member.getByRole('heading', { name: title })).toBeVisible();
  await member.context().close();

  // The Finance department admin is not in Sales.
  const outsider = await signedInPage(browser, DEPTADMIN);
  await expect(outsider.locator('#home-announcements')).toBeVisible();
  await expect(outsider.getByRole('heading', { name: title })).toHaveCount(0);
  await outsider.context().close();

  await page.reload();
  await page.getByLabel('Announcement', { exact: true }).selectOption(created.body.data._id);
  await expect(page.getByTestId('read-receipts')).toHaveText(/^1 of \d+ read$/);
});

test("a warning letter's PDF carries the letterhead", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const letters = (await api(request, page, 'GET', '/v1/employees/surat-peringatan?limit=100&populate=employee')).body
    .data as { _id: string; employee: { fullname: string } }[];
  expect(letters.length).toBeGreaterThan(0);
  const letter = letters[0]!;
  await page.goto('/dashboard/warning-letter');
  await expect(grid(page)).toBeVisible();
  await page.getByLabel('Warning letter', { exact: true }).selectOption(letter._id);
  await expect(page.getByTestId('letter-proposal')).toContainText(`A new letter for ${letter.employee.fullname}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await (await download).path();
  const text = await pdfText(readFileSync(file));
  expect(text).toContain('PT Demo Nusantara');
  expect(text).toContain('WARNING LETTER');
  expect(text).toContain(letter.employee.fullname);
  await page.screenshot({ path: '/tmp/portal-letters-en.png', fullPage: true });

  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('button', { name: 'Unduh PDF' })).toBeVisible();
  await page.screenshot({ path: '/tmp/portal-letters-id.png', fullPage: true });
  await page.getByLabel('Bahasa').selectOption('en');
});

test('the ID card customiser previews a card and prints a sheet', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await page.goto('/dashboard/id-card');
  const front = page.getByRole('figure', { name: 'Front' });
  await expect(front).toBeVisible();
  await expect(front.getByText('Budi Santoso')).toBeVisible();
  // The live preview follows the design: the job title leaves the front when unticked.
  await page.getByRole('group', { name: 'Front' }).getByLabel('Job title').uncheck();
  await expect(front.getByText('Sales Executive')).toHaveCount(0);
  await page.getByLabel('Note on the back').fill('If found, please return to HRD');
  await expect(page.getByRole('figure', { name: 'Back' }).getByText('If found, please return to HRD')).toBeVisible();
  await page.getByRole('button', { name: 'Save design' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/portal-idcard-en.png', fullPage: true });

  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Print every active employee’s card' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await pdfText(bytes)).toContain('If found, please return to HRD');
});
