/**
 * Everything a run reads, loaded set-based: one query a table for the whole company and period, never one a person.
 * The result is the engine's input per employee (common/payroll/README.md, "Mapping stored data").
 */

import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import { ptkpStatusOfYear, type StatusSince, taxResidenceOfYear } from '../../common/payroll/tax-year.ts';
import type {
  AttendanceTotals,
  CompanyPayrollSettings,
  OvertimeEntry,
  PayrollItem,
  PayslipInput,
  PtkpStatus,
  YearToDate,
} from '../../common/payroll/types.ts';
import { loadApprovedOfMonth } from '../approvals/payroll.ts';
import type { Executor } from '../db/connect.ts';
import {
  absentDeductions,
  businessTripRules,
  companies,
  earlyDeductions,
  employeeAllowances,
  employeeBonuses,
  employeeDeductions,
  employeeFamily,
  employeeIncentives,
  employeePreviousPph,
  type employees,
  employeeThrBonuses,
  lateDeductions,
  missedDeductions,
  overtimeRules,
  payrollSummaries,
  payslips,
} from '../db/schema.ts';
import { inIds, loadTogether, uuidArray } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import { duesInput, loadFinanceDues } from '../finance/payments.ts';
import { slices } from '../jobs/slices.ts';
import { companyReach, inCompany, inCompanySql } from '../scope/scope.ts';
import { loadExitPays } from '../severance/repository.ts';
import { attendanceOfEmployees } from './attendance-inputs.ts';
import { loadDtpInputs } from './dtp-inputs.ts';
import { loadUnpaidLeave } from './unpaid-leave.ts';

