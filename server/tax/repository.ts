/**
 * Reading the year's and the month's withholding from the completed runs (server/tax/README.md): set-based, one query
 * a table for the company, never one a person. Always within the caller's reach (server/scope/scope.ts): a department
 * admin sees their department's employees (the A1 numbers stay company-wide).
 *
 * History (issue 24): a completed run is a record of what was paid and reported. Who each row names (number, name,
 * NPWP, NIK, address, gender, department, PTKP) is read from the payslips' snapshots, never from the live employee,
 * so editing or exiting an employee later changes no report of a completed run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type A1Form, type A1Month, a1Form, a1Number } from '../../common/payroll/a1.ts';
import { terCategoryOf } from '../../common/payroll/pph21.ts';
import { periodDate } from '../../common/payroll/rates.ts';
import type {
  EmploymentKind,
  PayslipInput,
  PayslipLine,
  PtkpStatus,
  TaxResidence,
  TerCategory,
} from '../../common/payroll/types.ts';
import type { Executor } from '../db/connect.ts';
import { a1Numbers, companies, companySignatures, employees, payrollSummaries, payslips } from '../db/schema.ts';
import { loadTogether } from '../db/sql.ts';
import { loadPreviousEmployers } from '../payroll/inputs.ts';
import { payslipCompany } from '../payslips/repository.ts';
import type { PayslipCompany } from '../payslips/view.ts';
import {
  companyReach,
  departmentReaches,
  inCompany,
  inCompanySql,
  inDepartmentSql,
  ownedBy,
  type Reach,
  type Scope,
  sameCompany,
} from '../scope/scope.ts';

/** The employee's tax id for the tax office: the NPWP, else the NIK (KTP number). */
export const taxIdOf = (npwp: string | null, nik: string | null) => {
  const clean = (value: string | null) => value?.replace(/\D/g, '') || null;
  const n = clean(npwp);
  return n ? { kind: 'NPWP' as const, value: n } : { kind: 'NIK' as const, value: clean(nik) };
};

export interface A1Row extends A1Form {
  _id: string;
  employee: { _id: string; fullname: string; employee_id: string };
  /** The issued number (decision 0069); null until the form is first final. */
  number: string | null;
  year: number;
  npwp: string | null;
  nik: string | null;
  tax_id: string | null;
  tax_id_kind: 'NPWP' | 'NIK';
  ptkp_status: PtkpStatus;
  gender: string | null;
  address: string | null;
  job_title: string | null;
  department: string | null;
  /** False when the payslip's PTKP status was unknown (counted as TK/0); Coretax refuses such a slip. */
  ptkp_known?: boolean;
  /** An expatriate's year annualised (tax residence starting or ending in the year). */
  annualised?: boolean;
}

type SlipInput = Pick<PayslipInput, 'last_period' | 'previous_employer'> & { employee?: PayslipInput['employee'] };

/** Rows a multi-row insert carries at once (5 parameters each, well under PostgreSQL's 65,535). */
const NUMBER_BATCH = 2000;

/**
 * The numbers of the company's year (decision 0069): the ones already issued, and the next sequences issued now to
 * every final form without one, in the order given (employee-number order). Read without a lock when nothing is
 * missing; otherwise issued in one transaction under a lock per company and year, re-reading what another request
 * issued meanwhile, so two zips at once never give a number twice (the unique indexes would refuse it anyway).
 */
