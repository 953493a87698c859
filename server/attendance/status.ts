/**
 * The status rules of an attendance record (issue #12, "Recording"), pure: no clock, no database. Every caller — the
 * clock route, the import, admin corrections, the daily screen, the monthly report and payroll's totals — goes
 * through these functions, so a late minute is counted the same way everywhere.
 *
 * - Times are compared to the minute (seconds dropped): a clock-in at 08:00:59 for an 08:00 shift is on time, a
 *   clock-out at 16:59:59 for a 17:00 finish is one minute early.
 * - Late: clock-in after the shift start. Early: clock-out before the shift finish. Only shifts with a start and a
 *   finish (full_day, long_shift) can make a record late or early; off days, free working days, standby, no shift
 *   and holidays never do.
 * - A shift whose finish is not after its start crosses midnight: its attendance belongs to the start date and its
 *   finish is on the next day.
 * - Missed: one of the two times is absent once the attendance day has closed (docs/decisions/0033): computed on
 *   read, never stored, so a late clock-out recorded after the fact needs no clean-up. In an auto_closed group the
 *   missing clock-out is the shift's finish instead (on time), not a miss.
 */
import type { shiftTypes } from '../db/schema.ts';

export type ShiftType = (typeof shiftTypes)[number];

export type ClockStatus = 'on_time' | 'late' | 'early' | 'missed';

/** What of a shift the rules read (sched's ResolvedShift has these and more). */
export interface ShiftTimes {
  type: ShiftType;
  start_time: string | null;
  finish_time: string | null;
}

/** The company's zone: Asia/Jakarta (WIB), UTC+7 all year (Indonesia keeps no daylight saving time). */
export const ZONE_OFFSET_MINUTES = 7 * 60;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** HH:mm -> minutes after midnight, or null for anything else. */
export function minutesOf(time: string | null | undefined): number | null {
  if (!time) return null;
  // Remembered: the report asks this for the same few shift times hundreds of thousands of times.
  const known = minutesSeen.get(time);
  if (known !== undefined) return known;
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : null;
  if (minutesSeen.size < 10_000) minutesSeen.set(time, minutes);
  return minutes;
}
const minutesSeen = new Map<string, number | null>();

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** The instant (ms) of `minutes` after midnight of `date` in Jakarta. */
export function jakartaInstant(date: string, minutes: number): number {
  return (dayNumber(date) * DAY_MINUTES + minutes - ZONE_OFFSET_MINUTES) * MINUTE;
}

/** A timestamp's Jakarta date (YYYY-MM-DD). */
export function jakartaDate(instant: number | string | Date): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  return new Date(ms + ZONE_OFFSET_MINUTES * MINUTE).toISOString().slice(0, 10);
}

/** A timestamp's Jakarta time of day (HH:mm). */
export function jakartaTime(instant: number | string | Date): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  return new Date(ms + ZONE_OFFSET_MINUTES * MINUTE).toISOString().slice(11, 16);
}

/** The date after `date`. */
export function nextDate(date: string, days = 1): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a shift has a fixed start and finish: only those make a record late or early. */
export function isTimed(shift: ShiftTimes | null | undefined): shift is ShiftTimes & {
  start_time: string;
  finish_time: string;
} {
  return (
    !!shift && timedTypes[shift.type] && minutesOf(shift.start_time) !== null && minutesOf(shift.finish_time) !== null
  );
}
const timedTypes = {
  full_day: true,
  long_shift: true,
  off_day: false,
  free_working_day: false,
  standby: false,
} as const satisfies Record<ShiftType, boolean>;

/** Whether a timed shift's finish falls on the next day (finish not after start). */
export function crossesMidnight(shift: ShiftTimes | null | undefined): boolean {
  if (!isTimed(shift)) return false;
  return minutesOf(shift.finish_time)! <= minutesOf(shift.start_time)!;
}

/** A shift's start and finish instants on an attendance date (finish next day across midnight), or null. */
export function shiftWindow(
  shift: ShiftTimes | null | undefined,
  date: string,
): { start: number; finish: number } | null {
  if (!isTimed(shift)) return null;
  const start = minutesOf(shift.start_time)!;
  const finish = minutesOf(shift.finish_time)!;
  return {
    start: jakartaInstant(date, start),
    finish: jakartaInstant(date, finish + (finish <= start ? DAY_MINUTES : 0)),
  };
}

/** Drops seconds: rules compare whole minutes. */
const toMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;
const ms = (value: string | number | Date) => (typeof value === 'number' ? value : new Date(value).getTime());

export interface ClockResult {
  status: ClockStatus;
  minutes: number;
}

/**
 * A clock-in's status on `date` under `shift`. `holiday`: the date is a holiday (no lateness on a holiday). Late
 * minutes are whole minutes after the start.
 */
export function clockInStatus(
  shift: ShiftTimes | null | undefined,
  date: string,
  clockIn: string | number | Date,
  holiday = false,
): ClockResult {
  const window = holiday ? null : shiftWindow(shift, date);
  if (!window) return { status: 'on_time', minutes: 0 };
  const late = (toMinute(ms(clockIn)) - window.start) / MINUTE;
  return late > 0 ? { status: 'late', minutes: late } : { status: 'on_time', minutes: 0 };
}

