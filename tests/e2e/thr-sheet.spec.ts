import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, cell, grid, runCommand, signIn } from './support.ts';

/**
 * A THR run's sheet at 1440×900 (decisions 0211, 0213, 0214), as a payroll admin reads it: the THR's own columns
 * (months of service, the share of the wage, the wage, the THR) instead of the monthly run's zeros, totals of the
 * amounts, the run picker showing the run's whole long name, a toolbar on one line (in Indonesian too), and no bank
 * transfer file: the THR is taxed and transferred with the month's monthly run, which the sheet says.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** A name longer than the picker used to show (it cut after some twenty characters). */
const TITLE = 'THR Idul Fitri 1448 H – seluruh karyawan';
/** A month far from the demo's payroll months: no other spec runs or completes its monthly run. */
const HOLIDAY = { year: 2027, month: 3, date: '2027-03-10' };

type Payslip = { bruto: number; lines: { code: string; explain: { wage?: number } }[] };

const api = async (page: Page) => {
  const signed = await page.request.post('/v1/auth/login', { data: ADMIN });
  const { token } = (await signed.json()).data as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => (await (await page.request.get(path, { headers })).json()).data,
    post: async (path: string, data: unknown) => page.request.post(path, { headers, data }),
  };
};

const rupiah = (value: number) => `Rp ${new Intl.NumberFormat('id-ID').format(value)}`;

/** Every control of the toolbar on one line: the same top, give or take a pixel of borders. */
async function expectOneLine(toolbar: Locator) {
  const tops = await toolbar
    .locator('select, button, label')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(1);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
}

/** The picker shows the open run's whole label (it is as wide as its text) and has it as its tooltip too. */
async function expectWholeName(picker: Locator) {
  await expect(picker).toHaveAttribute('title', new RegExp(TITLE));
  const room = await picker.evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text = select.selectedOptions[0]?.textContent ?? '';
    const inner = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text, width: context.measureText(text).width, inner };
  });
  expect(room.text).toContain(TITLE);
  expect(room.width).toBeLessThanOrEqual(room.inner);
}

test('THR sheet: its own columns and totals, the whole run name, one-line toolbar, no bank file, Indonesian', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const server = await api(page);
  // The THR run of the month: made here (the demo data has none), or the one a first try of this spec made.
  let run = ((await server.get('/v1/payroll-summary?type=thr&limit=100')) as { _id: string; title: string }[]).find(
    (r) => r.title === TITLE,
  );
  if (!run) {
    const created = await server.post('/v1/payroll-summary', {
      type: 'thr',
      year: HOLIDAY.year,
      month: HOLIDAY.month,
      holiday_date: HOLIDAY.date,
      title: TITLE,
    });
    expect([201, 202]).toContain(created.status());
    const reply = (await created.json()).data as { _id?: string; job?: { _id: string } };
    if (reply.job) {
      const job = reply.job._id;
      await expect
        .poll(async () => (await server.get(`/v1/jobs/${job}`)).status, { timeout: 120_000 })
        .toBe('completed');
    }
    run = ((await server.get('/v1/payroll-summary?type=thr&limit=100')) as { _id: string; title: string }[]).find(
      (r) => r.title === TITLE,
    );
  }
  const id = run!._id;
  const slips = (await server.get(`/v1/payroll-summary/${id}/payslips`)) as Payslip[];
  expect(slips.length).toBeGreaterThan(0);
  const totalThr = slips.reduce((sum, slip) => sum + slip.bruto, 0);
  const totalWage = slips.reduce(
    (sum, slip) => sum + (slip.lines.find((line) => line.code === 'thr')?.explain.wage ?? 0),
    0,
  );

  await page.goto('/dashboard/payroll-run');
  const link = page.locator('.payroll-run-list li', { hasText: TITLE }).getByRole('button', { name: TITLE });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(grid(page)).toBeVisible();

  // The THR's own columns, none of the monthly run's.
  for (const name of ['Months of service', 'Share of the wage', 'Monthly wage', 'THR']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Basic salary', 'Fixed allowances', 'Overtime pay', 'BPJS (employee)', 'Loan installment']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toHaveCount(0);
  }
  // The totals row adds up the amounts (every payslip of the run), and leaves months and shares empty.
  const totals = page.locator('.ag-row-pinned');
  await expect(totals.locator('[col-id="thr"]')).toHaveText(rupiah(totalThr));
  await expect(totals.locator('[col-id="thr_wage"]')).toHaveText(rupiah(totalWage));
  await expect(totals.locator('[col-id="thr_months"]')).toHaveText('');
  await expect(totals.locator('[col-id="thr_share"]')).toHaveText('');
  // A row: months of service and a share of the wage, as the THR's engine counted them.
  await expect(cell(page, 0, 'thr_share')).toHaveText(/^\d+(,\d+)?%$/);
  await expect(cell(page, 0, 'thr')).toHaveText(/^Rp [\d.]+$/);
  // Every column in view at 1440 px: the THR, the last, is not scrolled off.
  const last = (await page.getByRole('columnheader', { name: 'THR', exact: true }).boundingBox())!;
  const frame = (await page.locator('.payroll-grid').boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width);

  const toolbar = page.locator('.payroll-sheet-toolbar');
  const picker = page.getByRole('combobox', { name: 'Payroll run' });
  await expectWholeName(picker);
  await expectOneLine(toolbar);
  // No month comparison, no explain: a THR's figures are their own explanation.
  await expect(toolbar.getByText('Compare months')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Explain' })).toHaveCount(0);
  const note = page.getByText(/The THR is taxed \(PPh 21\) and transferred with the monthly payroll of March 2027/);
  await expect(note).toBeVisible();

  // Completed (unless a first try did): still no bank file, the note says where it is made.
  if ((await server.get(`/v1/payroll-summary/${id}`)).status === 'pending') {
    await page.getByRole('button', { name: 'Save payroll' }).click();
    const dialog = page.getByRole('alertdialog');
    // It states the THR it completes, not a PPh 21 of 0 (the tax is the monthly run's).
    await expect(dialog.locator('dl')).toHaveText(`THR${rupiah(totalThr)}`);
    await dialog.getByRole('button', { name: 'Save payroll' }).click();
    await expect(page.getByText('Payroll saved')).toBeVisible();
  }
  await expect(toolbar.getByRole('button', { name: 'Save payroll' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bank transfer file…' })).toHaveCount(0);
  await expectWholeName(picker);
  await expectOneLine(toolbar);
  await page.screenshot({ path: '/tmp/thr-sheet-en.png' });

  // In Indonesian: the THR's words, the toolbar still on one line.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  for (const name of ['Masa kerja (bulan)', 'Proporsi', 'Upah sebulan', 'THR']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/ditransfer bersama penggajian bulanan Maret 2027/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Payroll' })).toBeVisible();
  await expectOneLine(toolbar);
  await page.screenshot({ path: '/tmp/thr-sheet-id.png' });
});