export interface Period {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const firstDay = ({ year, month }: Period) => `${year}-${pad(month)}-01`;
export const lastDay = ({ year, month }: Period) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/** What attendance, approved overtime and business trips add to one employee's month. */
export interface AttendanceOfMonth {
  attendance: AttendanceTotals;
  overtime: OvertimeEntry[];
  business_trip_days: number;
}

/**
 * THE SEAM for attendance and approvals: the month's attendance totals (late arrivals, early leaves, absent days,
 * missed clock-outs, days present), approved overtime and approved business-trip days of each employee. One call for
 * all the run's employees; each source is its own set-based helper call, merged here (what a source does not provide
 * counts as zero: issue 14, "the engine must also run without them").
 */
export async function loadAttendanceTotals(
  db: Executor,
  companyId: string,
  employeeIds: readonly string[],
  year: number,
  month: number,
): Promise<Map<string, AttendanceOfMonth>> {
  const result = new Map<string, AttendanceOfMonth>();
  const entry = (employee: string) => {
    let month = result.get(employee);
    if (!month) {
      month = { attendance: {}, overtime: [], business_trip_days: 0 };
      result.set(employee, month);
    }
    return month;
  };
  // Attendance (server/attendance/report.ts, the cells the daily screen and the report show).
  const attendance = await attendanceOfEmployees(db, companyId, employeeIds, year, month);
  for (const [employee, totals] of attendance) entry(employee).attendance = totals;
  // Approvals: approved overtime by day type and business-trip days (server/approvals/payroll.ts).
  const approved = await loadApprovedOfMonth(
    db,
    companyId,
    employeeIds,
    firstDay({ year, month }),
    lastDay({ year, month }),
  );
  for (const [employee, found] of approved) {
    const month = entry(employee);
    month.overtime = found.overtime;
    month.business_trip_days = found.business_trip_days;
  }
  return result;
}

/** The company's payroll settings: UMK, JKK and one row of each payroll-rules table (the first by code). */
export async function loadCompanySettings(db: Executor, companyId: string): Promise<CompanyPayrollSettings> {
  const first = async <T>(query: Promise<T[]>) => (await query)[0] ?? null;
  const [company] = await db
    .select({ umk: companies.umk, jkk: companies.jkk_percentage })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [late, early, absent, missed, overtime, trip] = await loadTogether(db, [
    () =>
      first(
        db
          .select()
          .from(lateDeductions)
          .where(inCompany(companyReach(companyId), lateDeductions))
          .orderBy(asc(lateDeductions.code))
          .limit(1),
      ),
    () =>
      first(
        db
          .select()
          .from(earlyDeductions)
          .where(inCompany(companyReach(companyId), earlyDeductions))
          .orderBy(asc(earlyDeductions.code))
          .limit(1),
      ),
    () =>
      first(
        db
          .select()
          .from(absentDeductions)
          .where(inCompany(companyReach(companyId), absentDeductions))
          .orderBy(asc(absentDeductions.code))
          .limit(1),
      ),
    () =>
      first(
        db
          .select()
          .from(missedDeductions)
          .where(inCompany(companyReach(companyId), missedDeductions))
          .orderBy(asc(missedDeductions.code))
          .limit(1),
      ),
    () =>
      first(
        db
          .select()
          .from(overtimeRules)
          .where(inCompany(companyReach(companyId), overtimeRules))
          .orderBy(asc(overtimeRules.code))
          .limit(1),
      ),
    () =>
      first(
        db
          .select()
          .from(businessTripRules)
          .where(inCompany(companyReach(companyId), businessTripRules))
          .orderBy(asc(businessTripRules.code))
          .limit(1),
      ),
  ]);
  const jkk = company?.jkk != null && company.jkk !== '' ? Number(company.jkk) : null;
  return {
    umk: company?.umk ?? null,
    jkk_percentage: jkk !== null && Number.isFinite(jkk) ? jkk : null,
    proration: 'calendar_day',
    rules: {
      late: late ? { method: late.method, limit: late.limit, deduction: late.deduction } : null,
      early: early
        ? {
            method: early.method,
            nominal: early.nominal,
            pro_rate_day: early.pro_rate_day,
            percentage: early.percentage,
          }
        : null,
      absent: absent
        ? {
            method: absent.method,
            nominal: absent.nominal,
            pro_rate_day: absent.pro_rate_day,
            percentage: absent.percentage,
          }
        : null,
      missed: missed
        ? {
            method: missed.method,
            nominal: missed.nominal,
            pro_rate_day: missed.pro_rate_day,
            percentage: missed.percentage,
          }
        : null,
      overtime: overtime
        ? { method: overtime.method, hourly_overtime: overtime.hourly_overtime, maximum_hour: overtime.maximum_hour }
        : null,
      business_trip_amount: trip?.amount ?? null,
    },
  };
}

type EmployeeRow = typeof employees.$inferSelect;

/** An employee of the run: who (the payslip's display snapshot) and the salary section. */
export interface RunEmployee {
  id: string;
  employee_id: string;
  fullname: string;
  department: string | null;
  department_name: string | null;
  location: string | null;
  location_name: string | null;
  job_title_name: string | null;
  /** The tax identity the payslip keeps (the PPh 21 report and the 1721-A1 read it, never the live employee). */
  npwp: string | null;
  nik: string | null;
  gender: string | null;
  address: string | null;
  marital_status: EmployeeRow['marital_status'];
  tax_id_valid: boolean;
  pph_deduction: EmployeeRow['pph_deduction'];
  join_date: string | null;
  exit_date: string | null;
  exit_reason: EmployeeRow['exit_reason'];
  tax_resident_from: string | null;
  tax_resident_to: string | null;
  status: EmployeeRow['status'];
  work_days: number;
  nationality: string | null;
  basic_salary: number;
  transport_allowance: number;
  meal_allowance: number;
  communication_allowance: number;
  job_allowance: number;
  other_allowance: number;
  bpjs_tk_registered: boolean;
  bpjs_ks_registered: boolean;
  bpjs_type: number;
  bpjs_tk_salary: number | null;
  bpjs_ks_salary: number | null;
  jkk_percentage: number | null;
}

/** What PostgreSQL sends for a RunEmployee: bigint and numeric as text. */
type RunEmployeeRow = Omit<
  RunEmployee,
  | 'basic_salary'
  | 'transport_allowance'
  | 'meal_allowance'
  | 'communication_allowance'
  | 'job_allowance'
  | 'other_allowance'
  | 'bpjs_tk_salary'
  | 'bpjs_ks_salary'
  | 'jkk_percentage'
> &
  Record<
    | 'basic_salary'
    | 'transport_allowance'
    | 'meal_allowance'
    | 'communication_allowance'
    | 'job_allowance'
    | 'other_allowance',
    string
  > &
  Record<'bpjs_tk_salary' | 'bpjs_ks_salary' | 'jkk_percentage', string | null>;

const orNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * Payroll-active employees employed in the period (joined by its last day, not left before its first), daily workers
 * (paid by the weekly payroll) excepted. Read raw and converted in slices: a company of 100,000 employees is 100,000
 * rows of 30 columns, and an ORM's mapping of them in one step held the event loop for most of a second (issue 14,
 * health during a run).
 */
