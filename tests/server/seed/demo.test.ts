import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodBounds } from '../../../common/kpi.ts';
import { computePayslip } from '../../../common/payroll/payslip.ts';
import type { PtkpStatus } from '../../../common/payroll/types.ts';
import { deductionFields, methodFieldIssues, overtimeFields } from '../../../common/payroll-rules.ts';
import { verifyPassword } from '../../../server/auth/passwords.ts';
import { referenceTables } from '../../../server/companies/defaults.ts';
import type { Database } from '../../../server/db/connect.ts';
import { accessRoles, companies, employeeFamily, employees, users } from '../../../server/db/schema.ts';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemo } from '../../../server/seed/demo.ts';
import { onPostgres, openTestDatabase } from '../../support/database.ts';

const money = [
  'basic_salary',
  'transport_allowance',
  'meal_allowance',
  'communication_allowance',
  'job_allowance',
  'other_allowance',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: raw rows are compared whole
type Row = Record<string, any>;

/** The deterministic part of a seeded database: no ids, no dates (those are offsets from today). */
async function fingerprint(database: Database) {
  const result = await database.pool.query(`
    select c.code as company, e.employee_id, e.fullname, e.gender, e.marital_status, e.no_of_children, e.religion,
           e.status, e.basic_salary, e.meal_allowance, e.account_number, e.ktp_number, d.code as department,
           j.code as job_title, l.code as location, s.employee_id as supervisor, u.username, u.email, e.exit_reason,
           (select count(*) from employee_family f where f.employee_id = e.id) as family
    from employees e
    join companies c on c.id = e.company_id
    join users u on u.id = e.user_id
    left join departments d on d.id = e.department_id
    left join job_titles j on j.id = e.job_title_id
    left join locations l on l.id = e.location_id
    left join employees s on s.id = e.supervisor_id
    order by c.code, e.employee_id`);
  return result.rows as Row[];
}

const freshDatabase = () => openTestDatabase('hrw_seed');

describe.skipIf(onPostgres() && !process.env.TEST_DATABASE_URL)('seedDemo', { timeout: 60_000 }, () => {
  let database: Database;
  let emptyBefore: boolean;
  let result: { companies: number; employees: number };
  let firstRun: Row[];
  let smallRun: Row[];

  const wipe = () => database.pool.query('truncate companies, users cascade');

  beforeAll(async () => {
    database = await freshDatabase();
    emptyBefore = await isEmpty(database.db);
    // One database, seeded three times (opening PGlite is the slow part): small, default, and default again.
    await seedDemo(database.db, { employees: { DEMO: 25, CJ: 3 } });
    smallRun = await fingerprint(database);
    await wipe();
    await seedDemo(database.db);
    firstRun = await fingerprint(database);
    await wipe();
    // How long this takes is measured in bench/units.ts, not asserted here.
    result = await seedDemo(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('seeds an empty database', () => {
    expect(emptyBefore).toBe(true);
    expect(result).toEqual({ companies: 2, employees: 360 });
  });

  it('is no longer empty afterwards', async () => {
    expect(await isEmpty(database.db)).toBe(false);
  });

  it('creates the two companies, each with its admin', async () => {
    const rows = await database.db.select().from(companies).orderBy(companies.code);
    expect(rows.map((row) => [row.code, row.name])).toEqual([
      ['CJ', 'PT Contoh Jaya'],
      ['DEMO', 'PT Demo Nusantara'],
    ]);
    const [cj, demo] = rows;
    // Sales, and the man-power report (restricted to this company by a setting, issue 29).
    expect(demo?.features).toEqual({ sales_menu: { enabled: true }, man_power_report: { enabled: true } });
    expect(cj?.features).toEqual({});
    expect(demo?.company_size).toBe('100-1000');
    expect(Number.isInteger(demo?.umk)).toBe(true);
    for (const [company, username] of [
      [demo, 'admin'],
      [cj, 'admin.cj'],
    ] as const) {
      expect(company?.admin).toBeTruthy();
      const [admin] = await database.db.select().from(users).where(eq(users.id, company!.admin!));
      expect(admin?.username).toBe(username);
      expect(admin?.company_id).toBe(company?.id);
    }
  });

  it('gives each company its number of employees', async () => {
    const counts = await database.pool.query(
      'select c.code, count(*)::int as n from employees e join companies c on c.id = e.company_id group by c.code',
    );
    expect(Object.fromEntries(counts.rows.map((row) => [row.code, row.n]))).toEqual({ DEMO: 300, CJ: 60 });
    // The option asks for fewer.
    expect(smallRun.filter((row) => row.company === 'DEMO').length).toBe(25);
    expect(smallRun.filter((row) => row.company === 'CJ').length).toBe(3);
  });

  it('creates every demo login with its level and the demo password', async () => {
    expect(demoLogins.map((login) => login.username)).toEqual([
      'developer',
      'admin',
      'subadmin',
      'deptadmin',
      'approver',
      'custom',
      'employee',
      'admin.cj',
    ]);
    const all = await database.db.select().from(users);
    const companyCodes = new Map(
      (await database.db.select().from(companies)).map((company) => [company.id, company.code]),
    );
    const linked = new Set((await database.db.select({ user: employees.user }).from(employees)).map((e) => e.user));
    const hashes = new Set<string>();
    for (const login of demoLogins) {
      const user = all.find((row) => row.username === login.username);
      expect(user, login.username).toBeDefined();
      expect(user?.level).toBe(login.level);
      expect(user?.company_id ? companyCodes.get(user.company_id) : null).toBe(login.company);
      expect(user?.blocked).toBe(false);
      expect(user?.password_hash).toBeTruthy();
      hashes.add(user!.password_hash!);
      // Employees of a company also have an employee record; the developer does not.
      expect(linked.has(user!.id)).toBe(login.company !== null);
    }
    expect(hashes.size).toBe(1);
    expect(await verifyPassword([...hashes][0]!, DEMO_PASSWORD)).toBe(true);
    const developer = all.find((row) => row.username === 'developer');
    expect(developer?.email).toBe('developer@demo.test');
    // Everybody else has an account that is not activated yet: employees, and the few staff the access-level demo
    // (server/seed/access.ts) made approver, department admin or payroll clerk.
    const others = all.filter((row) => !demoLogins.some((login) => login.username === row.username));
    expect(others.every((row) => row.password_hash === null)).toBe(true);
    expect(others.filter((row) => row.level !== 'employee').length).toBeLessThanOrEqual(6);
    expect(others.every((row) => ['employee', 'approver', 'admin_department', 'custom'].includes(row.level))).toBe(
      true,
    );
  });

  it('gives the custom login the HR Viewer access level', async () => {
    const [custom] = await database.db.select().from(users).where(eq(users.username, 'custom'));
    expect(custom?.access_role).toBeTruthy();
    const [role] = await database.db.select().from(accessRoles).where(eq(accessRoles.id, custom!.access_role!));
    expect(role?.code).toBe('HR-VIEW');
    expect(role?.access_level).toBe('HR Viewer');
    expect(role?.company_id).toBe(custom?.company_id);
    expect(role?.permissions).toEqual([
      'active-employees:read',
      'resigned-employees:read',
      'employee-organization:read',
      'hierarchy:read',
      'home:read',
      // Every company user may ask the platform for access (issue 26).
      'request-access:read',
      'request-access:write',
    ]);
  });

  it('links every employee to a user of the same company, and keeps usernames and e-mails unique', async () => {
    const { rows } = await database.pool.query(`
      select count(*)::int as n from employees e join users u on u.id = e.user_id and u.company_id = e.company_id`);
    expect(rows[0].n).toBe(360);
    const unique = await database.pool.query(
      'select count(distinct lower(username))::int as names, count(distinct lower(email))::int as emails, ' +
        'count(*)::int as n from users',
    );
    expect(unique.rows[0]).toEqual({ names: 361, emails: 361, n: 361 });
  });

  it("never points an employee at another company's organisation or people", async () => {
    const { rows } = await database.pool.query(`
      select
        count(*) filter (where e.department_id is null or d.company_id <> e.company_id)::int as departments,
        count(*) filter (where e.sub_department_id is not null and sd.company_id <> e.company_id)::int as subs,
        count(*) filter (where sd.department_id <> e.department_id)::int as sub_parents,
        count(*) filter (where e.job_title_id is null or j.company_id <> e.company_id)::int as titles,
        count(*) filter (where e.location_id is null or l.company_id <> e.company_id)::int as locations,
        count(*) filter (where s.id is not null and (s.company_id <> e.company_id or s.department_id <> e.department_id
          or s.id = e.id))::int as supervisors,
        count(*) filter (where e.supervisor_id is not null and s.id is null)::int as dangling
      from employees e
      left join departments d on d.id = e.department_id
      left join sub_departments sd on sd.id = e.sub_department_id
      left join job_titles j on j.id = e.job_title_id
      left join locations l on l.id = e.location_id
      left join employees s on s.id = e.supervisor_id`);
    expect(rows[0]).toEqual({
      departments: 0,
      subs: 0,
      sub_parents: 0,
      titles: 0,
      locations: 0,
      supervisors: 0,
      dangling: 0,
    });
    const heads = await database.pool.query(`
      select count(*)::int as n from departments d join employees h on h.id = d.head_id
      where h.company_id = d.company_id and h.department_id = d.id`);
    const departments = await database.pool.query('select count(*)::int as n from departments');
    expect(heads.rows[0].n).toBe(departments.rows[0].n);
    const family = await database.pool.query(`
      select count(*)::int as n, count(*) filter (where f.company_id <> e.company_id)::int as foreign
      from employee_family f join employees e on e.id = f.employee_id`);
    expect(family.rows[0].n).toBeGreaterThan(100);
    expect(family.rows[0].foreign).toBe(0);
  });

  it('has the required job titles and code-safe codes', async () => {
    const { rows } = await database.pool.query(`
      select c.code as company, j.name from job_titles j join companies c on c.id = j.company_id`);
    for (const company of ['DEMO', 'CJ']) {
      const names = rows.filter((row) => row.company === company).map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(['Project Officer Area', 'Project Coordinator', 'Supervisor']));
    }
    const codes = await database.pool.query(`
      select code from departments union all select code from sub_departments
      union all select code from job_titles union all select code from locations`);
    for (const { code } of codes.rows) expect(code).toMatch(/^[A-Za-z0-9._-]{1,30}$/);
  });

  it('seeds every reference list and payroll rule for both companies', async () => {
    const companyCodes = new Map(
      (await database.db.select().from(companies)).map((company) => [company.id, company.code]),
    );
    for (const [key, table] of Object.entries(referenceTables)) {
      const rows = (await database.db.select().from(table)) as Row[];
      const perCompany = new Map<string, number>();
      for (const row of rows)
        perCompany.set(companyCodes.get(row.company_id)!, (perCompany.get(companyCodes.get(row.company_id)!) ?? 0) + 1);
      expect(perCompany.get('DEMO'), key).toBeGreaterThanOrEqual(2);
      expect(perCompany.get('CJ'), key).toBeGreaterThanOrEqual(2);
      // Leave rules are keyed by their type's name ("Annual Leave"), and an unlimited rule has no amount.
      if (key === 'leaveRules') {
        for (const row of rows) expect(String(row.type ?? '').trim(), key).not.toBe('');
        continue;
      }
      for (const row of rows) {
        const natural = row.code ?? row.grade;
        expect(natural, key).toMatch(/^[A-Za-z0-9._-]{1,30}$/);
        for (const [field, value] of Object.entries(row)) {
          if (
            ['amount', 'hourly_overtime', 'nominal', 'deduction', 'reported_salary'].includes(field) &&
            value !== null &&
            // A daily payroll component not paid per day (overtime, piece rate) has 0 (decision 0061).
            !(key === 'dailyPayrollComponents' && value === 0)
          ) {
            expect(Number.isInteger(value) && value > 0, `${key}.${field}`).toBe(true);
          }
        }
      }
    }
    // The lists hold what the employees hold: banks by code, religions by name, family relationships by code.
    const { rows: held } = await database.pool.query(`
      select
        (select count(*) from employees e where e.bank is not null and not exists (select 1 from banks b
          where b.company_id = e.company_id and lower(b.code) = lower(e.bank)))::int as banks,
        (select count(*) from employees e where not exists (select 1 from religions r
          where r.company_id = e.company_id and r.name = e.religion))::int as religions,
        (select count(*) from employee_family f where not exists (select 1 from relationships r
          where r.company_id = f.company_id and lower(r.code) = f.relationship))::int as relationships,
        (select count(*) from employee_roles r join departments d on d.id = r.department_id
          where d.company_id <> r.company_id)::int as foreign_departments,
        (select count(*) from employee_roles r where r.department_id is not null)::int as role_departments`);
    expect(held[0]).toMatchObject({ banks: 0, religions: 0, relationships: 0, foreign_departments: 0 });
    expect(held[0].role_departments).toBeGreaterThan(0);
    // Every rule has its method's own fields and none of the others'.
    for (const [table, rules] of [
      [referenceTables.overtimeRules, overtimeFields],
      [referenceTables.earlyDeductions, deductionFields],
      [referenceTables.absentDeductions, deductionFields],
      [referenceTables.missedDeductions, deductionFields],
    ] as const) {
      for (const row of (await database.db.select().from(table)) as Row[]) {
        const { missing, notApplicable } = methodFieldIssues(rules, row);
        expect(missing, row.code).toEqual([]);
        for (const field of notApplicable) expect(row[field], `${row.code}.${field}`).toBeNull();
        if (row.percentage !== null && row.percentage !== undefined) {
          expect(row.percentage).toBeGreaterThanOrEqual(0);
          expect(row.percentage).toBeLessThanOrEqual(100);
          expect(Math.round(row.percentage * 100) / 100).toBe(row.percentage);
        }
      }
    }
  });

  it('stores money as integer rupiah within the expected range', async () => {
    const rows = await database.db
      .select({
        ...Object.fromEntries(money.map((column) => [column, employees[column]])),
        company: employees.company_id,
      })
      .from(employees);
    const umk = new Map((await database.db.select().from(companies)).map((company) => [company.id, company.umk!]));
    for (const row of rows as unknown as Record<string, number | string>[]) {
      for (const column of money) {
        expect(Number.isInteger(row[column]), column).toBe(true);
        expect(row[column]).toBeGreaterThanOrEqual(0);
      }
      expect(row.basic_salary).toBeGreaterThanOrEqual(umk.get(row.company as string)!);
      expect(row.basic_salary).toBeLessThanOrEqual(35_000_000);
      expect((row.basic_salary as number) % 50_000).toBe(0);
    }
  });

  it('gives every employee the take-home pay their salary, allowances, BPJS and PPh 21 make', async () => {
    const { rows } = await database.pool.query(`
      select e.employee_id, e.thp, e.basic_salary, e.transport_allowance, e.meal_allowance, e.communication_allowance,
             e.job_allowance, e.other_allowance, e.bpjs_tk_salary, e.bpjs_ks_salary, e.bpjs_type, e.jkk_percentage,
             e.bpjs_tk_registered, e.bpjs_ks_registered, e.marital_status, e.tax_id_valid, e.pph_deduction,
             c.umk, c.jkk_percentage as company_jkk,
             (select count(*) from employee_family f where f.employee_id = e.id and f.bpjs_ks_additional)::int as extra
      from employees e join companies c on c.id = e.company_id`);
    expect(rows.length).toBe(360);
    const today = new Date().toISOString().slice(0, 10);
    for (const e of rows) {
      const basic = Number(e.basic_salary);
      const earnings = [basic, ...money.slice(1).map((column) => Number(e[column]))].reduce((a, b) => a + b, 0);
      // The payroll engine's regular month (BPJS on the basic salary unless a BPJS wage is set).
      const expected = computePayslip(
        {
          period: { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) },
          employee: {
            ptkp_status: (e.marital_status ?? 'tk/0') as PtkpStatus,
            tax_id_valid: e.tax_id_valid,
            pph_method: e.pph_deduction,
          },
          salary: { basic_salary: basic, ...Object.fromEntries(money.slice(1).map((c) => [c, Number(e[c])])) },
          bpjs: {
            tk_registered: e.bpjs_tk_registered,
            ks_registered: e.bpjs_ks_registered,
            bpjs_type: e.bpjs_type as 1 | 2 | 3,
            tk_salary: e.bpjs_tk_salary === null ? basic : Number(e.bpjs_tk_salary),
            ks_salary: e.bpjs_ks_salary === null ? basic : Number(e.bpjs_ks_salary),
            jkk_percentage: e.jkk_percentage === null ? null : Number(e.jkk_percentage),
            additional_family_members: e.extra,
          },
        },
        { umk: e.umk === null ? null : Number(e.umk), jkk_percentage: Number(e.company_jkk ?? 0) },
      );
      expect(Number(e.thp), e.employee_id).toBe(expected.thp);
      // Never nothing, never more than the pay itself, and the basic salary's share of it is most of it.
      expect(Number(e.thp), e.employee_id).toBeGreaterThan(0);
      expect(Number(e.thp), e.employee_id).toBeLessThanOrEqual(earnings);
      expect(Number(e.thp), e.employee_id).toBeGreaterThan(basic * 0.8);
    }
  });

  it('keeps personal data consistent', async () => {
    const rows = await database.db.select().from(employees);
    const family = await database.db.select().from(employeeFamily);
    const today = new Date().toISOString().slice(0, 10);
    for (const e of rows) {
      const [married, dependants] = e.marital_status!.split('/');
      expect(Number(dependants)).toBe(Math.min(e.no_of_children!, 3));
      const relatives = family.filter((f) => f.employee === e.id);
      expect(relatives.filter((f) => f.relationship === 'spouse').length).toBe(married === 'k' ? 1 : 0);
      expect(relatives.filter((f) => f.relationship === 'child').length).toBe(e.no_of_children);
      expect(e.phone).toMatch(/^(08\d{8,11}|\+628\d{8,10})$/);
      expect(e.ktp_number).toMatch(/^\d{16}$/);
      if (e.npwp_number !== null) expect(e.npwp_number).toMatch(/^\d{15,16}$/);
      if (e.bpjs_tk_number !== null) expect(e.bpjs_tk_number).toMatch(/^\d{11}$/);
      if (e.bpjs_ks_number !== null) expect(e.bpjs_ks_number).toMatch(/^\d{13}$/);
      expect(e.account_number).toMatch(/^\d{10}$/);
      expect(e.account_name).toBe(e.fullname);
      expect(e.nationality).toBe('Indonesia');
      expect(e.work_days === 5 || e.work_days === 6).toBe(true);
      expect(e.join_date! <= today).toBe(true);
      const age = (Date.parse(today) - Date.parse(e.birth_date!)) / (365.25 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(20);
      expect(age).toBeLessThan(59.1);
    }
    const statuses = new Set(rows.map((e) => e.status));
    expect(statuses).toEqual(new Set(['pkwtt', 'pkwt', 'probation', 'intern', 'freelance']));
  });

  it('has about 8% leavers in DEMO, none of them a demo login', async () => {
    const { rows } = await database.pool.query(`
      select e.exit_reason, e.exit_date, e.join_date, e.payroll_active, u.username, u.blocked
      from employees e join users u on u.id = e.user_id join companies c on c.id = e.company_id
      where c.code = 'DEMO' and e.exit_date is not null`);
    // 24 of the history, and last month's efficiency dismissal with its severance (server/seed/severance.ts).
    expect(rows.length).toBe(25);
    const logins = new Set(demoLogins.map((login) => login.username));
    for (const row of rows) {
      expect(['resign', 'phk']).toContain(row.exit_reason);
      expect(row.exit_date.getTime()).toBeLessThan(Date.now());
      expect(row.exit_date.getTime()).toBeGreaterThan(row.join_date.getTime());
      expect(logins.has(row.username)).toBe(false);
    }
  });

  it('completes last quarter’s KPI and leaves this quarter open, scored part way (decision 0215)', async () => {
    const { start } = periodBounds('quarter', new Date().toISOString().slice(0, 10));
    const periods = await database.pool.query(`
      select c.code, a.status, to_char(a.start_date, 'YYYY-MM-DD') as start, count(*)::int as n
      from kpi_assessments a join companies c on c.id = a.company_id group by 1, 2, 3 order by 1, 2`);
    for (const code of ['CJ', 'DEMO']) {
      const own = periods.rows.filter((row) => row.code === code);
      expect(own.map((row) => [row.status, row.n])).toEqual([
        ['open', 2],
        ['completed', 2],
      ]);
      expect(own.find((row) => row.status === 'open')?.start).toBe(start);
      expect(own.find((row) => row.status === 'completed')?.start < start).toBe(true);
    }
    // Mid-quarter in DEMO: steps handed in, drafts, people nobody has scored yet (last quarter covered them all).
    const [mix] = (
      await database.pool.query(`
        select count(*) filter (where k.submitted_at is not null)::int as submitted,
          count(*) filter (where k.submitted_at is null)::int as drafts,
          count(*) filter (where k.step > 0 and k.submitted_at is not null)::int as later,
          count(distinct k.employee_id)::int as started,
          (select count(*)::int from kpi_results r join kpi_assessments p on p.id = r.assessment_id
            where p.company_id = c.id and p.status = 'completed') as covered
        from kpi_entries k join kpi_assessments a on a.id = k.assessment_id join companies c on c.id = a.company_id
        where c.code = 'DEMO' and a.status = 'open' group by c.id`)
    ).rows;
    expect(mix.submitted).toBeGreaterThan(0);
    expect(mix.drafts).toBeGreaterThan(0);
    expect(mix.later).toBeGreaterThan(0);
    expect(mix.started).toBeLessThan(mix.covered * 0.9);
    // The demo approver's reports and the demo employee's own self-assessment wait for them: nothing handed in.
    const waiting = await database.pool.query(`
      select u.username, count(*)::int as people,
        count(*) filter (where exists (select 1 from kpi_entries k join kpi_assessments a on a.id = k.assessment_id
          where a.status = 'open' and k.employee_id = e.id and k.step = 0 and k.submitted_at is not null))::int as handed
      from users u join employees me on me.user_id = u.id
      join employees e on (u.username = 'approver' and e.supervisor_id = me.id and e.exit_date is null)
        or (u.username = 'employee' and e.id = me.id)
      group by u.username order by u.username`);
    expect(waiting.rows).toEqual([
      { username: 'approver', people: expect.any(Number), handed: 0 },
      { username: 'employee', people: 1, handed: 0 },
    ]);
    expect(waiting.rows[0].people).toBeGreaterThan(0);
  });

  it('is deterministic', async () => {
    const last = await fingerprint(database);
    expect(last).toEqual(firstRun);
    // Names depend only on the company and the employee number, not on how many employees are seeded.
    const names = (rows: Row[]) =>
      rows.filter((row) => row.company === 'DEMO' && row.employee_id <= 'DEMO-0025').map((row) => row.fullname);
    expect(names(smallRun)).toEqual(names(last));
    expect(last.find((row) => row.employee_id === 'DEMO-0001')?.fullname).toBe('Ratna Wulandari');
    expect(last.find((row) => row.employee_id === 'DEMO-0007')?.fullname).toBe('Bayu Wicaksono');
  });
});
