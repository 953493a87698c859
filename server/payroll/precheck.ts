/**
 * The pre-run check: what would make a month's run wrong, each with a link to fix it. The run may go ahead with the
 * warnings acknowledged (the codes are stored on the run and logged).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { openRequestsIn } from '../approvals/payroll.ts';
import { loadAttendanceGrid, monthRange } from '../attendance/report.ts';
import type { Executor } from '../db/connect.ts';
import { employees } from '../db/schema.ts';
import { firstDay, lastDay, type Period } from './inputs.ts';

export const preCheckCodes = [
  'pending_requests',
  'missing_clock_outs',
  'no_bank_account',
  'no_tax_id',
  'contract_ended',
  'bpjs_mismatch',
] as const;
export type PreCheckCode = (typeof preCheckCodes)[number];

export interface PreCheckWarning {
  code: PreCheckCode;
  employee: { _id: string; employee_id: string; fullname: string } | null;
  /** The day it concerns (missing clock-outs), or absent. */
  date?: string;
  /** Where to fix it (a client route). */
  link: string;
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
    .where(and(eq(employees.company_id, companyId), runEmployeeCondition(period), departmentCondition(department)));
  return rows.map((row) => row.id);
}

/** A department admin's pre-check covers their department (undefined: the whole company; null: nobody). */
const departmentCondition = (department: string | null | undefined) =>
  department === undefined ? undefined : department === null ? sql`false` : eq(employees.department, department);

const runEmployeeCondition = (period: Period) =>
  and(
    eq(employees.payroll_active, true),
    sql`${employees.status} <> 'freelance'`,
    or(isNull(employees.join_date), sql`${employees.join_date} <= ${lastDay(period)}`),
    or(isNull(employees.exit_date), sql`${employees.exit_date} >= ${firstDay(period)}`),
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
    .where(and(eq(employees.company_id, companyId), runEmployeeCondition(period), departmentCondition(department)))
    .orderBy(employees.fullname);
  const warnings: PreCheckWarning[] = [
    ...(await pendingRequests(db, companyId, period, department)),
    ...(await missingClockOuts(db, companyId, period, department)),
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
