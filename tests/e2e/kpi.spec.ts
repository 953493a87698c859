import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expect, test } from './fixtures.ts';
import { runCommand, signIn } from './support.ts';

/**
 * KPI (issue 28): the demo's indicators, this quarter's open assessment (scored part way, decision 0215) and last
 * quarter's completed ranking; a two-step flow and a rule made from the keyboard; a month assessed step by step (typed, then pasted), completed and locked, ranked per department and
 * exported as xlsx.
 */
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
async function api<T>(request: APIRequestContext, bearer: string, path: string) {
  const reply = await request.fetch(path, { headers: { Authorization: `Bearer ${bearer}` } });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}
type Sheet = {
  rows: {
    employee: { _id: string; fullname: string; employee_id: string };
    steps: { assessor: { _id: string } | null }[];
  }[];
};

async function paste(page: Page, target: string, text: string) {
  await page
    .locator(target)
    .first()
    .evaluate((element, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

test('kpi: a two-step flow takes a month to a ranked, exported result', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const bearer = await token(page);

  // The demo's indicators, in their editable grid.
  await page.goto('/dashboard/kpi-indicator');
  await expect(page.getByText('Sales target achievement', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/kpi-indicators-en.png' });

  // Two people of the demo whose supervisor and department head are both set (last quarter's completed sheet).
  const periods = await api<{ _id: string; rule: { name: string }; status: string }[]>(
    page.request,
    bearer,
    '/v1/kpi/assessments',
  );
  const office = periods.find((p) => p.rule.name === 'Office and operations staff' && p.status === 'completed')!;
  const sheet = await api<Sheet>(page.request, bearer, `/v1/kpi/assessments/${office._id}`);
  // Still employed (last quarter's sheet also holds people who have left since).
  const active = new Set(
    (await api<{ _id: string }[]>(page.request, bearer, '/v1/employees?limit=1000')).map((e) => e._id),
  );
  const people = sheet.rows
    .filter((row) => active.has(row.employee._id) && row.steps.every((step) => step.assessor))
    .slice(0, 2);
  expect(people.length).toBe(2);
  const label = (row: Sheet['rows'][number]) => `${row.employee.fullname} · ${row.employee.employee_id}`;

  // A flow: supervisor, then department head (the editor's default two steps).
  await page.goto('/dashboard/kpi-flow');
  await expect(page.locator('.grid-frame').first()).toContainText('Supervisor, then department head');
  await page.getByRole('button', { name: 'New flow' }).click();
  const flowDialog = page.getByRole('dialog', { name: 'New flow' });
  await flowDialog.getByLabel('Name').fill('Pilot two steps');
  await expect(flowDialog.getByLabel('Assessor of step 1')).toHaveValue('supervisor');
  await expect(flowDialog.getByLabel('Assessor of step 2')).toHaveValue('department_head');
  await flowDialog.getByLabel('Name').press('Enter');
  await expect(flowDialog).toBeHidden();
  await expect(page.locator('.grid-frame').first()).toContainText('1. Supervisor → 2. Department head');

  // A rule: the two people by name, the flow and two indicators.
  await page.goto('/dashboard/kpi-rules');
  await expect(page.locator('.grid-frame').first()).toContainText('Sales team');
  await page.getByRole('button', { name: 'New rule' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'New rule' });
  await ruleDialog.getByLabel('Name').fill('Pilot rule');
  await ruleDialog.getByLabel('Employees', { exact: true }).selectOption(people.map(label));
  await ruleDialog.getByLabel('Assessor flow').selectOption({ label: 'Pilot two steps' });
  await ruleDialog
    .getByLabel('Indicators')
    .selectOption(['Discipline · Attendance rate', 'Discipline · Mandatory training completed']);
  await ruleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ruleDialog).toBeHidden();
  await expect(page.locator('.grid-frame').first()).toContainText('Pilot rule');

  // The KPI menu opens on the assessment: this quarter's, open and scored part way (decision 0215); last quarter's
  // ranking is one pick away.
  await runCommand(page, 'kpi assessment', /KPI Assessment|Assessment/);
  await expect(page).toHaveURL(/\/dashboard\/kpi-assessment/);
  const current = periods.find((p) => p.rule.name === 'Office and operations staff' && p.status === 'open')!;
  const periodPicker = page.getByRole('combobox', { name: 'Assessment', exact: true });
  await expect(periodPicker).toHaveValue(current._id);
  await expect(page.getByText(/is open\. Type or paste scores/)).toBeVisible();
  await expect(page.locator('.kpi-sheet [role="gridcell"][col-id="step"]').first()).toContainText(/Step|All steps/);
  await periodPicker.selectOption(office._id);
  await expect(page.getByText(/is completed and locked/)).toBeVisible();

  // Open this month for the pilot rule.
  await page.getByRole('button', { name: 'Open a period' }).click();
  const open = page.getByRole('dialog', { name: 'Open a period' });
  await open.getByLabel('Rule').selectOption({ label: 'Pilot rule' });
  await open.getByLabel('Period', { exact: true }).selectOption('month');
  await open.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(open).toBeHidden();
  await expect(page.getByText(/is open\. Type or paste scores/)).toBeVisible();
  const sheetGrid = page.locator('.kpi-sheet');
  await expect(sheetGrid.locator('[role="gridcell"][col-id="employee"]')).toHaveCount(2);
  await expect(sheetGrid).toContainText('Step 1 of 2 · Supervisor');

  const indicators = await api<{ _id: string; indicator: string }[]>(
    page.request,
    bearer,
    '/v1/kpi/indicator-component?limit=100',
  );
  const attendance = indicators.find((i) => i.indicator === 'Attendance rate')!._id;
  const training = indicators.find((i) => i.indicator === 'Mandatory training completed')!._id;
  const at = (row: number, indicator: string) =>
    sheetGrid.locator(`[row-index="${row}"] [col-id="i:${indicator}"]`).first();

  // Step 1 typed: attendance and yes/no for both people.
  for (const [row, attended, trained] of [
    [0, '97', 'yes'],
    [1, '88', 'no'],
  ] as const) {
    await at(row, attendance).click();
    await page.keyboard.type(attended);
    await page.keyboard.press('Enter');
    await at(row, training).click();
    await page.keyboard.type(trained);
    await page.keyboard.press('Enter');
  }
  await expect(at(0, training)).toHaveText('Yes');
  await page.getByRole('button', { name: 'Submit step' }).click();
  await expect(sheetGrid).toContainText('Step 2 of 2 · Department head');

  // Step 2 pasted as a block from the first indicator cell; Ctrl+Z takes it back, Ctrl+Shift+Z again.
  await at(0, attendance).click();
  await paste(page, `.kpi-sheet [row-index="0"] [col-id="i:${attendance}"]`, '98\t1\n85\t0');
  await expect(at(1, attendance)).toHaveText('85');
  await page.keyboard.press('Control+z');
  await expect(at(1, attendance)).toHaveText('');
  await page.keyboard.press('Control+Shift+z');
  await expect(at(1, attendance)).toHaveText('85');
  await page.getByRole('button', { name: 'Submit step' }).click();
  await expect(sheetGrid).toContainText('All steps submitted');
  await expect(sheetGrid).toContainText('÷');

  // Complete and lock: the ranking per department with its chart; then export it.
  await page.getByRole('button', { name: 'Complete and lock' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete and lock' }).click();
  await expect(page.getByText(/is completed and locked/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit step' })).toBeDisabled();
  const ranking = page.locator('.kpi-ranking');
  await expect(ranking.locator('[role="gridcell"][col-id="employee_name"]')).toHaveCount(2);
  await expect(ranking.getByRole('img', { name: /Employees by final score/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/kpi-assessment-en.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ranking (xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kpi-\d{4}-\d{2}-\d{8}\.xlsx$/);
  const book = XLSX.read(readFileSync((await file.path())!));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
  expect(rows.length).toBe(2);
  expect(rows.map((row) => row.Rank)).toContain(1);
  expect(String(rows[0]!.Formula)).toContain('÷');

  // The completed month feeds a payroll bonus: previewed, then written as the employees' bonus items.
  await page.getByRole('button', { name: 'Payroll bonus…' }).click();
  const bonus = page.getByRole('dialog', { name: /Payroll bonus from Pilot rule/ });
  await bonus.getByLabel('Minimum final score').fill('0');
  await bonus.getByRole('button', { name: 'Preview' }).click();
  await expect(bonus).toContainText('2 employees');
  await bonus.getByRole('button', { name: 'Write payroll items' }).click();
  await expect(bonus).toBeHidden();
  await expect(page.getByText(/Bonus written for 2 employees/)).toBeVisible();

  // In Indonesian.
  await runCommand(page, 'bahasa indonesia', /Bahasa Indonesia/);
  await expect(page.getByRole('button', { name: 'Ekspor peringkat (xlsx)' })).toBeVisible();
  await page.screenshot({ path: '/tmp/kpi-assessment-id.png', fullPage: true });
});
