import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * Clocking and live tracking end to end: the demo employee (a sales person, a member of the Field Sales tracking
 * group) clocks from services -> live attendance with the keyboard and the browser's position at the Jakarta head
 * office, sees the result; the admin then finds them in the live-tracking list (the map's tiles are not reachable
 * here: the list and the markers still work).
 */
const EMPLOYEE = { username: 'employee', password: 'demo12345' };
const JAKARTA_HQ = { latitude: -6.22531, longitude: 106.80834 };

async function employeePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ geolocation: JAKARTA_HQ, permissions: ['geolocation'] });
  return context.newPage();
}

test('an employee clocks from services and the admin sees them on the live-tracking list', async ({
  browser,
  page,
}) => {
  // Two sessions, two screens and a clock on a shared machine.
  test.setTimeout(180_000);
  const employee = await employeePage(browser);
  await signIn(employee, EMPLOYEE);
  const token = await employee.evaluate(() => localStorage.getItem('token') ?? '');
  const me = await employee.request.get('/v1/employees/me', { headers: { Authorization: `Bearer ${token}` } });
  const fullname = ((await me.json()) as { data: { fullname: string } }).data.fullname;

  await runCommand(employee, 'Live Attendance', /Live Attendance/);
  await expect(employee.getByRole('heading', { name: /^Today/ })).toBeVisible();
  const clock = employee.getByRole('button', { name: /^Clock (in|out)$/ });
  const before = (await clock.textContent()) ?? '';
  await clock.focus();
  await employee.keyboard.press('Enter');
  const done = before.includes('in') ? /Clocked in at \d\d:\d\d/ : /Clocked out at \d\d:\d\d/;
  const clocked = employee.getByRole('status').filter({ hasText: done });
  // A clock-out before the shift's end asks first (issue 25): Enter confirms.
  const early = employee.getByRole('alertdialog', { name: 'Clock out before your shift ends?' });
  await expect(clocked.or(early)).toBeVisible();
  if (await early.isVisible()) await employee.keyboard.press('Enter');
  await expect(clocked).toBeVisible();
  await expect(employee.getByRole('table', { name: 'This week' })).toBeVisible();
  await employee.screenshot({ path: test.info().outputPath('live-attendance-en.png'), fullPage: true });

  await signIn(page);
  await runCommand(page, 'Live Tracking', /^Live Tracking(?! Group)/);
  await page.getByLabel('Group').selectOption({ label: 'Field Sales' });
  const row = page.getByRole('navigation', { name: 'Members' }).getByRole('button', { name: new RegExp(fullname) });
  await expect(row).toContainText(/Clock (in|out) \d\d:\d\d/);
  await expect(page.getByRole('status').filter({ hasText: /Updated \d\d:\d\d:\d\d/ })).toBeVisible();
  // The list is the keyboard's way to the map: Enter on a member pans to their marker and marks the row.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: test.info().outputPath('live-tracking-en.png'), fullPage: true });
});
