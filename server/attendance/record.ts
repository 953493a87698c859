/**
 * Writing a clock time: the one place that turns a time into an attendance record with its status. The clock route,
 * and anything else that records one clock at a time (approved clock corrections), call `recordClock` inside their
 * transaction. Statuses are computed once here (server/attendance/status.ts) against the shift that applied, whose
 * times are copied into the record so later schedule edits do not rewrite history.
 *
 * Concurrency: one record per employee and date (unique index). A clock-in is one INSERT ... ON CONFLICT that only
 * fills an empty clock-in, a clock-out one UPDATE that only fills an empty clock-out of a clocked-in record: two
 * simultaneous clock-ins of one employee make one record and one 409, never two records or a lost one.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { companyReach, inCompanySql, sameCompanySql } from '../scope/scope.ts';
import type { Travel } from './offsite.ts';
import { type ClockStatus, clockInStatus, clockOutStatus, type ShiftType } from './status.ts';

/** What of the resolved shift a record keeps. */
export interface RecordShift {
  id: string;
  type: ShiftType;
  start_time: string | null;
  finish_time: string | null;
}

export interface ClockInput {
  companyId: string;
  employeeId: string;
  type: 'in' | 'out';
  /** The instant of the clock (ms since the epoch), stamped by the server. */
  at: number;
  /** The attendance date it belongs to (the shift's start date). */
  date: string;
  shift: RecordShift | null;
  /** The date is a holiday: no late or early. */
  holiday: boolean;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  offsite?: boolean;
  /** The position's reported accuracy, metres. */
  accuracy?: number | null | undefined;
  /** The address the request came from. */
  ip?: string | null | undefined;
  /** Set when the position cannot follow the previous clock's at a plausible speed (offsite.ts). */
  travel?: Travel | null | undefined;
  note?: string | null | undefined;
  userId: string | null;
}

export interface RecordedClock {
  id: string;
  date: string;
  clock_in: string | null;
  clock_out: string | null;
  clock_in_status: ClockStatus | null;
  clock_out_status: ClockStatus | null;
  late_minutes: number;
  early_minutes: number;
}

const returning = sql.raw(
  `id, date::text as date, to_json(clock_in) #>> '{}' as clock_in, to_json(clock_out) #>> '{}' as clock_out,
   clock_in_status, clock_out_status, late_minutes, early_minutes`,
);

/**
 * Records one clock. Refuses (409) a second clock-in on the same date (`already_clocked_in`), a clock-out without a
 * clock-in (`not_clocked_in`) and a second clock-out (`already_clocked_out`).
 */
export async function recordClock(tx: Executor, input: ClockInput): Promise<RecordedClock> {
  const at = new Date(input.at).toISOString();
  const point = {
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    offsite: input.offsite ?? false,
    accuracy: typeof input.accuracy === 'number' ? Math.round(input.accuracy) : null,
    ip: input.ip ?? null,
    travel: input.travel ? JSON.stringify(input.travel) : null,
  };
  if (input.type === 'in') {
    const { status, minutes } = clockInStatus(input.shift, input.date, input.at, input.holiday);
    const result = await tx.execute(sql`
      insert into attendances (company_id, employee_id, date, shift_id, shift_start, shift_finish, clock_in,
        clock_in_status, late_minutes, clock_in_latitude, clock_in_longitude, clock_in_offsite, clock_in_accuracy,
        clock_in_ip, clock_in_travel, note, source, created_by)
      values (${input.companyId}, ${input.employeeId}, ${input.date}, ${input.shift?.id ?? null},
        ${input.shift?.start_time ?? null}, ${input.shift?.finish_time ?? null}, ${at}, ${status}, ${minutes},
        ${point.latitude}, ${point.longitude}, ${point.offsite}, ${point.accuracy}, ${point.ip}, ${point.travel}::jsonb,
        ${input.note ?? null}, 'clock', ${input.userId})
      on conflict (employee_id, date) do update set
        clock_in = excluded.clock_in, clock_in_status = excluded.clock_in_status, late_minutes = excluded.late_minutes,
        clock_in_latitude = excluded.clock_in_latitude, clock_in_longitude = excluded.clock_in_longitude,
        clock_in_offsite = excluded.clock_in_offsite, clock_in_accuracy = excluded.clock_in_accuracy,
        clock_in_ip = excluded.clock_in_ip, clock_in_travel = excluded.clock_in_travel,
        note = coalesce(excluded.note, attendances.note), updated_at = now(), version = attendances.version + 1
      where attendances.clock_in is null and ${sameCompanySql('attendances', 'excluded')}
      returning ${returning}`);
    const row = result.rows[0] as RecordedClock | undefined;
    if (!row) throw new AppError(409, 'already_clocked_in', 'You have already clocked in today');
    return row;
  }
  const existing = await tx.execute(sql`
    select a.id, a.shift_start, a.shift_finish, a.clock_in, a.clock_out, a.shift_id from attendances a
    where a.employee_id = ${input.employeeId} and a.date = ${input.date}
      and ${inCompanySql(companyReach(input.companyId), 'a')}
    for update`);
  const current = existing.rows[0] as
    | { id: string; shift_start: string | null; shift_finish: string | null; clock_in: unknown; clock_out: unknown }
    | undefined;
  if (!current?.clock_in) throw new AppError(409, 'not_clocked_in', 'Clock in before clocking out');
  if (current.clock_out) throw new AppError(409, 'already_clocked_out', 'You have already clocked out today');
  // The clock-out is measured against the shift the clock-in recorded.
  const shift = current.shift_start
    ? { type: 'full_day' as const, start_time: current.shift_start, finish_time: current.shift_finish }
    : null;
  const { status, minutes } = clockOutStatus(shift, input.date, input.at, input.holiday);
  const result = await tx.execute(sql`
    update attendances set clock_out = ${at}, clock_out_status = ${status}, early_minutes = ${minutes},
      clock_out_latitude = ${point.latitude}, clock_out_longitude = ${point.longitude},
      clock_out_offsite = ${point.offsite}, clock_out_accuracy = ${point.accuracy}, clock_out_ip = ${point.ip},
      clock_out_travel = ${point.travel}::jsonb, note = coalesce(${input.note ?? null}, note),
      updated_at = now(), version = version + 1
    where id = ${current.id} and clock_out is null
    returning ${returning}`);
  const row = result.rows[0] as RecordedClock | undefined;
  if (!row) throw new AppError(409, 'already_clocked_out', 'You have already clocked out today');
  return row;
}
