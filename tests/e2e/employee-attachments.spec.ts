import { expect, test } from './fixtures.ts';
import { signIn } from './support.ts';

/** An employee's attachment: a file uploaded from the detail editor, listed, downloadable, and in the API. */

test('upload an attachment in the employee detail, download it, and rename it in the grid', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const [employee] = (
    (await (await request.get('/v1/employees?limit=1&sort=employee_id', { headers })).json()) as {
      data: { _id: string; user: string }[];
    }
  ).data;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const file = testInfo.outputPath('Kontrak Kerja.pdf');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFileSync(file, pdf);

  await page.goto(`/dashboard/edit/active-employees/${employee!.user}`);
  const section = page.getByRole('region', { name: 'Attachments' }).first();
  await section.scrollIntoViewIfNeeded();
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Upload a file…' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText('Kontrak Kerja.pdf was added to the attachments')).toBeVisible();

  const rows = (
    (await (await request.get(`/v1/employees/attachments?employee=${employee!._id}`, { headers })).json()) as {
      data: { name: string; attachment: string }[];
    }
  ).data;
  expect(rows.map((row) => row.name)).toContain('Kontrak Kerja');

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download Kontrak Kerja' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Kontrak Kerja.pdf');
  expect(readFileSync(await saved.path())).toEqual(pdf);

  // Renaming the row in the attachments grid renames its download too.
  const nameCell = section.getByRole('gridcell', { name: 'Kontrak Kerja', exact: true });
  await nameCell.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Kontrak PKWT 2026');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: 'Download Kontrak PKWT 2026' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Download Kontrak Kerja' })).toHaveCount(0);

  // Content is checked, not the name: a text file called .pdf is refused with a translated message.
  const fake = testInfo.outputPath('not-a.pdf');
  writeFileSync(fake, 'just text');
  const again = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Upload a file…' }).click();
  await (await again).setFiles(fake);
  await expect(section.getByRole('alert')).toBeVisible();
});
