/**
 * The scheduling resources of issue #12 (spec 3 "Shift", "Attendance group"): shifts, attendance groups and shift
 * overrides, served by the generic routes. What the generic machinery cannot say (group members, the weekly pattern
 * pointing at the company's shifts, a shift used by a pattern) is domain code in ./groups.ts and ./guards.ts.
 */
import { Type } from '@sinclair/typebox';
import { HHMM_PATTERN, shiftFieldIssues } from '../../common/shifts.ts';
import { attendanceGroups, shiftOverrides, shifts } from '../db/schema.ts';
import type { FieldError } from '../http/errors.ts';
import { type CheckResult, defineResource } from '../resources/define.ts';
import { employeeRef, shiftRef } from '../resources/relations.ts';
import { weekdays } from './schedule.ts';

const name = Type.String({ minLength: 1, maxLength: 200 });
const time = Type.Union([Type.String({ pattern: HHMM_PATTERN, description: 'HH:mm (Asia/Jakarta)' }), Type.Null()]);

/** Start and finish only where the type has them (required there); the others are stored as null (decision 0031). */
function shiftCheck(row: Readonly<Record<string, unknown>>): CheckResult {
  const { missing, notApplicable } = shiftFieldIssues(row);
  const errors: Record<string, FieldError> = {};
  // allowed_attendance has a default (true): never missing.
  for (const field of missing.filter((f) => f !== 'allowed_attendance')) {
    errors[field] = { code: 'required', message: `is required for a ${row.type} shift`, params: { type: row.type } };
  }
  // allowed_attendance is NOT NULL: where it does not apply it is not cleared, and reads as allowed (schedule.ts).
  return { errors, clear: notApplicable.filter((field) => field !== 'allowed_attendance') };
}

export const shiftsResource = defineResource({
  name: 'shifts',
  path: '/shifts',
  table: shifts,
  menu: 'shift',
  scope: 'company',
  label: 'Shift',
  title: (row) => `${row.name} (${row.code})`,
  search: ['code', 'name'],
  filters: ['code', 'type', 'created_at'],
  sort: ['code', 'name', 'type', 'start_time', 'created_at', 'updated_at'],
  defaultSort: 'code',
  naturalKey: 'code',
  refine: {
    code: Type.String({ pattern: '^[A-Za-z0-9._-]{1,30}$', description: 'What a roster cell holds' }),
    name,
    start_time: time,
    finish_time: time,
    minimum_working_hour: Type.Number({ minimum: 0, maximum: 24, multipleOf: 0.01 }),
    working_days: Type.Number({ minimum: 0, maximum: 9, multipleOf: 0.01 }),
  },
  check: shiftCheck,
});

const shiftId = Type.Union([Type.String({ format: 'uuid' }), Type.Null()]);

export const attendanceGroupsResource = defineResource({
  name: 'attendance-groups',
  path: '/attendance-groups',
  table: attendanceGroups,
  menu: 'attendance-group',
  scope: 'company',
  label: 'Attendance group',
  title: (row) => String(row.name),
  search: ['name'],
  filters: ['type', 'manager', 'created_at'],
  sort: ['name', 'type', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'name',
  relations: { manager: employeeRef },
  refine: {
    name,
    // One shift id (or null) per weekday; which ids are the company's shifts is checked by ./guards.ts.
    schedule: Type.Object(Object.fromEntries(weekdays.map((day) => [day, Type.Optional(shiftId)])), {
      additionalProperties: false,
      description: 'fixed_schedule: the shift of each weekday (mon … sun), a shift id or null',
    }),
  },
});

export const shiftOverridesResource = defineResource({
  name: 'shift-overrides',
  path: '/shift-overrides',
  table: shiftOverrides,
  menu: 'shift-overrides',
  scope: 'company',
  label: 'Shift override',
  title: (row) => `${row.date}`,
  search: ['reason'],
  filters: ['employee', 'shift', 'date', 'created_at'],
  sort: ['date', 'created_at', 'updated_at'],
  defaultSort: '-date',
  relations: { employee: employeeRef, shift: shiftRef },
  department: { employee: 'employee' },
  refine: { reason: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]) },
});

export const attendanceResources = [shiftsResource, attendanceGroupsResource, shiftOverridesResource];
