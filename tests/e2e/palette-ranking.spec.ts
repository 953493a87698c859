import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { palette, signIn } from './support.ts';

/** Issue 11, section 3: what the palette offers first for a query, against the real app and its demo data. */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // No recently used commands: the ranking alone decides.
    if (!sessionStorage.getItem('e2e-started')) {
      sessionStorage.setItem('e2e-started', '1');
      localStorage.removeItem('palette-recent');
    }
  });
});

const selected = (page: Page) => palette(page).getByRole('option', { selected: true });

async function query(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(text);
}

/** An employee whose name no other employee's name contains, so the search finds them alone. */
async function firstEmployee(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const reply = await page.request.get('/v1/employees?limit=10000&populate=user&sort=fullname', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  const rows = ((await reply.json()) as { data: { fullname: string; user: { _id: string } }[] }).data;
  const names = rows.map((row) => row.fullname.toLowerCase());
  const employee = rows.find(
    (row, i) => i >= 5 && names.filter((name) => name.includes(row.fullname.toLowerCase())).length === 1,
  );
  if (!employee) throw new Error('the demo company has no employee with a name of their own');
  return employee;
}

test("'depart' and 'dept' offer Departments first, not a screen that is not available yet", async ({ page }) => {
  await signIn(page);
  await query(page, 'depart');
  await expect(selected(page).locator('.palette-label')).toHaveText('Departments');
  await page.keyboard.press('Escape');

  await query(page, 'dept');
  await expect(selected(page).locator('.palette-label')).toHaveText('Departments');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/employee-organization?list=departments');
});

test("an employee's name at the top level offers 'Go to employee: <name>', not a language", async ({ page }) => {
  await signIn(page);
  const employee = await firstEmployee(page);
  await query(page, employee.fullname);
  await expect(selected(page)).toContainText(`Go to employee: ${employee.fullname}`);
  await expect(palette(page).getByRole('option', { name: /Change language/ })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/[a-z-]+/${employee.user._id}$`));
});

test("on an employee detail, 'personal' and 'salary' offer the page's own sections first", async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const reply = await page.request.get('/v1/employees?limit=1&populate=user&sort=fullname', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [employee] = ((await reply.json()) as { data: { user: { _id: string } }[] }).data;
  if (!employee) throw new Error('the demo company has no employees');
  await page.goto(`/dashboard/edit/active-employees/${employee.user._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await query(page, 'personal');
  await expect(selected(page)).toContainText('Go to section: Personal');
  await page.keyboard.press('Escape');
  await query(page, 'salary');
  await expect(selected(page)).toContainText('Go to section: Salary');
});
