import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { palette, runCommand, signIn } from './support.ts';

/**
 * The employee detail editor against the real server: opened from the palette, each section edited and saved with
 * Ctrl+S, values kept after a reload, 'Same address', the computed age and service length, the exit flow into the
 * resigned list and back, the neighbours walk, and a custom-level viewer who does not see payroll sections.
 */

const HR_VIEWER = { username: 'custom', password: 'demo12345' };

interface EmployeeRow {
  _id: string;
  fullname: string;
  employee_id: string;
  birth_date: string | null;
  join_date: string | null;
  exit_date: string | null;
  version: number;
  user: { _id: string } | string;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

async function apiGet<T>(request: APIRequestContext, page: Page, path: string): Promise<T> {
  const reply = await request.get(path, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as T;
}

/** An active employee, by position in the fullname order (each test takes its own, so they do not interfere). */
async function activeEmployee(request: APIRequestContext, page: Page, skip: number): Promise<EmployeeRow> {
  const { data } = await apiGet<{ data: EmployeeRow[] }>(
    request,
    page,
    `/v1/employees?limit=1&skip=${skip}&sort=fullname&populate=user`,
  );
  if (!data[0]) throw new Error('the demo company has too few employees');
  return data[0];
}

const userIdOf = (employee: EmployeeRow) => (typeof employee.user === 'string' ? employee.user : employee.user._id);
const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** Ctrl+S in a field of the section, and the save's reply. */
async function saveWithKeys(page: Page, field: Locator, employeeId: string) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes(`/${employeeId}`),
  );
  await field.focus();
  await page.keyboard.press('Control+S');
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
}

