import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, runCommand, signIn } from './support.ts';

/**
 * Bulk invite (spec 2.3, 5, 8), activation and my-profile against the real server: an admin invites employees from
 * an .xlsx workbook (a .csv is refused), fixes a bad email in the preview, sees the server refuse someone who is
 * already an employee, leaves that row out, and invites the rest; an invited employee activates their account from
 * the link in a fresh browser; an employee edits their own profile.
 */

const EMPLOYEE = { username: 'employee', password: 'demo12345' };

async function get(request: APIRequestContext, page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok(), path).toBe(true);
  return (await reply.json()) as { data: Record<string, unknown>[]; meta: { total: number } };
}

function writeFile(path: string, content: Buffer | string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

test('bulk invite from an xlsx: refuse a csv, fix a bad email, leave out an existing employee, invite, activate', async ({
  page,
  browser,
  request,
}, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto('/dashboard/active-employees');
  await expect(page.getByRole('button', { name: 'Invite from Excel…' })).toBeVisible();
  const existing = (await get(request, page, '/v1/employees?limit=1&sort=employee_id')).data[0]!;

  const tag = `INV${Date.now().toString(36).toUpperCase()}`;
  const people = [
    { id: `${tag}-1`, name: 'Wulan Sari', email: `wulan.${tag}@example.com`.toLowerCase() },
    { id: `${tag}-2`, name: 'Agus Pratama', email: `agus.${tag}@example.com`.toLowerCase() },
    { id: `${tag}-3`, name: 'Rina Kusuma', email: `rina.${tag}@example.com`.toLowerCase() },
  ];
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Undangan karyawan baru'],
    [],
    ['ID Karyawan', 'Nama lengkap', 'Email', 'Telepon'],
    [people[0]!.id, people[0]!.name, people[0]!.email, '0812 3456 7001'],
    [people[1]!.id, people[1]!.name, 'agus-at-example.com', '081234567002'],
    [people[2]!.id, people[2]!.name, people[2]!.email, ''],
    [String(existing.employee_id), 'Already Here', `already.${tag}@example.com`.toLowerCase(), ''],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Karyawan');
  const xlsx = testInfo.outputPath('undangan.xlsx');
  writeFile(xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  const csv = testInfo.outputPath('undangan.csv');
  writeFile(csv, `employee_id,fullname,email\n${tag}-9,Nobody,nobody@example.com\n`);

  // Opened from the palette; a CSV is refused (xlsx only, spec 5).
  await runCommand(page, 'invite employees', 'Invite employees from Excel…', { open: 'button' });
  const dialog = page.getByRole('dialog', { name: 'Invite employees from Excel' });
  await expect(dialog).toBeVisible();
  const fileInput = dialog.locator('input[type=file]');
  await fileInput.setInputFiles(csv);
  await expect(dialog.getByRole('alert')).toContainText('Only Excel workbooks (.xlsx)');

  // The workbook: a title row, Indonesian headers; the bad email is flagged and nothing is sent yet.
  await fileInput.setInputFiles(xlsx);
  await expect(dialog.getByText('New: 3')).toBeVisible();
  await expect(dialog.getByText('Invalid: 1')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Invite \d+ employees?$/ });
  await expect(confirm).toBeDisabled();
  expect((await get(request, page, `/v1/employees?search=${tag}`)).meta.total).toBe(0);

  const preview = dialog.getByRole('region', { name: 'Preview of the employees to invite' });
  const flagged = preview.locator('.import-cell-invalid');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText('agus-at-example.com');
  await flagged.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(people[1]!.email);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Invalid: 0')).toBeVisible();
  await expect(dialog.getByText('New: 4')).toBeVisible();

  // The server refuses the row of someone who is already an employee: all or nothing, marked in the preview.
  await expect(confirm).toHaveText('Invite 4 employees');
  await confirm.click();
  await expect(dialog.getByText('Some rows were refused, so nobody was invited.')).toBeVisible();
  await expect(dialog.getByText('Invalid: 1')).toBeVisible();
  const refused = preview.locator('.import-cell-invalid');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(String(existing.employee_id));
  await expect(refused).toContainText('Is already an employee of this company');
  expect((await get(request, page, `/v1/employees?search=${tag}`)).meta.total).toBe(0);

  await dialog.getByLabel('Leave out invalid rows').check();
  await expect(confirm).toHaveText('Invite 3 employees');
  await confirm.click();

  await expect(page.getByRole('status').filter({ hasText: 'Employee has been invited' })).toBeVisible();
  await expect(dialog.getByText('3 employees were invited.')).toBeVisible();
  await expect(dialog.getByText('1 invalid row was left out.')).toBeVisible();
  const links = dialog.getByRole('textbox', { name: /^Activation link of / });
  await expect(links).toHaveCount(3);
  const link = await dialog.getByRole('textbox', { name: `Activation link of ${people[0]!.name}` }).inputValue();
  expect(link).toMatch(/\/verification\?activation=/);

  // The employees exist, as the file (and the fix) said.
  const invited = await get(request, page, `/v1/employees?search=${tag}&sort=employee_id`);
  expect(invited.data.map((row) => [row.employee_id, row.fullname, row.email, row.phone ?? null])).toEqual([
    [people[0]!.id, people[0]!.name, people[0]!.email, '081234567001'],
    [people[1]!.id, people[1]!.name, people[1]!.email, '081234567002'],
    [people[2]!.id, people[2]!.name, people[2]!.email, null],
  ]);

  // A company admin cannot open invited-user (developer area): the way on is the active employees, reloaded.
  await dialog.getByRole('button', { name: 'Go to active employees' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/dashboard/active-employees');

  // The invited employee opens their link in a browser of their own, sets a password and is signed in.
  const fresh = await browser.newContext();
  const employee = await fresh.newPage();
  await employee.goto(link);
  await expect(employee.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  const password = employee.getByLabel('New password', { exact: true });
  const repeat = employee.getByLabel('Repeat the new password', { exact: true });
  await password.fill('short');
  await repeat.fill('short');
  await employee.getByRole('button', { name: 'Activate and sign in' }).click();
  await expect(employee.getByText('Use at least 8 characters')).toBeVisible();
  await password.fill('rahasia-wulan-1');
  await repeat.fill('rahasia-wulan-2');
  await employee.getByRole('button', { name: 'Activate and sign in' }).click();
  await expect(employee.getByText('The passwords do not match')).toBeVisible();
  await repeat.fill('rahasia-wulan-1');
  await employee.getByRole('button', { name: 'Activate and sign in' }).click();
  await expect(employee).toHaveURL('/dashboard/home');
  await expect(employee.getByRole('button', { name: 'Account menu' })).toContainText(people[0]!.name);
  await fresh.close();

  // The link works once: opened again, it says so and leads to the sign-in page.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await second.getByLabel('New password', { exact: true }).fill('another-pass-1');
  await second.getByLabel('Repeat the new password', { exact: true }).fill('another-pass-1');
  await second.getByRole('button', { name: 'Activate and sign in' }).click();
  await expect(second.getByRole('alert')).toContainText('This activation link is invalid, already used or expired');
  await second.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect(second).toHaveURL('/');
  await again.close();

  // Signed in with the new password.
  const login = await browser.newContext();
  const signedIn = await login.newPage();
  await signIn(signedIn, { username: people[0]!.id.toLowerCase(), password: 'rahasia-wulan-1' });
  await login.close();
});

test('my-profile: an employee changes their nickname, and it is saved', async ({ page }) => {
  await signIn(page, EMPLOYEE);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/dashboard/my-profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

  // Who they are is shown, not edited.
  await expect(page.getByLabel('Full name', { exact: true })).toHaveText('Budi Santoso');
  await expect(page.getByLabel('Employee ID', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Employee ID' })).toHaveCount(0);

  const nickname = page.getByLabel('Nickname', { exact: true });
  const value = `Budi ${Date.now().toString(36)}`;
  await nickname.fill(value);
  // A malformed phone is refused in the user's language before anything is sent.
  const phone = page.getByLabel('Phone', { exact: true });
  const savedPhone = await phone.inputValue();
  await phone.fill('0812');
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Enter a phone number of 8 to 15 digits, optionally starting with +')).toBeVisible();
  await phone.fill(savedPhone);
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile was saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nickname', { exact: true })).toHaveValue(value);

  // The palette reaches it too.
  await page.goto('/dashboard/home');
  await runCommand(page, 'my profile', 'My Profile', { open: 'button' });
  await expect(page).toHaveURL('/dashboard/my-profile');
});

test('a developer acting as the admin invites, then lands on invited users as themselves', async ({
  page,
}, testInfo) => {
  await signIn(page, { username: 'developer', password: 'demo12345' });
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Log in as the admin of PT Demo Nusantara' }).click();
  await expect(page.getByText(/^Acting as /).first()).toBeVisible();

  const tag = `DEV${Date.now().toString(36).toUpperCase()}`;
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Employee ID', 'Full name', 'Email'],
    [`${tag}-1`, 'Dimas Anggara', `dimas.${tag}@example.com`.toLowerCase()],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Employees');
  const file = testInfo.outputPath('invite.xlsx');
  writeFile(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  await page.goto('/dashboard/active-employees');
  await page.getByRole('button', { name: 'Invite from Excel…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite employees from Excel' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('New: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Invite 1 employee' }).click();
  await expect(dialog.getByText('1 employee was invited.')).toBeVisible();

  // invited-user is a developer screen: the developer gets their own session back on it.
  await dialog.getByRole('button', { name: 'Open invited users' }).click();
  await expect(page).toHaveURL('/dashboard/invited-user');
  await expect(page.getByRole('heading', { name: 'Invited Users', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Acting as /)).toHaveCount(0);
  const grid = page.getByRole('treegrid').or(page.getByRole('grid')).first();
  await expect(grid.getByText('Dimas Anggara')).toBeVisible();
  // Read-only list but for the photo, name, email and phone: no new rows, no deletes.
  await expect(page.getByRole('button', { name: 'New row' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete selected/ })).toHaveCount(0);
});
