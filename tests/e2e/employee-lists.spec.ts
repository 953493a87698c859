import type { APIRequestContext, Page } from '@playwright/test';
import { jakartaToday } from '../../common/employment.ts';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

type Employee = {
  _id: string;
  version: number;
  employee_id: string;
  fullname: string;
  user: string;
  join_date: string | null;
  exit_date: string | null;
  exit_reason: string | null;
  status: string;
};

/** The API as the signed-in page sees it. */
function client(page: Page, request: APIRequestContext) {
  const headers = async () => ({ Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` });
  return {
    async get<T>(path: string): Promise<T> {
      const reply = await request.get(path, { headers: await headers() });
      expect(reply.ok(), `${path}: ${await reply.text()}`).toBe(true);
      return ((await reply.json()) as { data: T }).data;
    },
    async send<T>(method: 'post' | 'put', path: string, body: unknown): Promise<T> {
      const reply = await request[method](path, { headers: await headers(), data: body });
      expect(reply.ok(), `${path}: ${await reply.text()}`).toBe(true);
      return ((await reply.json()) as { data: T }).data;
    },
  };
}

/** Active employees other than the signed-in admin, who joined before today (an exit may not precede the join). */
async function activeEmployees(api: ReturnType<typeof client>, count: number): Promise<Employee[]> {
  const me = await api.get<{ _id: string }>('/v1/auth/me');
  const today = jakartaToday();
  const rows = await api.get<Employee[]>('/v1/employees?limit=200&sort=employee_id');
  const picked = rows.filter((row) => row.user !== me._id && (!row.join_date || row.join_date <= today));
  expect(picked.length).toBeGreaterThanOrEqual(count);
  return picked.slice(-count);
}

/** The list came back without the row: AG Grid's overlay once the reloaded rows are filtered by the search. */
// The grid's overlay, not AG Grid's screen-reader announcement of the same words.
const noRows = (page: Page) => page.locator('.ag-overlay').getByText(/^(No Matching Rows|No Data|No rows in .+)$/i);

/** Searches the list for one employee and selects their row with Space. */
async function selectOnly(page: Page, employee: Employee) {
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(employee.employee_id);
  await expect(cell(page, 0, 'fullname')).toHaveText(employee.fullname);
  await expect(grid(page).locator('[row-index="1"]')).toHaveCount(0);
  await cell(page, 0, 'fullname').click();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
}

test('an employee resigned through the API is in resigned-employees and is rehired from the palette', async ({
  page,
  request,
}) => {
  await signIn(page);
  const api = client(page, request);
  const [employee] = await activeEmployees(api, 1);
  const today = jakartaToday();
  await api.send('post', `/v1/employees/${employee!._id}/exit`, {
    version: employee!.version,
    exit_reason: 'resign',
    exit_date: today,
  });

  await page.goto('/dashboard/resigned-employees');
  await expect(page.getByRole('heading', { name: 'Resigned employees' })).toBeVisible();
  await selectOnly(page, employee!);
  await expect(cell(page, 0, 'exit_reason')).toHaveText('Resignation');
  // Exit reason and date are set by the exit route only.
  await expect(cell(page, 0, 'exit_date')).toHaveClass(/cell-readonly/);

  await runCommand(page, 'rehire', 'Rehire selected (1)');
  const confirm = page.getByRole('alertdialog', { name: 'Rehire the selected employees (1)?' });
  await expect(confirm).toContainText(employee!.fullname);
  await confirm.getByRole('button', { name: 'Rehire' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Updated: 1')).toBeVisible();
  // The list is fetched again: the rehired employee has left it.
  await expect(noRows(page)).toBeVisible();

  const after = await api.get<Employee>(`/v1/employees/${employee!._id}`);
  expect([after.exit_reason, after.exit_date]).toEqual([null, null]);
  const active = await api.get<Employee[]>(`/v1/employees?search=${encodeURIComponent(employee!.employee_id)}`);
  expect(active.map((row) => row._id)).toContain(employee!._id);
});

test('resigned-employees opens the detail of the focused row', async ({ page, request }) => {
  await signIn(page);
  const api = client(page, request);
  const [employee] = await activeEmployees(api, 2);
  await api.send('post', `/v1/employees/${employee!._id}/exit`, {
    version: employee!.version,
    exit_reason: 'phk',
    exit_date: jakartaToday(),
  });
  await page.goto('/dashboard/resigned-employees');
  await selectOnly(page, employee!);
  await expect(cell(page, 0, 'exit_reason')).toHaveText('Dismissal (PHK)');
  await runCommand(page, 'open detail', 'Open the detail of the focused row');
  await expect(page).toHaveURL(`/dashboard/edit/resigned-employees/${employee!.user}`);
});

test('daily workers move between the Active and Inactive tabs with Deactivate and Reactivate', async ({
  page,
  request,
}) => {
  await signIn(page);
  const api = client(page, request);
  const [picked] = await activeEmployees(api, 3);
  const worker = await api.send<Employee>('put', `/v1/employees/${picked!._id}`, {
    version: picked!.version,
    status: 'freelance',
  });
  const today = jakartaToday();

  await page.goto('/dashboard/daily-worker');
  const active = page.getByRole('tab', { name: 'Active', exact: true });
  const inactive = page.getByRole('tab', { name: 'Inactive' });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await selectOnly(page, worker);

  // Deactivate: the dialog asks for the exit date (today by default).
  await page.getByRole('button', { name: 'Deactivate selected (1)' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Deactivate the selected daily workers (1)?' });
  // Shown as spec 9 ('24 Nov 2026'), the app's date field.
  const [year, month, day] = today.split('-') as [string, string, string];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await expect(ask.getByRole('textbox', { name: 'Exit date' })).toHaveValue(
    `${day} ${months[Number(month) - 1]} ${year}`,
  );
  await ask.getByRole('button', { name: 'Deactivate' }).click();
  await expect(ask).toBeHidden();
  await expect(noRows(page)).toBeVisible();
  const deactivated = await api.get<Employee>(`/v1/employees/freelance/${worker._id}`);
  expect([deactivated.exit_reason, deactivated.exit_date]).toEqual(['resign', today]);

  // Inactive: the worker is there; Reactivate brings them back to the Active tab.
  await inactive.click();
  await expect(inactive).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /Deactivate selected/ })).toHaveCount(0);
  await selectOnly(page, worker);
  await runCommand(page, 'reactivate', 'Reactivate selected (1)');
  const again = page.getByRole('alertdialog', { name: 'Reactivate the selected daily workers (1)?' });
  await again.getByRole('button', { name: 'Reactivate' }).click();
  await expect(again).toBeHidden();
  await expect(noRows(page)).toBeVisible();
  const reactivated = await api.get<Employee>(`/v1/employees/freelance/${worker._id}`);
  expect(reactivated.exit_date).toBeNull();

  await active.click();
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(worker.employee_id);
  await expect(cell(page, 0, 'fullname')).toHaveText(worker.fullname);
});
