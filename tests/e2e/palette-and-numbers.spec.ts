import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { grid, palette, signIn } from './support.ts';

/**
 * Issue 25, sections 3 and 4, by keyboard in English and Indonesian: the palette finds "payslip" and languages by
 * their names, picking the open screen closes it, '?' lists the review screen's j and k, l on an admin's home opens
 * the leave form on home; home's headcount is the daily screen's rows, the attendance report opens on this month
 * with every day in view at 1440 px, the greeting follows Jakarta's clock, and a developer's home has no error.
 */
test.describe.configure({ timeout: 120_000 });

const login = (username: string) => ({ username, password: 'demo12345' });

const texts = {
  en: {
    payslips: 'My payslips',
    profile: 'My Profile',
    shortcuts: 'Keyboard shortcuts',
    next: 'Next request',
    previous: 'Previous request',
    leaveApproval: 'Leave Approval',
    headcount: /Employed today/,
    daily: 'Daily Attendance',
    report: 'Attendance Report',
    morning: /^Good morning, /,
    paletteTitle: 'Command palette',
    requestLeave: /Request leave/,
  },
  id: {
    payslips: 'Slip gaji saya',
    profile: 'Profil Saya',
    shortcuts: 'Pintasan keyboard',
    next: 'Pengajuan berikutnya',
    previous: 'Pengajuan sebelumnya',
    leaveApproval: 'Persetujuan Cuti',
    headcount: /Bekerja hari ini/,
    daily: 'Kehadiran Harian',
    report: 'Laporan Kehadiran',
    morning: /^Selamat pagi, /,
    paletteTitle: 'Palet perintah',
    requestLeave: /Ajukan cuti/,
  },
} as const;
type Language = keyof typeof texts;