export async function loadRunEmployees(
  db: Executor,
  companyId: string,
  period: Period,
  employeeIds?: readonly string[],
): Promise<RunEmployee[]> {
  const { rows } = await db.execute<RunEmployeeRow>(sql`
    select e.id, e.employee_id, e.fullname, e.department_id as department, d.name as department_name,
      e.location_id as location, l.name as location_name, j.name as job_title_name, e.npwp_number as npwp,
      e.ktp_number as nik, e.gender::text as gender,
      nullif(concat_ws(', ', nullif(e.id_card_address, ''), nullif(e.id_card_city, '')), '') as address,
      e.marital_status, e.tax_id_valid,
      e.pph_deduction, e.join_date::text as join_date, e.exit_date::text as exit_date, e.exit_reason, e.status,
      e.tax_resident_from::text as tax_resident_from, e.tax_resident_to::text as tax_resident_to,
      e.work_days, e.nationality, e.basic_salary, e.transport_allowance, e.meal_allowance, e.communication_allowance,
      e.job_allowance, e.other_allowance, e.bpjs_tk_registered, e.bpjs_ks_registered, e.bpjs_type, e.bpjs_tk_salary,
      e.bpjs_ks_salary, e.jkk_percentage
    from employees e
    left join departments d on d.id = e.department_id
    left join locations l on l.id = e.location_id
    left join job_titles j on j.id = e.job_title_id
    where ${inCompanySql(companyReach(companyId), 'e')} and e.payroll_active and e.status <> 'freelance'
      and ${employedSql('e', firstDay(period), lastDay(period))}
      ${employeeIds ? sql`and e.id = any(${uuidArray(employeeIds)})` : sql``}
    order by e.fullname, e.id`);
  const out: RunEmployee[] = new Array(rows.length);
  const pause = slices();
  for (let i = 0; i < rows.length; i++) {
    if (i % 1024 === 0) await pause();
    const row = rows[i] as RunEmployeeRow;
    out[i] = {
      ...row,
      basic_salary: Number(row.basic_salary),
      transport_allowance: Number(row.transport_allowance),
      meal_allowance: Number(row.meal_allowance),
      communication_allowance: Number(row.communication_allowance),
      job_allowance: Number(row.job_allowance),
      other_allowance: Number(row.other_allowance),
      bpjs_tk_salary: orNull(row.bpjs_tk_salary),
      bpjs_ks_salary: orNull(row.bpjs_ks_salary),
      jkk_percentage: orNull(row.jkk_percentage),
    };
  }
  return out;
}

export type ItemCategory = 'allowances' | 'incentives' | 'bonuses' | 'deductions';

/** The month's payroll items, by employee and category: one query over the four item tables (`employeeIds`: only
 * theirs). */
