import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, grid, signIn } from './support.ts';

/**
 * Issue 25, section 5 (grid details), walked by keyboard in English and Indonesian: what an unreadable typed value
 * says, Delete on selected rows and on a required cell, a refused delete that names what uses the row and opens it,
 * the row count, the palette's 'import xlsx', and a hidden screen's 403.
 */

const texts = {
  en: {
    time: 'Enter a time from 00:00 to 23:59, such as 08:30',
    number: 'Enter a number, such as 1500 or 2,5',
    cannotClear: 'Required: Code cannot be left empty',
    deleteButton: 'Delete',
    no: 'No',
    inUse: /Cannot delete: used by .+\(.+\)/,
    open: /^Open /,
    rows: /^\d+ rows?$/,
    selectedOne: '1 selected',
    importCommand: 'Import xlsx into Departments…',
    forbidden: 'You do not have access to this',
    palette: 'Command palette',
    run: 'Payroll run',
    search: 'Search by name or employee ID',
  },
  id: {
    time: 'Masukkan waktu dari 00:00 sampai 23:59, misalnya 08:30',
    number: 'Masukkan angka, misalnya 1500 atau 2,5',
    cannotClear: 'Wajib: Kode tidak boleh kosong',
    deleteButton: 'Hapus',
    no: 'Tidak',
    inUse: /Tidak dapat dihapus: digunakan oleh .+\(.+\)/,
    open: /^Buka /,
    rows: /^\d+ baris$/,
    selectedOne: '1 dipilih',
    importCommand: 'Impor xlsx ke Departemen…',
    forbidden: 'Anda tidak memiliki akses ke sini',
    palette: 'Palet perintah',
    run: 'Penggajian',
    search: 'Cari nama atau ID karyawan',
  },
} as const;

async function inLanguage(page: Page, language: 'en' | 'id', login?: { username: string; password: string }) {
  await signIn(page, login);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
}

/** The first row whose cell of `field` can be edited (a shift's times apply to some types only). */
async function editableRow(page: Page, field: string): Promise<number> {
  for (let row = 0; row < 20; row++) {
    const target = cell(page, row, field);
    if ((await target.count()) && !(await target.getAttribute('class'))?.includes('cell-readonly')) return row;
  }
  throw new Error(`no editable ${field} cell`);
}

const rowCount = (page: Page) => page.locator('.grid-count');

