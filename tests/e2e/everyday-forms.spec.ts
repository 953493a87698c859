import type { Browser, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell } from './support.ts';

/**
 * Issue 25, sections 1 and 2, walked by keyboard in English and Indonesian: an early clock-out asks first (home and
 * live attendance), the sign-in page starts in its first field, the leave form finishes from the keyboard (Ctrl+Enter
 * after the button's checks, a day that does not exist refused at once, End Date taking the Start Date, Enter in a
 * select sending), overtime hours following From and To ('1700' is 17:00), Back with a filled form asking first,
 * and a delete confirmation answered with Enter. Back asks in a dialog form (a leave balance adjustment) and in a
 * settings form (company info) too, and the adjustment's amount is refused in words beside its field.
 */
test.describe.configure({ timeout: 120_000 });

const JAKARTA_HQ = { latitude: -6.22531, longitude: 106.80834 };
const EMPLOYEE = { username: 'employee', password: 'demo12345' };
const ADMIN = { username: 'admin', password: 'demo12345' };

const words = {
  en: {
    username: 'Username or email',
    password: 'Password',
    newRequest: 'New request',
    leaveType: 'Leave Type',
    startDate: 'Start Date',
    endDate: 'End Date',
    noSuchDay: '31 February does not exist',
    leaveTypeRequired: 'Leave Type is required',
    endShown: '02 Dec 2026',
    date: 'Date',
    from: 'From',
    to: 'To',
    hours: 'Hours',
    reason: 'Reason',
    unsent: 'Leave without sending?',
    earlyTitle: 'Clock out before your shift ends?',
    early: 'Your shift ends at 17:00: clocking out now is 7 h 22 min early.',
    clockOut: 'Clock out',
    clockCard: 'My attendance today',
    deleteQuestion: /^Are you sure want to delete /,
    leaveTypeFilter: 'Leave type',
    adjust: /^Adjust Annual Leave/,
    adjustAmount: /^Days to add/,
    amountInvalid: 'Enter a number other than 0, between -9999 and 9999.',
  },
  id: {
    username: 'Nama pengguna atau email',
    password: 'Kata sandi',
    newRequest: 'Pengajuan baru',
    leaveType: 'Jenis Cuti',
    startDate: 'Tanggal Mulai',
    endDate: 'Tanggal Selesai',
    noSuchDay: 'Tanggal 31 Februari tidak ada',
    leaveTypeRequired: 'Jenis Cuti wajib diisi',
    endShown: '03 Des 2026',
    date: 'Tanggal',
    from: 'Dari',
    to: 'Sampai',
    hours: 'Jam',
    reason: 'Alasan',
    unsent: 'Keluar tanpa mengirim?',
    earlyTitle: 'Absen pulang sebelum shift selesai?',
    early: 'Shift Anda berakhir pukul 17:00: absen pulang sekarang berarti 7 jam 22 menit lebih awal.',
    clockOut: 'Absen pulang',
    clockCard: 'Kehadiran saya hari ini',
    deleteQuestion: /^Apakah Anda yakin ingin menghapus /,
    leaveTypeFilter: 'Jenis cuti',
    adjust: /^Sesuaikan Annual Leave/,
    adjustAmount: /^Hari yang ditambahkan/,
    amountInvalid: 'Masukkan angka selain 0, antara -9999 dan 9999.',
  },
} as const;
type Code = keyof typeof words;

/** Opens `/` in the language, checks the focus starts in the username field, and signs in by keyboard alone. */
async function signInByKeyboard(page: Page, code: Code, login: { username: string; password: string }) {
  const w = words[code];
  await page.goto('/');
  // Once the page has started (it stores the language it shows), the language for the next load.
  await expect(page.getByRole('button', { name: /^(Sign in|Masuk)$/ })).toBeVisible();
  await page.evaluate((language) => localStorage.setItem('language', language), code);
  await page.reload();
  await expect(page.getByLabel(w.username)).toBeFocused();
  await page.keyboard.type(login.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(w.password)).toBeFocused();
  await page.keyboard.type(login.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/home');
}

/** The requests to create an approval, as they are sent. */
function approvalPosts(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/approvals') sent.push(request);
  });
  return sent;
}

async function withPosition(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ geolocation: JAKARTA_HQ, permissions: ['geolocation'] });
  return context.newPage();
}

/** Today in Jakarta (YYYY-MM-DD) and the instant of 09:38 there. */
function jakartaMorning() {
  const date = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return { date, at: new Date(`${date}T09:38:00+07:00`) };
}

