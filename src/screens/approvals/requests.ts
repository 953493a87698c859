/**
 * The "New request" form's model: the contexts an employee asks for, each one's fields (an exhaustive table over
 * the contexts), the checks the client makes before sending (spec 5's messages: 'Leave Type is required', 'Leave
 * Start Date is required', 'Overtime Hours is required', 'Replacement Reason is required', 'Swap With is required';
 * the server checks the same and more), and the request body. Pure.
 */

import { adminContexts, type RequestContext, requestContexts, requestingForOthers } from '../../../common/approvals.ts';
import { readTime } from '../../grids/parse.ts';
import type { ValidationCode } from '../../validation.ts';

/** The contexts the form offers a user of this level. */
export const contextsFor = (level: string | undefined): RequestContext[] =>
  requestContexts.filter((context) => !adminContexts.has(context) || requestingForOthers.includes(level ?? ''));

/** The employment statuses a contract request may set (the employees' `status` enum, spec 3). */
export const employmentStatuses = ['pkwt', 'pkwtt', 'probation', 'intern', 'freelance', 'regular', 'not_set'] as const;

export type FieldKind =
  | 'leaveType'
  /** A duty type (`duty/category`): what the duty-report groups business trips by. */
  | 'dutyType'
  | 'date'
  | 'time'
  | 'hours'
  | 'unit'
  | 'text'
  | 'longText'
  | 'shift'
  | 'colleague'
  | 'employee'
  | 'employmentStatus'
  /** A stored file's id (`POST /v1/files?accept=attachment`): a sick note, a letter. */
  | 'attachment';

export interface RequestField {
  key: string;
  kind: FieldKind;
  /** Required, with the message key to show when empty (spec 5's own where it has one). */
  required?: `validation.${ValidationCode}`;
}

/** A message key of the form's own checks. */
export type CheckKey = `validation.${ValidationCode}` | 'validation.formats.date';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const req = 'validation.required' as const;

export const requestFields = {
  leave: [
    { key: 'leave_type', kind: 'leaveType', required: 'validation.leaveTypeRequired' },
    { key: 'start_date', kind: 'date', required: 'validation.leaveStartRequired' },
    { key: 'end_date', kind: 'date', required: req },
    { key: 'unit', kind: 'unit', required: req },
    { key: 'hours', kind: 'hours' },
    { key: 'reason', kind: 'longText' },
    { key: 'attachment', kind: 'attachment' },
  ],
  overtime: [
    { key: 'date', kind: 'date', required: req },
    { key: 'start_time', kind: 'time' },
    { key: 'end_time', kind: 'time' },
    { key: 'hours', kind: 'hours' },
    { key: 'reason', kind: 'longText' },
  ],
  clock_correction: [
    { key: 'date', kind: 'date', required: req },
    { key: 'clock_in', kind: 'time' },
    { key: 'clock_out', kind: 'time' },
    { key: 'reason', kind: 'longText', required: req },
  ],
  change_shift: [
    { key: 'date', kind: 'date', required: req },
    { key: 'shift', kind: 'shift' },
    { key: 'swap_with', kind: 'colleague' },
    { key: 'reason', kind: 'longText', required: 'validation.replacementReasonRequired' },
  ],
  business_trip: [
    { key: 'destination', kind: 'text', required: req },
    { key: 'start_date', kind: 'date', required: req },
    { key: 'end_date', kind: 'date', required: req },
    { key: 'purpose', kind: 'longText', required: req },
    { key: 'duty_type', kind: 'dutyType' },
  ],
  resignation: [
    { key: 'last_working_day', kind: 'date', required: req },
    { key: 'reason', kind: 'longText', required: req },
  ],
  employee_profile: [],
  contract: [
    { key: 'employee', kind: 'employee', required: req },
    { key: 'employee_status', kind: 'employmentStatus', required: req },
    { key: 'end_of_contract', kind: 'date' },
    { key: 'reason', kind: 'longText' },
  ],
} as const satisfies Record<RequestContext, readonly RequestField[]>;

export type Draft = Record<string, string>;
/** A profile change: one employee field and its proposed value. */
export interface ProfileChange {
  field: string;
  value: string;
}

const blank = (value: string | undefined) => !value?.trim();

/** Whether a field is shown for the draft as it is (the hours of a leave only by the hour). */
export const fieldShown = (context: RequestContext, key: string, draft: Draft): boolean =>
  !(context === 'leave' && key === 'hours' && draft.unit !== 'hour');