/** Jakarta's calendar day, as the app counts ages and service. */
const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A day as the app shows it in English (spec 9, 'DD MMM YYYY'). */
const asSpec9 = (iso: string) => {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${day} ${months[Number(month) - 1]} ${year}`;
};

function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

test('opened from the palette, every main section saves with Ctrl+S and keeps its values after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const employee = await activeEmployee(request, page, 7);
  const userId = userIdOf(employee);

  // 'Go to employee…' lands on this detail.
  await runCommand(page, 'go to employee', 'Go to employee', { closes: false });
  await expect(palette(page).getByRole('combobox')).toHaveAttribute('placeholder', /Search employees/);
  await page.keyboard.type(employee.fullname);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(employee.fullname);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();

  // Computed, read-only: age from the birth date, service length from the join date.
  const personal = section(page, 'Personal');
  if (employee.birth_date) {
    await expect(personal.getByLabel('Age', { exact: true })).toHaveText(
      `${ageOn(employee.birth_date, jakartaToday())} years`,
    );
  }
  await expect(personal.getByRole('textbox', { name: 'Age', exact: true })).toHaveCount(0);
  const employment = section(page, 'Employment');
  if (employee.join_date && employee.join_date <= jakartaToday()) {
    await expect(employment.getByLabel('Service length')).toHaveText(/^\d+ years?, \d+ months?, \d+ days?$/);
  }

  // Personal: a nickname; children are digits only and at most 20.
  const nickname = personal.getByLabel('Nickname');
  await nickname.fill('E2E Nick');
  const children = personal.getByLabel('Number of children');
  await children.fill('');
  await children.pressSequentially('2x1');
  await expect(children).toHaveValue('21');
  await nickname.focus();
  await page.keyboard.press('Control+S');
  await expect(personal.getByText('Must be at most 20')).toBeVisible();
  await expect(children).toBeFocused();
  await children.fill('3');
  await saveWithKeys(page, nickname, employee._id);
  await expect(page.getByText('Personal saved')).toBeVisible();

  // Employment: the end of the contract.
  const endOfContract = employment.getByLabel('End of contract');
  await endOfContract.fill('2031-12-31');
  await saveWithKeys(page, endOfContract, employee._id);

  // Assignment: work days and a location chosen with the picker.
  const assignment = section(page, 'Assignment');
  const { data: locations } = await apiGet<{ data: { name: string }[] }>(
    request,
    page,
    '/v1/refs/employees/orgs/locations?limit=5&sort=name',
  );
  const location = locations.at(-1)!.name;
  await assignment.getByLabel('Work days').selectOption('6');
  await assignment.getByRole('button', { name: /^Location/ }).click();
  await page.keyboard.type(location);
  await expect(page.getByRole('option', { name: new RegExp(location) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(assignment.getByRole('button', { name: /^Location/ })).toContainText(location);
  await saveWithKeys(page, assignment.getByLabel('Work days'), employee._id);

  // Salary: an amount typed the Indonesian way, shown in rupiah grouping.
  const salary = section(page, 'Salary');
  const basic = salary.getByLabel('Basic salary');
  await basic.fill('7.250.000');
  await saveWithKeys(page, basic, employee._id);
  await expect(basic).toHaveValue('7.250.000');

  // Legality: the NIK takes digits only.
  const legality = section(page, 'Legality');
  const ktp = legality.getByLabel('KTP number');
  await ktp.fill('');
  await ktp.pressSequentially('31-74-0512-3456-7890');
  await expect(ktp).toHaveValue('3174051234567890');
  await saveWithKeys(page, ktp, employee._id);

  // BPJS: the JKK rate changes the computed JKK at once, before saving.
  const bpjs = section(page, 'BPJS deduction');
  await bpjs.getByLabel('Registered for BPJS Ketenagakerjaan').check();
  const jkk = bpjs.getByLabel('JKK (work accident)');
  await bpjs.getByLabel('JKK rate').selectOption('0.24');
  const low = (await jkk.textContent()) ?? '';
  await bpjs.getByLabel('JKK rate').selectOption('1.74');
  await expect(jkk).not.toHaveText(low);
  await expect(jkk).toHaveText(/Company Rp/);
  await saveWithKeys(page, bpjs.getByLabel('JKK rate'), employee._id);

  // Address: 'Same address' copies the ID-card address to the domicile and locks it.
  const address = section(page, 'Address');
  await address.getByLabel('ID card address').fill('Jl. Kenanga No. 12');
  await address.getByLabel('ID card RT').fill('004');
  await address.getByLabel('ID card RW').fill('009');
  await address.getByLabel('ID card postal code').fill('12950');
  await address.getByLabel('ID card city or regency').fill('Jakarta Selatan');
  await address.getByLabel('Same address as ID card').check();
  await expect(address.getByLabel('Domicile address')).toHaveValue('Jl. Kenanga No. 12');
  await expect(address.getByLabel('Domicile RT')).toHaveValue('004');
  await expect(address.getByLabel('Domicile postal code')).toHaveValue('12950');
  await expect(address.getByLabel('Domicile city or regency')).toHaveValue('Jakarta Selatan');
  await expect(address.getByLabel('Domicile address')).toBeDisabled();
  await saveWithKeys(page, address.getByLabel('ID card address'), employee._id);

  // Everything is still there after a reload (once more if the first is aborted by the page's own navigation).
  await page.reload().catch(() => page.reload());
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();
  await expect(section(page, 'Personal').getByLabel('Nickname')).toHaveValue('E2E Nick');
  await expect(section(page, 'Personal').getByLabel('Number of children')).toHaveValue('3');
  await expect(section(page, 'Employment').getByLabel('End of contract')).toHaveValue('31 Dec 2031');
  await expect(section(page, 'Assignment').getByLabel('Work days')).toHaveValue('6');
  await expect(section(page, 'Assignment').getByRole('button', { name: /^Location/ })).toContainText(location);
  // Assigned by: the demo admin who set the record up, by name (read-only).
  await expect(section(page, 'Assignment').getByLabel('Assigned by')).toHaveText('Ratna Wulandari');
  await expect(section(page, 'Salary').getByLabel('Basic salary')).toHaveValue('7.250.000');
  await expect(section(page, 'Legality').getByLabel('KTP number')).toHaveValue('3174051234567890');
  await expect(section(page, 'BPJS deduction').getByLabel('JKK rate')).toHaveValue('1.74');
  await expect(section(page, 'Address').getByLabel('Same address as ID card')).toBeChecked();
  await expect(section(page, 'Address').getByLabel('Domicile address')).toHaveValue('Jl. Kenanga No. 12');

  const { data: stored } = await apiGet<{ data: Record<string, unknown> }>(
    request,
    page,
    `/v1/employees/${employee._id}`,
  );
  expect(stored).toMatchObject({
    nickname: 'E2E Nick',
    no_of_children: 3,
    end_of_contract: '2031-12-31',
    work_days: 6,
    basic_salary: 7_250_000,
    ktp_number: '3174051234567890',
    jkk_percentage: 1.74,
    same_address: true,
    domicile_address: 'Jl. Kenanga No. 12',
    domicile_postal_code: '12950',
  });
});

test('the palette jumps to a section; Alt+↓, the sidebar and the palette warn about unsaved changes before leaving', async ({
  page,
  request,
}) => {
  // A long walk (eleven questions and three navigations): 30 s is tight on a busy machine.
  test.setTimeout(90_000);
  await signIn(page);
  const employee = await activeEmployee(request, page, 10);
  const next = await activeEmployee(request, page, 11);
  await page.goto(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();

  await runCommand(page, 'go to section address', 'Go to section: Address');
  await expect(section(page, 'Address').getByLabel('ID card address')).toBeFocused();

  // Blocking the account asks first: it signs the user out.
  const account = section(page, 'Account');
  await expect(account.getByLabel('Username')).toHaveValue(/.+/);
  await account.getByLabel('Blocked (cannot sign in)').check();
  await account.getByLabel('Blocked (cannot sign in)').press('Control+S');
  const signOut = page.getByRole('alertdialog', { name: 'Sign the user out?' });
  await expect(signOut).toBeVisible();
  await signOut.getByRole('button', { name: 'Cancel' }).click();
  await expect(signOut).toBeHidden();
  await account.getByRole('button', { name: 'Discard changes' }).click();
  await expect(account.getByLabel('Blocked (cannot sign in)')).not.toBeChecked();

  // An unsaved change: Alt+↓ asks first, and staying keeps the change.
  await section(page, 'Address').getByLabel('ID card address').fill('Unsaved street');
  await page.keyboard.press('Alt+ArrowDown');
  const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Address');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(section(page, 'Address').getByLabel('ID card address')).toHaveValue('Unsaved street');
  // The browser's Back asks too (issue 25), and staying keeps the change.
  await page.goBack();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(section(page, 'Address').getByLabel('ID card address')).toHaveValue('Unsaved street');

  // A section link stays on the page: no question.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Personal' }).click();
  await expect(warning).toBeHidden();
  // Leaving by the sidebar or the palette asks too.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await runCommand(page, 'resigned employees', 'Resigned Employees');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(section(page, 'Address').getByLabel('ID card address')).toHaveValue('Unsaved street');

  await page.keyboard.press('Alt+ArrowDown');
  await page
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .getByRole('button', {
      name: 'Leave without saving',
    })
    .click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userIdOf(next)}`);
  await expect(page.getByRole('heading', { level: 1, name: next.fullname })).toBeVisible();

  // Nothing unsaved: Alt+↑ goes straight back.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
});

