/**
 * Exit pay end to end (issue 27 section 3, decision 0170): preview, the exit with an edited amount and its reason,
 * the exit month's run paying it as its own lines with the final PPh 21 of PP 68/2009, completion making it history,
 * the pre-run check's PKWT compensation, overtime and carried-rate warnings, the PTKP status of 1 January.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, employeePtkpStatuses, employees } from '../../../server/db/schema.ts';
import { loadMonthlyInputs, loadRunEmployees } from '../../../server/payroll/inputs.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { pdfText } from '../../support/pdf.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let leaver: { id: string; version: number };
let contract: { id: string };
const YEAR = 2025;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 5, CJ: 2 } });
  [admin, otherAdmin] = await Promise.all([t.login('admin'), t.login('admin.cj')]);
  const db = t.database.db;
  await db.update(employees).set({ join_date: '2020-01-06', exit_date: null, payroll_active: true });
  // The last two DEMO employees (not demo logins): a leaver and a PKWT contract ending in February.
  const demo = (await db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
    a.employee_id.localeCompare(b.employee_id),
  );
  const [second, last] = demo.slice(-2);
  const [row] = await db
    .update(employees)
    .set({
      join_date: '2016-03-01',
      status: 'pkwtt',
      basic_salary: 8_000_000,
      transport_allowance: 2_000_000,
      meal_allowance: 0,
      communication_allowance: 0,
      job_allowance: 0,
      other_allowance: 0,
      work_days: 5,
      marital_status: 'k/0',
      tax_id_valid: true,
    })
    .where(eq(employees.id, last!.id))
    .returning();
  leaver = { id: row!.id, version: row!.version };
  await db
    .update(employees)
    .set({
      status: 'pkwt',
      join_date: '2024-05-01',
      end_of_contract: `${YEAR}-02-28`,
      nationality: 'Indonesia',
      basic_salary: 6_000_000,
      transport_allowance: 0,
      meal_allowance: 0,
      communication_allowance: 0,
      job_allowance: 0,
      other_allowance: 0,
    })
    .where(eq(employees.id, second!.id));
  contract = { id: second!.id };
}, 180_000);
afterAll(async () => t?.close());

const amount = (body: Json, code: string) => body.lines.find((l: Json) => l.code === code)?.amount ?? 0;

describe('exit pay', () => {
  it('previews what an efficiency dismissal owes, and the final tax', async () => {
    const res = await t.call(admin, 'POST', `/v1/employees/${leaver.id}/exit-pay/preview`, {
      exit_cause: 'efficiency',
      exit_date: `${YEAR}-01-31`,
      leave_days: 3,
    });
    expect(res.status).toBe(200);
    const pay = res.body.data;
    // 8 full years (2016-03-01 to 2025-01-31): pesangon 9 months, UPMK 3 months of 10,000,000.
    expect(pay).toMatchObject({ cause: 'efficiency', article: '43(2)', exit_reason: 'phk', wage: 10_000_000 });
    expect(amount(pay, 'pesangon')).toBe(90_000_000);
    expect(amount(pay, 'upmk')).toBe(30_000_000);
    // 3 days × 10,000,000 / 21 = 1,428,571.43.
    expect(amount(pay, 'uph_leave')).toBe(1_428_571);
    // 121,428,571: 0 + 2,500,000 + 15 % × 21,428,571 (3,214,285.65) = 5,714,286.
    expect(pay.severance).toMatchObject({ gross: 121_428_571, pph: 5_714_286, tax_object_code: '21-401-01' });
    expect(pay.stored).toBe(false);
  });

  it('refuses an edited amount without a reason, and a cause of the other exit kind; nothing is written', async () => {
    const noReason = await t.call(admin, 'POST', `/v1/employees/${leaver.id}/exit`, {
      version: leaver.version,
      exit_reason: 'phk',
      exit_date: `${YEAR}-01-31`,
      exit_cause: 'efficiency',
      leave_days: 3,
      pay: [{ code: 'uph_rights', amount: 500_000 }],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields['pay.uph_rights'].code).toBe('reason_required');
    const mismatch = await t.call(admin, 'POST', `/v1/employees/${leaver.id}/exit`, {
      version: leaver.version,
      exit_reason: 'resign',
      exit_date: `${YEAR}-01-31`,
      exit_cause: 'efficiency',
    });
    expect(mismatch.status).toBe(400);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, leaver.id));
    expect(row?.exit_date).toBeNull();
    expect((await t.call(admin, 'GET', `/v1/employees/${leaver.id}/exit-pay`)).status).toBe(404);
  });

  it('stores the exit pay with the edit and its reason, logged', async () => {
    const res = await t.call(admin, 'POST', `/v1/employees/${leaver.id}/exit`, {
      version: leaver.version,
      exit_reason: 'phk',
      exit_date: `${YEAR}-01-31`,
      exit_cause: 'efficiency',
      leave_days: 3,
      pay: [{ code: 'uph_rights', amount: 500_000, reason: 'Return ticket to Medan' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ exit_reason: 'phk', exit_date: `${YEAR}-01-31` });
    const pay = (await t.call(admin, 'GET', `/v1/employees/${leaver.id}/exit-pay`)).body.data;
    expect(pay.stored).toBe(true);
    expect(pay.lines.find((l: Json) => l.code === 'uph_rights')).toMatchObject({
      computed: 0,
      amount: 500_000,
      reason: 'Return ticket to Medan',
    });
    expect(pay.severance.gross).toBe(121_928_571);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resource, 'exit-pay'), eq(activityLogs.record_id, leaver.id)));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs[0]?.changes)).toContain('Return ticket to Medan');
    // Another company's admin: not found.
    expect((await t.call(otherAdmin, 'GET', `/v1/employees/${leaver.id}/exit-pay`)).status).toBe(404);
  });

  it("pays it in the exit month's run as its own lines, under the final tax, outside bruto", async () => {
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', { type: 'payroll_run', year: YEAR, month: 1 });
    expect(created.status).toBe(201);
    const slips = (await t.call(admin, 'GET', `/v1/payroll-summary/${created.body.data._id}/payslips`)).body.data;
    const slip = slips.find((s: Json) => s.employee._id === leaver.id);
    expect(amount(slip, 'pesangon')).toBe(90_000_000);
    expect(amount(slip, 'upmk')).toBe(30_000_000);
    expect(amount(slip, 'uph_leave')).toBe(1_428_571);
    expect(amount(slip, 'uph_rights')).toBe(500_000);
    // 121,928,571: 2,500,000 + 15 % × 21,928,571 (3,289,285.65) = 5,789,286.
    expect(amount(slip, 'pph21_severance')).toBe(5_789_286);
    const inBruto = slip.lines
      .filter((l: Json) => l.in_bruto)
      .reduce((sum: number, l: Json) => sum + (l.kind === 'deduction' ? -l.amount : l.amount), 0);
    expect(slip.bruto).toBe(inBruto);
    expect(slip.lines.filter((l: Json) => ['pesangon', 'upmk'].includes(l.code)).every((l: Json) => !l.in_bruto)).toBe(
      true,
    );
    const completed = await t.call(admin, 'POST', `/v1/payroll-summary/${created.body.data._id}/complete`);
    expect(completed.status).toBe(200);
    const pay = (await t.call(admin, 'GET', `/v1/employees/${leaver.id}/exit-pay`)).body.data;
    expect(pay.paid).toMatchObject({ year: YEAR, month: 1, status: 'completed' });
    const edit = await t.call(admin, 'PUT', `/v1/employees/${leaver.id}/exit-pay`, {
      exit_cause: 'efficiency',
      exit_date: `${YEAR}-01-31`,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('exit_pay_paid');
  });

  it('reports the severance on its own slip, a PDF the admin downloads (decision 0207)', async () => {
    const run = (await t.call(admin, 'GET', `/v1/employees/${leaver.id}/exit-pay`)).body.data.paid;
    const pdf = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    const reply = await pdf(`/v1/payroll-summary/${run.summary}/payslips/${leaver.id}/severance-pdf?lang=id`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(reply.headers['content-disposition']))).toContain('Slip Pesangon 2025-01');
    const text = await pdfText(reply.rawPayload);
    expect(text).toContain('Slip Pesangon (PPh 21 final, PP 68/2009)');
    expect(text).toContain('Uang pesangon');
    // Gross 121,928,571, final tax 5,789,286, received 116,139,285; the month's salary is not on it.
    expect(text).toContain('Rp 121.928.571');
    expect(text).toContain('Rp 5.789.286');
    expect(text).toContain('Rp 116.139.285');
    expect(text).not.toContain('Gaji pokok');
    // Another employee's payslip of the run pays no severance: no slip; another company's admin: 404.
    const other = (await t.call(admin, 'GET', `/v1/payroll-summary/${run.summary}/payslips`)).body.data.find(
      (s: Json) => s.employee._id !== leaver.id,
    );
    expect(
      (await pdf(`/v1/payroll-summary/${run.summary}/payslips/${other.employee._id}/severance-pdf`)).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/payroll-summary/${run.summary}/payslips/${leaver.id}/severance-pdf`,
      headers: { authorization: `Bearer ${otherAdmin}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('the pre-run check lists a PKWT contract ending without compensation, with the amount', async () => {
    const res = await t.call(admin, 'GET', `/v1/payroll-summary/pre-check?year=${YEAR}&month=2`);
    expect(res.status).toBe(200);
    const due = res.body.data.warnings.find(
      (w: Json) => w.code === 'pkwt_compensation_due' && w.employee?._id === contract.id,
    );
    // 2024-05-01 to 2025-02-28: 9 full months; 9 / 12 × 6,000,000 = 4,500,000.
    expect(due).toMatchObject({ date: `${YEAR}-02-28`, detail: { months: 9, amount: 4_500_000 } });
  });

  it('the pre-run check names a rate carried forward past its expected row', async () => {
    const res = await t.call(admin, 'GET', '/v1/payroll-summary/pre-check?year=2027&month=3');
    expect(res.body.data.warnings).toContainEqual(
      expect.objectContaining({
        code: 'rate_carried_forward',
        detail: { table: 'jp_wage_cap', from: '2026-03-01', amount: 11_086_300, expected: '2027-03-01' },
      }),
    );
  });

  it('keeps the PTKP status of 1 January: a change during the year is recorded with its date', async () => {
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, contract.id));
    const patch = await t.call(admin, 'PUT', `/v1/employees/${contract.id}`, {
      version: row!.version,
      marital_status: row!.marital_status === 'k/3' ? 'k/2' : 'k/3',
    });
    expect(patch.status).toBe(200);
    const history = await t.database.db
      .select()
      .from(employeePtkpStatuses)
      .where(eq(employeePtkpStatuses.employee, contract.id));
    expect(history.map((h) => h.from === null)).toEqual(expect.arrayContaining([true, false]));
    // This year's run still reads the status of 1 January; next year's reads the new one.
    const changed = history.find((h) => h.from)!.from!;
    const period = { year: Number(changed.slice(0, 4)), month: Number(changed.slice(5, 7)) };
    const inputOf = async (p: { year: number; month: number }) => {
      const people = await loadRunEmployees(t.database.db, row!.company_id, p, [contract.id]);
      const [mine] = await loadMonthlyInputs(t.database.db, row!.company_id, p, people);
      return mine?.input.employee.ptkp_status;
    };
    expect(await inputOf(period)).toBe(row!.marital_status);
    expect(await inputOf({ year: period.year + 1, month: 1 })).toBe(row!.marital_status === 'k/3' ? 'k/2' : 'k/3');
  });

  it("deducts approved unpaid leave by the company's absent rule and names the days (decision 0206)", async () => {
    const db = t.database.db;
    const [person] = (await db.select().from(employees).where(like(employees.employee_id, 'DEMO-%'))).sort((a, b) =>
      a.employee_id.localeCompare(b.employee_id),
    );
    const rules = (
      await db.execute(sql`select id, type, unpaid from leave_rules where company_id = ${person!.company_id}
        and type in ('Unpaid Leave', 'Annual Leave')`)
    ).rows as { id: string; type: string; unpaid: boolean }[];
    const unpaid = rules.find((r) => r.type === 'Unpaid Leave')!;
    const annual = rules.find((r) => r.type === 'Annual Leave')!;
    expect(unpaid.unpaid).toBe(true);
    expect(annual.unpaid).toBe(false);
    // Monday and Tuesday 14–15 July 2025 unpaid, Wednesday 16 July annual leave (paid), all approved.
    await db.execute(sql`
      insert into leaves (company_id, employee_id, leave_rule_id, start_date, end_date, unit, total, status)
      values (${person!.company_id}, ${person!.id}, ${unpaid.id}, '2025-07-14', '2025-07-15', 'day', 2, 'approved'),
        (${person!.company_id}, ${person!.id}, ${annual.id}, '2025-07-16', '2025-07-16', 'day', 1, 'approved')`);
    const month = await t.call(admin, 'GET', `/v1/payroll-employees/${person!.id}/payslip?year=2025&month=7`);
    expect(month.status).toBe(200);
    const line = month.body.data.payslip.lines.find((l: Json) => l.code === 'unpaid_leave_deduction');
    expect(line.explain.count).toBe(2);
    expect(line.in_bruto).toBe(true);
    expect(line.amount).toBeGreaterThan(0);
    // The same rule as an absence: two days cost what two absent days cost.
    const people = await loadRunEmployees(db, person!.company_id, { year: 2025, month: 7 }, [person!.id]);
    const [mine] = await loadMonthlyInputs(db, person!.company_id, { year: 2025, month: 7 }, people);
    expect(mine?.input.unpaid_leave_days).toBe(2);
    expect(mine?.input.unpaid_leave_dates).toEqual(['2025-07-14', '2025-07-15']);
    // A leave type no longer marked unpaid deducts nothing.
    await db.execute(sql`update leave_rules set unpaid = false where id = ${unpaid.id}`);
    const after = await t.call(admin, 'GET', `/v1/payroll-employees/${person!.id}/payslip?year=2025&month=7`);
    expect(after.body.data.payslip.lines.find((l: Json) => l.code === 'unpaid_leave_deduction')).toBeUndefined();
    await db.execute(sql`update leave_rules set unpaid = true where id = ${unpaid.id}`);
  });
});
