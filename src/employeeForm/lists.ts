/**
 * The employee lists a detail belongs to (the employee API's views: the same row, their own list rule) and which of
 * them holds a row, by the server's rules: the resigned list has an exit date today or earlier, the daily-worker list
 * the freelancers, the active list everyone else. Pure.
 */

import type { EmployeeListRoute } from '../grids/specs/employee-columns.ts';
import type { Employee } from './sections.ts';

/** The menus whose records open in this detail. */
export type EmployeeMenuId = EmployeeListRoute;

/** Each menu's list path: its rows, its order for 'Next/Previous employee', and its record path for saves. */
export const employeeLists = {
  'active-employees': '/v1/employees',
  'resigned-employees': '/v1/employees/exit-employee',
  'daily-worker': '/v1/employees/freelance',
} as const satisfies Record<EmployeeMenuId, string>;

/** The list a row is on today ('YYYY-MM-DD', Asia/Jakarta). */
export function listOf(row: Pick<Employee, 'exit_date' | 'status'>, today: string): EmployeeMenuId {
  if (row.status === 'freelance') return 'daily-worker';
  return row.exit_date && row.exit_date <= today ? 'resigned-employees' : 'active-employees';
}