/**
 * Today's attendance as the server says it, with an 08:00–17:00 shift, clocked in at 08:00 and not yet out (or out
 * once a clock-out was sent): the confirmation depends on the clock, not on the demo's roster of the day. The clock
 * calls are answered here and counted.
 */
async function stubToday(page: Page, date: string) {
  const clockCalls: string[] = [];
  await page.route('**/v1/attendance/today', async (route) => {
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: Record<string, unknown> };
    const shift = (body.data.shift as Record<string, unknown> | null) ?? {
      id: 'shift',
      code: 'REG',
      name: 'Regular',
      allowed_attendance: true,
      minimum_working_hour: 8,
      source: 'group',
      working_days: 5,
    };
    body.data.date = date;
    body.data.shift = { ...shift, type: 'full_day', start_time: '08:00', finish_time: '17:00' };
    body.data.attendance = {
      clock_in: `${date}T01:00:00.000Z`,
      clock_in_status: 'on_time',
      clock_out: clockCalls.length ? `${date}T02:38:00.000Z` : null,
      clock_out_status: clockCalls.length ? 'early' : null,
      early_minutes: clockCalls.length ? 442 : 0,
      late_minutes: 0,
    };
    await route.fulfill({ response: reply, json: body });
  });
  await page.route('**/v1/attendance/clock', async (route) => {
    clockCalls.push(route.request().postData() ?? '');
    await route.fulfill({ json: { data: {} } });
  });
  return clockCalls;
}

