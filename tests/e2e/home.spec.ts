import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * Home per role (issue 16): an employee clocks in or out from home and sees the status change; an admin follows
 * "Late" from today's attendance to the daily screen filtered to late, by keyboard; the page in Indonesian; a
 * screenshot of each role's home in English and Indonesian.
 */
const JAKARTA_HQ = { latitude: -6.22531, longitude: 106.80834 };
const login = (username: string) => ({ username, password: 'demo12345' });

async function withPosition(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ geolocation: JAKARTA_HQ, permissions: ['geolocation'] });
  return context.newPage();
}

async function inIndonesian(page: Page) {
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
}

test('an employee clocks from home with the i key and sees the status change', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await withPosition(browser);
  await signIn(page, login('employee'));
  const card = page.getByRole('region', { name: 'My attendance today' });
  await expect(card).toBeVisible();
  const button = card.getByRole('button', { name: /^Clock (in|out)$/ });
  await expect(button).toBeVisible();
  const before = (await button.textContent()) ?? '';
  await page.locator('body').press('i');
  const done = before.includes('in') ? /Clocked in at \d\d:\d\d/ : /Clocked out at \d\d:\d\d/;
  // A clock-out before the shift's end asks first (issue 25): Enter confirms.
  const early = page.getByRole('alertdialog', { name: 'Clock out before your shift ends?' });
  await expect(card.getByRole('status').getByText(done).or(early)).toBeVisible();
  if (await early.isVisible()) await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toContainText(done);
  await expect(page.getByRole('region', { name: 'My leave balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Request leave/ })).toBeVisible();
  // l opens the leave request form, on home.
  await page.locator('body').press('l');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/home');
});

test('an admin follows Late to the daily screen filtered to late, by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const today = page.getByRole('region', { name: "Today's attendance" });
  const late = today.getByRole('link', { name: /Late$/ });
  await expect(late).toBeVisible();
  const figure = Number((await late.locator('.home-figure-value').textContent())?.replace(/\D/g, '') ?? '0');
  // The palette jumps to the card; Tab walks its figures: Scheduled, Present, Late.
  await runCommand(page, 'Home: Today', /Home: Today's attendance/);
  await expect(today.getByRole('heading')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(late).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/daily\?status=late/);
  await expect(page.getByLabel('Status')).toHaveValue('late');
  // Opened filtered, the screen still offers the day's departments, locations and groups (not just 'All').
  const toolbar = page.getByRole('toolbar');
  for (const label of ['Department', 'Location', 'Group']) {
    await expect(toolbar.getByRole('combobox', { name: label, exact: true }).locator('option').nth(1)).toBeAttached();
  }
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await page.request.get('/v1/attendance/daily?status=late', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { meta } = (await reply.json()) as {
    meta: { total: number; options: Record<'department' | 'location' | 'group', { name: string }[]> };
  };
  expect(meta.total).toBe(figure);
  for (const [label, key] of [
    ['Department', 'department'],
    ['Location', 'location'],
    ['Group', 'group'],
  ] as const) {
    await expect(toolbar.getByRole('combobox', { name: label, exact: true }).locator('option')).toHaveText([
      'All',
      ...meta.options[key].map((option) => option.name),
    ]);
  }
});

test('home in Indonesian', async ({ page }) => {
  await signIn(page);
  await inIndonesian(page);
  await expect(page.getByRole('region', { name: 'Kehadiran hari ini' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Karyawan', exact: true })).toBeVisible();
  await expect(page.getByText('Tampilkan angka sebagai tabel')).toBeVisible();
});

for (const username of ['admin', 'deptadmin', 'custom', 'approver', 'employee']) {
  test(`home of ${username} in English and Indonesian`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, login(username));
    await expect(page.locator('.home-greeting')).toContainText(/\d{4}/);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: test.info().outputPath(`home-${username}-en.png`), fullPage: true });
    await inIndonesian(page);
    await expect(page.locator('.home-greeting')).toContainText(/\d{4}/);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: test.info().outputPath(`home-${username}-id.png`), fullPage: true });
  });
}
