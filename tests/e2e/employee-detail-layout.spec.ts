import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * The employee detail as a new user meets it (issue 11, sections 4 and 5), at 1440 px: a jump to a section shows its
 * title below the sticky top bar and marks it in the section nav; selects show their choice whole; dates read as
 * spec 9 writes them and take typed dd/mm/yyyy; relationships, dates and ages read in the user's language; Ctrl+S
 * leaves the focus where it was.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Each test saves and reloads on a shared, busy machine: more time than the default, never a sleep.
test.describe.configure({ timeout: 90_000 });

interface EmployeeRow {
  _id: string;
  fullname: string;
  birth_date: string | null;
  user: { _id: string } | string;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

async function employeeAt(request: APIRequestContext, page: Page, skip: number): Promise<EmployeeRow> {
  const reply = await request.get(`/v1/employees?limit=1&skip=${skip}&sort=fullname&populate=user`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
  });
  expect(reply.ok()).toBe(true);
  const { data } = (await reply.json()) as { data: EmployeeRow[] };
  if (!data[0]) throw new Error('the demo company has too few employees');
  return data[0];
}

/** An active employee with family members (the demo's married ones have a spouse on record). */
async function employeeWithFamily(request: APIRequestContext, page: Page): Promise<EmployeeRow> {
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const family = await request.get('/v1/employees/family?limit=50&sort=name', { headers });
  const relatives = ((await family.json()) as { data: { employee: string | { _id: string } }[] }).data;
  const withFamily = new Set(
    relatives.map((row) => (typeof row.employee === 'string' ? row.employee : row.employee._id)),
  );
  const list = await request.get('/v1/employees?limit=1000&sort=fullname&populate=user', { headers });
  const { data } = (await list.json()) as { data: EmployeeRow[] };
  const found = data.find((row) => withFamily.has(row._id));
  if (!found) throw new Error('no active demo employee with family members');
  return found;
}

const userIdOf = (employee: EmployeeRow) => (typeof employee.user === 'string' ? employee.user : employee.user._id);
const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

async function openDetail(page: Page, employee: EmployeeRow) {
  await page.goto(`/dashboard/edit/active-employees/${userIdOf(employee)}`);
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible({ timeout: 30_000 });
}

/** The top bar's bottom edge: what a sticky header hides lies above it. */
const topBarBottom = (page: Page) =>
  page.evaluate(() => document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0);

async function expectTitleInView(page: Page, name: string) {
  const heading = section(page, name).getByRole('heading', { level: 2, name, exact: true });
  await expect(heading).toBeInViewport();
  const box = await heading.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, name).not.toBeNull();
  expect(box!.y, `${name}: title under the top bar`).toBeGreaterThanOrEqual(await topBarBottom(page));
  expect(box!.y + box!.height, `${name}: title below the fold`).toBeLessThanOrEqual(viewport.height);
}

test('a jump to a section shows its title below the top bar and its first fields, and the nav marks it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const employee = await employeeAt(request, page, 12);
  await openDetail(page, employee);
  const nav = page.getByRole('navigation', { name: 'Sections' });

  for (const [name, field] of [
    ['Salary', 'Basic salary'],
    ['Legality', 'KTP number'],
  ] as const) {
    await runCommand(page, `go to section ${name}`, `Go to section: ${name}`);
    await expectTitleInView(page, name);
    await expect(section(page, name).getByLabel(field)).toBeInViewport();
    await expect(section(page, name).getByLabel(field)).toBeFocused();
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'location');
  }

  // The nav's links do the same from the keyboard.
  const link = nav.getByRole('link', { name: 'Employment', exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expectTitleInView(page, 'Employment');
  await expect(link).toHaveAttribute('aria-current', 'location');
  // The nav stays beside the sections, below the top bar, wherever the page is scrolled.
  const navBox = await nav.boundingBox();
  expect(navBox!.y).toBeGreaterThanOrEqual(await topBarBottom(page));
});

