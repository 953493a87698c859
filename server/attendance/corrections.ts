/**
 * Admin corrections on the daily screen: new clock-in and/or clock-out times for one employee's day. Each changed
 * time is logged in attendance_corrections (old and new value, who, why); the record keeps its first times in
 * original_clock_in/out, and its statuses are recomputed against the shift the record holds (or the resolved shift
 * when the day had no record).
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { loadHolidays } from '../leave/calendar.ts';
import { employeesInReachSql } from '../scope/scope.ts';
import type { Writer } from './import.ts';
import { loadShiftResolver } from './schedule.ts';
import { computeDay } from './times.ts';

export interface CorrectionInput {
  employee: string;
  date: string;
  /** HH:mm; null clears the time; absent leaves it. */
  clock_in?: string | null;
  clock_out?: string | null;
  reason?: string | null;
}

const instant = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

export async function correctAttendance(db: Db, caller: Writer, input: CorrectionInput): Promise<{ _id: string }> {
  return db.transaction((tx) => correctAttendanceIn(tx, caller, input));
}

/**
 * The same correction inside the caller's transaction (an approved clock-correction request: `approval` is logged
 * with each changed time).
 */
export async function correctAttendanceIn(
  tx: Executor,
  caller: Writer,
  input: CorrectionInput & { approval?: string | null },
): Promise<{ _id: string }> {
  if (input.clock_in === undefined && input.clock_out === undefined) {
    throw new AppError(400, 'validation_failed', 'Give a clock-in or a clock-out', {
      clock_in: { code: 'required', message: 'is required' },
    });
  }
  const employee = (
    await tx.execute(
      sql`select e.id from employees e where e.id = ${input.employee} and ${employeesInReachSql(caller, 'e')}`,
    )
  ).rows[0];
  if (!employee) throw notFound('Employee');
  const resolver = await loadShiftResolver(tx, caller.companyId, {
    from: input.date,
    to: input.date,
    employeeIds: [input.employee],
  });
  const holidays = await loadHolidays(tx, caller.companyId, input.date, input.date);
  const current = (
    await tx.execute(sql`
        select id, shift_id, shift_start, shift_finish, to_json(clock_in) #>> '{}' as clock_in,
          to_json(clock_out) #>> '{}' as clock_out
        from attendances where employee_id = ${input.employee} and date = ${input.date} for update`)
  ).rows[0] as
    | {
        id: string;
        shift_id: string | null;
        shift_start: string | null;
        shift_finish: string | null;
        clock_in: string | null;
        clock_out: string | null;
      }
    | undefined;
  const resolved = resolver(input.employee, input.date);
  const shift = current
    ? current.shift_start
      ? {
          id: current.shift_id ?? '',
          type: 'full_day' as const,
          start_time: current.shift_start,
          finish_time: current.shift_finish,
        }
      : current.shift_id
        ? { id: current.shift_id, type: 'off_day' as const, start_time: null, finish_time: null }
        : null
    : resolved;
  const hhmm = (iso: string | null) =>
    iso ? new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(11, 16) : null;
  const next = {
    clock_in: input.clock_in === undefined ? hhmm(current?.clock_in ?? null) : input.clock_in,
    clock_out: input.clock_out === undefined ? hhmm(current?.clock_out ?? null) : input.clock_out,
  };
  if (!next.clock_in && !next.clock_out && !current) {
    throw new AppError(400, 'validation_failed', 'Give a clock-in or a clock-out', {
      clock_in: { code: 'required', message: 'is required' },
    });
  }
  const day = computeDay({
    employee: input.employee,
    date: input.date,
    shift,
    holiday: holidays.has(input.date),
    ...next,
  });
  if ('error' in day) {
    throw new AppError(400, 'validation_failed', 'The clock-out is before the clock-in', {
      clock_out: { code: 'before_clock_in', message: 'is before the clock-in' },
    });
  }
  // Untouched times keep their exact instant (seconds included).
  if (input.clock_in === undefined) day.clock_in = current?.clock_in ?? null;
  if (input.clock_out === undefined) day.clock_out = current?.clock_out ?? null;
  const written = (
    await tx.execute(sql`
        insert into attendances (company_id, employee_id, date, shift_id, shift_start, shift_finish, clock_in, clock_out,
          clock_in_status, clock_out_status, late_minutes, early_minutes, source, created_by)
        values (${caller.companyId}, ${input.employee}, ${input.date}, ${day.shift_id}, ${day.shift_start},
          ${day.shift_finish}, ${day.clock_in}, ${day.clock_out}, ${day.clock_in_status}::clock_status,
          ${day.clock_out_status}::clock_status, ${day.late_minutes}, ${day.early_minutes}, 'correction', ${caller.userId})
        on conflict (employee_id, date) do update set
          original_clock_in = case when attendances.original_clock_in is null and attendances.clock_in is distinct from excluded.clock_in
            then attendances.clock_in else attendances.original_clock_in end,
          original_clock_out = case when attendances.original_clock_out is null and attendances.clock_out is distinct from excluded.clock_out
            then attendances.clock_out else attendances.original_clock_out end,
          clock_in = excluded.clock_in, clock_out = excluded.clock_out,
          clock_in_status = excluded.clock_in_status, clock_out_status = excluded.clock_out_status,
          late_minutes = excluded.late_minutes, early_minutes = excluded.early_minutes, source = 'correction',
          updated_at = now(), version = attendances.version + 1
        returning id`)
  ).rows[0] as { id: string };
  const changes = (['clock_in', 'clock_out'] as const).filter(
    (field) => input[field] !== undefined && instant(current?.[field] ?? null) !== instant(day[field]),
  );
  for (const field of changes) {
    await tx.execute(sql`
        insert into attendance_corrections (company_id, attendance_id, field, old_value, new_value, reason, approval_id,
          created_by)
        values (${caller.companyId}, ${written.id}, ${field}, ${current?.[field] ?? null}, ${day[field]},
          ${input.reason ?? null}, ${input.approval ?? null}, ${caller.userId})`);
  }
  return { _id: written.id };
}