for (const code of ['en', 'id'] as const) {
  const w = words[code];

  test(`[${code}] an early clock-out asks first: Esc keeps working, Enter clocks out (home and live attendance)`, async ({
    browser,
  }) => {
    const page = await withPosition(browser);
    const { date, at } = jakartaMorning();
    const clockCalls = await stubToday(page, date);
    await page.clock.setFixedTime(at);
    await signInByKeyboard(page, code, EMPLOYEE);

    const card = page.getByRole('region', { name: w.clockCard });
    await expect(card.getByRole('button', { name: w.clockOut, exact: true })).toBeVisible();
    await page.locator('body').press('i');
    const ask = page.getByRole('alertdialog', { name: w.earlyTitle });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(w.early);
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    expect(clockCalls).toHaveLength(0);
    await page.locator('body').press('i');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(() => clockCalls.length).toBe(1);
    expect(JSON.parse(clockCalls[0]!)).toMatchObject({ type: 'out' });

    // The services screen asks the same.
    clockCalls.length = 0;
    await page.goto('/dashboard/live-attendance');
    const button = page.getByRole('button', { name: w.clockOut, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(w.early);
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(button).toBeFocused();
    expect(clockCalls).toHaveLength(0);
    await page.keyboard.press('Enter');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(() => clockCalls.length).toBe(1);
  });

  test(`[${code}] the leave form finishes from the keyboard`, async ({ page }) => {
    const sent = approvalPosts(page);
    await signInByKeyboard(page, code, EMPLOYEE);
    await expect(page.locator('[aria-keyshortcuts="l"]')).toBeVisible();
    await page.locator('body').press('l');
    const form = page.getByRole('dialog', { name: w.newRequest });
    await expect(form).toBeVisible();
    const start = form.getByLabel(w.startDate, { exact: true });
    const end = form.getByLabel(w.endDate, { exact: true });

    // A day that does not exist is refused as soon as the field is left, beside it, in words.
    await start.focus();
    await page.keyboard.type('31/02/2027');
    await page.keyboard.press('Tab');
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(start).toHaveAccessibleDescription(w.noSuchDay);

    // Ctrl+Enter with the day typed and the field not left: the button's checks, the day read, nothing sent.
    await start.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(code === 'en' ? '02/12/2026' : '03/12/2026');
    await page.keyboard.press('Control+Enter');
    const leaveType = form.getByLabel(w.leaveType, { exact: true });
    await expect(leaveType).toHaveAccessibleDescription(w.leaveTypeRequired);
    await expect(leaveType).toBeFocused();
    expect(sent).toHaveLength(0);
    // End Date took the Start Date.
    await expect(end).toHaveValue(w.endShown);
    await expect(start).not.toHaveAttribute('aria-invalid');

    // A leave type chosen with the arrow key, and Enter in the select sends.
    await page.keyboard.press('ArrowDown');
    await expect(leaveType).not.toHaveValue('');
    await page.keyboard.press('Enter');
    await expect.poll(() => sent.length).toBe(1);
    const day = code === 'en' ? '2026-12-02' : '2026-12-03';
    expect(sent[0]!.postDataJSON()).toMatchObject({ context: 'leave', content: { start_date: day, end_date: day } });
    await expect(form).toBeHidden();
  });

  test(`[${code}] overtime hours follow From and To, and Back with a filled form asks first`, async ({ page }) => {
    await signInByKeyboard(page, code, EMPLOYEE);
    // Home reached from the requests screen, so Back has somewhere to go.
    await page.goto('/dashboard/requests');
    await page.goto('/dashboard/home');
    await expect(page.locator('[aria-keyshortcuts="o"]')).toBeVisible();
    await page.locator('body').press('o');
    const form = page.getByRole('dialog', { name: w.newRequest });
    await expect(form).toBeVisible();
    await form.getByLabel(w.date, { exact: true }).focus();
    await page.keyboard.type('01/12/2026');
    await page.keyboard.press('Tab'); // the calendar button
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(new RegExp(`^${w.from}\\b`))).toBeFocused();
    await page.keyboard.type('1700');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(new RegExp(`^${w.from}\\b`))).toHaveValue('17:00');
    await page.keyboard.type('2000');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(new RegExp(`^${w.to}\\b`))).toHaveValue('20:00');
    await expect(form.getByLabel(new RegExp(`^${w.hours}\\b`))).toHaveValue('3');

    // Back asks; Enter keeps editing (its default), the form and what was typed stay.
    await page.goBack();
    const ask = page.getByRole('alertdialog', { name: w.unsent });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(form.getByLabel(new RegExp(`^${w.from}\\b`))).toHaveValue('17:00');
    // The form opens over home (a shortcut acts where its card is).
    await expect(page).toHaveURL('/dashboard/home');
    // Back again, and Leave: the form is dropped and Back goes where it was going.
    await page.goBack();
    await expect(ask).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/requests/);
  });

  test(`[${code}] a delete confirmation takes Enter for its default button`, async ({ page }) => {
    await signInByKeyboard(page, code, ADMIN);
    await page.goto('/dashboard/employee-personal?list=majors');
    await expect(cell(page, 0, 'code')).toBeVisible();
    await cell(page, 0, 'name').click();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: code === 'en' ? 'Delete selected (1)' : 'Hapus yang dipilih (1)' }).click();
    const confirm = page.getByRole('alertdialog', { name: w.deleteQuestion });
    await expect(confirm).toBeVisible();
    const removal = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/v1/refs/'), {
      timeout: 15_000,
    });
    await page.keyboard.press('Enter');
    await removal;
    await expect(confirm).toBeHidden();
  });

  test(`[${code}] a dialog form asks on Back and says beside its field what is wrong`, async ({ page }) => {
    await signInByKeyboard(page, code, ADMIN);
    await page.goto('/dashboard/balance');
    await page.getByLabel(w.leaveTypeFilter).selectOption({ label: 'Annual Leave' });
    await expect(cell(page, 0, 'remaining')).toBeVisible();
    await cell(page, 0, 'fullname').click();
    await page.keyboard.press('a');
    const dialog = page.getByRole('dialog', { name: w.adjust });
    const amount = dialog.getByLabel(w.adjustAmount);
    await expect(amount).toBeFocused();
    await page.keyboard.type('abc');
    await page.keyboard.press('Control+Enter');
    // The message is beside the field, and the field names it.
    await expect(dialog.getByText(w.amountInvalid)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(new RegExp(`^${w.amountInvalid.replace(/[.()]/g, '\\$&')}`));
    await expect(amount).toBeFocused();

    // Back asks; Enter keeps editing, the dialog and what was typed stay.
    await page.goBack();
    const ask = page.getByRole('alertdialog', { name: w.unsent });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(amount).toHaveValue('abc');
    await expect(page).toHaveURL(/\/dashboard\/balance/);
    // Back again, and Leave.
    await page.goBack();
    await expect(ask).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/home');
  });

  test(`[${code}] a settings form with unsaved input asks on Back`, async ({ page }) => {
    await signInByKeyboard(page, code, ADMIN);
    await page.goto('/dashboard/company-info');
    const umk = page.getByRole('textbox', { name: /^UMK/ });
    await expect(umk).toHaveValue(/^\d/);
    // Nothing typed: Back goes at once.
    await page.goBack();
    await expect(page).toHaveURL('/dashboard/home');
    await page.goForward();
    await umk.fill('5600000');
    await page.goBack();
    const ask = page.getByRole('alertdialog', { name: w.unsent });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/company-info/);
    await expect(umk).toHaveValue(/^5\.?600\.?000$/);
    await page.goBack();
    await expect(ask).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/home');
  });
}
