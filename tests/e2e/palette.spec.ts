import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The Cmd-K palette, keyboard only, against the real server and its demo data. */

const ADMIN = { username: 'admin', password: 'demo12345' };

async function signIn(page: Page, login = ADMIN) {
  await page.goto('/');
  await page.getByLabel('Username or email').fill(login.username);
  await page.getByLabel('Password').fill(login.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard/home');
  // The signed-in layout, which hosts the palette, is on screen.
  await expect(paletteButton(page)).toBeVisible();
}

const paletteButton = (page: Page) => page.getByRole('button', { name: /Search screens and commands/ });

const palette = (page: Page, name = 'Command palette') => page.getByRole('dialog', { name });

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('combobox')).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // A fresh recently-used list per test, whatever the previous test ran.
    if (!sessionStorage.getItem('e2e-started')) {
      sessionStorage.setItem('e2e-started', '1');
      localStorage.removeItem('palette-recent');
    }
  });
});

test("Ctrl+K, 'resigned', Enter lands on the resigned employees", async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('resigned');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Resigned Employees');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/resigned-employees');
  await expect(palette(page)).toBeHidden();
});

test('opens from inside a form field, and Esc gives the focus back', async ({ page }) => {
  await signIn(page);
  // A field of the page (the top bar's language picker) has the focus.
  const origin = page.getByLabel('Language').first();
  await origin.focus();
  await expect(origin).toBeFocused();
  await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(origin).toBeFocused();

  // The same from the top bar's button: the palette:open event.
  const button = paletteButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test("'Go to employee…' finds an employee by name and opens the detail", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const reply = await page.request.get('/v1/employees?limit=1&skip=3&populate=user&sort=fullname', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  const [employee] = (
    (await reply.json()) as {
      data: { fullname: string; exit_date: string | null; user: { _id: string } }[];
    }
  ).data;
  if (!employee) throw new Error('the demo company has no employees');

  await openPalette(page);
  await page.keyboard.type('go to employee');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Go to employee');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByRole('combobox')).toHaveAttribute('placeholder', /Search employees/);

  // Backspace on the empty query goes back to the commands, Enter comes back to the page.
  await page.keyboard.press('Backspace');
  await expect(palette(page).getByRole('combobox')).toHaveAttribute('placeholder', 'Type a command or search…');
  await page.keyboard.type('go to employee');
  await page.keyboard.press('Enter');

  const searched = page.waitForRequest(
    (request) =>
      request.url().includes('/v1/employees?') &&
      new URL(request.url()).searchParams.get('search') === employee.fullname,
  );
  await page.keyboard.type(employee.fullname);
  await searched;
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(employee.fullname);
  await page.keyboard.press('Enter');
  const screen = employee.exit_date ? 'resigned-employees' : 'active-employees';
  await expect(page).toHaveURL(`/dashboard/edit/${screen}/${employee.user._id}`);
});

test('switches the language from the palette, and the choice survives a reload', async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('bahasa indonesia');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Bahasa Indonesia');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('id');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('.palette-button')).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(palette(page, 'Palet perintah')).toBeVisible();
  await page.keyboard.type('中文');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await page.keyboard.press('Control+K');
  await expect(palette(page, '命令面板')).toBeVisible();
});

test("'?' outside a field opens the cheat sheet; Esc closes it", async ({ page }) => {
  await signIn(page);
  await page.locator('body').press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Open the command palette');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // From the palette too.
  await openPalette(page);
  await page.keyboard.type('keyboard shortcuts');
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
});