async function inLanguage(page: Page, language: Language) {
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

const dialogOf = (page: Page, language: Language) => page.getByRole('dialog', { name: texts[language].paletteTitle });

/** Ctrl+K, the words, and the option the palette selects first. */
async function typeInPalette(page: Page, language: Language, typed: string) {
  await page.keyboard.press('Control+K');
  await expect(dialogOf(page, language).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(typed);
  return dialogOf(page, language).getByRole('option', { selected: true });
}

for (const language of ['en', 'id'] as const) {
  const words = texts[language];

  test(`[${language}] the palette finds payslips and languages; the open screen closes it`, async ({ page }) => {
    await signIn(page, login('employee'));
    await inLanguage(page, language);
    // 'payslip' (and 'slip gaji') lands on My Profile's payslips, their title focused.
    for (const typed of ['payslip', 'slip gaji']) {
      const first = await typeInPalette(page, language, typed);
      await expect(first).toContainText(words.payslips);
      await page.keyboard.press('Enter');
      await expect(dialogOf(page, language)).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard\/my-profile#payslips$/);
      await expect(page.getByRole('heading', { name: words.payslips, exact: true })).toBeFocused();
    }
    // My Profile is open: picking it closes the palette, and the next key is the screen's ('?').
    const profile = await typeInPalette(page, language, words.profile);
    await expect(profile).toContainText(words.profile);
    await page.keyboard.press('Enter');
    await expect(dialogOf(page, language)).toBeHidden();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: words.shortcuts })).toBeVisible();
    await page.keyboard.press('Escape');
    // A language by any of its names: the one named comes first.
    const names =
      language === 'en'
        ? ([
            ['bahasa', 'Bahasa Indonesia'],
            ['indonesia', 'Bahasa Indonesia'],
            ['chinese', '中文'],
            ['中文', '中文'],
          ] as const)
        : ([
            ['english', 'English'],
            ['inggris', 'English'],
            ['chinese', '中文'],
            ['中文', '中文'],
          ] as const);
    for (const [typed, name] of names) {
      const first = await typeInPalette(page, language, typed);
      await expect(first, typed).toContainText(name);
      await page.keyboard.press('Escape');
      await expect(dialogOf(page, language)).toBeHidden();
    }
  });

  test(`[${language}] l on an admin's home opens the leave form on home; '?' lists j and k of an approval screen`, async ({
    page,
  }) => {
    await signIn(page);
    await inLanguage(page, language);
    // Home has loaded the admin's own cards (the keys are theirs).
    await expect(page.getByRole('button', { name: words.requestLeave })).toBeVisible();
    await page.locator('body').press('l');
    const form = page.getByRole('dialog').filter({ has: page.getByRole('button') });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL('/dashboard/home');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    const approval = await typeInPalette(page, language, words.leaveApproval);
    await expect(approval).toContainText(words.leaveApproval);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/approval-leave/);
    await expect(grid(page).locator('[row-index="1"]').first()).toBeVisible();
    // The first request has the focus (the screen puts it there): '?' from it.
    await expect(grid(page).locator('[row-index="0"] [col-id="approval_number"]')).toBeFocused();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: words.shortcuts });
    await expect(sheet).toBeVisible();
    for (const [label, key] of [
      [words.next, 'J'],
      [words.previous, 'K'],
    ] as const) {
      const row = sheet.locator('.cheat-sheet-row').filter({ has: page.getByText(label, { exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.locator('kbd')).toHaveText([key]);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    // The key runs what the list names: j moves to the next request.
    await page.keyboard.press('j');
    await expect(grid(page).locator('[row-index="1"] [col-id="approval_number"]')).toBeFocused();
    await page.keyboard.press('k');
    await expect(grid(page).locator('[row-index="0"] [col-id="approval_number"]')).toBeFocused();
  });

  test(`[${language}] home's headcount is the daily screen's rows; the report opens on this month, every day in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await inLanguage(page, language);
    const figure = page.getByRole('link', { name: words.headcount });
    await expect(figure).toBeVisible();
    const headcount = Number((await figure.locator('.home-figure-value').textContent())?.replace(/\D/g, ''));
    expect(headcount).toBeGreaterThan(0);
    await figure.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/daily/);
    await expect(page.getByText(new RegExp(`^${headcount} `))).toBeVisible();

    const report = await typeInPalette(page, language, words.report);
    await expect(report).toContainText(words.report);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/attendance-report/);
    // No 'Show' first: this month, every day, with its last day's heading inside a 1440-wide window.
    const jakarta = new Date(Date.now() + 7 * 3_600_000);
    const days = new Date(Date.UTC(jakarta.getUTCFullYear(), jakarta.getUTCMonth() + 1, 0)).getUTCDate();
    const last = grid(page).locator(`.ag-header-cell[col-id$="-${String(days).padStart(2, '0')}"]`);
    await expect(last).toBeVisible();
    // Inside the grid's own viewport: no horizontal scrolling to see the month (31 days fit too: 28 px a day).
    const box = await last.boundingBox();
    const frame = await grid(page).boundingBox();
    expect(box && frame && box.x + box.width).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
    const first = grid(page).locator('.ag-header-cell[col-id$="-01"]').first();
    await expect(first).toBeVisible();
  });

  test(`[${language}] the greeting follows Jakarta's clock; a developer's home has no error`, async ({ browser }) => {
    // 09:34 in Jakarta is 18:34 the evening before in Los Angeles, where this browser is.
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-27T02:34:00Z') });
    await page.clock.resume();
    await signIn(page);
    await inLanguage(page, language);
    await expect(page.locator('.home-greeting')).toHaveText(words.morning);

    const developer = await (await browser.newContext()).newPage();
    await signIn(developer, login('developer'));
    await inLanguage(developer, language);
    const greeting = developer.locator('.home-greeting');
    await expect(greeting).toBeVisible();
    await expect(greeting).not.toHaveText(/·\s*$/);
    await expect(developer.getByRole('alert')).toHaveCount(0);
    await context.close();
    await developer.context().close();
  });
}

test('the palette closes when the open screen is picked (English, from the top bar button)', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('home');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Home');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL('/dashboard/home');
});
