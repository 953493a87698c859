import { expect, test } from './fixtures.ts';
import { ADMIN, palette } from './support.ts';

/**
 * Issue 10 section 7: a key typed just after sign-in, while the shell still says "Loading…", is not lost. The shell's
 * code is held back until the keys are typed, so the test does not depend on how fast the page loads.
 */
test('Ctrl+K pressed as the dashboard URL appears, before the shell is ready, opens the palette with what was typed', async ({
  page,
}) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(/\/assets\/Shell-[^/]*\.js$/, async (route) => {
    held = true;
    await released;
    await route.continue();
  });

  await page.goto('/');
  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard/home');
  // The shell (its top bar, the palette and its listeners) is not there yet.
  await expect(page.getByRole('button', { name: /Search screens and commands/ })).toBeHidden();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('resigned');
  expect(held).toBe(true);
  await expect(palette(page)).toBeHidden();

  release();
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('combobox')).toHaveValue('resigned');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(/Resigned/);
});