/** A clock-out's status on `date` under `shift`: early by whole minutes before the finish. */
export function clockOutStatus(
  shift: ShiftTimes | null | undefined,
  date: string,
  clockOut: string | number | Date,
  holiday = false,
): ClockResult {
  const window = holiday ? null : shiftWindow(shift, date);
  if (!window) return { status: 'on_time', minutes: 0 };
  const early = (window.finish - toMinute(ms(clockOut))) / MINUTE;
  return early > 0 ? { status: 'early', minutes: early } : { status: 'on_time', minutes: 0 };
}

/**
 * When an attendance day closes, after which a missing time is missed: midnight (Jakarta) after the date, or for a
 * shift across midnight, midnight after the next day (the day of its clock-out).
 */
export function dayCloses(shift: ShiftTimes | null | undefined, date: string): number {
  return jakartaInstant(date, (crossesMidnight(shift) ? 2 : 1) * DAY_MINUTES);
}

/**
 * The attendance date a clock at `instant` belongs to: its Jakarta date, except a clock-out before noon after a
 * shift that crossed midnight from the day before, which closes that day's record.
 */
export function attendanceDateOf(
  instant: number,
  type: 'in' | 'out',
  shiftOn: (date: string) => ShiftTimes | null | undefined,
): string {
  const today = jakartaDate(instant);
  if (type === 'in') return today;
  const yesterday = nextDate(today, -1);
  const previous = shiftOn(yesterday);
  if (!crossesMidnight(previous)) return today;
  const window = shiftWindow(previous, yesterday)!;
  return instant < window.finish + 6 * 60 * MINUTE ? yesterday : today;
}

/** A record as stored (times ISO strings), with what the rules need. */
export interface StoredTimes {
  date: string;
  clock_in: string | null;
  clock_out: string | null;
  clock_in_status: ClockStatus | null;
  clock_out_status: ClockStatus | null;
  late_minutes: number;
  early_minutes: number;
  shift_start: string | null;
  shift_finish: string | null;
}

export interface EffectiveTimes {
  clock_in: string | null;
  clock_out: string | null;
  clock_in_status: ClockStatus | null;
  clock_out_status: ClockStatus | null;
  late_minutes: number;
  early_minutes: number;
  /** The clock-out was filled in by an auto_closed group (the shift's finish). */
  auto_closed: boolean;
}

/**
 * A stored record as it reads at `now`: a missing time becomes missed once the day has closed, unless the group
 * closes days automatically (then a missing clock-out is the shift's finish, on time).
 */
export function effectiveTimes(record: StoredTimes, now: number, autoClosed = false): EffectiveTimes {
  const shift: ShiftTimes | null =
    record.shift_start && record.shift_finish
      ? { type: 'full_day', start_time: record.shift_start, finish_time: record.shift_finish }
      : null;
  const closed = now >= dayCloses(shift, record.date);
  const out: EffectiveTimes = {
    clock_in: record.clock_in,
    clock_out: record.clock_out,
    clock_in_status: record.clock_in ? (record.clock_in_status ?? 'on_time') : null,
    clock_out_status: record.clock_out ? (record.clock_out_status ?? 'on_time') : null,
    late_minutes: record.clock_in ? record.late_minutes : 0,
    early_minutes: record.clock_out ? record.early_minutes : 0,
    auto_closed: false,
  };
  if (!closed) return out;
  if (!record.clock_in && record.clock_out) out.clock_in_status = 'missed';
  if (record.clock_in && !record.clock_out) {
    const window = shiftWindow(shift, record.date);
    if (autoClosed && window) {
      out.clock_out = new Date(window.finish).toISOString();
      out.clock_out_status = 'on_time';
      out.auto_closed = true;
    } else out.clock_out_status = 'missed';
  }
  return out;
}

/**
 * Whether a working day without attendance counts as absent yet: a past day always; today once its shift has started
 * (a shift without a start time, or none: once the day is over); a later day never. Before 08:00 nobody on the 08:00
 * shift is absent: home and the daily screen would otherwise open every morning on the whole company absent.
 * `startOf` is asked for today only.
 */
export function dayBegun(date: string, today: string, now: number, startOf: () => string | null | undefined): boolean {
  if (date !== today) return date < today;
  const start = minutesOf(startOf());
  return start !== null && now >= jakartaInstant(date, start);
}

/** What a day of one employee is, for the attendance cell and the totals. */
export type DayKind = 'present' | 'holiday' | 'leave' | 'off' | 'absent' | 'none';

/**
 * A day's kind: attendance wins (someone who came on a holiday was present); without it, the holiday, the leave, an
 * off day (a resolved shift that is not a working day), Absent on a working day that has begun (`dayBegun`), or nothing
 * (a day not yet come or begun, or without schedule).
 */
export function dayKind(input: {
  hasAttendance: boolean;
  holiday: boolean;
  leave: boolean;
  working: boolean;
  begun: boolean;
}): DayKind {
  if (input.hasAttendance) return 'present';
  if (input.holiday) return 'holiday';
  if (input.leave) return 'leave';
  if (!input.working) return 'off';
  return input.begun ? 'absent' : 'none';
}
