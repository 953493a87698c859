import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';
import * as XLSX from 'xlsx';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { cell, grid, savePayrollRun, signIn } from './support.ts';

/**
 * Issue 14, payroll-import: the demo's month as it stands, its template downloaded as xlsx, one amount changed and a
 * bad cell shown in the preview before anything is written, then the corrected file imported and saved at once (the
 * month's pending run recalculated). Runs before the run test below saves that month.
 */
test('payroll import: template, a bad cell refused in the preview, the fixed file saved at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/dashboard/payroll-import');
  const month = page.getByRole('region', { name: /Payroll components of/ });
  await expect(month.getByRole('columnheader', { name: 'Deduction: Cooperative Dues (Koperasi)' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const book = XLSX.read(readFileSync(await (await download).path()));
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0] as string]!, { header: 1 });
  const header = rows[0] as string[];
  expect(header.slice(0, 4)).toEqual(['Employee ID', 'Full name', 'Year', 'Month']);
  const housing = header.indexOf('Allowance: Housing Allowance');
  expect(housing).toBeGreaterThan(3);
  const [employeeId, name] = rows[1] as [string, string];
  const upload = async (value: string | number) => {
    const changed = rows.map((row, i) => (i === 1 ? Object.assign([...row], { [housing]: value }) : row));
    const sheet = XLSX.utils.aoa_to_sheet(changed);
    const out = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(out, sheet, 'Payroll');
    const buffer = XLSX.write(out, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const dialog = page.getByRole('dialog', { name: /Import payroll components/ });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'payroll.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    return dialog;
  };

  await page.getByRole('button', { name: 'Import file…' }).click();
  let dialog = await upload('lots');
  await expect(dialog.getByText(/with problems/)).toContainText(`${rows.length - 1} rows, 1 with problems`);
  await expect(dialog.locator('.import-status-invalid')).toContainText(
    'Allowance: Housing Allowance: a whole rupiah amount, 0 or more',
  );
  await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();

  dialog = await upload('1.234.000');
  await expect(dialog.getByText(/with problems/)).toContainText(', 0 with problems');
  await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
  await expect(page.getByText(/Saved: 1 rows changed/)).toBeVisible();
  await expect(page.getByText(/Recalculated: /)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = month.getByRole('row', { name: new RegExp(employeeId) });
  await expect(row.or(month.locator('.ag-row', { hasText: name })).first()).toBeVisible();
  await expect(month.getByRole('columnheader', { name: 'Allowance: Housing Allowance' })).toBeVisible();
  await expect(month.getByText('Rp 1.234.000').first()).toBeVisible();
});

/**
 * Issue 14: the demo's pending month in the run grid; an overtime cell edited by keyboard recalculates its row in
 * the browser before the server answers (the PATCH is held until the new figures are on screen, so the order is
 * proven, not raced), timed from the Enter key press to the new take-home pay; "explain" in words, toggled by Ctrl+I
 * with the focus kept in the grid; saved with 'Are you sure to save payroll?'; the row's payslip downloaded as a PDF
 * whose text names the employee and the recalculated take-home pay.
 */
