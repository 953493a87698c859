import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/** Leave: a holiday typed from the keyboard, and a balance adjusted from the keyboard whose remaining changes. */

// The palette and the grids answer slower on a shared machine: room for it.
test.describe.configure({ timeout: 90_000 });

const apiToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

async function holidays(request: APIRequestContext, token: string, search: string) {
  const reply = await request.get(`/v1/refs/mass-leave?limit=100&search=${encodeURIComponent(search)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data as { name: string; start_date: string; end_date: string }[];
}

test('a holiday is created from the keyboard', async ({ page, request }) => {
  const name = `Company day ${Date.now().toString(36)}`;
  await signIn(page);
  const token = await apiToken(page);
  await runCommand(page, 'holiday', 'Holiday');
  await expect(page).toHaveURL(/\/dashboard\/mass-leave/);
  await expect(cell(page, 0, 'name')).toBeVisible();

  await runCommand(page, 'new row', 'New row in Holidays');
  await expect(grid(page).getByRole('textbox', { name: /Name/ })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  // The date cells edit as text, typed day-first (spec 9).
  await page.keyboard.type('30/12/2026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('31/12/2026');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await holidays(request, token, name)).map((h) => [h.start_date, h.end_date]))
    .toEqual([['2026-12-30', '2026-12-31']]);
});

test('a balance is adjusted from the keyboard and its remaining changes', async ({ page }) => {
  await signIn(page);
  await runCommand(page, 'leave balance', 'Leave Balance');
  await expect(page).toHaveURL(/\/dashboard\/balance/);
  await page.getByLabel('Leave type').selectOption({ label: 'Annual Leave' });
  await expect(cell(page, 0, 'remaining')).toBeVisible();
  const name = (await cell(page, 0, 'fullname').textContent())?.trim() ?? '';
  const before = Number((await cell(page, 0, 'remaining').textContent())?.replace(',', '.'));

  const search = page.getByRole('searchbox', { name: 'Search this list' });
  await search.focus();
  await page.keyboard.type(name);
  await expect(grid(page).locator('.ag-row')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: /Adjust Annual Leave/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Days to add/)).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Carried over by the keyboard');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cell(page, 0, 'remaining')).toHaveText(String(before + 2).replace('.', ','));
});
