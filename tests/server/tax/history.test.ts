/**
 * Issue 24, the history rule: a completed run, its payslips, the PPh 21 report (and e-Bupot, written from it) and the
 * 1721-A1 forms are a record of what was paid and reported. Changing an employee's name, NPWP, NIK, address, gender,
 * department and PTKP status, and a department's name, after the run was completed changes none of them. Before: the
 * PPh 21 report and the 1721-A1 read the live employee (name, NPWP, NIK, address, department), so they changed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, employees } from '../../../server/db/schema.ts';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';
import { pdfText } from '../../support/pdf.ts';

let t: TestApp;
let admin: string;
let deptAdmin: string;
let run: { id: string; year: number; month: number };
let person: { id: string; department: string };
let otherDepartment: string;

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 8, CJ: 2 } });
  [admin, deptAdmin] = await Promise.all([t.login('admin'), t.login('deptadmin')]);
  // The seed's latest completed monthly run with PPh 21 withheld, and an employee of it with a department.
  const { rows } = await t.database.db.execute<{ id: string; year: number; month: number }>(sql`
    select s.id, s.year, s.month from payroll_summaries s join companies c on c.id = s.company_id
    where c.code = 'DEMO' and s.type = 'payroll_run' and s.status = 'completed'
      and exists (select 1 from payslips p where p.summary_id = s.id and p.pph21 > 0 and p.department_id is not null)
    order by s.year desc, s.month desc limit 1`);
  run = rows[0]!;
  expect(run).toBeDefined();
  // Not the department admin themselves: moving them would move what they reach.
  const me = (await t.call(deptAdmin, 'GET', '/v1/employees/me')).body.data;
  const own = me.department as string;
  const { rows: people } = await t.database.db.execute<{ id: string; department: string }>(sql`
    select p.employee_id as id, p.department_id as department from payslips p
    where p.summary_id = ${run.id} and p.pph21 > 0 and p.department_id is not null and p.employee_id <> ${me._id}
    order by (p.department_id = ${own}) desc, p.employee_number limit 1`);
  person = people[0]!;
  const [other] = await t.database.db
    .execute<{ id: string }>(sql`
    select id from departments where company_id = (select company_id from employees where id = ${person.id})
      and id <> ${person.department} limit 1`)
    .then((r) => r.rows);
  otherDepartment = other!.id;
}, 300_000);
afterAll(() => t?.close());

/** Everything a completed run reports, as the admin and as the department admin see it. */
async function reports() {
  const get = async (token: string, url: string) => {
    const reply = await t.call(token, 'GET', url);
    expect(reply.status, `${url} ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body;
  };
  const slip = await t.app.inject({
    method: 'GET',
    url: `/v1/payroll-summary/${run.id}/payslips/${person.id}/pdf?lang=en`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(slip.statusCode).toBe(200);
  return {
    summary: (await get(admin, `/v1/payroll-summary/${run.id}`)).data,
    payslips: (await get(admin, `/v1/payroll-summary/${run.id}/payslips`)).data,
    deptPayslips: (await get(deptAdmin, `/v1/payroll-summary/${run.id}/payslips`)).data,
    pph: (await get(admin, `/v1/pph-report?year=${run.year}&month=${run.month}`)).data,
    deptPph: (await get(deptAdmin, `/v1/pph-report?year=${run.year}&month=${run.month}`)).data,
    a1: (await get(admin, `/v1/pph-a1/employees?year=${run.year}`)).data,
    deptA1: (await get(deptAdmin, `/v1/pph-a1/employees?year=${run.year}`)).data,
    slipText: await pdfText(slip.rawPayload),
  };
}

describe('a completed run after its employees and references change', () => {
  it('keeps its payslips, its PPh 21 report and its 1721-A1 forms as they were', async () => {
    const before = await reports();
    expect(before.pph.rows.some((row: Json) => row._id === person.id)).toBe(true);
    expect(before.a1.some((row: Json) => row._id === person.id)).toBe(true);
    const db = t.database.db;
    const [was] = await db.select().from(employees).where(eq(employees.id, person.id));
    await db
      .update(employees)
      .set({
        fullname: 'Renamed Afterwards',
        npwp_number: '999999999999999',
        ktp_number: '3100000000000009',
        id_card_address: 'Jalan Baru 1',
        id_card_city: 'Bandung',
        gender: was!.gender === 'male' ? 'female' : 'male',
        marital_status: was!.marital_status === 'k/3' ? 'tk/0' : 'k/3',
        department: otherDepartment,
      })
      .where(eq(employees.id, person.id));
    await db.update(departments).set({ name: 'Renamed Department' }).where(eq(departments.id, person.department));
    const after = await reports();
    expect(after.slipText).not.toContain('Renamed');
    for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key], key).toEqual(before[key]);
  }, 300_000);
});
