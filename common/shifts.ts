/**
 * Which shift fields apply to which shift type (spec 4 "Conditional form fields"; decision 0031): start and finish
 * only for full_day and long_shift (required there, stored as null elsewhere); allowed attendance hidden for
 * long_shift and free_working_day (where attendance is always allowed). Plain data, used by the server's check and
 * the grid's editable cells.
 */
import { type MethodFields, methodFieldIssues } from './payroll-rules.ts';

export const shiftTypeValues = ['full_day', 'off_day', 'free_working_day', 'standby', 'long_shift'] as const;
export type ShiftTypeValue = (typeof shiftTypeValues)[number];

export const shiftFields = {
  fields: ['start_time', 'finish_time', 'allowed_attendance'],
  byMethod: {
    full_day: ['start_time', 'finish_time', 'allowed_attendance'],
    long_shift: ['start_time', 'finish_time'],
    off_day: ['allowed_attendance'],
    standby: ['allowed_attendance'],
    free_working_day: [],
  },
} as const satisfies MethodFields<ShiftTypeValue>;

/** Whether a shift field applies to a shift of this type. */
export function shiftFieldApplies(type: unknown, field: string): boolean {
  return (
    !(shiftFields.fields as readonly string[]).includes(field) ||
    (typeof type === 'string' &&
      Object.hasOwn(shiftFields.byMethod, type) &&
      (shiftFields.byMethod[type as ShiftTypeValue] as readonly string[]).includes(field))
  );
}

/** The type's missing fields and the fields it does not use (as `methodFieldIssues`, keyed by `type`). */
export function shiftFieldIssues(row: Readonly<Record<string, unknown>>) {
  return methodFieldIssues(shiftFields, { ...row, method: row.type });
}

/** `HH:mm`, 00:00 to 23:59. */
export const HHMM_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
