/**
 * Writing whole days of times (the import and admin corrections): HH:mm on an attendance date turned into instants
 * (a clock-out before the clock-in of a shift across midnight is the next morning), with statuses per
 * server/attendance/status.ts. Set-based: one statement for any number of rows.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { sameCompanySql } from '../scope/scope.ts';
import type { RecordShift } from './record.ts';
import { clockInStatus, clockOutStatus, crossesMidnight, jakartaInstant, minutesOf } from './status.ts';

export interface DayTimes {
  employee: string;
  date: string;
  shift: RecordShift | null;
  holiday: boolean;
  /** HH:mm or null. */
  clock_in: string | null;
  clock_out: string | null;
}

export interface ComputedDay {
  employee: string;
  date: string;
  shift_id: string | null;
  shift_start: string | null;
  shift_finish: string | null;
  clock_in: string | null;
  clock_out: string | null;
  clock_in_status: string | null;
  clock_out_status: string | null;
  late_minutes: number;
  early_minutes: number;
}

/**
 * The instants and statuses of a day's HH:mm times, or the reason they cannot be: `before_clock_in` when the
 * clock-out is before the clock-in on a shift that does not cross midnight.
 */
export function computeDay(day: DayTimes): ComputedDay | { error: 'before_clock_in' } {
  const inMinutes = minutesOf(day.clock_in);
  const outMinutes = minutesOf(day.clock_out);
  const clockIn = inMinutes === null ? null : jakartaInstant(day.date, inMinutes);
  let clockOut = outMinutes === null ? null : jakartaInstant(day.date, outMinutes);
  if (clockIn !== null && clockOut !== null && clockOut < clockIn) {
    if (!crossesMidnight(day.shift)) return { error: 'before_clock_in' };
    clockOut += 24 * 60 * 60_000;
  } else if (clockIn === null && clockOut !== null && crossesMidnight(day.shift)) {
    // Only a clock-out on a night shift: the morning after when it is before the start.
    if (outMinutes! < minutesOf(day.shift!.start_time)!) clockOut += 24 * 60 * 60_000;
  }
  const inStatus = clockIn === null ? null : clockInStatus(day.shift, day.date, clockIn, day.holiday);
  const outStatus = clockOut === null ? null : clockOutStatus(day.shift, day.date, clockOut, day.holiday);
  return {
    employee: day.employee,
    date: day.date,
    shift_id: day.shift?.id ?? null,
    shift_start: day.shift?.start_time ?? null,
    shift_finish: day.shift?.finish_time ?? null,
    clock_in: clockIn === null ? null : new Date(clockIn).toISOString(),
    clock_out: clockOut === null ? null : new Date(clockOut).toISOString(),
    clock_in_status: inStatus?.status ?? null,
    clock_out_status: outStatus?.status ?? null,
    late_minutes: inStatus?.minutes ?? 0,
    early_minutes: outStatus?.minutes ?? 0,
  };
}

/**
 * Upserts whole days in one statement (source `import`): a day already recorded gets the new times, its first
 * times kept in original_clock_in/out. Returns the number of rows written.
 */
export async function upsertDays(
  tx: Executor,
  companyId: string,
  userId: string | null,
  days: readonly ComputedDay[],
): Promise<number> {
  if (days.length === 0) return 0;
  let written = 0;
  for (let i = 0; i < days.length; i += 5000) {
    const chunk = JSON.stringify(days.slice(i, i + 5000));
    const result = await tx.execute(sql`
      insert into attendances (company_id, employee_id, date, shift_id, shift_start, shift_finish, clock_in, clock_out,
        clock_in_status, clock_out_status, late_minutes, early_minutes, source, created_by)
      select ${companyId}, r.employee, r.date, r.shift_id, r.shift_start, r.shift_finish, r.clock_in, r.clock_out,
        r.clock_in_status::clock_status, r.clock_out_status::clock_status, r.late_minutes, r.early_minutes, 'import',
        ${userId}
      from json_to_recordset(${chunk}::json) as r(employee uuid, date date, shift_id uuid, shift_start text,
        shift_finish text, clock_in timestamptz, clock_out timestamptz, clock_in_status text, clock_out_status text,
        late_minutes integer, early_minutes integer)
      on conflict (employee_id, date) do update set
        original_clock_in = coalesce(attendances.original_clock_in, attendances.clock_in),
        original_clock_out = coalesce(attendances.original_clock_out, attendances.clock_out),
        shift_id = excluded.shift_id, shift_start = excluded.shift_start, shift_finish = excluded.shift_finish,
        clock_in = excluded.clock_in, clock_out = excluded.clock_out,
        clock_in_status = excluded.clock_in_status, clock_out_status = excluded.clock_out_status,
        late_minutes = excluded.late_minutes, early_minutes = excluded.early_minutes, source = 'import',
        updated_at = now(), version = attendances.version + 1
      where ${sameCompanySql('attendances', 'excluded')}`);
    written += result.rowCount ?? 0;
  }
  return written;
}
