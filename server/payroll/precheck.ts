/**
 * The pre-run check: what would make a month's run wrong, each with a link to fix it. The run may go ahead with the
 * warnings acknowledged (the codes are stored on the run and logged).
 */
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { overtimeRatesOn } from '../../common/payroll/rates.ts';
import { pkwtCompensation } from '../../common/payroll/severance.ts';
import { carriedRates } from '../../common/payroll/tax-year.ts';
import type { OvertimeDayType } from '../../common/payroll/types.ts';
import { openRequestsIn } from '../approvals/payroll.ts';
import { loadAttendanceGrid, monthRange } from '../attendance/report.ts';
import type { Executor } from '../db/connect.ts';
import { employees } from '../db/schema.ts';
import { uuidArray } from '../db/sql.ts';
import { employedSql } from '../employees/employed.ts';
import { companyReach, employeesInReach, inCompanySql } from '../scope/scope.ts';
import { firstDay, lastDay, type Period } from './inputs.ts';

export const preCheckCodes = [
  'pending_requests',
  'missing_clock_outs',
  'no_bank_account',
  'no_tax_id',
  'contract_ended',
  'bpjs_mismatch',
  // Issue 27 (decisions 0170, 0173): a PKWT contract ending in the period without renewal owes compensation; overtime
  // past the daily limit is paid and acknowledged here; a rate table without a row for the period is carried forward.
  'pkwt_compensation_due',
  'overtime_over_limit',
  'rate_carried_forward',
] as const;
export type PreCheckCode = (typeof preCheckCodes)[number];

export interface PreCheckWarning {
  code: PreCheckCode;
  employee: { _id: string; employee_id: string; fullname: string } | null;
  /** The day it concerns (missing clock-outs), or absent. */
  date?: string;
  /** Where to fix it (a client route). */
  link: string;
  /** Figures of the warning (the compensation owed, the hours and the limit, the rate carried forward and its date). */
  detail?: Record<string, string | number>;
}

/**
 * PKWT contracts ending in the period (or before it, the employee still employed) without an exit pay that pays
 * their compensation (PP 35/2021 art. 15–17): months / 12 × wage, not for foreign workers.
 */
async function pkwtCompensationDue(
  db: Executor,
  companyId: string,
  period: Period,
  department: string | null | undefined,
): Promise<PreCheckWarning[]> {
  const rows = await db
    .select({
      id: employees.id,
      user: employees.user,
      employee_id: employees.employee_id,
      fullname: employees.fullname,
      join_date: employees.join_date,
      end: employees.end_of_contract,
      nationality: employees.nationality,
      wage: sql<string>`(${employees.basic_salary} + ${employees.transport_allowance} + ${employees.meal_allowance}
        + ${employees.communication_allowance} + ${employees.job_allowance} + ${employees.other_allowance})::text`,
    })
    .from(employees)
    .where(
      and(
        employeesInReach({ companyId, department }, employees),
        runEmployeeCondition(period),
        eq(employees.status, 'pkwt'),
        lte(employees.end_of_contract, lastDay(period)),
        sql`not exists (select 1 from employee_exit_pays x where x.employee_id = ${employees.id}
          and x.lines @> '[{"code": "pkwt_compensation"}]'::jsonb)`,
      ),
    )
    .orderBy(employees.fullname);
  return rows
    .filter((row) => !row.nationality || /^(indonesia|indonesian|wni|id|idn)$/i.test(row.nationality.trim()))
    .map((row) => {
      const owed = pkwtCompensation(row.join_date ?? (row.end as string), row.end as string, Number(row.wage));
      return {
        code: 'pkwt_compensation_due' as const,
        employee: { _id: row.id, employee_id: row.employee_id, fullname: row.fullname },
        date: row.end as string,
        link: `/dashboard/edit/active-employees/${row.user}`,
        detail: { months: owed.months, amount: owed.amount },
      };
    });
}

/** Approved overtime days of the period past the day's limit: paid in full, for the admin to acknowledge. */
async function overtimeOverLimit(
  db: Executor,
  companyId: string,
  period: Period,
  department: string | null | undefined,
): Promise<PreCheckWarning[]> {
  const ids = await runEmployeeIds(db, companyId, period, department);
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{
    employee: string;
    user: string;
    employee_id: string;
    fullname: string;
    date: string;
    hours: number;
    day_type: string;
    work_days: number;
  }>(sql`
    select e.id as employee, e.user_id as user, e.employee_id, e.fullname, o.date::text as date,
      o.hours::float8 as hours, o.day_type::text as day_type, e.work_days
    from overtimes o join employees e on e.id = o.employee_id
    where ${inCompanySql(companyReach(companyId), 'o')} and o.employee_id = any(${uuidArray(ids)})
      and o.date between ${firstDay(period)} and ${lastDay(period)}
    order by o.date, e.fullname`);
  const rates = overtimeRatesOn(firstDay(period));
  const out: PreCheckWarning[] = [];
  for (const row of rows) {
    const ladder = rates.ladders[row.work_days === 6 ? 6 : 5][row.day_type as OvertimeDayType] ?? [];
    const limit = ladder.reduce((sum, step) => sum + step.hours, 0);
    if (row.hours <= limit) continue;
    out.push({
      code: 'overtime_over_limit',
      employee: { _id: row.employee, employee_id: row.employee_id, fullname: row.fullname },
      date: row.date,
      link: `/dashboard/edit/active-employees/${row.user}`,
      detail: { hours: row.hours, limit },
    });
  }
  return out;
}

