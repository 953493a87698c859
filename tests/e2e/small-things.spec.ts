import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/** Issue 11, section 6: the small things that read as unfinished. */

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Each row of the cheat sheet as 'keys | label'. */
const sheetRows = (page: Page) =>
  sheet(page)
    .locator('.cheat-sheet-row')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const keys = [...row.querySelectorAll('kbd')].map((key) => key.textContent).join('+');
        return `${keys} | ${row.querySelector('dt')?.textContent ?? ''}`;
      }),
    );

test('the shortcuts sheet names each key once, and the wheel does not scroll the page behind it', async ({ page }) => {
  await signIn(page);
  // On a list with the grid focused, the grid's own commands (Save, Undo…) are offered too.
  await runCommand(page, 'dept', 'Departments');
  await expect(page.locator('.grid-screen [role="gridcell"]:focus')).toHaveCount(1);
  await runCommand(page, 'keyboard shortcuts', 'Keyboard shortcuts', { closes: false });
  await expect(sheet(page)).toBeVisible();
  const rows = await sheetRows(page);
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.filter((row) => row.startsWith('Ctrl+S |'))).toHaveLength(1);
  expect(rows.filter((row) => row.startsWith('Ctrl+Z |'))).toHaveLength(1);
  expect(rows.filter((row) => row.startsWith('Ctrl+Shift+Z |'))).toHaveLength(1);
  expect(rows.filter((row) => row.startsWith('Ctrl+Enter |'))).toHaveLength(1);
  expect(new Set(rows).size).toBe(rows.length);
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();

  // A page taller than the window: the wheel over the open sheet leaves it where it was.
  await page.evaluate(() => {
    document.body.style.minHeight = '5000px';
    window.scrollTo(0, 0);
  });
  await page.keyboard.press('Control+K');
  await page.keyboard.type('keyboard shortcuts');
  await page.keyboard.press('Enter');
  await expect(sheet(page)).toBeVisible();
  const box = await sheet(page).boundingBox();
  if (!box) throw new Error('the sheet has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 1500);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 40);
  await page.mouse.wheel(0, 1500);
  // Scrolling happens on the next frames: wait for them before reading the position.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a developer's companies screen is a plain table, and acting as an admin returns with 'Back to developer'", async ({
  page,
}) => {
  await signIn(page, { username: 'developer', password: 'demo12345' });
  await page.goto('/dashboard/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(page.getByText(/coming soon|not available yet/i)).toHaveCount(0);

  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Log in as the admin/ }) });
  const company = (await row.first().getByRole('rowheader').innerText()).trim();
  await row
    .first()
    .getByRole('button', { name: /^Log in as the admin/ })
    .click();
  await expect(page).toHaveURL('/dashboard/home');
  // The company's name is shown whole in the top bar.
  await expect(page.locator('.topbar .company-name')).toHaveText(company);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  // The developer's session is restored by loading the page afresh: wait for that load, not only the URL (already home).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Back to developer' }).click();
  await reloaded;
  await expect(page).toHaveURL('/dashboard/home');
  await page.goto('/dashboard/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
});

for (const language of ['en', 'id'] as const) {
  test(`the greeting fits the top bar at 1440 px (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    await page.goto('/');
    await page.getByRole('textbox').first().fill('admin');
    await page.locator('input[type="password"]').fill('demo12345');
    await page.locator('input[type="password"]').press('Enter');
    await expect(page).toHaveURL('/dashboard/home');
    const greeting = page.locator('.topbar .greeting');
    await expect(greeting).toBeVisible();
    expect(await greeting.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  });
}
