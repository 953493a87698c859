import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * Sales (issue 29) end to end on the demo company (its `sales_menu` is on): the admin edits a store in the grid by
 * keyboard and imports two stores from an xlsx with a preview; the demo employee (a sales person assigned to the
 * demo's first stores) records a visit by keyboard on a phone-sized page with the browser's position at the store,
 * and the admin finds it on the visit report's grid and route (the map's tiles are not reachable here: the grid and
 * the list still work). One check in Indonesian.
 */
const EMPLOYEE = { username: 'employee', password: 'demo12345' };
/** Toko Sumber Rejeki (JKP-001), Cikini: about 30 m from the store. */
const AT_STORE = { latitude: -6.19238, longitude: 106.83934 };

async function apiList(page: Page, request: APIRequestContext, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const reply = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { data: Record<string, unknown>[] };
}

test('the admin edits a store by keyboard and imports two stores from an xlsx with a preview', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const k = `S${Date.now().toString(36).slice(-4).toUpperCase()}`;
  await signIn(page);
  await runCommand(page, 'store loc', 'Store Locations');
  await expect(page).toHaveURL(/\/dashboard\/store-location/);
  await expect(page.getByRole('img', { name: 'Map of the stores' })).toBeVisible();
  await expect(cell(page, 0, 'code')).toBeVisible();

  // Keyboard: search, into the grid, to the name, type over it, Enter saves.
  await page.getByRole('searchbox', { name: 'Search this list' }).fill('JKP-002');
  await expect(cell(page, 0, 'code')).toHaveText('JKP-002');
  await page.getByRole('searchbox', { name: 'Search this list' }).press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(`Minimarket Berkah Jaya ${k}`);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await apiList(page, request, '/v1/store-location?search=JKP-002')).data[0]?.name)
    .toBe(`Minimarket Berkah Jaya ${k}`);
  // The focused store's assigned employees show below the grid.
  await expect(page.getByRole('heading', { name: /Employees assigned to JKP-002/ })).toBeVisible();

  // Import two stores: preview first, nothing sent until confirmed.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Code', 'Name', 'Address', 'Latitude', 'Longitude', 'Radius (m)'],
    [`${k}-1`, 'Toko Impor Satu', 'Jl. Sabang No. 1, Jakarta Pusat', -6.1857, 106.8261, 90],
    [`${k}-2`, 'Toko Impor Dua', 'Jl. Wahid Hasyim No. 2, Jakarta Pusat', -6.1871, 106.8232, 120],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Toko');
  const file = testInfo.outputPath('stores.xlsx');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: /Import/ });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText('New: 2')).toBeVisible();
  expect((await apiList(page, request, `/v1/store-location?search=${k}-`)).data).toHaveLength(0);
  await dialog.getByRole('button', { name: /^Import 2 rows$/ }).click();
  await expect(dialog.getByText(/Imported: 2 new/)).toBeVisible();
  const imported = await apiList(page, request, `/v1/store-location?search=${k}-&sort=code`);
  expect(imported.data.map((row) => [row.code, row.radius, row.latitude])).toEqual([
    [`${k}-1`, 90, -6.1857],
    [`${k}-2`, 120, -6.1871],
  ]);
  await page.screenshot({ path: testInfo.outputPath('store-location-en.png'), fullPage: true });
});

test('a sales employee records a visit by keyboard on a phone and it shows on the visit report', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const note = `Shelf restocked ${Date.now().toString(36)}`;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    geolocation: AT_STORE,
    permissions: ['geolocation'],
  });
  const phone = await context.newPage();
  await signIn(phone, EMPLOYEE);
  const token = await phone.evaluate(() => localStorage.getItem('token') ?? '');
  const me = await phone.request.get('/v1/employees/me', { headers: { Authorization: `Bearer ${token}` } });
  const fullname = ((await me.json()) as { data: { fullname: string } }).data.fullname;
  await runCommand(phone, 'Live Attendance', /Live Attendance/);
  const record = phone.getByRole('button', { name: 'Record a visit' });
  await expect(record).toBeVisible();
  await record.focus();
  await phone.keyboard.press('Enter');
  // Nearest first: the store they stand at, within its radius.
  const store = phone.getByRole('combobox', { name: 'Store', exact: true });
  await expect(store).toBeFocused();
  await expect(store.locator('option:checked')).toContainText('JKP-001 · Toko Sumber Rejeki');
  await expect(phone.getByText(/on site \(\d+ m from the store\)/)).toBeVisible();
  await phone.keyboard.press('Tab');
  await phone.keyboard.type('1.500.000');
  await phone.keyboard.press('Tab');
  await phone.keyboard.type(note);
  await phone.getByRole('button', { name: 'Save visit' }).focus();
  await phone.keyboard.press('Enter');
  await expect(
    phone.getByRole('status').filter({ hasText: /Visit to Toko Sumber Rejeki recorded at \d\d:\d\d/ }),
  ).toBeVisible();
  const today = phone.getByRole('table').filter({ has: phone.getByText("Today's visits") });
  await expect(today).toContainText('Toko Sumber Rejeki');
  await expect(today).toContainText('1.500.000');
  const mine = await phone.request.get('/v1/sales/my-visits', { headers: { Authorization: `Bearer ${token}` } });
  const stored = ((await mine.json()) as { data: Record<string, unknown>[] }).data.find((v) => v.note === note);
  expect(stored).toMatchObject({ order_value: 1_500_000, within_radius: true });
  await phone.screenshot({ path: testInfo.outputPath('record-visit-phone.png'), fullPage: true });
  await context.close();

  // The admin's visit report: the visit on the grid (filtered to the employee and the store), their day on the route.
  await signIn(page);
  await runCommand(page, 'visit report', 'Visit Report');
  await expect(page).toHaveURL(/\/dashboard\/visit-report/);
  await expect(grid(page)).toBeVisible();
  await page.getByRole('combobox', { name: 'Employee', exact: true }).selectOption({ label: fullname });
  await page
    .getByRole('combobox', { name: 'Store', exact: true })
    .selectOption({ label: 'JKP-001 · Toko Sumber Rejeki' });
  const jakartaToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  // Today's visit is the last row (the grid's later columns, the note among them, are drawn as they scroll in).
  await expect(grid(page)).toContainText(`${fullname}${jakartaToday}`);
  await expect(page.getByRole('img', { name: 'Map of the route' })).toBeVisible();
  const day = page.getByRole('region', { name: 'Route of the day' }).getByRole('combobox');
  const label = await day
    .locator('option', { hasText: `${fullname} · ${jakartaToday}` })
    .first()
    .textContent();
  await day.selectOption({ label: label ?? '' });
  await expect(page.getByRole('list', { name: 'Visits in time order' })).toContainText('Toko Sumber Rejeki');
  await page.screenshot({ path: testInfo.outputPath('visit-report-en.png'), fullPage: true });

  // In Indonesian.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await expect(page.getByRole('heading', { name: 'Laporan Kunjungan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ekspor xlsx' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Peta rute' })).toBeVisible();
});
