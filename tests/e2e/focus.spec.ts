import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/** Issue 11, section 4: after moving to a screen, the keyboard is in the screen's grid or first field. */

test('after choosing Departments in the palette, the keys work in the grid without Tab', async ({ page }) => {
  await signIn(page);
  await runCommand(page, 'dept', 'Departments');
  await expect(page).toHaveURL('/dashboard/employee-organization?list=departments');
  // The first cell of the first row has the focus.
  await expect(grid(page).locator('[row-index="0"] [role="gridcell"]:focus')).toHaveCount(1);
  // ↓ moves in the grid.
  await page.keyboard.press('ArrowDown');
  await expect(grid(page).locator('[row-index="1"] [role="gridcell"]:focus')).toHaveCount(1);
  // A typed letter edits the focused cell; Esc leaves it as it was.
  const code = cell(page, 1, 'code');
  const before = await code.innerText();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('F2');
  await expect(grid(page).locator('.ag-cell-inline-editing')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(grid(page).locator('.ag-cell-inline-editing')).toHaveCount(0);
  await expect(code).toHaveText(before);
});

test('after a sidebar link, the focus is in the screen, not on the page body', async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Employees' }).click();
  await menu.getByRole('link', { name: 'Active Employees' }).click();
  await expect(page).toHaveURL('/dashboard/active-employees');
  await expect(grid(page).locator('[row-index="0"] [role="gridcell"]:focus')).toHaveCount(1);

  // A screen without a grid or a field (a record detail with no editor of its own): the main region, so Tab starts
  // in the screen. (Every menu entry has its screen since issue 29.)
  // Moved to in the app (a history step, as Back does), not a page load: the focus moves only on a navigation.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/dashboard/edit/daily/123');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Record detail' })).toBeVisible();
  await expect(page.locator('#content')).toBeFocused();
});
