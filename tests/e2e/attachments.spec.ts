import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cell, runCommand, signIn } from './support.ts';

/**
 * Attachments end to end (issue 13, docs/decisions/0076): the demo employee asks for leave from the keyboard and
 * attaches a PDF (choose, see its name, remove, choose again); the admin opens the request in Leave Approval's detail
 * panel and opens the file, read through the request.
 */
test.describe.configure({ timeout: 180_000 });

const EMPLOYEE = { username: 'employee', password: 'demo12345' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A Monday at least three weeks ahead. */
function mondayAhead(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 21));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function typeDate(page: Page, date: string) {
  const [year, month, day] = date.split('-');
  await page.keyboard.type(`${day}/${month}/${year}`);
  await page.keyboard.press('Tab');
}

/** Presses Enter on the focused "Choose a file" button and answers the file chooser with a PDF. */
async function choosePdf(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
}

test('an employee attaches a PDF to a leave request by keyboard; the admin opens it from the review panel', async ({
  browser,
  page,
}) => {
  const start = mondayAhead();
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, EMPLOYEE);

  await runCommand(employee, 'cuti', 'Request leave');
  const form = employee.getByRole('dialog', { name: 'New request' });
  await expect(form).toBeVisible();
  const type = form.getByLabel('Leave Type');
  await type.focus();
  await type.selectOption({ label: (await type.locator('option', { hasText: /Unpaid Leave/ }).textContent())!.trim() });
  await form.getByLabel('Start Date').focus();
  await typeDate(employee, start);
  await form.getByLabel('End Date').focus();
  await typeDate(employee, start);
  await form.getByLabel(/Reason/).focus();
  await employee.keyboard.type('Doctor’s note attached');

  // Tab from the reason to the attachment's button; Enter opens the file chooser.
  const region = form.getByRole('region', { name: 'Attachment' });
  await employee.keyboard.press('Tab');
  await expect(region.getByRole('button', { name: 'Choose a file' })).toBeFocused();
  await choosePdf(employee, 'wrong-file.pdf');
  await expect(region.getByText('File: wrong-file.pdf')).toBeVisible();
  // Removed, then chosen again: the field shows the new name.
  await region.getByRole('button', { name: 'Remove wrong-file.pdf' }).focus();
  await employee.keyboard.press('Enter');
  await expect(region.getByText('File: wrong-file.pdf')).toHaveCount(0);
  await expect(region.getByRole('button', { name: 'Choose a file' })).toBeFocused();
  await choosePdf(employee, 'surat-dokter.pdf');
  await expect(region.getByText('File: surat-dokter.pdf')).toBeVisible();
  await employee.screenshot({ path: test.info().outputPath('attachment-request-en.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send request' }).focus();
  const sent = employee.waitForResponse(
    (reply) => reply.request().method() === 'POST' && new URL(reply.url()).pathname === '/v1/approvals',
  );
  await employee.keyboard.press('Enter');
  await expect(form).toBeHidden();
  const number: string = (await (await sent).json()).data.approval_number;
  // The palette's "Request leave" opens the form on the employee's requests (services, or My profile when another spec
  // has changed the level's menus): the page names the sent request, and it waits for a decision.
  await expect(employee.getByText(number).first()).toBeVisible();
  const token = await employee.evaluate(() => localStorage.getItem('token') ?? '');
  const mine = await employee.request.get('/v1/approvals?box=mine&limit=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const sentRow = ((await mine.json()) as { data: { approval_number: string; status: string }[] }).data.find(
    (row) => row.approval_number === number,
  );
  expect(sentRow?.status).toBe('pending');
  expect(number).toMatch(/^LV-\d{4}-\d{5}$/);

  // ---- the admin opens it from the review panel ------------------------------------------------------------------
  await signIn(page);
  await runCommand(page, 'leave approval', 'Leave Approval');
  await expect(cell(page, 0, 'approval_number')).toHaveText(number);
  await cell(page, 0, 'approval_number').click();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: number });
  await expect(panel).toBeVisible();
  const open = panel.getByRole('button', { name: 'Open surat-dokter.pdf' });
  await expect(open).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attachment-review-en.png'), fullPage: true });
  const popup = page.waitForEvent('popup');
  await open.focus();
  await page.keyboard.press('Enter');
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);

  // Indonesian: the same panel, translated.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await expect(panel.getByRole('button', { name: 'Buka surat-dokter.pdf' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attachment-review-id.png'), fullPage: true });
  await runCommand(employee, 'bahasa indonesia', /Bahasa Indonesia/);
});

test('the admin attaches a PDF to a loan on its detail by keyboard and opens it', async ({ page }) => {
  await signIn(page);
  const auth = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token') ?? '')}` };
  const loans = (await (await page.request.get('/v1/loans?limit=1', { headers: auth })).json()) as {
    data: { _id: string }[];
  };
  const loan = loans.data[0]!;
  await page.goto(`/dashboard/payroll/employee-loan/detail/${loan._id}`);
  const region = page.getByRole('region', { name: 'Attachment' });
  await expect(region).toBeVisible();
  await region.getByRole('button', { name: 'Choose a file' }).focus();
  await choosePdf(page, 'perjanjian-pinjaman.pdf');
  await expect(page.getByText('Attachment saved')).toBeVisible();
  const open = page.getByRole('button', { name: 'Open Attachment' });
  await expect(open).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attachment-loan-en.png'), fullPage: true });
  const popup = page.waitForEvent('popup');
  await open.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await expect(page.getByRole('button', { name: 'Buka Lampiran' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attachment-loan-id.png'), fullPage: true });
});
