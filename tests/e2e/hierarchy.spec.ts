import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * The employee hierarchy against the real server and its demo data (departments' heads at the top, deputies and
 * supervisors below them, staff under their supervisors): reached from the palette, moved through with the keyboard
 * of the WAI-ARIA tree view pattern, searched, and Enter opens the employee's detail (by their user id).
 */

interface Employee {
  _id: string;
  user: string;
  fullname: string;
  employee_id: string;
  supervisor: string | null;
  exit_date: string | null;
}

/** The demo company's active employees from the API, as the page's own token sees them. */
async function activeEmployees(page: Page, request: APIRequestContext): Promise<Employee[]> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.get('/v1/employees?limit=10000&sort=fullname', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  const { data } = (await reply.json()) as { data: Employee[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  return data.filter((employee) => !employee.exit_date || employee.exit_date > today);
}

/** The tree's order: by name as Indonesian sorts it, then employee id. */
const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });
const byName = (a: Employee, b: Employee) =>
  collator.compare(a.fullname, b.fullname) || collator.compare(a.employee_id, b.employee_id);

function organisation(employees: Employee[]) {
  const active = new Map(employees.map((employee) => [employee._id, employee]));
  const reportsOf = (id: string) => employees.filter((employee) => employee.supervisor === id).sort(byName);
  const roots = employees
    .filter((employee) => employee.supervisor === null || !active.has(employee.supervisor))
    .sort(byName);
  return { active, roots, reportsOf };
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Employee Hierarchy' });
const focusedItem = (page: Page) => tree(page).locator('[role="treeitem"]:focus');

async function openHierarchy(page: Page) {
  await runCommand(page, 'Hierarchy', 'Employee Hierarchy');
  await expect(page).toHaveURL('/dashboard/hierarchy');
  await expect(tree(page)).toBeVisible();
}

test('the demo data has supervisor links: heads at the top, with reports below', async ({ page, request }) => {
  await signIn(page);
  const employees = await activeEmployees(page, request);
  const { roots, reportsOf } = organisation(employees);
  expect(employees.filter((employee) => employee.supervisor !== null).length).toBeGreaterThan(employees.length / 2);
  expect(roots.length).toBeGreaterThan(0);
  expect(roots.length).toBeLessThan(employees.length / 4);
  expect(roots.some((root) => reportsOf(root._id).some((report) => reportsOf(report._id).length > 0))).toBe(true);
});

test('palette → hierarchy; Down, Right, Left move through the tree and Enter opens the detail', async ({
  page,
  request,
}) => {
  await signIn(page);
  const employees = await activeEmployees(page, request);
  const { roots, reportsOf } = organisation(employees);
  await openHierarchy(page);

  // The top level: every root, in name order, each open on its direct reports; the first one has the focus.
  const level1 = tree(page).getByRole('treeitem', { level: 1 });
  await expect(level1).toHaveCount(roots.length);
  const first = level1.first();
  await expect(first).toHaveAccessibleName(roots[0]!.fullname);
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAccessibleDescription(new RegExp(`${reportsOf(roots[0]!._id).length} direct reports?`));
  await expect(first).toBeFocused();

  // The rows on screen: each root, then its reports. The first report who has reports of their own is the target.
  const rows = roots.flatMap((root) => [root, ...reportsOf(root._id)]);
  const target = rows.findIndex((row) => !roots.includes(row) && reportsOf(row._id).length > 0);
  expect(target).toBeGreaterThan(0);
  const manager = rows[target]!;
  for (let step = 0; step < target; step++) await page.keyboard.press('ArrowDown');
  const managerItem = tree(page).getByRole('treeitem', { name: manager.fullname, exact: true }).first();
  await expect(managerItem).toBeFocused();
  await expect(managerItem).toHaveAttribute('aria-level', '2');
  await expect(managerItem).toHaveAttribute('aria-expanded', 'false');

  // Right opens the node, Right again goes to its first report, Left back to the parent, Left closes it.
  await page.keyboard.press('ArrowRight');
  await expect(managerItem).toHaveAttribute('aria-expanded', 'true');
  const firstReport = reportsOf(manager._id)[0]!;
  await page.keyboard.press('ArrowRight');
  await expect(focusedItem(page)).toHaveAccessibleName(firstReport.fullname);
  await expect(focusedItem(page)).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(managerItem).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(managerItem).toHaveAttribute('aria-expanded', 'false');
  await expect(tree(page).getByRole('treeitem', { level: 3 })).toHaveCount(0);

  // Home and End, then back down to the manager.
  await page.keyboard.press('End');
  await expect(focusedItem(page)).toHaveAccessibleName(rows.at(-1)!.fullname);
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  for (let step = 0; step < target; step++) await page.keyboard.press('ArrowDown');
  await expect(managerItem).toBeFocused();

  // Enter opens the detail: the route's id is the user id, not the employee record's.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${manager.user}`);
  expect(manager.user).not.toBe(manager._id);
});

test('the search keeps the matches and their chain of supervisors; palette collapse all; a click opens the detail', async ({
  page,
  request,
}) => {
  await signIn(page);
  const employees = await activeEmployees(page, request);
  const { active, roots, reportsOf } = organisation(employees);
  await openHierarchy(page);

  // Somebody two levels down, with a name nobody else has.
  const deep = employees
    .filter((employee) => {
      const boss = employee.supervisor ? active.get(employee.supervisor) : undefined;
      return boss?.supervisor && active.has(boss.supervisor);
    })
    .find(
      (employee) =>
        employees.filter((other) => other.fullname.toLowerCase().includes(employee.fullname.toLowerCase())).length ===
        1,
    )!;
  expect(deep).toBeDefined();
  const chain: Employee[] = [];
  for (let at: Employee | undefined = deep; at; at = at.supervisor ? active.get(at.supervisor) : undefined) {
    chain.unshift(at);
  }

  await runCommand(page, 'search in the hierarchy', 'Search in the hierarchy');
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  await expect(search).toBeFocused();
  await page.keyboard.type(deep.fullname);
  const items = tree(page).getByRole('treeitem');
  await expect(items).toHaveCount(chain.length);
  for (const [index, link] of chain.entries()) {
    await expect(items.nth(index)).toHaveAccessibleName(link.fullname);
    await expect(items.nth(index)).toHaveAttribute('aria-level', String(index + 1));
  }
  await expect(page.getByText('1 name matches')).toBeVisible();
  // Down from the search box lands on the match.
  await page.keyboard.press('ArrowDown');
  await expect(items.last()).toBeFocused();

  await search.fill('');
  await expect(tree(page).getByRole('treeitem', { level: 1 })).toHaveCount(roots.length);
  await runCommand(page, 'collapse all in the hierarchy', 'Collapse all in the hierarchy');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(roots.length);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree(page).getByRole('treeitem')).toHaveCount(employees.length);

  const root = roots[0]!;
  expect(reportsOf(root._id).length).toBeGreaterThan(0);
  await tree(page).getByRole('treeitem', { name: root.fullname, exact: true }).first().click();
  await expect(page).toHaveURL(`/dashboard/edit/active-employees/${root.user}`);
});

test('a failed request shows a translated message, and Try again loads the tree', async ({ page, consoleErrors }) => {
  // The 500 is the test's own (page.route): Chromium logs it.
  consoleErrors.allow(/status of 500 \(Internal Server Error\) \(http:\/\/[^)]*\/v1\/employees\?/);
  await signIn(page);
  const fail = (route: import('@playwright/test').Route) =>
    route.fulfill({ status: 500, json: { code: 'internal', message: 'Something broke' } });
  await page.route('**/v1/employees?*', fail);
  await page.goto('/dashboard/hierarchy');
  const alert = page.getByRole('alert').filter({ hasText: 'The employee hierarchy could not be loaded.' });
  await expect(alert).toBeVisible();
  await expect(tree(page)).toBeHidden();

  await page.unroute('**/v1/employees?*', fail);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(tree(page)).toBeVisible();
  await expect(alert).toBeHidden();
});
