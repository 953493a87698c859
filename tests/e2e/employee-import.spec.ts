import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/**
 * Importing employees from Excel through the active-employees grid: 50 updates matched by employee id or by email, and
 * one new employee created with an account, all checked through the API.
 */

type Employee = { _id: string; employee_id: string; email: string | null; nickname: string | null; user: string };

test('import 50 employee updates and one new employee from xlsx, checked through the API', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page);
  await page.goto('/dashboard/active-employees');
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const all = (
    (await (await request.get('/v1/employees?limit=10000&sort=employee_id', { headers })).json()) as {
      data: Employee[];
    }
  ).data;
  const byId = all.slice(0, 40);
  const byEmail = all.filter((row) => row.email).slice(40, 50);
  expect(byEmail).toHaveLength(10);
  const stamp = Date.now().toString(36);

  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Employee ID', 'Full name', 'Nickname', 'Email', 'Status', 'Work days', 'Basic salary'],
    ...byId.map((row, i) => [row.employee_id, '', `Id ${stamp} ${i}`, '', '', '', '']),
    ...byEmail.map((row, i) => ['', '', `Mail ${stamp} ${i}`, row.email!.toUpperCase(), '', '', '']),
    // A new employee needs what a new row of the grid needs (status in Indonesian, salary as Excel shows it).
    [`NEW-${stamp}`, 'Karyawan Baru Impor', 'Baru', `new.${stamp}@example.test`, 'Masa percobaan', 5, 'Rp 5.500.000'],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Karyawan');
  const file = testInfo.outputPath('karyawan.xlsx');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  // The import matches rows against the list as loaded: wait for it.
  await expect(page.getByRole('grid').locator('[row-index="0"] [col-id="employee_id"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: /Import/ });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('To update: 50')).toBeVisible();
  await expect(dialog.getByText('New: 1')).toBeVisible();
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
  await expect(dialog.getByText(/Imported: 1 new, 50 updated/)).toBeVisible();

  const after = ((await (await request.get('/v1/employees?limit=10000', { headers })).json()) as { data: Employee[] })
    .data;
  const now = new Map(after.map((row) => [row._id, row]));
  expect(byId.map((row) => now.get(row._id)?.nickname)).toEqual(byId.map((_, i) => `Id ${stamp} ${i}`));
  expect(byEmail.map((row) => now.get(row._id)?.nickname)).toEqual(byEmail.map((_, i) => `Mail ${stamp} ${i}`));
  const created = after.find((row) => row.employee_id === `NEW-${stamp}`);
  expect(created).toMatchObject({
    nickname: 'Baru',
    email: `new.${stamp}@example.test`,
    status: 'probation',
    basic_salary: 5_500_000,
  });
  const account = await request.get(`/v1/employees/${created!._id}/account`, { headers });
  expect(((await account.json()) as { data: { level: string } }).data.level).toBe('employee');
});
