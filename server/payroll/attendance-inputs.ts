/**
 * Attendance's part of a run's inputs: the month's attendance cells of the run's employees (server/attendance/report.ts,
 * the same loader as the daily screen and the monthly report, so a payslip and the report never disagree), mapped to
 * the engine's `AttendanceTotals`. Set-based: the grid loads the whole month for all employees in a fixed handful of
 * queries; this is one pass over employees × days in memory.
 */
import { sql } from 'drizzle-orm';
import type { AttendanceTotals } from '../../common/payroll/types.ts';
import { loadAttendanceGrid, monthRange, totalsOf } from '../attendance/report.ts';
import type { Executor } from '../db/connect.ts';

/**
 * Each employee's attendance for the month, as the engine reads it:
 * - `late`: every late arrival with its minutes (the late rule counts arrivals: daily, minutely and custom need each
 *   one, not the month's sum);
 * - `early`, `absent_days`, `missed`: occurrences; `present_days`: days with a clock time;
 * - `scheduled_days` (the daily wage's divisor for `percentage` rules): the employee's working days of the month that
 *   are not holidays, by their shifts. Only for an employee employed the whole month: a joiner's or leaver's daily wage
 *   is still a month's wage over the month's working days, so the engine counts those itself.
 * Employees without a single cell in the month are absent from the map (zero).
 *
 * Attendance counts from the company's first recorded attendance on (docs/decisions/0070): a company that does not
 * record attendance, or the months before it started, deduct nothing, instead of reading every working day absent.
 */
export async function attendanceOfEmployees(
  db: Executor,
  companyId: string,
  employeeIds: readonly string[],
  year: number,
  month: number,
  now = Date.now(),
): Promise<Map<string, AttendanceTotals>> {
  const out = new Map<string, AttendanceTotals>();
  if (employeeIds.length === 0) return out;
  const range = monthRange(year, month);
  const [first] = (
    await db.execute<{ date: string | null }>(
      sql`select min(date)::text as date from attendances where company_id = ${companyId} and date <= ${range.to}`,
    )
  ).rows;
  const since = first?.date;
  if (!since) return out;
  const grid = await loadAttendanceGrid(db, companyId, range, { employeeIds: [...employeeIds] }, now);
  grid.employees.forEach((employee, index) => {
    const cells = grid.days.map((_, day) => grid.cell(index, day));
    const tracked = since <= range.from ? cells : cells.map((cell) => (cell && cell.date >= since ? cell : null));
    const totals = totalsOf(employee._id, tracked);
    const late: { minutes: number }[] = [];
    for (const cell of tracked) {
      const attendance = cell?.kind === 'present' ? cell.attendance : null;
      if (attendance?.clock_in?.status === 'late') late.push({ minutes: attendance.late_minutes });
    }
    const wholeMonth =
      (!employee.join_date || employee.join_date <= range.from) &&
      (!employee.exit_date || employee.exit_date >= range.to);
    const mapped: AttendanceTotals = {
      present_days: totals.present,
      late,
      early: totals.early,
      absent_days: totals.absent,
      missed: totals.missed,
    };
    if (wholeMonth)
      mapped.scheduled_days = tracked === cells ? totals.scheduled_days : totalsOf(employee._id, cells).scheduled_days;
    out.set(employee._id, mapped);
  });
  return out;
}
