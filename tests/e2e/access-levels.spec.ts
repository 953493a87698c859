import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * Access levels end to end (issue 26). The done-when line: the admin gives the demo employee the approver level and
 * a flow in the browser; the employee, still signed in, finds the approval menu on their next request and approves
 * a colleague's overtime they could not decide before. Then the other access-level screens on the demo's data, in
 * English and Indonesian: role permissions, assign access, request access, and the developer's access requests.
 */
test.describe.configure({ timeout: 240_000 });

const EMPLOYEE = { username: 'employee', password: 'demo12345' };
const DEVELOPER = { username: 'developer', password: 'demo12345' };
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/access-levels-${name}.png`, fullPage: true });

/** A weekday at least `days` ahead. */
function weekdayAhead(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

interface Person {
  _id: string;
  fullname: string;
  employee_id: string;
}

test('giving an employee the approver level and a flow lets them approve a request they could not before', async ({
  browser,
  page,
}) => {
  // ---- the employee, signed in on their own device, may not decide anything ---------------------------------------
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, EMPLOYEE);
  const employeeAuth = { Authorization: `Bearer ${await token(employee)}` };
  const me = (
    (await (await employee.request.get('/v1/employees/me', { headers: employeeAuth })).json()) as { data: Person }
  ).data;
  const refused = await employee.request.post('/v1/approvals/decisions', {
    headers: employeeAuth,
    data: { ids: [randomUUID()], decision: 'approve' },
  });
  expect(refused.status()).toBe(403);

  // ---- the admin gives them the approver level -------------------------------------------------------------------
  await signIn(page);
  const auth = { Authorization: `Bearer ${await token(page)}` };
  await runCommand(page, 'approvers', 'Approvers');
  await expect(page).toHaveURL(/\/dashboard\/approver$/);
  await expect(cell(page, 0, 'fullname')).not.toBeEmpty();
  await shot(page, 'approvers-en');
  await page.keyboard.press('n');
  const add = page.getByRole('dialog', { name: 'Add to Approvers' });
  await expect(add).toBeVisible();
  // The shared option picker (spec 2.4): the dialog opens on it; typing searches, Enter chooses.
  const pick = add.getByRole('button', { name: /^Employee/ });
  await expect(pick).toBeFocused();
  await page.keyboard.type(me.employee_id);
  await expect(page.getByRole('option', { name: new RegExp(me.fullname) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pick).toContainText(me.fullname);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(grid(page).getByText(me.fullname)).toBeVisible();

  // ---- and a flow: a colleague's overtime goes to them ----------------------------------------------------------
  const admin = ((await (await page.request.get('/v1/employees/me', { headers: auth })).json()) as { data: Person })
    .data;
  const people = (
    (await (await page.request.get('/v1/employees?limit=200&sort=employee_id', { headers: auth })).json()) as {
      data: Person[];
    }
  ).data;
  const holders = new Set<string>();
  for (const path of ['/v1/sub-admins', '/v1/admin-department', '/v1/approver', '/v1/custom-users']) {
    const list = (await (await page.request.get(path, { headers: auth })).json()) as { data: { employee: string }[] };
    for (const holder of list.data) holders.add(holder.employee);
  }
  const colleague = people.find((p) => p._id !== me._id && p._id !== admin._id && !holders.has(p._id))!;

  await runCommand(page, 'approval flow', 'Approval Flow');
  await expect(page).toHaveURL(/\/dashboard\/approval-flow/);
  await page.keyboard.press('n');
  const form = page.getByRole('dialog', { name: 'New approval flow' });
  await expect(form).toBeVisible();
  const flowName = `${colleague.fullname}'s overtime: ${me.fullname}`;
  await form.getByLabel('Name').fill(flowName);
  await form.getByRole('checkbox', { name: 'Leave', exact: true }).uncheck();
  await form.getByRole('checkbox', { name: 'Overtime', exact: true }).check();
  await form.getByLabel('Employees').selectOption({ label: `${colleague.fullname} · ${colleague.employee_id}` });
  await form.getByLabel('Approver 1 of level 1').selectOption('employee');
  await form
    .getByLabel('Employee, approver 1 of level 1')
    .selectOption({ label: `${me.fullname} · ${me.employee_id}` });
  await form.getByRole('button', { name: 'Save flow' }).click();
  await expect(form).toBeHidden();
  await expect(grid(page).getByText(flowName)).toBeVisible();

  // The colleague's overtime (asked by the admin on their behalf) now waits for the employee.
  const date = weekdayAhead(5);
  const asked = await page.request.post('/v1/approvals', {
    headers: auth,
    data: {
      context: 'overtime',
      employee: colleague._id,
      content: { date, start_time: '17:00', end_time: '19:00', reason: 'Stock count' },
    },
  });
  expect(asked.status()).toBe(201);
  const number = ((await asked.json()) as { data: { approval_number: string } }).data.approval_number;

  // ---- the employee, without signing in again: their next request brings the approval menu ----------------------
  await runCommand(employee, 'my requests', 'My requests');
  await runCommand(employee, 'overtime approval', /Overtime/);
  await expect(employee).toHaveURL(/\/dashboard\/approval-overtime/);
  await expect(grid(employee).getByText(number)).toBeVisible();
  const row = grid(employee).locator('.ag-row', { hasText: number });
  await row.locator('[col-id="approval_number"]').click();
  await employee.keyboard.press('Space');
  await employee.keyboard.press('a');
  const confirm = employee.getByRole('dialog', { name: 'Approve 1 request?' });
  await expect(confirm).toBeVisible();
  await employee.keyboard.press('Enter');
  const summary = employee.getByRole('dialog', { name: 'Decision results' });
  await expect(summary.getByRole('status')).toContainText(/1 approved/);
  await shot(employee, 'approved-by-new-approver-en');
  await employee.keyboard.press('Enter');

  // ---- back as it was: the level taken away (Delete on their row), the flow removed -------------------------------
  await runCommand(page, 'approvers', 'Approvers');
  await grid(page).locator('.ag-row', { hasText: me.fullname }).locator('[col-id="fullname"]').click();
  await page.keyboard.press('Delete');
  const revoke = page.getByRole('alertdialog', { name: `Take the level away from ${me.fullname}?` });
  await expect(revoke).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(grid(page).getByText(me.fullname)).toHaveCount(0);
  const flows = (await (await page.request.get('/v1/approval-flow', { headers: auth })).json()) as {
    data: { _id: string; name: string }[];
  };
  const made = flows.data.find((flow) => flow.name === flowName);
  if (made) await page.request.delete(`/v1/approval-flow/${made._id}`, { headers: auth });
});