test('exiting an employee (resign, today) moves them to the resigned list; rehire brings them back', async ({
  page,
  request,
}) => {
  await signIn(page);
  const employee = await activeEmployee(request, page, 20);
  const userId = userIdOf(employee);
  await page.goto(`/dashboard/edit/active-employees/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();

  await runCommand(page, 'exit employee', 'Exit employee');
  const dialog = page.getByRole('dialog', { name: `Exit ${employee.fullname}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Exit reason').selectOption('resign');
  await expect(dialog.getByLabel('Exit date')).toHaveValue(asSpec9(jakartaToday()));
  await dialog.getByRole('button', { name: 'Next' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Exit this employee?' });
  await expect(confirm).toContainText(employee.fullname);
  await confirm.getByRole('button', { name: 'Exit employee' }).click();

  await expect(page).toHaveURL(`/dashboard/edit/resigned-employees/${userId}`);
  await expect(page.getByText(/Resignation on/)).toBeVisible();
  await expect(section(page, 'Employment').getByLabel('Exit reason')).toHaveText('Resignation');

  const resigned = await apiGet<{ data: EmployeeRow[] }>(request, page, `/v1/employees/exit-employee?user=${userId}`);
  expect(resigned.data.map((row) => row._id)).toEqual([employee._id]);
  expect(resigned.data[0]?.exit_date).toBe(jakartaToday());
  const active = await apiGet<{ data: EmployeeRow[] }>(request, page, `/v1/employees?user=${userId}`);
  expect(active.data).toEqual([]);

  // Rehire, with a confirmation: back on the active list.
  await page.getByRole('button', { name: 'Rehire' }).click();
  await page
    .getByRole('alertdialog', { name: 'Rehire this employee?' })
    .getByRole('button', { name: 'Rehire' })
    .click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${userId}`);
  const back = await apiGet<{ data: EmployeeRow[] }>(request, page, `/v1/employees?user=${userId}`);
  expect(back.data.map((row) => row._id)).toEqual([employee._id]);
});

test('a save over someone else’s change explains the conflict and reloads the section', async ({ page, request }) => {
  await signIn(page);
  const employee = await activeEmployee(request, page, 30);
  await page.goto(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  const personal = section(page, 'Personal');
  await expect(personal.getByLabel('Nickname')).toBeVisible();

  // Someone else saves the nickname meanwhile.
  const reply = await request.put(`/v1/employees/${employee._id}`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
    data: { version: employee.version, nickname: 'Changed elsewhere' },
  });
  expect(reply.ok()).toBe(true);

  await personal.getByLabel('Nickname').fill('Mine');
  await personal.getByLabel('Nickname').press('Control+S');
  const banner = personal.getByRole('alert');
  await expect(banner).toContainText('Someone else changed this employee meanwhile (Nickname)');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(personal.getByLabel('Nickname')).toHaveValue('Changed elsewhere');
  await expect(personal.getByRole('alert')).toHaveCount(0);

  // Saving again now works on the fresh version.
  await personal.getByLabel('Nickname').fill('Mine');
  await saveWithKeys(page, personal.getByLabel('Nickname'), employee._id);
  await expect(page.getByText('Personal saved')).toBeVisible();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the account takes an image as photo, refuses other files, and saves the contact fields', async ({
  page,
  request,
}) => {
  await signIn(page);
  const employee = await activeEmployee(request, page, 40);
  await page.goto(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  const account = section(page, 'Account');
  await expect(account.getByLabel('Username')).toHaveValue(/.+/);

  await account
    .getByLabel('Photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(account.getByText('Choose an image file (PNG, JPG, GIF or WebP)')).toBeVisible();
  await account.getByLabel('Photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(account.getByRole('img', { name: `Photo of ${employee.fullname}` })).toBeVisible();

  await account.getByLabel('Account phone').fill('081234567890');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/${employee._id}/account`),
  );
  await account.getByLabel('Account phone').press('Control+S');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Account saved')).toBeVisible();

  const { data } = await apiGet<{ data: { phone: string; photo_url: string | null } }>(
    request,
    page,
    `/v1/employees/${employee._id}/account`,
  );
  expect(data.phone).toBe('081234567890');
  expect(data.photo_url).toMatch(/^\/v1\/files\/[a-f0-9]{32}\.png$/);
  // The employee record keeps the account's phone too, and the Personal section shows it.
  await expect(section(page, 'Personal').getByLabel('Phone')).toHaveValue('081234567890');
});

test('an HR Viewer (custom level) sees the record read-only and no payroll sections', async ({ page, request }) => {
  await signIn(page, HR_VIEWER);
  const employee = await activeEmployee(request, page, 3);
  await page.goto(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();
  await expect(section(page, 'Personal')).toBeVisible();
  await expect(section(page, 'Legality')).toBeVisible();
  await expect(section(page, 'Salary')).toHaveCount(0);
  await expect(section(page, 'BPJS deduction')).toHaveCount(0);
  await expect(section(page, 'Allowances')).toHaveCount(0);
  await expect(section(page, 'Legality').getByLabel('NPWP number')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Salary' })).toHaveCount(0);
  await expect(section(page, 'Personal').getByLabel('Nickname')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exit employee' })).toHaveCount(0);
});
