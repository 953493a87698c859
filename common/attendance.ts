/**
 * The daily attendance screen's status filter values, one list for the server (`GET /v1/attendance/daily?status=`,
 * home's Today card) and the screen. `not_in`: a working day without attendance that has not begun yet (today before
 * the shift starts, server/attendance/status.ts `dayBegun`): not yet in, not absent.
 */
export const dailyStatuses = [
  'present',
  'late',
  'early',
  'missed',
  'absent',
  'not_in',
  'leave',
  'holiday',
  'off',
] as const;
export type DailyStatus = (typeof dailyStatuses)[number];