test('role permissions, assign access, request access and the developer’s access list, by keyboard', async ({
  browser,
  page,
}) => {
  await signIn(page);

  // Role permissions: the demo's custom levels; Space ticks a permission in the matrix, saved at once.
  await runCommand(page, 'role permissions', 'Role Permissions');
  await expect(page).toHaveURL(/\/dashboard\/role-permission/);
  await expect(grid(page).getByText('Payroll Clerk')).toBeVisible();
  await grid(page).getByText('Attendance Officer').click();
  const matrix = page.locator('.access-matrix');
  await expect(matrix.getByRole('heading', { name: /Attendance Officer/ })).toBeVisible();
  const first = matrix.locator('.ag-row[row-index="0"]');
  await expect(first).toContainText('Home');
  await first.locator('[col-id="read"]').click();
  await expect(matrix.getByRole('status')).toContainText('permissions saved');
  await expect(first.locator('[col-id="read"] input')).not.toBeChecked();
  await first.locator('[col-id="read"]').press('Space');
  await expect(first.locator('[col-id="read"] input')).toBeChecked();
  await shot(page, 'role-permission-en');

  // Assign access: two employees at once (Space, Shift+↓, A).
  await runCommand(page, 'assign access', 'Assign Access');
  await expect(page).toHaveURL(/\/dashboard\/assign-access/);
  await expect(page.getByRole('heading', { name: 'Users with a custom access level' })).toBeVisible();
  const assign = page.locator('.access-assign');
  await assign.getByLabel('Access level').selectOption({ label: 'Attendance Officer (ATT-OFF)' });
  await assign.locator('.ag-row[row-index="0"] [col-id="label"]').click();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(assign.getByRole('button', { name: 'Assign (2)' })).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByText(/2 employee\(s\) now hold Attendance Officer/)).toBeVisible();
  await shot(page, 'assign-access-en');

  // The same screen in Indonesian.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await page.goto('/dashboard/role-permission');
  await expect(grid(page).getByText('Payroll Clerk')).toBeVisible();
  await shot(page, 'role-permission-id');
  await page.goto('/dashboard/assign-access');
  await expect(page.getByRole('heading', { name: 'Pengguna dengan level akses khusus' })).toBeVisible();
  await shot(page, 'assign-access-id');
  await page.goto('/dashboard/approver');
  await expect(cell(page, 0, 'fullname')).not.toBeEmpty();
  await shot(page, 'approvers-id');

  // Request access: the employee asks the platform.
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, EMPLOYEE);
  await runCommand(employee, 'request access', 'Request Access');
  await expect(employee).toHaveURL(/\/dashboard\/request-access/);
  const purpose = `Access to the KPI screens for my team ${Date.now()}`;
  await employee.getByLabel('Purpose').fill(purpose);
  await employee.keyboard.press('Control+Enter');
  await expect(grid(employee).getByText(purpose)).toBeVisible();
  await expect(grid(employee).locator('.ag-row', { hasText: purpose })).toContainText('TO DO');
  await shot(employee, 'request-access-en');

  // The developer's access list: filtered by status, the status changed with `e`.
  const developer = await (await browser.newContext()).newPage();
  await signIn(developer, DEVELOPER);
  await runCommand(developer, 'access requests', 'Access Requests');
  await expect(developer).toHaveURL(/\/dashboard\/access/);
  await developer.getByLabel('Status').selectOption({ label: 'TO DO' });
  const asked = grid(developer).locator('.ag-row', { hasText: purpose });
  await expect(asked).toBeVisible();
  await asked.locator('[col-id="purpose"]').click();
  await developer.keyboard.press('e');
  const edit = developer.getByRole('dialog', { name: /Access request of/ });
  await edit.getByLabel('Status').selectOption({ label: 'DONE' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(grid(developer).getByText(purpose)).toHaveCount(0);
  await developer.getByLabel('Status').selectOption({ label: 'DONE' });
  await expect(grid(developer).locator('.ag-row', { hasText: purpose })).toContainText('DONE');
  await shot(developer, 'access-requests-en');
});