/** The client's checks: a message key per field, empty when the draft may be sent. */
export function checkRequest(
  context: RequestContext,
  draft: Draft,
  changes: readonly ProfileChange[] = [],
): Record<string, CheckKey> {
  const errors: Record<string, CheckKey> = {};
  const fields: readonly RequestField[] = requestFields[context];
  for (const field of fields) {
    if (!fieldShown(context, field.key, draft)) continue;
    const value = draft[field.key];
    if (field.required && blank(value)) errors[field.key] = field.required;
    else if (field.kind === 'time' && !blank(value) && readTime(value!) === null) errors[field.key] = 'validation.time';
    // The date field reads what was typed when it is left: text that is still no day is refused here.
    else if (field.kind === 'date' && !blank(value) && !ISO_DAY.test(value!.trim()))
      errors[field.key] = 'validation.formats.date';
    else if (field.kind === 'hours' && !blank(value) && !(Number(value) > 0)) errors[field.key] = 'validation.number';
  }
  const after = (a: string, b: string) =>
    ISO_DAY.test(draft[a] ?? '') && ISO_DAY.test(draft[b] ?? '') && draft[b]! < draft[a]!;
  if ((context === 'leave' || context === 'business_trip') && after('start_date', 'end_date'))
    errors.end_date = 'validation.after_start';
  if (context === 'leave' && draft.unit === 'hour' && blank(draft.hours)) errors.hours = req;
  if (context === 'overtime' && blank(draft.hours) && (blank(draft.start_time) || blank(draft.end_time)))
    errors.hours = 'validation.overtimeHoursRequired';
  if (context === 'clock_correction' && blank(draft.clock_in) && blank(draft.clock_out))
    errors.clock_in = errors.clock_in ?? req;
  if (context === 'change_shift' && blank(draft.shift) && blank(draft.swap_with))
    errors.swap_with = 'validation.swapWithRequired';
  if (context === 'employee_profile' && !changes.some((change) => change.field && !blank(change.value)))
    errors.changes = req;
  return errors;
}

/** Hours between two HH:mm times, an end not after the start past midnight (the server's `hoursBetween`). */
export function hoursBetween(start: string, end: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  let span = minutes(end) - minutes(start);
  if (span <= 0) span += 24 * 60;
  return Math.round((span / 60) * 100) / 100;
}

const dateRanges = { leave: true, business_trip: true } as Partial<Record<RequestContext, true>>;

/**
 * The draft after `key` is set to `value`, with what follows from it (issue 25): End Date takes the Start Date while
 * it is empty or still the start it took; an overtime's hours follow its From and To once both are times ('1700' is
 * 17:00, as the grid reads it).
 */
export function withField(context: RequestContext, draft: Draft, key: string, value: string): Draft {
  const next: Draft = { ...draft, [key]: value };
  if (dateRanges[context] && key === 'start_date' && ISO_DAY.test(value)) {
    if (blank(draft.end_date) || draft.end_date === draft.start_date) next.end_date = value;
  }
  if (context === 'overtime' && (key === 'start_time' || key === 'end_time')) {
    const start = readTime(next.start_time ?? '');
    const end = readTime(next.end_time ?? '');
    if (start && end) next.hours = String(hoursBetween(start, end));
  }
  return next;
}

/** The draft as it is sent: times read ('1700' is '17:00'), an empty End Date the Start Date. */
export function completeDraft(context: RequestContext, draft: Draft): Draft {
  const next: Draft = { ...draft };
  for (const field of requestFields[context] as readonly RequestField[]) {
    const value = next[field.key];
    if (field.kind === 'time' && !blank(value)) next[field.key] = readTime(value!) ?? value!;
  }
  if (dateRanges[context] && blank(next.end_date) && ISO_DAY.test(next.start_date ?? ''))
    next.end_date = next.start_date!;
  return next;
}

const optional = (value: string | undefined) => (blank(value) ? undefined : value!.trim());

/** The employee a request is for, when the form names one (a contract change); else the requester. */
export const requestEmployee = (context: RequestContext, draft: Draft): string | undefined =>
  requestFields[context].some((field: RequestField) => field.kind === 'employee')
    ? optional(draft.employee)
    : undefined;

/** The request's `content` (POST /v1/approvals), from a draft that passed `checkRequest`. */
export function requestContent(
  context: RequestContext,
  draft: Draft,
  changes: readonly ProfileChange[] = [],
): Record<string, unknown> {
  if (context === 'employee_profile') {
    const picked: Record<string, string> = {};
    for (const change of changes) if (change.field && !blank(change.value)) picked[change.field] = change.value.trim();
    return { changes: picked };
  }
  const content: Record<string, unknown> = {};
  const fields: readonly RequestField[] = requestFields[context];
  for (const field of fields) {
    if (!fieldShown(context, field.key, draft) || field.kind === 'employee') continue;
    const value = optional(draft[field.key]);
    if (value === undefined) continue;
    content[field.key] = field.kind === 'hours' ? Number(value) : value;
  }
  return content;
}

/**
 * The server's field errors for a request body (`content.<field>` or `<field>`), as the form's fields: a required
 * field gets spec 5's message where the table has one.
 */
export function serverFieldKey(path: string): string {
  return path.replace(/^\/?content[./]/, '').replace(/^\//, '');
}

/** Calendar days from start to end, both counted: what a business trip lasts, a leave's upper bound. */
export function calendarDays(start: string | undefined, end: string | undefined): number | null {
  if (!start || !end || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return null;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
  return days >= 1 ? days : null;
}
