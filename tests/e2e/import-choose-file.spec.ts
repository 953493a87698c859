import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, runCommand, signIn } from './support.ts';

/**
 * Issue 25, section 5: in the import dialog, Enter on the focused "Choose a file" opens the file chooser, whether the
 * dialog was opened from the toolbar's button or from the palette (whose Enter opened it).
 */

async function enterOpensChooser(page: Page, name: RegExp) {
  const dialog = page.getByRole('dialog', { name });
  const choose = dialog.getByRole('button', { name: 'Choose a file' });
  await expect(choose).toBeFocused();
  const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
  await page.keyboard.press('Enter');
  await chooser;
  await expect(dialog).toBeVisible();
}

test('Enter on "Choose a file" opens the chooser: from the toolbar button', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/employee-organization?list=departments');
  await expect(cell(page, 0, 'code')).toBeVisible();
  await page.getByRole('button', { name: 'Import…' }).focus();
  await page.keyboard.press('Enter');
  await enterOpensChooser(page, /Import/);
});

test('Enter on "Choose a file" opens the chooser: from the palette', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/employee-organization?list=departments');
  await expect(cell(page, 0, 'code')).toBeVisible();
  await cell(page, 0, 'name').click();
  await runCommand(page, 'import xlsx', 'Import xlsx into Departments…');
  await enterOpensChooser(page, /Import/);
});
