/**
 * Issue 10 section 1: forgot-password gives nothing away (the same answer for a real and an unknown account, no link on
 * screen); the reset link goes to the outbox, where the developer finds it on the Outbox screen, and it works.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, signIn } from './support.ts';

/** Asks for a reset link for `username` and returns the page's whole answer. */
async function askForReset(page: Page, username: string): Promise<string> {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Username or email').fill(username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If the account exists, a reset link is on its way.')).toBeVisible();
  await expect(page.getByRole('link', { name: /token=/ })).toHaveCount(0);
  return page.getByRole('main').innerText();
}

test('forgot password answers alike; the developer finds the reset link in the Outbox and it sets a new password', async ({
  page,
  browser,
}) => {
  // Two browsers, a sign-in each and two password forms: more than the default budget on a busy machine.
  test.setTimeout(90_000);
  const real = await askForReset(page, 'iwan.suryana.0047');
  const unknown = await askForReset(page, 'nobody-at-all');
  expect(unknown).toBe(real);

  // The developer opens the Outbox: the newest mail is an employee's reset link (not a demo login: other specs sign in with those).
  await signIn(page, { username: 'developer', password: 'demo12345' });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 0, 'recipient')).toHaveText('iwan.suryana.0047@demo.test');
  await expect(cell(page, 0, 'subject')).toHaveText('Reset your HR Workspace password');
  const link = (await cell(page, 0, 'link').innerText()).trim();
  expect(link).toMatch(/\/forgot-password\?token=hrw_/);

  // The employee follows it in a browser of their own and chooses a new password, which signs in.
  const context = await browser.newContext();
  const owner = await context.newPage();
  await owner.goto(link);
  await expect(owner.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await owner.getByLabel('New password', { exact: true }).fill('Rendang-padang-2026');
  await owner.getByLabel('Repeat the new password').fill('Rendang-padang-2026');
  await owner.getByRole('button', { name: 'Save the new password' }).click();
  await expect(owner.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  await signIn(owner, { username: 'iwan.suryana.0047', password: 'Rendang-padang-2026' });
  await context.close();
});