/** Rate tables with no row for the period: the rate carried forward and its date (never silently). */
function ratesCarriedForward(period: Period): PreCheckWarning[] {
  return carriedRates(firstDay(period)).map((rate) => ({
    code: 'rate_carried_forward',
    employee: null,
    link: '/dashboard/payroll/tax-calculator',
    detail: { table: rate.table, from: rate.from, amount: rate.amount, expected: rate.expected },
  }));
}

/**
 * Requests still open (pending or partial) in the period: they may change its leave, overtime and attendance. A
 * department admin sees their department's only.
 */
async function pendingRequests(
  db: Executor,
  companyId: string,
  period: Period,
  department: string | null | undefined,
): Promise<PreCheckWarning[]> {
  const open = await openRequestsIn(db, companyId, firstDay(period), lastDay(period), department);
  return open.map((request) => ({ code: 'pending_requests', ...request }));
}

/**
 * Missing clock-outs: the period's attendance records with a clock-in and no clock-out once the day has closed, read
 * from the same cells as the daily screen and the report (missed is computed on read, decision 0033; an auto-closed
 * group never misses one). One warning per record, linked to the daily screen of its date, in date order.
 */
async function missingClockOuts(
  db: Executor,
  companyId: string,
  period: Period,
  department: string | null | undefined,
): Promise<PreCheckWarning[]> {
  const grid = await loadAttendanceGrid(db, companyId, monthRange(period.year, period.month), {
    employeeIds: await runEmployeeIds(db, companyId, period, department),
  });
  const warnings: { date: string; warning: PreCheckWarning }[] = [];
  grid.employees.forEach((employee, index) => {
    grid.days.forEach((_, day) => {
      const cell = grid.cell(index, day);
      if (!cell?.attendance?.clock_in?.time || cell.attendance.clock_out?.status !== 'missed') return;
      warnings.push({
        date: cell.date,
        warning: {
          code: 'missing_clock_outs',
          employee: { _id: employee._id, employee_id: employee.employee_id, fullname: employee.fullname },
          date: cell.date,
          link: `/dashboard/daily?date=${cell.date}`,
        },
      });
    });
  });
  return warnings
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.warning.employee?.fullname ?? '').localeCompare(b.warning.employee?.fullname ?? ''),
    )
    .map((entry) => entry.warning);
}

/** The employees a run of the period would pay (as `loadRunEmployees` selects them). */
async function runEmployeeIds(
  db: Executor,
  companyId: string,
  period: Period,
  department: string | null | undefined,
): Promise<string[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(employeesInReach({ companyId, department }, employees), runEmployeeCondition(period)));
  return rows.map((row) => row.id);
}

const runEmployeeCondition = (period: Period) =>
  and(
    eq(employees.payroll_active, true),
    sql`${employees.status} <> 'freelance'`,
    employedSql('employees', firstDay(period), lastDay(period)),
  );

/** Employee checks: one query, every rule an SQL condition. */
const employeeChecks = (period: Period) =>
  ({
    no_bank_account: or(isNull(employees.account_number), sql`trim(${employees.account_number}) = ''`)!,
    no_tax_id: or(isNull(employees.npwp_number), sql`trim(${employees.npwp_number}) = ''`)!,
    contract_ended: and(lt(employees.end_of_contract, firstDay(period)), isNull(employees.exit_date))!,
    bpjs_mismatch: or(
      sql`${employees.bpjs_tk_registered} and coalesce(trim(${employees.bpjs_tk_number}), '') = ''`,
      sql`not ${employees.bpjs_tk_registered} and coalesce(trim(${employees.bpjs_tk_number}), '') <> ''`,
      sql`${employees.bpjs_ks_registered} and coalesce(trim(${employees.bpjs_ks_number}), '') = ''`,
      sql`not ${employees.bpjs_ks_registered} and coalesce(trim(${employees.bpjs_ks_number}), '') <> ''`,
    )!,
  }) satisfies Partial<Record<PreCheckCode, unknown>>;

export async function preCheck(
  db: Executor,
  companyId: string,
  period: Period,
  department?: string | null,
): Promise<PreCheckWarning[]> {
  const checks = employeeChecks(period);
  const codes = Object.keys(checks) as (keyof typeof checks)[];
  const rows = await db
    .select({
      id: employees.id,
      user: employees.user,
      employee_id: employees.employee_id,
      fullname: employees.fullname,
      ...Object.fromEntries(codes.map((code) => [code, sql<boolean>`coalesce(${checks[code]}, false)`])),
    })
    .from(employees)
    .where(and(employeesInReach({ companyId, department }, employees), runEmployeeCondition(period)))
    .orderBy(employees.fullname);
  const warnings: PreCheckWarning[] = [
    ...(await pendingRequests(db, companyId, period, department)),
    ...(await missingClockOuts(db, companyId, period, department)),
    ...ratesCarriedForward(period),
    ...(await pkwtCompensationDue(db, companyId, period, department)),
    ...(await overtimeOverLimit(db, companyId, period, department)),
  ];
  for (const code of codes) {
    for (const row of rows) {
      if (!(row as unknown as Record<string, boolean>)[code]) continue;
      warnings.push({
        code,
        employee: { _id: row.id, employee_id: row.employee_id, fullname: row.fullname },
        link: `/dashboard/edit/active-employees/${row.user}`,
      });
    }
  }
  return warnings;
}