export async function loadItems(db: Executor, companyId: string, period: Period, employeeIds?: readonly string[]) {
  const result = new Map<string, Partial<Record<ItemCategory, PayrollItem[]>>>();
  const part = (table: typeof employeeAllowances, category: ItemCategory) =>
    sql`select ${category}::text as category, employee_id as employee, amount, description from ${table} where ${inCompanySql(companyReach(companyId), getTableName(table))} and year = ${period.year} and month = ${period.month}
      ${employeeIds ? sql`and employee_id = any(${uuidArray(employeeIds)})` : sql``}`;
  const { rows } = await db.execute<{
    category: ItemCategory;
    employee: string;
    amount: string;
    description: string | null;
  }>(
    sql`${part(employeeAllowances, 'allowances')} union all ${part(employeeIncentives as unknown as typeof employeeAllowances, 'incentives')} union all ${part(employeeBonuses as unknown as typeof employeeAllowances, 'bonuses')} union all ${part(employeeDeductions as unknown as typeof employeeAllowances, 'deductions')}`,
  );
  for (const row of rows) {
    const items = result.get(row.employee) ?? {};
    const list = items[row.category] ?? [];
    list.push({ name: row.description || row.category, amount: Number(row.amount) });
    items[row.category] = list;
    result.set(row.employee, items);
  }
  return result;
}

/** The month's THR and yearly bonus: employee_thr_bonuses plus the THR of the month's completed THR run. */
export async function loadThr(db: Executor, companyId: string, period: Period, employeeIds?: readonly string[]) {
  const result = new Map<string, { thr: number; yearly_bonus: number }>();
  const rows = await db
    .select({
      employee: employeeThrBonuses.employee,
      thr: employeeThrBonuses.thr,
      yearly: employeeThrBonuses.yearly_bonus,
    })
    .from(employeeThrBonuses)
    .where(
      and(
        inCompany(companyReach(companyId), employeeThrBonuses),
        eq(employeeThrBonuses.year, period.year),
        eq(employeeThrBonuses.month, period.month),
        inIds(employeeThrBonuses.employee, employeeIds),
      ),
    );
  for (const row of rows) result.set(row.employee, { thr: row.thr, yearly_bonus: row.yearly });
  const runs = await db
    .select({ employee: payslips.employee, thr: payslips.bruto })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'thr'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, period.year),
        eq(payrollSummaries.month, period.month),
        inIds(payslips.employee, employeeIds),
      ),
    );
  for (const row of runs) {
    const entry = result.get(row.employee) ?? { thr: 0, yearly_bonus: 0 };
    entry.thr += row.thr;
    result.set(row.employee, entry);
  }
  return result;
}

/** Employees' family members covered as additional BPJS Kesehatan members. */
async function loadFamilyCounts(db: Executor, companyId: string, employeeIds?: readonly string[]) {
  const rows = await db
    .select({ employee: employeeFamily.employee, count: sql<number>`count(*)::int` })
    .from(employeeFamily)
    .where(
      and(
        inCompany(companyReach(companyId), employeeFamily),
        eq(employeeFamily.bpjs_ks_additional, true),
        inIds(employeeFamily.employee, employeeIds),
      ),
    )
    .groupBy(employeeFamily.employee);
  return new Map(rows.map((row) => [row.employee, row.count]));
}

/**
 * The year to date of each employee: the completed monthly runs of the same year before this month (what the last tax
 * period settles against, PMK 168/2023).
 */
