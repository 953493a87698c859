/**
 * An employee's history (common/employee-history.ts): payslips, attendance days, requests, leave, overtime, business
 * trips, leave adjustments, loans and deposits. Deleting an employee who has any is refused with 409 `has_history`
 * saying what holds them (docs/decisions/0125): completed runs, payslips and tax reports are a record of what was paid
 * and reported. The schema's foreign keys from these tables do not cascade (the backstop).
 */
import { count, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EmployeeHistoryKind } from '../../common/employee-history.ts';
import type { Executor } from '../db/connect.ts';
import {
  approvals,
  attendances,
  businessTrips,
  deposits,
  leaveBalanceAdjustments,
  leaves,
  loans,
  overtimes,
  payslips,
  salesVisits,
} from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

const historyTables = {
  payslips: { table: payslips, employee: payslips.employee, label: 'payslips' },
  attendance: { table: attendances, employee: attendances.employee, label: 'attendance days' },
  requests: { table: approvals, employee: approvals.employee, label: 'requests' },
  leave: { table: leaves, employee: leaves.employee, label: 'leave records' },
  overtime: { table: overtimes, employee: overtimes.employee, label: 'overtime records' },
  business_trips: { table: businessTrips, employee: businessTrips.employee, label: 'business trips' },
  leave_adjustments: {
    table: leaveBalanceAdjustments,
    employee: leaveBalanceAdjustments.employee,
    label: 'leave balance adjustments',
  },
  loans: { table: loans, employee: loans.employee, label: 'loans' },
  deposits: { table: deposits, employee: deposits.employee, label: 'deposits' },
  sales_visits: { table: salesVisits, employee: salesVisits.employee, label: 'store visits' },
} as const satisfies Record<EmployeeHistoryKind, { table: PgTable; employee: AnyPgColumn; label: string }>;

const BATCH = 2000;

/** How many history rows of each kind the employees `ids` have (kinds without any left out). */
export async function historyOf(tx: Executor, ids: readonly string[]) {
  const held: { resource: EmployeeHistoryKind; count: number }[] = [];
  for (const [kind, { table, employee }] of Object.entries(historyTables) as [
    EmployeeHistoryKind,
    (typeof historyTables)[EmployeeHistoryKind],
  ][]) {
    let total = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const [row] = await tx
        .select({ n: count() })
        .from(table)
        .where(inArray(employee, ids.slice(i, i + BATCH)));
      total += Number(row?.n ?? 0);
    }
    if (total > 0) held.push({ resource: kind, count: total });
  }
  return held;
}

/** 409 `has_history` unless none of the employees `ids` has history: they are exited instead. */
export async function guardNoHistory(tx: Executor, ids: readonly string[]) {
  const held = await historyOf(tx, ids);
  if (held.length === 0) return;
  const list = held.map((h) => `${h.count} ${historyTables[h.resource].label}`).join(', ');
  throw new AppError(
    409,
    'has_history',
    `Cannot delete: ${list} hold this employee's history. Exit the employee instead.`,
    undefined,
    { used_by: held },
  );
}