test('selects show their whole choice; dates read as "29 Sep 1995" and take typed dd/mm/yyyy', async ({
  page,
  request,
}) => {
  await signIn(page);
  const employee = await employeeAt(request, page, 13);
  await openDetail(page, employee);

  // Every select of the detail is wide enough for its longest option.
  const cut = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLSelectElement>('.employee-form select')].flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - 24;
      return [...select.options]
        .filter((option) => context.measureText(option.text).width > room)
        .map((option) => `${select.id}: ${option.text}`);
    });
  });
  expect(cut).toEqual([]);

  const personal = section(page, 'Personal');
  const birth = personal.getByLabel('Birth date');
  if (employee.birth_date) await expect(birth).toHaveValue(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.locator('[data-field="birth_date"]').getByRole('button', { name: 'Open calendar' })).toBeVisible();

  // Typed day-first, shown as spec 9 writes it once the field is left, and saved as the day it is.
  await birth.fill('05/03/1991');
  await birth.press('Tab');
  await expect(birth).toHaveValue('05 Mar 1991');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes(`/${employee._id}`),
  );
  await birth.press('Control+S');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Personal saved')).toBeVisible();
  const reply = await request.get(`/v1/employees/${employee._id}`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
  });
  expect(((await reply.json()) as { data: EmployeeRow }).data.birth_date).toBe('1991-03-05');

  // Text that is no day is refused, and stays for correction.
  await birth.fill('31/02/1991');
  await birth.press('Control+S');
  await expect(personal.getByText('Enter a date such as 31/12/2024 or 2024-12-31')).toBeVisible();
  await expect(birth).toHaveValue('31/02/1991');
});

test('after Ctrl+S the field that had the focus keeps it', async ({ page, request }) => {
  await signIn(page);
  const employee = await employeeAt(request, page, 14);
  await openDetail(page, employee);

  const nickname = section(page, 'Personal').getByLabel('Nickname');
  await nickname.fill('Kept focus');
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes(`/${employee._id}`),
  );
  await nickname.press('Control+S');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Personal saved')).toBeVisible();
  await expect(nickname).toBeFocused();
  // Typing goes on in the same field.
  await page.keyboard.type('!');
  await expect(nickname).toHaveValue('Kept focus!');

  const basic = section(page, 'Salary').getByLabel('Basic salary');
  await basic.fill('7.100.000');
  await basic.press('Control+S');
  await expect(page.getByText('Salary saved')).toBeVisible();
  await expect(basic).toBeFocused();

  // The account section saves on its own, and keeps the focus too.
  const account = section(page, 'Account');
  await expect(account.getByLabel('Username')).toHaveValue(/.+/);
  const phone = account.getByLabel('Account phone');
  await phone.fill('081298765432');
  await phone.press('Control+S');
  await expect(page.getByText('Account saved')).toBeVisible();
  await expect(phone).toBeFocused();
});

test('relationships, dates and ages read in the user’s language', async ({ page, request }) => {
  await signIn(page);
  const employee = await employeeWithFamily(request, page);
  await openDetail(page, employee);
  const family = section(page, 'Family members');
  await expect(family.getByRole('gridcell', { name: /^(Spouse|Child)$/ }).first()).toBeVisible();

  await page.getByLabel('Language').selectOption('zh');
  await expect(page.getByRole('heading', { level: 1, name: employee.fullname })).toBeVisible();
  const personal = section(page, '个人信息');
  await expect(personal).toBeVisible();
  await expect(
    section(page, '家庭成员')
      .getByRole('gridcell', { name: /^(配偶|子女)$/ })
      .first(),
  ).toBeVisible();
  if (employee.birth_date) {
    const [year, month, day] = employee.birth_date.split('-').map(Number) as [number, number, number];
    await expect(personal.getByRole('textbox', { name: '出生日期' })).toHaveValue(`${year}年${month}月${day}日`);
    await expect(personal.getByText(/^\d+ 岁$/)).toBeVisible();
  }

  await page.getByLabel('语言').selectOption('id');
  await expect(
    section(page, 'Anggota keluarga')
      .getByRole('gridcell', { name: /^(Suami\/istri|Anak)$/ })
      .first(),
  ).toBeVisible();
});
