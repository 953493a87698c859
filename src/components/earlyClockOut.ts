/**
 * How early a clock-out now would be (issue 25: a stray key must not clock an employee out hours early without a
 * question). The same rule as the server's `clockOutStatus` (server/attendance/status.ts): only a shift with a start
 * and a finish (full_day, long_shift) can be left early; a finish not after the start is on the next day; whole
 * minutes in Asia/Jakarta (UTC+7, no daylight saving).
 */
import type { Today } from '../api/attendance.ts';

const MINUTE = 60_000;
const ZONE_OFFSET_MINUTES = 7 * 60;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)/;
const timedTypes = new Set(['full_day', 'long_shift']);

const minutesOf = (time: string | null | undefined): number | null => {
  const match = time ? HHMM.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** Minutes before the shift's finish that a clock-out at `now` would be (0 when it is not early). */
export function minutesBeforeFinish(
  shift: Pick<NonNullable<Today['shift']>, 'type' | 'start_time' | 'finish_time'> | null | undefined,
  date: string,
  now: number,
): number {
  if (!shift || !timedTypes.has(shift.type)) return 0;
  const start = minutesOf(shift.start_time);
  const finish = minutesOf(shift.finish_time);
  if (start === null || finish === null) return 0;
  const day = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / MINUTE;
  const end = (day + finish + (finish <= start ? 24 * 60 : 0) - ZONE_OFFSET_MINUTES) * MINUTE;
  const early = (end - Math.floor(now / MINUTE) * MINUTE) / MINUTE;
  return early > 0 ? early : 0;
}
