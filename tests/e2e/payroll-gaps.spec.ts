import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';
import { grid, runCommand, signIn } from './support.ts';

/**
 * Issue 27's gaps in the browser, by keyboard: an overtime request of 5 hours shows the limit's warning on the form
 * and on the review screen, the admin approves it acknowledging the warning (decision 0205), and the run pays every
 * hour; the severance of the demo's dismissal is downloaded on its own slip (decision 0207).
 */

test.describe.configure({ timeout: 240_000 });
const EMPLOYEE = { username: 'employee', password: 'demo12345' };

// biome-ignore lint/suspicious/noExplicitAny: reply bodies read field by field
type Json = Record<string, any>;
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
async function api(request: APIRequestContext, page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const reply = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${await token(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as Json;
}
const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A weekday of this month before today (Asia/Jakarta), else today. */
function weekdayThisMonth(): string {
  const today = jakartaToday();
  const day = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || day.getUTCDay() === 1) day.setUTCDate(day.getUTCDate() + 1);
  const date = day.toISOString().slice(0, 10);
  return date < today ? date : today;
}

test('5 hours of overtime: the warning on the request and the review, approved with the acknowledgement, paid', async ({
  browser,
  page,
}) => {
  const date = weekdayThisMonth();
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, EMPLOYEE);
  const me = (await api(employee.request, employee, 'GET', '/v1/employees/me')).data as Json;

  await runCommand(employee, 'overtime', 'Request overtime');
  const form = employee.getByRole('dialog', { name: 'New request' });
  await expect(form).toBeVisible();
  await form.getByLabel(/Date/).first().focus();
  const [year, month, day] = date.split('-');
  await employee.keyboard.type(`${day}/${month}/${year}`);
  await employee.keyboard.press('Tab');
  await form.getByLabel(/Hours/).focus();
  await employee.keyboard.type('5');
  await expect(form.getByRole('status')).toContainText('5 h of overtime goes past the limit of 4 h a day');
  await form.getByLabel(/Reason/).focus();
  await employee.keyboard.type('Month-end stock count');
  await employee.screenshot({ path: test.info().outputPath('overtime-warning-en.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send request' }).focus();
  await employee.keyboard.press('Enter');
  await expect(form).toBeHidden();
  const mine = (await api(employee.request, employee, 'GET', '/v1/approvals?box=mine&context=overtime&limit=5'))
    .data as Json[];
  const request = mine.find((r) => r.content.date === date && r.content.total_hours === 5);
  expect(request?.content.limit_warnings?.[0]).toMatchObject({ code: 'overtime_daily_limit', hours: 5 });

  // The admin reviews it: the detail shows the warning; approving asks the acknowledgement first.
  await signIn(page);
  await page.goto('/dashboard/approval-overtime');
  const row = grid(page).getByText(request!.approval_number);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.click();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('complementary');
  await expect(detail.getByRole('list', { name: 'Warnings' })).toContainText('past the limit of');
  await detail.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Approve 1 request?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Approve 1' })).toBeDisabled();
  await confirm.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await page.screenshot({ path: test.info().outputPath('overtime-acknowledge-en.png'), fullPage: true });
  await confirm.getByRole('button', { name: 'Approve 1' }).focus();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: 'Decision results' });
  await expect(summary.getByRole('status')).toContainText('1 approved');
  await page.keyboard.press('Enter');

  const decided = (await api(page.request, page, 'GET', `/v1/approvals/${request!._id}`)).data as Json;
  expect(decided.status).toBe('approved');
  expect(decided.history.at(-1)).toMatchObject({ acknowledged_warnings: ['overtime_daily_limit'] });
  // The month's payslip pays the 5 hours and flags the day past the limit (never a cut). The demo's pending run of the
  // month was calculated before the approval: its row is out of date and is recalculated as the run screen does.
  const monthSlip = async () =>
    (
      await api(
        page.request,
        page,
        'GET',
        `/v1/payroll-employees/${me._id}/payslip?year=${year}&month=${Number(month)}`,
      )
    ).data as Json;
  let slip = await monthSlip();
  if (slip.source === 'run' && slip.run.status === 'pending') {
    await api(page.request, page, 'POST', `/v1/payroll-summary/${slip.run._id}/recalculate`);
    slip = await monthSlip();
  }
  const overtime = slip.payslip.lines.find((l: Json) => l.code === 'overtime');
  expect(overtime.explain.over_limit).toEqual(expect.arrayContaining([expect.objectContaining({ date, hours: 5 })]));
});

test("the demo's dismissal: its severance downloaded on its own slip from the payslips screen", async ({
  page,
  request,
}) => {
  await signIn(page);
  await expect
    .poll(
      async () => {
        const { data } = await api(request, page, 'GET', '/v1/demo-history');
        return data.total > 0 && data.done === data.total;
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe(true);
  const today = jakartaToday();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  test.skip(month === 1, 'January: the demo has no earlier month of this year to pay an exit in');
  const exitDate = `${year}-${String(month - 1).padStart(2, '0')}-20`;
  const resigned = (await api(request, page, 'GET', '/v1/employees/exit-employee?limit=500')).data as Json[];
  let leaver: Json | undefined;
  let pay: Json | undefined;
  for (const row of resigned.filter((r) => r.exit_date === exitDate && r.exit_reason === 'phk')) {
    const reply = await request.get(`/v1/employees/${row._id}/exit-pay`, {
      headers: { Authorization: `Bearer ${await token(page)}` },
    });
    if (reply.ok()) {
      leaver = row;
      pay = ((await reply.json()) as Json).data;
      break;
    }
  }
  expect(leaver, 'the demo dismissal').toBeTruthy();

  await page.goto('/dashboard/payslips');
  const runs = page.getByLabel('Payroll run');
  await expect(runs).toBeVisible({ timeout: 60_000 });
  await runs.selectOption(pay!.paid.summary);
  await page.getByLabel('Search by name or employee ID').focus();
  await page.keyboard.type(leaver!.fullname);
  const button = page.getByRole('button', { name: `Severance slip of ${leaver!.fullname}` });
  await button.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const text = await pdfText(new Uint8Array(readFileSync((await (await download).path())!)));
  expect(text).toContain('Severance slip (final PPh 21, PP 68/2009)');
  expect(text).toContain(leaver!.fullname);
  expect(text).toContain(`Rp ${new Intl.NumberFormat('id-ID').format(pay!.severance.pph)}`);
});
