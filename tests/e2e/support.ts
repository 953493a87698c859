/** What the browser tests share: signing in through the login form, and finding a grid and its cells. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The demo company's admin (server/seed/demo.ts). */
export const ADMIN = { username: 'admin', password: 'demo12345' };

/** Signs in through the login form and waits for the signed-in layout, which hosts the palette. */
export async function signIn(page: Page, login: { username: string; password: string } = ADMIN) {
  await page.goto('/');
  await page.getByLabel('Username or email').fill(login.username);
  await page.getByLabel('Password').fill(login.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('button', { name: /Search screens and commands/ })).toBeVisible();
}

/** The screen's grid (a tree grid when rows are selectable). */
export const grid = (page: Page) => page.getByRole('treegrid').or(page.getByRole('grid')).first();

/** A cell by row index and field, as AG Grid marks them. */
export const cell = (page: Page, rowIndex: number, field: string) =>
  grid(page).locator(`[row-index="${rowIndex}"] [col-id="${field}"]`).first();

/** The Cmd-K palette. */
export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/**
 * Runs a palette command by typing its name, once the palette shows it selected. `open`: Ctrl+K, or the top bar's
 * button; `closes`: the command ends in the palette closing (one that opens a palette page, like 'Go to employee…',
 * keeps it open).
 */
export async function runCommand(
  page: Page,
  typed: string,
  label: RegExp | string,
  { open = 'keys', closes = true }: { open?: 'keys' | 'button'; closes?: boolean } = {},
) {
  if (open === 'keys') await page.keyboard.press('Control+K');
  else await page.getByRole('button', { name: /Search screens and commands/ }).click();
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(typed);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(label);
  await page.keyboard.press('Enter');
  if (closes) await expect(palette(page)).toBeHidden();
}

/**
 * The newest link mailed to `recipient`, read as the developer reads it: from the outbox (no SMTP server in the
 * browser tests, so the server keeps its mail there).
 */
export async function mailedLink(request: APIRequestContext, recipient: string): Promise<string> {
  const signedIn = await request.post('/v1/auth/login', { data: { username: 'developer', password: 'demo12345' } });
  expect(signedIn.ok()).toBe(true);
  const { token } = (await signedIn.json()).data as { token: string };
  const listed = await request.get(`/v1/outbox?search=${encodeURIComponent(recipient)}&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.ok()).toBe(true);
  const [mail] = (await listed.json()).data as { recipient: string; link: string | null }[];
  expect(mail?.recipient).toBe(recipient);
  return mail!.link!;
}

/**
 * Completes the open payroll run as a user would: Save payroll; when rows are out of date (a loan, an approval or
 * attendance changed since the calculation: other specs on this server do that), the run refuses and shows them, so
 * they are recalculated visibly and Save is pressed again; then the confirmation. Never a guess from isVisible: the
 * out-of-date check is asynchronous.
 */
export async function savePayrollRun(page: Page) {
  const dialog = page.getByRole('alertdialog');
  const recalculate = page
    .getByRole('status', { name: 'Rows out of date' })
    .getByRole('button', { name: /^Recalculate \d+ rows?$/ });
  await page.getByRole('button', { name: 'Save payroll' }).click();
  await expect(dialog.or(page.getByText(/out of date: recalculate/).first())).toBeVisible();
  if (!(await dialog.isVisible())) {
    await recalculate.click();
    await expect(page.getByText(/^Recalculated \d+ rows?: /).first()).toBeVisible();
    await expect(recalculate).toBeHidden();
    await page.getByRole('button', { name: 'Save payroll' }).click();
  }
  await expect(dialog).toContainText('Are you sure to save payroll?');
  await dialog.getByRole('button', { name: 'Save payroll' }).click();
  await expect(page.getByText('Payroll saved')).toBeVisible();
}
