import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, runCommand, signIn } from './support.ts';

/**
 * Time and attendance end to end (issue #12), as the HR office does it at the end of a month: a shift and a
 * fixed-schedule group made from the keyboard (two members, Monday to Friday on that shift; adding someone still in
 * another group is refused, naming that group, and resolved there first), last month's clock times imported from a
 * fingerprint machine's xlsx through the preview, a late day in amber on the daily screen, and the month's totals on
 * the attendance report. The employee's own clock-in from services is tracking.spec.ts.
 */

// Several screens, an import and a report on a shared machine: room for it.
test.describe.configure({ timeout: 600_000 });

const apiToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

interface Person {
  _id: string;
  employee_id: string;
  fullname: string;
  join_date: string | null;
}

async function get<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const reply = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

/** Last month in Asia/Jakarta, and its weekdays (YYYY-MM-DD) from Monday to Friday. */
function lastMonth() {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const days: string[] = [];
  for (let day = new Date(first); day.getUTCMonth() === month - 1; day.setUTCDate(day.getUTCDate() + 1)) {
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5) days.push(day.toISOString().slice(0, 10));
  }
  return { year, month, start: first.toISOString().slice(0, 10), weekdays: days };
}

/** Types a shift into the focused schedule field's picker and chooses it. */
async function chooseShift(page: Page, name: string) {
  await page.keyboard.type(name);
  await expect(page.getByRole('option', { name: new RegExp(name) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
}

test('a shift, a fixed-schedule group with two members, a month of clock times, late cells and the totals', async ({
  page,
}, testInfo) => {
  // Names of its own: the test can run again on the same database.
  const k = Date.now().toString(36).slice(-5).toUpperCase();
  const shiftName = `Day ${k}`;
  const groupName = `Office ${k}`;
  const period = lastMonth();
  await signIn(page);
  const token = await apiToken(page);

  // Two office staff employed all last month, first by name (the report lists by name).
  const groups = await get<{ _id: string; name: string }[]>(
    page.request,
    token,
    '/v1/attendance-groups?limit=100&search=Office%20staff',
  );
  const office = groups.find((group) => group.name === 'Office staff')!;
  const officeMembers = await get<{ employees: { _id: string }[] }>(
    page.request,
    token,
    `/v1/attendance-groups/${office._id}/members`,
  );
  const everyone = await get<Person[]>(
    page.request,
    token,
    '/v1/employees?limit=10000&sort=fullname&fields=_id,employee_id,fullname,join_date',
  );
  const inOffice = new Set(officeMembers.employees.map((member) => member._id));
  const [first, second] = everyone.filter(
    (person) => inOffice.has(person._id) && !!person.join_date && person.join_date < period.start,
  );
  expect(first && second).toBeTruthy();
  const a = first!;
  const b = second!;

  // ---- the shift, typed into a new row --------------------------------------------------------------------------
  await runCommand(page, 'shifts', /^Shifts/);
  await expect(page).toHaveURL(/\/dashboard\/shift/);
  await expect(cell(page, 0, 'code')).toBeVisible();
  await runCommand(page, 'new row', 'New row in Shift');
  await expect(grid(page).getByRole('textbox', { name: /Code/ })).toBeFocused();
  await page.keyboard.type(`D${k}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(shiftName);
  await page.keyboard.press('Tab');
  // Type: Full Day is the first choice of the list; choosing with Enter moves down a row, as a committed edit does.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  // The start and finish cells are editable once the row's type is one with times (shiftFieldApplies): a person sees
  // the type in the row before typing; keys sent before it lands find a cell that takes no text.
  await expect(cell(page, 0, 'type')).toHaveText('Full Day');
  await page.keyboard.press('Tab');
  await expect(cell(page, 0, 'start_time')).toBeFocused();
  await page.keyboard.type('08:00');
  await page.keyboard.press('Tab');
  await expect(cell(page, 0, 'finish_time').getByRole('textbox')).toBeFocused();
  await page.keyboard.type('17:00');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const rows = await get<{ name: string; type: string; start_time: string; finish_time: string }[]>(
        page.request,
        token,
        `/v1/shifts?limit=10&search=${encodeURIComponent(shiftName)}`,
      );
      return rows.map((row) => [row.type, row.start_time, row.finish_time]);
    })
    .toEqual([['full_day', '08:00', '17:00']]);

  // ---- the group: a new row, then its schedule and members beside the grid -------------------------------------
  await runCommand(page, 'attendance groups', /^Attendance Groups/);
  await expect(page).toHaveURL(/\/dashboard\/attendance-group/);
  await expect(cell(page, 0, 'name')).toBeVisible();
  await runCommand(page, 'new row', 'New row in Attendance Group');
  await expect(grid(page).getByRole('textbox', { name: /Name/ })).toBeFocused();
  await page.keyboard.type(groupName);
  await page.keyboard.press('Tab');
  // Type: Fixed Schedule is the first choice (Enter chooses it and moves down: back up to the new group).
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect
    .poll(async () =>
      (
        await get<{ type: string }[]>(
          page.request,
          token,
          `/v1/attendance-groups?limit=10&search=${encodeURIComponent(groupName)}`,
        )
      ).map((row) => row.type),
    )
    .toEqual(['fixed_schedule']);

  // Ctrl+Shift+O opens the focused group beside the grid.
  await page.keyboard.press('Control+Shift+O');
  const panel = page.getByRole('complementary', { name: groupName });
  await expect(panel).toBeVisible();
  await runCommand(page, 'weekly schedule', 'Edit weekly schedule of the attendance group');
  await expect(panel.getByRole('button', { name: /^Monday/ })).toBeFocused();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(panel.getByRole('button', { name: new RegExp(`^${day}`) })).toBeFocused();
    await chooseShift(page, shiftName);
    await expect(panel.getByRole('status')).toHaveText(`${day} saved`);
    await page.keyboard.press('Tab');
  }
  await expect(panel.getByRole('button', { name: /^Saturday/ })).toHaveText(/No shift/);

  // Members: the first employee is still in Office staff, which the server refuses naming that group.
  await runCommand(page, 'edit members', 'Edit members of the attendance group');
  const addEmployee = panel.getByRole('button', { name: /^Add an employee/ });
  await expect(addEmployee).toBeFocused();
  await page.keyboard.type(a.employee_id);
  await expect(page.getByRole('option', { name: new RegExp(a.fullname) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(
    `${a.fullname} is already in the attendance group "Office staff": remove them there first.`,
  );

  // So both are taken out of Office staff first: its panel, the members' filter, Delete.
  await page.keyboard.press('Escape');
  const search = page.getByRole('searchbox', { name: 'Search this list' });
  await search.focus();
  await page.keyboard.type('Office staff');
  await expect(grid(page).locator('.ag-row')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Control+Shift+O');
  const officePanel = page.getByRole('complementary', { name: 'Office staff' });
  await expect(officePanel).toBeVisible();
  for (const person of [a, b]) {
    const filter = officePanel.getByRole('searchbox', { name: 'Find a member' });
    await filter.focus();
    await filter.fill('');
    await page.keyboard.type(person.employee_id);
    await expect(officePanel.locator('.group-members-grid [role="gridcell"][col-id="employee_id"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await expect(officePanel.getByRole('status')).toHaveText(`${person.fullname} removed`);
  }
  await page.keyboard.press('Escape');

  // Back to the new group: both added by employee ID.
  await search.focus();
  await search.fill('');
  await page.keyboard.type(groupName);
  await expect(grid(page).locator('.ag-row')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await runCommand(page, 'edit members', 'Edit members of the attendance group');
  await expect(panel.getByRole('button', { name: /^Add an employee/ })).toBeFocused();
  for (const person of [a, b]) {
    await page.keyboard.type(person.employee_id);
    await expect(page.getByRole('option', { name: new RegExp(person.fullname) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText(`${person.fullname} added`);
  }
  await expect(panel.getByRole('heading', { name: '2 members' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('attendance-group-en.png'), fullPage: true });

  // ---- last month's clock times from an xlsx, through the preview ------------------------------------------------
  // On time every weekday, except the first employee on the first two: 08:17 and 08:05 (17 + 5 late minutes).
  const [lateDay, otherLateDay] = period.weekdays;
  const rows = period.weekdays.flatMap((date) =>
    [a, b].map((person) => {
      const late = person === a && (date === lateDay ? '08:17' : date === otherLateDay ? '08:05' : null);
      return [person.employee_id, date, late || '07:55', '17:05'];
    }),
  );
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([['employee_id', 'date', 'clock_in', 'clock_out'], ...rows]),
    'Fingerprint',
  );
  const file = testInfo.outputPath('clock-times.xlsx');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  await runCommand(page, 'daily attendance', /^Daily Attendance/);
  await expect(page).toHaveURL(/\/dashboard\/daily/);
  await runCommand(page, 'import clock', 'Import clock times…');
  const dialog = page.getByRole('dialog', { name: 'Import clock times' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(file);
  const confirm = dialog.getByRole('button', { name: `Import ${rows.length} rows` });
  await expect(confirm).toBeEnabled();
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${rows.length} attendance records imported`)).toBeVisible();

  // ---- the late day on the daily screen: the clock-in in amber --------------------------------------------------
  await runCommand(page, 'pick a date', 'Pick a date');
  await expect(page.getByLabel('Date', { exact: true })).toBeFocused();
  const [y, m, d] = lateDay!.split('-');
  // Typed day-first, as spec 9 reads dates; shown back as '07 Oct 2026'.
  await page.keyboard.type(`${d}/${m}/${y}`);
  await runCommand(page, 'show late', 'Show late');
  await expect(page.getByLabel('Status')).toHaveValue('late');
  const lateCell = page.locator(`[row-id="${a._id}"] [col-id="attendance"]`);
  await expect(lateCell).toContainText('08:17 – 17:05');
  const amber = lateCell.locator('[data-tone="warn"]');
  await expect(amber).toHaveText('08:17');
  await expect(amber).toHaveCSS('color', 'rgb(180, 83, 9)');
  await expect(page.locator(`[row-id="${a._id}"] [col-id="late"]`)).toHaveText('17');
  // The second employee was on time that day: not among the late.
  await expect(page.locator(`[row-id="${b._id}"]`)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('daily-late-en.png'), fullPage: true });

  // ---- the month's totals on the attendance report --------------------------------------------------------------
  await runCommand(page, 'attendance report', /^Attendance Report/);
  await expect(page).toHaveURL(/\/dashboard\/attendance-report/);
  await runCommand(page, 'previous month', 'Previous month');
  await expect(page.getByLabel('Month')).toHaveValue(String(period.month));
  const total = (person: Person, key: string) => page.locator(`[row-id="${person._id}"] [col-id="total_${key}"]`);
  // The month of 265 employees: each found by employee ID (the report's own search box).
  const find = page.getByRole('searchbox', { name: 'Find an employee' });
  await find.fill(a.employee_id);
  await expect(total(a, 'late')).toHaveText('2');
  await expect(total(a, 'late_minutes')).toHaveText('22');
  await expect(total(a, 'present')).toHaveText(String(period.weekdays.length));
  await page.screenshot({ path: testInfo.outputPath('report-en.png'), fullPage: true });
  await find.fill(b.employee_id);
  await expect(total(b, 'late')).toHaveText('0');
  await expect(total(b, 'late_minutes')).toHaveText('0');
  await expect(total(b, 'present')).toHaveText(String(period.weekdays.length));

  // ---- the same screens in Indonesian, for the eye (screenshots in the test's output folder) -----------------------
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('heading', { name: 'Laporan Kehadiran' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('report-id.png'), fullPage: true });
  for (const screen of [
    'daily',
    'shift',
    'attendance-group',
    'roster',
    'shift-overrides',
    'live-tracking',
    'mass-leave',
  ]) {
    await page.goto(`/dashboard/${screen}`);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByText('Memuat…')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`${screen}-id.png`), fullPage: true });
  }
});
