/**
 * Payroll fields (salary, bank, tax and BPJS: `payrollFields`) never reach a caller without payroll permission, by
 * any path: the three employee lists and their reads by id, the record found by user, the replies of an import, and
 * what that reader's .xlsx and .csv exports contain. Exports are built in the browser from the grid spec and the
 * list reply (docs/decisions/0011), so the export check builds them here from the reader's own list reply.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { accessRoles } from '../../../server/db/schema.ts';
import { payrollFields } from '../../../server/employees/resource.ts';
import { demoLogins } from '../../../server/seed/demo.ts';
import { csvText, exportSheet } from '../../../src/grids/export.ts';
import { dailyWorkersGrid } from '../../../src/grids/specs/daily-workers.ts';
import { employeesGrid } from '../../../src/grids/specs/employees.ts';
import { resignedEmployeesGrid } from '../../../src/grids/specs/resigned-employees.ts';
import type { AnyGridSpec } from '../../../src/grids/types.ts';
import { tFor } from '../../src/grids/import/fixtures.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let reader: string;
const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const views = [employeesGrid, resignedEmployeesGrid, dailyWorkersGrid] as unknown as AnyGridSpec[];
/** One employee on each view, with payroll values of its own (`payrollValues(index)`). */
const onView = new Map<string, Json>();
const indexOf = new Map<string, number>();