for (const language of ['en', 'id'] as const) {
  const say = texts[language];

  test(`${language}: an unreadable time or number says what is expected, in the cell and the message line`, async ({
    page,
  }) => {
    await inLanguage(page, language);
    await page.goto('/dashboard/shift');
    await expect(cell(page, 0, 'code')).toBeVisible();

    // '25:99' in a time cell: Tab leaves it, the cell keeps the text, flagged, with the reason as its tooltip.
    const row = await editableRow(page, 'start_time');
    const start = cell(page, row, 'start_time');
    await start.click();
    await page.keyboard.type('25:99');
    await page.keyboard.press('Tab');
    await expect(start).toHaveText('25:99');
    await expect(start).toHaveClass(/cell-invalid/);
    await expect(start).toHaveAttribute('title', say.time);
    await expect(page.locator('.grid-cell-message')).toContainText(say.time);
    // Back on it (Tab keeps editing, so Shift+Tab edits it again): Esc leaves the editor, Esc again restores the value.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(start).toHaveClass(/cell-invalid/);
    await page.keyboard.press('Escape');
    await expect(start).not.toHaveClass(/cell-invalid/);
    await expect(page.locator('.grid-cell-message')).toHaveCount(0);

    // 'abc' in a number cell: no letter gets in, and the reason is shown at once.
    const hours = cell(page, 0, 'minimum_working_hour');
    await hours.click();
    await page.keyboard.type('abc');
    const editor = hours.locator('input');
    await expect(editor).toHaveValue('');
    await expect(hours.getByRole('alert')).toHaveText(say.number);
    await page.keyboard.press('Escape');
  });

  test(`${language}: Delete asks about selected rows, keeps a required cell, and a refused delete opens what uses the row`, async ({
    page,
  }) => {
    await inLanguage(page, language);
    await page.goto('/dashboard/employee-organization?list=departments');
    const code = cell(page, 0, 'code');
    await expect(code).toBeVisible();
    await expect(rowCount(page)).toHaveText(say.rows);

    // On a required cell with no row selected: the code stays, and a message says why.
    const before = await code.textContent();
    await code.click();
    await page.keyboard.press('Delete');
    await expect(page.getByText(say.cannotClear)).toBeVisible();
    await expect(code).toHaveText(before ?? '');

    // With a row selected (Space), Delete asks to delete the row; Esc keeps it. (The toolbar says the row is selected
    // before Delete is pressed: the message above may still be settling when the keys come at machine speed.)
    await code.click();
    await page.keyboard.press('Space');
    await expect(page.getByText(say.selectedOne, { exact: true })).toBeVisible();
    await page.keyboard.press('Delete');
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    // A delete confirmation opens on its default button (Enter deletes, decision 0101); Esc keeps the row.
    await expect(question.getByRole('button', { name: say.deleteButton })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(code).toHaveText(before ?? '');

    // Deleting it anyway: the department has employees, who are named, and Enter opens the first of them.
    await code.click();
    await page.keyboard.press('Delete');
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: say.deleteButton })).toBeFocused();
    await page.keyboard.press('Enter');
    const refusal = page.locator('.grid-banner-error').filter({ hasText: say.inUse });
    await expect(refusal).toBeVisible();
    const open = refusal.getByRole('link', { name: say.open });
    await expect(open.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=/);
    await expect(grid(page)).toBeVisible();
  });

  test(`${language}: the row count follows a new row, and 'import xlsx' finds the import first`, async ({ page }) => {
    await inLanguage(page, language);
    await page.goto('/dashboard/employee-organization?list=departments');
    await expect(cell(page, 0, 'code')).toBeVisible();
    const count = Number((await rowCount(page).textContent())?.match(/\d+/)?.[0]);
    await cell(page, 0, 'name').click();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Escape');
    await expect(rowCount(page)).toContainText(String(count + 1));

    await cell(page, 1, 'name').click();
    await page.keyboard.press('Control+K');
    const commands = page.getByRole('dialog', { name: say.palette });
    await expect(commands.getByRole('combobox')).toBeFocused();
    await page.keyboard.type(language === 'en' ? 'import xlsx' : 'impor xlsx');
    await expect(commands.getByRole('option').first()).toContainText(say.importCommand);
    await page.keyboard.press('Escape');
  });

  test(`${language}: a custom user opening a payroll URL is told it is not theirs (403)`, async ({ page }) => {
    await inLanguage(page, language, { username: 'custom', password: 'demo12345' });
    await page.goto('/dashboard/payroll-run');
    await expect(page.getByRole('heading', { name: say.forbidden })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
  });

  test(`${language}: payslips open on the latest monthly run, runs newest first, found by name`, async ({ page }) => {
    await inLanguage(page, language);
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const reply = await page.request.get('/v1/payroll-summary?limit=100', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const runs = ((await reply.json()) as { data: { _id: string; type: string; year: number; month: number }[] }).data;
    test.skip(!runs.some((run) => run.type === 'payroll_run'), 'the demo data has no monthly run');
    const latest = runs
      .filter((run) => run.type === 'payroll_run')
      .sort((a, b) => b.year - a.year || b.month - a.month)[0]!;
    await page.goto('/dashboard/payslips');
    const picker = page.getByLabel(say.run);
    await expect(picker).toHaveValue(latest._id);
    const periods = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const order = periods.map((id) => runs.find((run) => run._id === id)!).map((run) => run.year * 100 + run.month);
    expect(order).toEqual([...order].sort((a, b) => b - a));

    const rows = page.locator('.payslips-table tbody tr');
    await expect(rows.first()).toBeVisible();
    const name = (await rows.first().locator('th').textContent())!.split(' · ')[0]!;
    await page.getByLabel(say.search).fill(name);
    await expect(rows.first()).toContainText(name);
    expect(await rows.count()).toBeLessThanOrEqual(2);
    // Amounts stay on one line.
    const lines = await rows
      .first()
      .locator('td')
      .first()
      .evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(lines).toBe(1);
  });
}