export async function loadYearToDate(
  db: Executor,
  companyId: string,
  period: Period,
  employeeIds?: readonly string[],
): Promise<Map<string, YearToDate>> {
  const rows = await db
    .select({
      employee: payslips.employee,
      months: sql<number>`count(*)::int`,
      bruto: sql<string>`coalesce(sum(${payslips.bruto}), 0)`,
      pph: sql<string>`coalesce(sum(${payslips.pph21}), 0)`,
      pension: sql<string>`coalesce(sum(coalesce((${payslips.bpjs}->>'jht_employee')::bigint, 0) + coalesce((${payslips.bpjs}->>'jp_employee')::bigint, 0)), 0)`,
    })
    .from(payslips)
    .innerJoin(payrollSummaries, eq(payrollSummaries.id, payslips.summary))
    .where(
      and(
        inCompany(companyReach(companyId), payrollSummaries),
        eq(payrollSummaries.type, 'payroll_run'),
        eq(payrollSummaries.status, 'completed'),
        eq(payrollSummaries.year, period.year),
        sql`${payrollSummaries.month} < ${period.month}`,
        inIds(payslips.employee, employeeIds),
      ),
    )
    .groupBy(payslips.employee);
  return new Map(
    rows.map((row) => [
      row.employee,
      {
        months: row.months,
        bruto: Number(row.bruto),
        pension: Number(row.pension),
        zakat: 0,
        pph_withheld: Number(row.pph),
      },
    ]),
  );
}

/** The previous employer's neto and PPh 21 of the year per employee (`pph-a1/previous-pph`). */
export async function loadPreviousEmployers(
  db: Executor,
  companyId: string,
  year: number,
  employeeIds?: readonly string[],
) {
  const rows = await db
    .select({
      employee: employeePreviousPph.employee,
      neto: employeePreviousPph.previous_netto,
      pph: employeePreviousPph.previous_pph,
    })
    .from(employeePreviousPph)
    .where(
      and(
        inCompany(companyReach(companyId), employeePreviousPph),
        eq(employeePreviousPph.year, year),
        inIds(employeePreviousPph.employee, employeeIds),
      ),
    );
  return new Map(rows.map((row) => [row.employee, { neto: row.neto, pph: row.pph }]));
}

/** Employees a run loads and computes at a time (loadMonthlyInputs). */
export const RUN_BATCH = 2_000;

const ptkpStatuses = new Set<PtkpStatus>(['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3']);

/** The last tax period of an employee: December, or the month employment ends. */
export const isLastPeriod = (period: Period, exitDate: string | null) =>
  period.month === 12 || (exitDate !== null && exitDate <= lastDay(period) && exitDate >= firstDay(period));

/**
 * The engine input of each of `people` (loadRunEmployees' employees) for a monthly run. Every statement reads only
 * their rows: a run loads its employees in batches (RUN_BATCH), so that no statement of a large company's run is long
 * (the embedded database answers nothing else meanwhile) and one employee's preview reads one employee.
 */