test('payroll run: edit overtime, see the row recalculate, explain, save, download the payslip', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/dashboard/payroll-run');
  const pendingRun = page.locator('.payroll-run-list li', { hasText: 'Pending' }).first();
  const title = (await pendingRun.getByRole('button').first().textContent()) ?? '';
  await pendingRun.getByRole('button', { name: title }).click();
  await expect(grid(page)).toBeVisible();

  const overtimeCell = cell(page, 0, 'overtime_hours');
  const thpCell = cell(page, 0, 'thp');
  await expect(thpCell).toContainText('Rp');
  const name = (await cell(page, 0, 'fullname').textContent())?.trim() ?? '';
  const thpBefore = (await thpCell.textContent()) ?? '';

  // The PATCH waits until the browser has shown its own figures.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held: Route | null = null;
  await page.route('**/v1/payroll-summary/*/payslips/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    held = route;
    await released;
    await route.continue();
  });

  // Time from the Enter key press to the take-home pay cell showing another figure.
  await page.evaluate(() => {
    const probe = { start: 0, end: 0 };
    (window as unknown as { recalcProbe: typeof probe }).recalcProbe = probe;
    const thp = () => document.querySelector('[row-index="0"] [col-id="thp"]')?.textContent ?? '';
    const before = thp();
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && !probe.start) probe.start = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      if (probe.start && !probe.end && thp() !== before) probe.end = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await overtimeCell.click();
  await page.keyboard.type('6');
  await page.keyboard.press('Enter');
  await expect(thpCell).not.toHaveText(thpBefore);
  await expect(overtimeCell).toHaveText('6');
  const probe = await page.evaluate(
    () => (window as unknown as { recalcProbe: { start: number; end: number } }).recalcProbe,
  );
  const ms = probe.end - probe.start;
  console.info(`row recalculated ${ms.toFixed(1)} ms after Enter (server reply still held)`);
  expect(ms).toBeGreaterThan(0);
  // Target 100 ms (issue 14); the bound is generous for a shared, loaded machine: the figure itself is reported.
  expect(ms).toBeLessThan(5000);
  expect(held).not.toBeNull();
  const thpLocal = (await thpCell.textContent()) ?? '';

  // The explain panel says it in words while the server confirms. Closed at first (the grid gets the screen): the
  // first Ctrl+I opens it (issue 27).
  const explain = page.getByRole('complementary', { name: 'Explain' });
  await expect(explain).toBeHidden();
  await page.keyboard.press('ControlOrMeta+I');
  await expect(explain).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(explain).toContainText(name);
  await expect(explain).toContainText('6 hours entered in this run');
  // The demo company's overtime rule is a flat hourly rate (PP 35/2021's ladder when the rule is the government's).
  await expect(explain).toContainText(/an hour =|Hourly wage \(PP 35\/2021\)/);
  release();
  await expect(explain).not.toContainText('the server is confirming');
  await expect(thpCell).toHaveText(thpLocal);

  // PPh 21 explained: the TER category and bracket.
  for (let i = 0; i < 20; i++) {
    if (await cell(page, 0, 'pph21').evaluate((el) => el.classList.contains('ag-cell-focus'))) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(explain).toContainText(/TER category [ABC]/);
  // Ctrl+I hides and shows it; the focus stays on the grid's cell.
  await page.keyboard.press('ControlOrMeta+I');
  await expect(explain).toBeHidden();
  await expect(page.locator('.ag-cell-focus')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+I');
  await expect(explain).toBeVisible();
  await expect(page.locator('.ag-cell-focus')).toBeFocused();

  // Save with the confirmation (rows out of date since the demo computed the month are recalculated first).
  await savePayrollRun(page);
  // The run list is a picker while a run is open: the open run's option says its status.
  await expect(page.getByRole('combobox', { name: 'Payroll run' }).locator('option:checked')).toContainText(
    `${title} · Completed`,
  );

  // The edited employee's payslip as a PDF.
  await page.goto('/dashboard/payslips');
  await page.getByLabel('Payroll run').selectOption({ label: `${title} (completed)` });
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: `Download payslip of ${name}` })
    .first()
    .click();
  const text = await pdfText(new Uint8Array(readFileSync(await (await download).path())));
  expect(text).toContain(name);
  expect(text).toContain(thpLocal.trim());
});

test('payroll run: Enter on a name opens the employee payroll of the month, with its sections and payslip', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/dashboard/payroll-run');
  await page.locator('.payroll-run-list li').first().getByRole('button').first().click();
  const nameCell = cell(page, 0, 'fullname');
  const name = (await nameCell.textContent())?.trim() ?? '';
  await nameCell.click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    /\/dashboard\/edit\/payroll-employees\/[0-9a-f-]+\?month=\d+&year=\d+&exit=(true|false)/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  for (const section of ['Allowance', 'Incentive', 'THR and yearly bonus', 'Bonus', 'Deduction']) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  const payslip = page.getByRole('region', { name: 'Payslip' });
  await expect(payslip).toContainText('Take-home pay');
  await expect(payslip).toContainText(/From the (saved|pending) run/);
});