export async function issueA1Numbers(
  db: Executor,
  reach: Scope | Reach,
  year: number,
  finals: { employee: string; period_end: number }[],
): Promise<Map<string, string>> {
  const issued = (ex: Executor) =>
    ex
      .select({ employee: a1Numbers.employee, sequence: a1Numbers.sequence, number: a1Numbers.number })
      .from(a1Numbers)
      .where(and(inCompany(reach, a1Numbers), eq(a1Numbers.year, year)));
  const numbersOf = (rows: { employee: string | null; number: string }[]) =>
    new Map(rows.flatMap((row) => (row.employee ? [[row.employee, row.number] as const] : [])));
  const known = numbersOf(await issued(db));
  if (finals.every((form) => known.has(form.employee))) return known;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`a1-numbers:${reach.companyId}:${year}`}))`);
    const current = await issued(tx);
    const numbers = numbersOf(current);
    let next = current.reduce((max, row) => Math.max(max, row.sequence), 0) + 1;
    const values = finals
      .filter((form) => !numbers.has(form.employee))
      .map((form) => {
        const sequence = next++;
        const number = a1Number(year, form.period_end, sequence);
        numbers.set(form.employee, number);
        return { ...ownedBy(reach), year, employee: form.employee, sequence, number };
      });
    for (let i = 0; i < values.length; i += NUMBER_BATCH) {
      await tx.insert(a1Numbers).values(values.slice(i, i + NUMBER_BATCH));
    }
    return numbers;
  });
}

/**
 * The 1721-A1 of every employee of the company with PPh 21 withheld in the year's completed monthly runs. Final forms
 * carry their issued number (1.1-MM.YY-NNNNNNN), issued here the first time a final form is read (decision 0069);
 * provisional forms carry none. Who the form names is the year's last payslip's snapshot; `reach` limits the rows to
 * a department admin's department (by the department of that payslip).
 */
export async function a1Rows(
  db: Executor,
  reach: Scope | Reach,
  year: number,
  options: { employee?: string } = {},
): Promise<A1Row[]> {
  const slips = await db
    .select({
      employee: payslips.employee,
      month: payrollSummaries.month,
      lines: payslips.lines,
      bruto: payslips.bruto,
      pph21: payslips.pph21,
      input: sql<SlipInput>`jsonb_build_object('last_period', ${payslips.input}->'last_period', 'employee', ${payslips.input}->'employee', 'previous_employer', ${payslips.input}->'previous_employer')`,
      employee_number: payslips.employee_number,
      fullname: payslips.fullname,
      npwp: payslips.npwp,
      nik: payslips.nik,
      gender: payslips.gender,
      address: payslips.address,
      job_title: payslips.job_title_name,
      department: payslips.department,
    })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(reach, payslips),
        inCompany(reach, payrollSummaries),
        eq(payrollSummaries.year, year),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
      ),
    )
    .orderBy(asc(payslips.employee), asc(payrollSummaries.month), asc(payrollSummaries.created_at));
  const byEmployee = new Map<string, typeof slips>();
  for (const slip of slips) {
    const list = byEmployee.get(slip.employee);
    if (list) list.push(slip);
    else byEmployee.set(slip.employee, [slip]);
  }
  const withheld = [...byEmployee].filter(([, months]) => months.some((m) => m.pph21 !== 0)).map(([id]) => id);
  if (!withheld.length) return [];
  const previousOf = await loadPreviousEmployers(db, reach.companyId, year, withheld);
  const people = withheld.map((id) => byEmployee.get(id)!);
  people.sort((a, b) =>
    a[a.length - 1]!.employee_number.localeCompare(b[b.length - 1]!.employee_number, 'en', { numeric: true }),
  );
  const rows: A1Row[] = [];
  for (const months of people) {
    const lastSlip = months[months.length - 1]!;
    const id = lastSlip.employee;
    const profile = lastSlip.input.employee;
    // Non-permanent workers get no 1721-A1 (their withholding slips are monthly).
    if ((profile?.employment_kind ?? 'permanent') !== 'permanent') continue;
    const status = profile?.ptkp_status ?? 'tk/0';
    // A settled year keeps the previous employer's figures its last payslip was computed with.
    const settled = lastSlip.input.last_period === true ? lastSlip.input.previous_employer : undefined;
    const form = a1Form({
      year,
      ptkp_status: status,
      tax_id_valid: profile?.tax_id_valid ?? true,
      tax_residence: (profile?.tax_residence ?? 'resident') as TaxResidence,
      months: months.map(
        (m): A1Month => ({
          month: m.month,
          lines: (m.lines ?? []) as PayslipLine[],
          bruto: m.bruto,
          pph21: m.pph21,
          last_period: m.input.last_period === true,
        }),
      ),
      previous: settled ?? previousOf.get(id) ?? { neto: 0, pph: 0 },
    });
    const taxId = taxIdOf(lastSlip.npwp, lastSlip.nik);
    rows.push({
      _id: id,
      employee: { _id: id, fullname: lastSlip.fullname, employee_id: lastSlip.employee_number },
      number: null,
      year,
      npwp: lastSlip.npwp,
      nik: lastSlip.nik,
      tax_id: taxId.value,
      tax_id_kind: taxId.kind,
      ptkp_status: status,
      gender: lastSlip.gender,
      address: lastSlip.address,
      job_title: lastSlip.job_title,
      department: lastSlip.department,
      ptkp_known: profile?.ptkp_status != null,
      annualised: (profile?.tax_residence ?? 'resident') !== 'resident',
      ...form,
    });
  }
  // Numbers over the whole company, before a department admin's or one employee's filter.
  const numbers = await issueA1Numbers(
    db,
    companyReach(reach.companyId),
    year,
    rows.filter((row) => row.final).map((row) => ({ employee: row._id, period_end: row.period_end })),
  );
  // Once issued, always shown, even if the form is provisional again (December's run re-opened).
  for (const row of rows) row.number = numbers.get(row._id) ?? null;
  return rows.filter(
    (row) =>
      departmentReaches(reach, row.department) && (options.employee === undefined || row._id === options.employee),
  );
}

/** Who signs the company's tax forms: the tax person (an employee) and the selected digital signature's image. */
export interface TaxSigner {
  company: PayslipCompany;
  npwp: string | null;
  tax_person: { fullname: string; tax_id: string | null; tax_id_kind: 'NPWP' | 'NIK' } | null;
  signature: { name: string; title: string | null; image: Buffer | null } | null;
}

export async function taxSigner(db: Executor, filesDir: string, companyId: string): Promise<TaxSigner> {
  const reach = companyReach(companyId);
  const [company, [person], [signature]] = await loadTogether(db, [
    () => payslipCompany(db, filesDir, companyId),
    () =>
      db
        .select({ fullname: employees.fullname, npwp: employees.npwp_number, nik: employees.ktp_number })
        .from(companies)
        .innerJoin(employees, and(eq(employees.id, companies.tax_person), sameCompany(employees, companies.id)))
        .where(eq(companies.id, companyId)),
    () =>
      db
        .select({ name: companySignatures.name, title: companySignatures.title, file: companySignatures.file })
        .from(companySignatures)
        .where(and(inCompany(reach, companySignatures), eq(companySignatures.selected, true))),
  ]);
  let image: Buffer | null = null;
  const name = signature?.file.match(/^\/v1\/files\/([a-f0-9]{32}\.(png|jpg))$/)?.[1];
  if (name) image = await readFile(join(filesDir, companyId, name)).catch(() => null);
  const taxId = person ? taxIdOf(person.npwp, person.nik) : null;
  return {
    company,
    npwp: company.npwp_number,
    tax_person: person ? { fullname: person.fullname, tax_id: taxId!.value, tax_id_kind: taxId!.kind } : null,
    signature: signature ? { name: signature.name, title: signature.title, image } : null,
  };
}

/** Tax object codes of e-Bupot 21 by employment kind: permanent employees, and non-permanent workers. */
export const objectCode = {
  permanent: '21-100-01',
  non_permanent_monthly: '21-100-03',
  daily: '21-100-03',
} as const satisfies Record<EmploymentKind, string>;

export interface PphReportRow {
  _id: string;
  employee: { _id: string; fullname: string; employee_id: string };
  npwp: string | null;
  nik: string | null;
  tax_id: string | null;
  tax_id_kind: 'NPWP' | 'NIK';
  address: string | null;
  ptkp_status: PtkpStatus;
  ter_category: TerCategory | null;
  employment_kind: EmploymentKind;
  object_code: string;
  gross_up: boolean;
  last_period: boolean;
  bruto: number;
  pph21: number;
  /** The fixed and regular part of bruto, and the PPh 21 borne by the government (DTP, decision 0165). */
  regular_bruto: number;
  pph21_dtp: number;
}

/**
 * The month's PPh 21 per employee from the company's completed runs of the month (the monthly run, and daily
 * workers' runs): one aggregate query over the payslips and their snapshots (who each row names is who the payslip
 * named). Employees with a zero bruto are left out; a department admin's rows are the payslips of their department.
 */
export async function pphReport(
  db: Executor,
  reach: Scope | Reach,
  year: number,
  month: number,
): Promise<{
  rows: PphReportRow[];
  totals: { employees: number; bruto: number; pph21: number; pph21_dtp: number };
  pending: number;
}> {
  const result = await db.execute<{
    employee: string;
    employee_id: string;
    fullname: string;
    npwp: string | null;
    nik: string | null;
    address: string | null;
    ptkp_status: PtkpStatus | null;
    employment_kind: EmploymentKind | null;
    pph_method: string | null;
    last_period: boolean | null;
    bruto: string;
    pph21: string;
    regular_bruto: string;
    pph21_dtp: string;
  }>(sql`
    select p.employee_id as employee,
      (array_agg(p.employee_number order by s.type, s.created_at desc))[1] as employee_id,
      (array_agg(p.fullname order by s.type, s.created_at desc))[1] as fullname,
      (array_agg(p.npwp order by s.type, s.created_at desc))[1] as npwp,
      (array_agg(p.nik order by s.type, s.created_at desc))[1] as nik,
      (array_agg(p.address order by s.type, s.created_at desc))[1] as address,
      (array_agg(p.input->'employee'->>'ptkp_status' order by s.type))[1] as ptkp_status,
      (array_agg(p.input->'employee'->>'employment_kind' order by s.type))[1] as employment_kind,
      (array_agg(p.input->'employee'->>'pph_method' order by s.type))[1] as pph_method,
      bool_or(coalesce((p.input->>'last_period')::boolean, false)) as last_period,
      sum(p.bruto) as bruto, sum(p.pph21) as pph21, sum(p.regular_bruto) as regular_bruto,
      sum(p.pph21_dtp) as pph21_dtp
    from ${payslips} p
    join ${payrollSummaries} s on s.id = p.summary_id
    where ${inCompanySql(reach, 'p')} and ${inCompanySql(reach, 's')} and s.year = ${year} and s.month = ${month}
      and s.status = 'completed' and s.type in ('payroll_run', 'weekly') and ${inDepartmentSql(reach, 'p')}
    group by p.employee_id
    having sum(p.bruto) <> 0
    order by 2`);
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payrollSummaries)
    .where(
      and(
        inCompany(reach, payrollSummaries),
        eq(payrollSummaries.year, year),
        eq(payrollSummaries.month, month),
        eq(payrollSummaries.status, 'pending'),
        inArray(payrollSummaries.type, ['payroll_run', 'weekly']),
      ),
    );
  const date = periodDate(year, month);
  const totals = { employees: 0, bruto: 0, pph21: 0, pph21_dtp: 0 };
  const rows = result.rows.map((row): PphReportRow => {
    const status = row.ptkp_status ?? 'tk/0';
    const kind = row.employment_kind ?? 'permanent';
    const taxId = taxIdOf(row.npwp, row.nik);
    const bruto = Number(row.bruto);
    const pph21 = Number(row.pph21);
    const pph21Dtp = Number(row.pph21_dtp);
    totals.pph21_dtp += pph21Dtp;
    totals.employees += 1;
    totals.bruto += bruto;
    totals.pph21 += pph21;
    return {
      _id: row.employee,
      employee: { _id: row.employee, fullname: row.fullname, employee_id: row.employee_id },
      npwp: row.npwp,
      nik: row.nik,
      tax_id: taxId.value,
      tax_id_kind: taxId.kind,
      address: row.address,
      ptkp_status: status,
      ter_category: kind === 'daily' ? null : terCategoryOf(status, date),
      employment_kind: kind,
      object_code: objectCode[kind],
      gross_up: row.pph_method === 'gross_up',
      last_period: row.last_period === true,
      bruto,
      pph21,
      regular_bruto: Number(row.regular_bruto),
      pph21_dtp: pph21Dtp,
    };
  });
  return { rows, totals, pending: pending?.count ?? 0 };
}
