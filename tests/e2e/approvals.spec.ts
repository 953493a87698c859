import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * Requests and approvals end to end (issue 13): the demo employee asks for two days of leave from the palette; the
 * admin opens Leave Approval, selects 30 pending requests with the keyboard (the employee's, the newest, first),
 * approves them with one key and one Enter, reads the summary; the employee's balance then shows the two days used.
 */
test.describe.configure({ timeout: 180_000 });

const EMPLOYEE = { username: 'employee', password: 'demo12345' };

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** A Monday and the Tuesday after it, at least a week ahead: two working days, in this year when possible. */
function nextWorkingPair(now = new Date()): [string, string] {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  const monday = day.toISOString().slice(0, 10);
  day.setUTCDate(day.getUTCDate() + 1);
  return [monday, day.toISOString().slice(0, 10)];
}

/** Types a YYYY-MM-DD date into the focused date field the app's way (day first, spec 9) and leaves the field. */
async function typeDate(page: Page, date: string) {
  const [year, month, day] = date.split('-');
  await page.keyboard.type(`${day}/${month}/${year}`);
  await page.keyboard.press('Tab');
}

test('an employee requests leave; the admin approves 30 requests from the keyboard; the balance shows it', async ({
  browser,
  page,
}) => {
  const [start, end] = nextWorkingPair();

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, EMPLOYEE);
  const me = await employee.request.get('/v1/employees/me', {
    headers: { Authorization: `Bearer ${await token(employee)}` },
  });
  const { fullname, _id: employeeId } = ((await me.json()) as { data: { fullname: string; _id: string } }).data;

  // ---- 29 colleagues' pending leave, asked by the admin on their behalf -------------------------------------------
  await signIn(page);
  const adminToken = await token(page);
  const auth = { Authorization: `Bearer ${adminToken}` };
  const rules = (await (await page.request.get('/v1/leave-rules?limit=100', { headers: auth })).json()) as {
    data: { _id: string; type: string }[];
  };
  const unpaid = rules.data.find((rule) => rule.type === 'Unpaid Leave')!;
  const people = (await (await page.request.get('/v1/employees?limit=80', { headers: auth })).json()) as {
    data: { _id: string; user: string | { username?: string } | null }[];
  };
  // Two weeks later than the employee's own leave; the employee's own request stays the newest of their list.
  const later = new Date(Date.parse(`${start}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  let asked = 0;
  for (const person of people.data) {
    if (asked === 29) break;
    if (person._id === employeeId) continue;
    const reply = await page.request.post('/v1/approvals', {
      headers: auth,
      data: {
        context: 'leave',
        employee: person._id,
        content: { leave_type: unpaid._id, start_date: later, end_date: later, unit: 'day', reason: 'Family matters' },
      },
    });
    if (reply.status() === 201) asked++;
  }
  expect(asked).toBe(29);

  // ---- the employee asks -----------------------------------------------------------------------------------------

  await runCommand(employee, 'cuti', 'Request leave');
  const form = employee.getByRole('dialog', { name: 'New request' });
  await expect(form).toBeVisible();
  // Sending the empty form shows spec 5's messages.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Leave Type is required')).toBeVisible();
  await expect(form.getByText('Leave Start Date is required')).toBeVisible();

  const type = form.getByLabel('Leave Type');
  await expect(type.locator('option', { hasText: /Annual Leave/ })).toHaveCount(1);
  await type.selectOption({ label: (await type.locator('option', { hasText: /Annual Leave/ }).textContent())!.trim() });
  await form.getByLabel('Start Date').focus();
  await typeDate(employee, start);
  // The field shows the day as spec 9 writes it.
  await expect(form.getByLabel('Start Date')).toHaveValue(/^\d{2} \w{3} \d{4}$/);
  await form.getByLabel('End Date').focus();
  await typeDate(employee, end);
  await form.getByLabel(/Reason/).fill('Family wedding in Bandung');
  // The day count and the balance left, before sending.
  await expect(form.getByRole('status')).toContainText('2 days');
  await expect(form.getByRole('status')).toContainText(/left in your balance/);
  await employee.screenshot({ path: test.info().outputPath('new-request-en.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toBeHidden();
  // Asked on home, the form opened on home (issue 25): the request is on My requests.
  await expect(employee).toHaveURL('/dashboard/home');
  await runCommand(employee, 'my requests', 'My requests');
  await expect(employee).toHaveURL(/\/dashboard\/requests/);
  await expect(grid(employee).getByText('Pending').first()).toBeVisible();
  const number = ((await cell(employee, 0, 'approval_number').textContent()) ?? '').trim();
  expect(number).toMatch(/^LV-\d{4}-\d{5}$/);

  // ---- the admin decides 30 at once ------------------------------------------------------------------------------
  await runCommand(page, 'leave approval', 'Leave Approval');
  await expect(page).toHaveURL(/\/dashboard\/approval-leave/);
  await expect(cell(page, 0, 'approval_number')).toHaveText(number);
  await page.screenshot({ path: test.info().outputPath('approval-leave-en.png'), fullPage: true });

  await cell(page, 0, 'approval_number').click();
  await page.keyboard.press('Space');
  for (let i = 0; i < 29; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: '30 selected' })).toBeVisible();
  await page.keyboard.press('a');
  const confirm = page.getByRole('dialog', { name: 'Approve 30 requests?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.type('Approved in one batch');
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: 'Decision results' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('status')).toContainText(/\d+ approved/);
  await page.screenshot({ path: test.info().outputPath('approval-summary-en.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(summary).toBeHidden();
  // The approved request left the inbox.
  await expect(grid(page).getByText(number)).toHaveCount(0);

  // ---- the result: the employee's request is approved, the balance counts the two days ----------------------------
  await employee.reload();
  await expect(cell(employee, 0, 'approval_number')).toHaveText(number);
  await expect(cell(employee, 0, 'status')).toHaveText('Approved');

  await runCommand(page, 'leave balance', 'Leave Balance');
  await page.getByLabel('Leave type').selectOption({ label: 'Annual Leave' });
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(fullname);
  await expect(grid(page).locator('.ag-row')).toHaveCount(1);
  await expect(cell(page, 0, 'used')).not.toHaveText('0');

  // The daily attendance of the first day shows the leave type for the employee.
  await page.goto(`/dashboard/daily?date=${start}`);
  await expect(page.locator(`[row-id="${employeeId}"] [col-id="attendance"]`)).toContainText('Annual Leave');

  // Indonesian: the same review screen, translated.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  // The palette is named in Indonesian now: the screen by its address.
  await page.goto('/dashboard/approval-leave');
  await expect(page.getByRole('tab', { name: 'Menunggu saya' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('approval-leave-id.png'), fullPage: true });
});
