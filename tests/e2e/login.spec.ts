import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'demo12345' };

/** Console messages about the Content Security Policy (an inline script or style the server's policy refused). */
let violations: string[] = [];

test.beforeEach(({ page }) => {
  violations = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/content security policy/i.test(error.message)) violations.push(error.message);
  });
});

test.afterEach(() => {
  expect(violations, 'CSP violations in the console').toEqual([]);
});

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  const reply = page.waitForResponse((response) => response.url().endsWith('/v1/auth/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return reply;
}

test('the login page loads under the strict CSP', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle(/HR Workspace/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/');
  const reply = await signIn(page, ADMIN.username, 'not-the-password');
  expect(reply.status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a network failure shows Network Error', async ({ page, consoleErrors }) => {
  // The request is aborted on purpose: Chromium logs that itself.
  consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/');
  await page.route('**/v1/auth/login', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Network Error');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('signing in reaches the home page, survives a reload and logging out returns to /', async ({ page }) => {
  await page.goto('/');
  const reply = await signIn(page, ADMIN.username, ADMIN.password);
  expect(reply.status()).toBe(200);
  const { data } = (await reply.json()) as { data: { user: { fullname: string } } };

  await expect(page).toHaveURL('/dashboard/home');
  // The top bar greets the user by name.
  await expect(page.getByRole('banner')).toContainText(data.user.fullname);
  await expect(page).toHaveTitle(/HR Workspace/);

  // A reload keeps the token and fetches the user again (GET /v1/auth/me).
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(data.user.fullname);
  // A signed-in user on the index goes to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard/home');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Without a token the dashboard sends the visitor back to /.
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL('/');
});

test('the language choice is applied and remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nama pengguna atau email')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('id');
});

test('an unknown page shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});
