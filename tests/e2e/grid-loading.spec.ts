import { expect, test } from './fixtures.ts';
import { cell, runCommand, signIn } from './support.ts';

/**
 * Issue 11 section 7: the big grid shows its first rows while the rest of the list arrives, and asks only for the
 * fields it shows.
 */
test('the employee list asks for its columns, shows a first page, then holds every row', async ({ page, request }) => {
  const lists: URL[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    // The grid's loads, not the palette's employee lookups while 'Active Employees' is typed (`search`).
    if (sent.method() === 'GET' && url.pathname === '/v1/employees' && !url.searchParams.has('search')) lists.push(url);
  });
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const reply = await request.get('/v1/employees?sort=fullname&limit=10000&fields=fullname,employee_id', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const everyone = (await reply.json()) as {
    data: { fullname: string; employee_id: string }[];
    meta: { total: number };
  };
  expect(everyone.meta.total).toBeGreaterThan(200);

  await runCommand(page, 'Active Employees', /Active Employees/);
  await expect(page).toHaveURL(/\/dashboard\/active-employees/);
  await expect(cell(page, 0, 'fullname')).not.toBeEmpty();

  // The last employee by name is beyond the first page: found once the rest has arrived.
  const last = everyone.data.at(-1)!;
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(last.employee_id);
  await expect(cell(page, 0, 'fullname')).toHaveText(last.fullname);

  const [first, rest] = lists;
  expect(first?.searchParams.get('limit')).toBe('200');
  expect(rest?.searchParams.get('skip')).toBe('200');
  for (const call of [first!, rest!]) {
    const fields = call.searchParams.get('fields')?.split(',') ?? [];
    expect(fields).toEqual(expect.arrayContaining(['employee_id', 'fullname', 'department', 'basic_salary']));
    // Fields of the record the grid does not show stay on the server.
    expect(fields).not.toContain('npwp_number');
    expect(fields).not.toContain('meal_allowance');
  }
});
