import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, signIn } from './support.ts';

/**
 * The grid as a new user meets it (issue 11, part 2): refused values explained in words and kept for correction, a
 * paste over existing codes that leaves each record once, an empty list that says how to fill it, the delete button
 * neutral until something is selected, and saves and undos that say what they did.
 */

const DEPARTMENTS = '/v1/refs/employees/orgs/departments';

// Each test signs in and loads a list first: on a busy shared machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

const apiToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

async function listAll(request: APIRequestContext, token: string, path: string) {
  const reply = await request.get(`${path}?limit=10000&sort=name`, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
}

async function openDepartments(page: Page) {
  await page.goto('/dashboard/employee-organization?list=departments');
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await expect(cell(page, 0, 'code')).toBeVisible();
}

async function paste(page: Page, context: BrowserContext, text: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+V');
}

/** The code cells the grid has rendered (every row of a short list), in row order. */
const renderedCodes = (page: Page) =>
  grid(page)
    .locator('[row-index] [col-id="code"]')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()));

test('a refused code says why in words, in full, keeps the typed text, and Esc restores the saved value', async ({
  page,
}) => {
  await signIn(page);
  await openDepartments(page);
  const code = cell(page, 0, 'code');
  const saved = (await code.innerText()).trim();

  await code.click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Finance Dept');
  await page.keyboard.press('Enter');

  const reason = 'Letters, digits, dot, dash and underscore only; at most 30 characters';
  // The whole reason, readable where the user looks (the focused cell's message) and as the cell's tooltip.
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible();
  await expect(code).toHaveAttribute('title', reason);
  await expect(page.getByText('must match pattern')).toHaveCount(0);
  // The typed text stays in the cell, and editing again starts from it.
  await expect(code).toContainText('Finance Dept');
  await code.click();
  await page.keyboard.press('Enter');
  await expect(grid(page).getByRole('textbox', { name: /Code/ })).toHaveValue('Finance Dept');
  await page.keyboard.press('Escape');
  await expect(code).toContainText('Finance Dept');

  // Esc on the cell throws the refused text away: the saved value is back, and so is a clean cell.
  await page.keyboard.press('Escape');
  await expect(code).toHaveText(saved);
  await expect(page.getByRole('status').filter({ hasText: reason })).toHaveCount(0);
  await expect(code).not.toHaveAttribute('title', /.+/);
});

test('a paste of existing codes into a new row updates them and the grid holds each department once', async ({
  page,
  context,
  request,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/AG Grid.*#2\b|duplicate node id/i.test(message.text())) warnings.push(message.text());
  });
  await signIn(page);
  await openDepartments(page);
  const token = await apiToken(page);
  const before = await listAll(request, token, DEPARTMENTS);
  const total = before.meta.total;
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total + 1));
  const targets = before.data.slice(0, 3).map((row) => String(row.code));
  const mark = `Pasted ${Date.now()}`;

  await cell(page, 0, 'code').click();
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Escape');
  const bulk = page.waitForResponse((r) => r.url().endsWith(`${DEPARTMENTS}/bulk`) && r.request().method() === 'POST');
  await paste(page, context, targets.map((code, i) => `${code}\t${mark} ${i + 1}`).join('\r\n'));
  expect((await bulk).status()).toBe(200);

  // The server updated the three (no new records)...
  await expect
    .poll(async () => (await listAll(request, token, DEPARTMENTS)).data.filter((r) => String(r.name).startsWith(mark)))
    .toHaveLength(3);
  expect((await listAll(request, token, DEPARTMENTS)).meta.total).toBe(total);
  // ...and the grid shows each of them once, with the new names: as many rows as the list has.
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total + 1));
  // Rows leaving the grid stay in the DOM while they animate out: wait for the grid to settle.
  await expect.poll(() => renderedCodes(page)).toHaveLength(total);
  const codes = await renderedCodes(page);
  expect(new Set(codes).size).toBe(total);
  for (const [i, code] of targets.entries()) {
    const row = grid(page).locator('[row-index]', { has: page.locator(`[col-id="code"]:text-is("${code}")`) });
    await expect(row.first()).toBeAttached();
    const index = await row.first().getAttribute('row-index');
    await expect(cell(page, Number(index), 'name')).toHaveText(`${mark} ${i + 1}`);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Saved: 3 rows' })).toBeVisible();

  // Undo puts the old names back and still leaves each record once.
  await cell(page, 0, 'code').click();
  await page.keyboard.press('Control+Z');
  await expect(page.getByRole('status').filter({ hasText: 'Undone: paste of 3 rows' })).toBeVisible();
  await expect
    .poll(async () => (await listAll(request, token, DEPARTMENTS)).data.map((r) => [r.code, r.name]))
    .toEqual(before.data.map((r) => [r.code, r.name]));
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect.poll(async () => new Set(await renderedCodes(page)).size).toBe(total);
  expect(warnings).toEqual([]);
});

test('an empty list says what it is and how to fill it from the keyboard', async ({ page }) => {
  await signIn(page);
  // A date range nothing falls in: the list is empty whatever other tests added.
  await page.goto('/dashboard/employee-onboarding?from=1901-01-01&to=1901-01-02');
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  const overlay = page.getByRole('status').filter({ hasText: 'No rows in' });
  await expect(overlay).toContainText('No rows in Employee onboarding');
  await expect(overlay).toContainText('Ctrl+Enter');
  await expect(overlay).toContainText('Import…');
  await expect(grid(page).getByText('No Data', { exact: true })).toHaveCount(0);
});

test('delete is neutral and disabled until rows are selected', async ({ page }) => {
  await signIn(page);
  await openDepartments(page);
  const none = page.getByRole('button', { name: 'Delete selected (0)' });
  await expect(none).toBeDisabled();
  const neutral = await page
    .getByRole('button', { name: 'Export CSV' })
    .evaluate((element) => getComputedStyle(element).color);
  expect(await none.evaluate((element) => getComputedStyle(element).color)).toBe(neutral);

  await cell(page, 0, 'name').click();
  await page.keyboard.press('Space');
  const one = page.getByRole('button', { name: 'Delete selected (1)' });
  await expect(one).toBeEnabled();
  expect(await one.evaluate((element) => getComputedStyle(element).color)).not.toBe(neutral);
});

test('an edit says it saved, undo says what it undid, and cut-off headers have a tooltip', async ({ page }) => {
  await signIn(page);
  await openDepartments(page);
  const code = (await cell(page, 1, 'code').innerText()).trim();
  const name = cell(page, 1, 'name');
  await name.click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Quality Bureau');
  await page.keyboard.press('Enter');
  const toasts = page.getByRole('status');
  await expect(toasts.filter({ hasText: `Saved: name of Quality Bureau (${code})` })).toBeVisible();

  await name.click();
  await page.keyboard.press('Control+Z');
  await expect(toasts.filter({ hasText: `Undone: name of Quality Bureau (${code})` })).toBeVisible();
  await expect(name).not.toHaveText('Quality Bureau');

  await expect(grid(page).getByRole('columnheader', { name: /^Head/ })).toHaveAttribute('title', /Head/);
});