const payrollValues = (index: number) => ({
  basic_salary: 7_654_321 + index,
  transport_allowance: 876_543 + index,
  meal_allowance: 432_109 + index,
  account_number: `98765432${index}`,
  npwp_number: `12345678901234${index}`,
});

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 30, CJ: 2 } });
  admin = await t.login('admin');
  // The custom level's "HR Viewer" reads every employee list and writes active employees, without payroll.
  await t.database.db
    .update(accessRoles)
    .set({
      permissions: sql`${accessRoles.permissions} || '{daily-worker:read,active-employees:write}'::text[]`,
    })
    .where(eq(accessRoles.code, 'HR-VIEW'));
  reader = await t.login('custom');

  const rows = (await t.call(admin, 'GET', '/v1/employees?limit=10000&sort=-employee_id&populate=user')).body
    .data as Json[];
  const logins = new Set(demoLogins.map((login) => login.username));
  const [active, leaver, worker] = rows.filter((row) => !logins.has(row.user.username));
  for (const [index, row] of [active, leaver, worker].entries()) {
    const reply = await t.call(admin, 'PUT', `/v1/employees/${row._id}`, {
      version: row.version,
      ...payrollValues(index),
      ...(index === 2 ? { status: 'freelance' } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  const current = (await t.call(admin, 'GET', `/v1/employees/${leaver._id}`)).body.data;
  await t.call(admin, 'POST', `/v1/employees/${leaver._id}/exit`, {
    version: current.version,
    exit_reason: 'resign',
    exit_date: today,
  });
  for (const [spec, row] of [
    [employeesGrid, active],
    [resignedEmployeesGrid, leaver],
    [dailyWorkersGrid, worker],
  ] as const) {
    // Each record is read through its own list: `/v1/employees/:id` holds only the active list (decision 0015).
    onView.set(spec.path, (await t.call(admin, 'GET', `${spec.path}/${row._id}`)).body.data);
    indexOf.set(spec.path, indexOf.size);
  }
});
afterAll(() => t?.close());

const expectNoPayroll = (body: unknown, where: string) => {
  const text = JSON.stringify(body);
  for (const field of payrollFields) expect(text, `${where}: ${field}`).not.toContain(`"${field}"`);
};
/** The payroll values stored for the employee shown on this list, as text. */
const secretsOf = (path: string) => Object.values(payrollValues(indexOf.get(path)!)).map(String);

describe('V8.2.3 payroll fields stay out of every reply to a reader without payroll permission', () => {
  it('V8.2.3 the employee lists, each row by id through each list, and the record found by user', async () => {
    for (const spec of views) {
      const employee = onView.get(spec.path)!;
      expect(employee).toMatchObject(payrollValues(indexOf.get(spec.path)!));
      // The admin sees the payroll fields on this list, so their absence below is the reader's rule at work.
      const adminList = await t.call(admin, 'GET', `${spec.path}?limit=10000`);
      const adminRow = adminList.body.data.find((row: Json) => row._id === employee._id);
      expect(adminRow, spec.path).toMatchObject({ basic_salary: employee.basic_salary });

      const populate = (spec.populate ?? []).join(',');
      const list = await t.call(reader, 'GET', `${spec.path}?limit=10000&populate=${populate}`);
      expect(list.status, spec.path).toBe(200);
      expect(list.body.data.map((row: Json) => row._id)).toContain(employee._id);
      expectNoPayroll(list.body, spec.path);
      for (const secret of secretsOf(spec.path)) expect(JSON.stringify(list.body), spec.path).not.toContain(secret);

      const one = await t.call(reader, 'GET', `${spec.path}/${employee._id}?populate=${populate}`);
      expect(one.status, `${spec.path}/:id`).toBe(200);
      expectNoPayroll(one.body, `${spec.path}/:id`);
      const byUser = await t.call(reader, 'GET', `/v1/employees/by-user/${employee.user}?populate=user,department`);
      expect(byUser.status).toBe(200);
      expect(byUser.body.data._id).toBe(employee._id);
      expectNoPayroll(byUser.body, 'by-user');
      for (const secret of secretsOf(spec.path)) expect(JSON.stringify(byUser.body)).not.toContain(secret);
    }
    const resigned = onView.get(resignedEmployeesGrid.path)!;
    const adminByUser = await t.call(admin, 'GET', `/v1/employees/by-user/${resigned.user}`);
    expect(adminByUser.body.data.basic_salary).toBe(resigned.basic_salary);
  });

  it('V8.2.3 import replies: updated, created, refused and conflicting rows carry no payroll field', async () => {
    const employee = onView.get(employeesGrid.path)!;
    const updated = await t.call(reader, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: employee.employee_id, nickname: 'Imported', version: employee.version },
        { employee_id: 'PRIV-NEW-1', fullname: 'Private New', email: 'private.new@example.co.id' },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ created: 1, updated: 1 });
    expectNoPayroll(updated.body, 'import');
    for (const secret of secretsOf(employeesGrid.path)) expect(JSON.stringify(updated.body)).not.toContain(secret);

    const refused = await t.call(reader, 'POST', '/v1/employees/import', {
      rows: [
        { employee_id: employee.employee_id, nickname: 'Stale', version: 1 },
        { employee_id: 'PRIV-NEW-2', fullname: '' },
      ],
    });
    expect(refused.status).toBe(400);
    expectNoPayroll(refused.body, 'import refused');
    for (const secret of secretsOf(employeesGrid.path)) expect(JSON.stringify(refused.body)).not.toContain(secret);

    const writing = await t.call(reader, 'POST', '/v1/employees/import', {
      rows: [{ employee_id: employee.employee_id, basic_salary: 1, version: employee.version + 1 }],
    });
    expect(writing.status).toBe(403);
    expect(writing.body.fields.basic_salary.code).toBe('forbidden_field');
    expect((await t.call(admin, 'GET', `/v1/employees/${employee._id}`)).body.data.basic_salary).toBe(
      employee.basic_salary,
    );
  });

  it('V8.2.3 the reader’s xlsx and CSV exports of every list hold no payroll value, even with every column shown', async () => {
    const translate = tFor('en');
    for (const spec of views) {
      const employee = onView.get(spec.path)!;
      const secrets = new Set(secretsOf(spec.path));
      const build = async (token: string) => {
        const populate = (spec.populate ?? []).join(',');
        const rows = (await t.call(token, 'GET', `${spec.path}?limit=10000&populate=${populate}`)).body.data as Json[];
        const columns = spec.columns.map((column) => ({ ...column, hide: false }));
        const sheet = (format: 'xlsx' | 'csv') => exportSheet(XLSX, spec, rows, columns, translate, format);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, sheet('xlsx'), 'Sheet1');
        const xlsx = XLSX.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
        const cells = XLSX.utils
          .sheet_to_json<unknown[]>(xlsx.Sheets[xlsx.SheetNames[0]!]!, { header: 1, raw: true })
          .flat()
          .map(String);
        const csv = XLSX.utils
          .sheet_to_json<unknown[]>(
            XLSX.read(csvText(XLSX, sheet('csv')), { type: 'string', raw: true }).Sheets.Sheet1!,
            {
              header: 1,
              raw: true,
            },
          )
          .flat()
          .map(String);
        return { cells, csv };
      };
      // The admin's export of the same list holds the salary: the check below can see one when it is there.
      const adminExport = await build(admin);
      if (spec.columns.some((column) => column.field === 'basic_salary')) {
        expect(adminExport.cells, spec.path).toContain(String(employee.basic_salary));
        expect(adminExport.csv, spec.path).toContain(String(employee.basic_salary));
      }
      const readerExport = await build(reader);
      expect(readerExport.cells.length, spec.path).toBeGreaterThan(spec.columns.length);
      for (const cell of [...readerExport.cells, ...readerExport.csv]) expect(secrets.has(cell), spec.path).toBe(false);
    }
  });
});