export async function loadMonthlyInputs(
  db: Executor,
  companyId: string,
  period: Period,
  people: readonly RunEmployee[],
) {
  const ids = people.map((p) => p.id);
  const [items, thr, family, ytd, attendance, previous, finance, dtp, exitPays, ptkpHistory, unpaid] =
    await loadTogether(db, [
      () => loadItems(db, companyId, period, ids),
      () => loadThr(db, companyId, period, ids),
      () => loadFamilyCounts(db, companyId, ids),
      () => loadYearToDate(db, companyId, period, ids),
      () => loadAttendanceTotals(db, companyId, ids, period.year, period.month),
      () => loadPreviousEmployers(db, companyId, period.year, ids),
      // Loans and deposits (server/finance/payments.ts): what each asks of the month; the engine caps it by THP.
      () => loadFinanceDues(db, companyId, period, people),
      // PPh 21 DTP (server/payroll/dtp-inputs.ts): null when the company has no KLU code.
      () => loadDtpInputs(db, companyId, period, people),
      // Exit pay of the month's leavers (decision 0170), the PTKP status history (decision 0173).
      () => loadExitPays(db, companyId, firstDay(period), lastDay(period), ids),
      () => loadPtkpHistory(db, companyId, ids),
      // Approved leave of a type marked unpaid (decision 0206): deducted by the absent rule.
      () => loadUnpaidLeave(db, companyId, ids, firstDay(period), lastDay(period)),
    ]);
  const out: { person: RunEmployee; input: PayslipInput }[] = new Array(people.length);
  const pause = slices();
  for (let i = 0; i < people.length; i++) {
    if (i % 256 === 0) await pause();
    const person = people[i] as RunEmployee;
    const extra = thr.get(person.id);
    const month = attendance.get(person.id);
    const input: PayslipInput = {
      period,
      employee: {
        // The status of 1 January drives the year (decision 0173).
        ptkp_status: ptkpStatusOfYear(
          ptkpHistory.get(person.id) ?? [],
          period.year,
          person.marital_status && ptkpStatuses.has(person.marital_status) ? person.marital_status : null,
        ),
        tax_id_valid: person.tax_id_valid,
        pph_method: person.pph_deduction,
        employment_kind: 'permanent',
        join_date: person.join_date,
        exit_date: person.exit_date,
        work_days: person.work_days === 6 ? 6 : 5,
        tax_residence: taxResidenceOfYear(period.year, person.tax_resident_from, person.tax_resident_to),
      },
      salary: {
        basic_salary: person.basic_salary,
        transport_allowance: person.transport_allowance,
        meal_allowance: person.meal_allowance,
        communication_allowance: person.communication_allowance,
        job_allowance: person.job_allowance,
        other_allowance: person.other_allowance,
      },
      items: items.get(person.id) ?? {},
      thr: extra?.thr ?? 0,
      yearly_bonus: extra?.yearly_bonus ?? 0,
      attendance: month?.attendance ?? {},
      overtime: month?.overtime ?? [],
      business_trip_days: month?.business_trip_days ?? 0,
      ...(unpaid.has(person.id)
        ? {
            unpaid_leave_days: unpaid.get(person.id)?.days ?? 0,
            unpaid_leave_dates: unpaid.get(person.id)?.dates ?? [],
          }
        : {}),
      ...duesInput(finance.get(person.id)),
      bpjs: {
        tk_registered: person.bpjs_tk_registered,
        ks_registered: person.bpjs_ks_registered,
        bpjs_type: person.bpjs_type === 2 || person.bpjs_type === 3 ? person.bpjs_type : 1,
        tk_salary: person.bpjs_tk_salary,
        ks_salary: person.bpjs_ks_salary,
        jkk_percentage: person.jkk_percentage,
        additional_family_members: family.get(person.id) ?? 0,
      },
      ytd: ytd.get(person.id) ?? { months: 0, bruto: 0, pension: 0, zakat: 0, pph_withheld: 0 },
      // The previous employer's 1721-A1 of the year (pph-a1/previous-pph): counted in the last tax period only.
      previous_employer: previous.get(person.id) ?? { neto: 0, pph: 0 },
      last_period: isLastPeriod(period, person.exit_date),
      ...(dtp?.has(person.id) ? { dtp: dtp.get(person.id) } : {}),
      ...(exitPays.has(person.id) ? { exit_pay: exitPays.get(person.id) } : {}),
    };
    out[i] = { person, input };
  }
  return out;
}

/** Each employee's PTKP status history (employee_ptkp_statuses, decision 0173): the run reads the status of 1 January. */
async function loadPtkpHistory(db: Executor, companyId: string, employeeIds: readonly string[]) {
  const out = new Map<string, StatusSince[]>();
  if (employeeIds.length === 0) return out;
  const { rows } = await db.execute<{ employee_id: string; status: PtkpStatus; from: string | null }>(sql`
    select h.employee_id, h.status::text as status, h.from_date::text as from from employee_ptkp_statuses h
    where ${inCompanySql(companyReach(companyId), 'h')} and h.employee_id = any(${uuidArray(employeeIds)})`);
  for (const row of rows) {
    const list = out.get(row.employee_id) ?? [];
    list.push({ status: row.status, from: row.from });
    out.set(row.employee_id, list);
  }
  return out;
}
