import { expect, test } from './fixtures.ts';
import { cell, grid, signIn } from './support.ts';

/** employee-onboarding: Pending and Completed tabs by whether the link exists, and the batch download as xlsx. */

test('new hires are pending until their link is recorded, and the selected ones download as xlsx', async ({
  page,
  request,
}) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const stamp = Date.now().toString(36);
  const pending = { fullname: `Calon Tertunda ${stamp}`, email: `pending.${stamp}@example.test` };
  const done = {
    fullname: `Calon Selesai ${stamp}`,
    email: `done.${stamp}@example.test`,
    link: 'https://sign.example.test/contract/1',
    contract_start_date: '2026-12-01',
  };
  const reply = await request.post('/v1/employee-onboarding/bulk', {
    headers: { Authorization: `Bearer ${token}` },
    data: { rows: [pending, done] },
  });
  expect(reply.ok()).toBe(true);

  await page.goto('/dashboard/employee-onboarding');
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  const search = page.getByRole('searchbox', { name: 'Search this list' });
  await search.fill(stamp);
  await expect(cell(page, 0, 'fullname')).toHaveText(pending.fullname);
  await expect(grid(page).locator('[row-index="1"]')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Completed' }).click();
  await search.fill(stamp);
  await expect(cell(page, 0, 'fullname')).toHaveText(done.fullname);
  await expect(grid(page).locator('[row-index="1"]')).toHaveCount(0);

  // Select the row with Space, then the batch download from the palette.
  await cell(page, 0, 'fullname').click();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('download selected');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Download selected as Excel (1)');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^employee-onboarding-\d{8}\.xlsx$/);
  const XLSX = await import('xlsx');
  const { readFileSync } = await import('node:fs');
  const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ 'Full name': done.fullname, Email: done.email, 'Onboarding link': done.link });
});
