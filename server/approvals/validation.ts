/**
 * What each context's request must carry, checked once with the spec's messages (spec 5: 'Leave Type is required',
 * ...). Field errors carry a code (`required`, `invalid`, `not_found`, ...) the client translates and the spec's
 * English message. One validator per context in an exhaustive table. A validator answers the content as stored
 * (ids, normalised values, computed totals) and the dates the request is about.
 */
import { sql } from 'drizzle-orm';
import {
  type ApprovalContents,
  type ApprovalContext,
  type ProfileRequestField,
  profileRequestFields,
} from '../../common/approvals.ts';
import type { Executor } from '../db/connect.ts';
import { employmentStatusEnum } from '../db/schema.ts';
import { ATTACHMENT_PATTERN, checkAttachment } from '../files/attachments.ts';
import { AppError, type FieldError, invalid } from '../http/errors.ts';
import { isUuid } from '../http/validation.ts';
import { leaveDaysFor } from '../leave/calendar.ts';
import { datesBetween } from '../leave/days.ts';
import { checkNotInApproval, pendingWeekly } from '../payroll/weekly.ts';
import { inCompanySql } from '../scope/scope.ts';

export interface ValidationContext {
  db: Executor;
  companyId: string;
  /** The requester's employee record. */
  employee: { id: string; join_date: string | null; exit_date: string | null } & Record<string, unknown>;
  /** Today in Asia/Jakarta. */
  today: string;
}

export interface Validated {
  content: Record<string, unknown>;
  start_date: string;
  end_date: string;
}

type Raw = Record<string, unknown>;
type Fields = Record<string, FieldError>;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const required = (label: string): FieldError => ({ code: 'required', message: `${label} is required` });
const bad = (code: string, message: string, params?: Record<string, unknown>): FieldError => ({
  code,
  message,
  ...(params ? { params } : {}),
});

const missing = (value: unknown) => value === undefined || value === null || value === '';
const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  datePattern.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) &&
  value >= '1900-01-01' &&
  value <= '2100-12-31';

/** Reads the fields of a request, collecting every problem before refusing. */
class Reader {
  readonly fields: Fields = {};
  private readonly raw: Raw;
  constructor(raw: Raw) {
    this.raw = raw;
  }
  has(key: string) {
    return !missing(this.raw[key]);
  }
  fail(key: string, error: FieldError) {
    this.fields[key] ??= error;
  }
  date(key: string, label: string, optional = false): string | null {
    const value = this.raw[key];
    if (missing(value)) {
      if (!optional) this.fail(key, required(label));
      return null;
    }
    if (!isDate(value)) {
      this.fail(key, bad('format', 'must be a date (YYYY-MM-DD)'));
      return null;
    }
    return value;
  }
  time(key: string): string | null {
    const value = this.raw[key];
    if (missing(value)) return null;
    if (typeof value !== 'string' || !timePattern.test(value)) {
      this.fail(key, bad('format', 'must be a time (HH:mm)'));
      return null;
    }
    return value;
  }
  text(key: string, label: string, options: { optional?: boolean; max?: number } = {}): string | null {
    const value = this.raw[key];
    if (missing(value) || (typeof value === 'string' && value.trim() === '')) {
      if (!options.optional) this.fail(key, required(label));
      return null;
    }
    if (typeof value !== 'string') {
      this.fail(key, bad('type', 'must be text'));
      return null;
    }
    const max = options.max ?? 1000;
    if (value.length > max) {
      this.fail(key, bad('maxLength', `must be at most ${max} characters`, { limit: max }));
      return null;
    }
    return value.trim();
  }
  id(key: string, label: string, optional = false): string | null {
    const value = this.raw[key];
    if (missing(value)) {
      if (!optional) this.fail(key, required(label));
      return null;
    }
    if (!isUuid(value)) {
      this.fail(key, bad('format', 'must be an id'));
      return null;
    }
    return value.toLowerCase();
  }
  number(key: string, label: string, min: number, max: number, optional = false): number | null {
    const value = this.raw[key];
    if (missing(value)) {
      if (!optional) this.fail(key, required(label));
      return null;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(key, bad('type', 'must be a number'));
      return null;
    }
    if (value <= min || value > max) {
      this.fail(key, bad('range', `must be more than ${min} and at most ${max}`, { min, max }));
      return null;
    }
    return Math.round(value * 100) / 100;
  }
  oneOf<T extends string>(key: string, label: string, values: readonly T[], optional = false): T | null {
    const value = this.raw[key];
    if (missing(value)) {
      if (!optional) this.fail(key, required(label));
      return null;
    }
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      this.fail(key, bad('enum', `must be one of ${values.join(', ')}`, { allowedValues: values }));
      return null;
    }
    return value as T;
  }
  unknownKeys(known: readonly string[]) {
    for (const key of Object.keys(this.raw)) {
      if (!known.includes(key)) this.fail(key, bad('unknown_field', 'is not a known field'));
    }
  }
  range(startKey: string, start: string | null, end: string | null) {
    if (start && end && end < start)
      this.fail(startKey === 'start_date' ? 'end_date' : startKey, bad('before_start', 'is before the start date'));
  }
  done() {
    if (Object.keys(this.fields).length > 0) throw invalid(this.fields);
  }
}

const exists = async (
  db: Executor,
  table: 'leave_rules' | 'shifts' | 'employees' | 'duty_types',
  id: string,
  companyId: string,
) =>
  (
    await db.execute(
      sql`select 1 from ${sql.identifier(table)} t where t.id = ${id} and ${inCompanySql({ companyId }, 't')}`,
    )
  ).rows.length > 0;

/** Hours between two HH:mm times; an end before the start runs past midnight. */
export function hoursBetween(start: string, end: string): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  let span = minutes(end) - minutes(start);
  if (span <= 0) span += 24 * 60;
  return Math.round((span / 60) * 100) / 100;
}

/** Days from start to end inclusive. */
export const calendarDays = (start: string, end: string) => datesBetween(start, end).length;

type Validator = (raw: Raw, ctx: ValidationContext) => Promise<Validated>;

const attachmentName = new RegExp(ATTACHMENT_PATTERN);

const leave: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['leave_type', 'start_date', 'end_date', 'unit', 'hours', 'reason', 'attachment']);
  const leaveType = r.id('leave_type', 'Leave Type');
  const start = r.date('start_date', 'Leave Start Date');
  const end = r.date('end_date', 'Leave End Date');
  const unit = r.oneOf('unit', 'Leave Unit', ['day', 'half_day', 'hour'] as const, true) ?? 'day';
  const hours = unit === 'hour' ? r.number('hours', 'Leave Hours', 0, 24) : null;
  const reason = r.text('reason', 'Reason', { optional: true });
  const attachment = r.text('attachment', 'Attachment', { optional: true, max: 300 });
  if (attachment && !attachmentName.test(attachment)) {
    r.fail('attachment', bad('format', 'must be an uploaded PDF, PNG or JPEG (POST /v1/files?accept=attachment)'));
  }
  r.range('start_date', start, end);
  if (leaveType && !(await exists(ctx.db, 'leave_rules', leaveType, ctx.companyId))) {
    r.fail('leave_type', bad('not_found', 'Leave Type not found'));
  }
  r.done();
  await checkAttachment(ctx.db, ctx.companyId, attachment);
  const content: ApprovalContents['leave'] = {
    leave_type: leaveType as string,
    start_date: start as string,
    end_date: end as string,
    unit,
    hours,
    reason,
    attachment,
  };
  const total = await leaveDaysFor(ctx.db, ctx.companyId, {
    employeeId: ctx.employee.id,
    leaveRuleId: content.leave_type,
    start: content.start_date,
    end: content.end_date,
    unit,
    hours,
  });
  if (total <= 0) throw invalid({ end_date: bad('no_working_days', 'The dates hold no working day') });
  return { content: { ...content, total_days: total }, start_date: content.start_date, end_date: content.end_date };
};

const overtime: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['date', 'start_time', 'end_time', 'hours', 'reason']);
  const date = r.date('date', 'Overtime Date');
  const startTime = r.time('start_time');
  const endTime = r.time('end_time');
  const reason = r.text('reason', 'Reason', { optional: true });
  let hours: number | null = null;
  if (startTime && endTime) hours = hoursBetween(startTime, endTime);
  else if (r.has('hours')) hours = r.number('hours', 'Overtime Hours', 0, 24);
  else if (!r.fields.start_time && !r.fields.end_time) r.fail('hours', required('Overtime Hours'));
  // Past the statutory 4 hours a day is a warning the request stores (effects.ts), never a refusal (decision 0205).
  r.done();
  void ctx;
  const content: ApprovalContents['overtime'] = {
    date: date as string,
    start_time: startTime,
    end_time: endTime,
    hours,
    reason,
  };
  return { content: { ...content, total_hours: hours }, start_date: content.date, end_date: content.date };
};

const clockCorrection: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['date', 'clock_in', 'clock_out', 'reason']);
  const date = r.date('date', 'Date');
  const clockIn = r.time('clock_in');
  const clockOut = r.time('clock_out');
  const reason = r.text('reason', 'Reason');
  if (!r.has('clock_in') && !r.has('clock_out')) r.fail('clock_in', required('Clock In'));
  if (date && date > ctx.today) r.fail('date', bad('future', 'is in the future'));
  r.done();
  const content: ApprovalContents['clock_correction'] = {
    date: date as string,
    clock_in: clockIn,
    clock_out: clockOut,
    reason: reason as string,
  };
  return { content, start_date: content.date, end_date: content.date };
};

const changeShift: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['date', 'shift', 'swap_with', 'reason']);
  const date = r.date('date', 'Date');
  const shift = r.id('shift', 'Shift', true);
  const swapWith = r.id('swap_with', 'Swap With', true);
  const reason = r.text('reason', 'Replacement Reason');
  if (!r.has('shift') && !r.has('swap_with')) r.fail('swap_with', required('Swap With'));
  if (shift && swapWith) r.fail('swap_with', bad('one_of', 'Give a new shift or a colleague to swap with, not both'));
  if (swapWith && swapWith === ctx.employee.id) r.fail('swap_with', bad('self', 'is yourself'));
  if (shift && !(await exists(ctx.db, 'shifts', shift, ctx.companyId))) {
    r.fail('shift', bad('not_found', 'Shift not found'));
  }
  if (
    swapWith &&
    !r.fields.swap_with &&
    (
      await ctx.db.execute(
        sql`select 1 from employees e where e.id = ${swapWith} and ${inCompanySql(ctx, 'e')} and e.exit_date is null`,
      )
    ).rows.length === 0
  ) {
    r.fail('swap_with', bad('not_found', 'Swap With not found'));
  }
  r.done();
  const content: ApprovalContents['change_shift'] = {
    date: date as string,
    shift,
    swap_with: swapWith,
    reason: reason as string,
  };
  return { content, start_date: content.date, end_date: content.date };
};

const businessTrip: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['destination', 'start_date', 'end_date', 'purpose', 'duty_type']);
  const destination = r.text('destination', 'Destination', { max: 300 });
  const start = r.date('start_date', 'Start Date');
  const end = r.date('end_date', 'End Date');
  const purpose = r.text('purpose', 'Purpose');
  // The duty type (`duty/category`) the duty-report groups by; optional.
  const dutyType = r.id('duty_type', 'Duty Type', true);
  if (dutyType && !(await exists(ctx.db, 'duty_types', dutyType, ctx.companyId))) {
    r.fail('duty_type', bad('not_found', 'Duty type not found'));
  }
  r.range('start_date', start, end);
  if (start && end && end >= start && calendarDays(start, end) > 366) {
    r.fail('end_date', bad('range', 'A trip is at most a year', { max: 366 }));
  }
  r.done();
  const content: ApprovalContents['business_trip'] = {
    destination: destination as string,
    start_date: start as string,
    end_date: end as string,
    purpose: purpose as string,
    ...(dutyType ? { duty_type: dutyType } : {}),
  };
  return {
    content: { ...content, total_days: calendarDays(content.start_date, content.end_date) },
    start_date: content.start_date,
    end_date: content.end_date,
  };
};

const resignation: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['last_working_day', 'reason']);
  const last = r.date('last_working_day', 'Last Working Day');
  const reason = r.text('reason', 'Reason');
  if (last && ctx.employee.join_date && last < ctx.employee.join_date) {
    r.fail('last_working_day', bad('before_join', 'is before the join date'));
  }
  r.done();
  if (ctx.employee.exit_date) throw new AppError(409, 'already_exited', 'The employee has already left');
  const content: ApprovalContents['resignation'] = { last_working_day: last as string, reason: reason as string };
  return { content, start_date: content.last_working_day, end_date: content.last_working_day };
};

/** How each requestable profile field is checked: text, a date, an enum, a count or a flag. */
type FieldKind =
  | { kind: 'text'; max: number }
  | { kind: 'date' }
  | { kind: 'enum'; values: readonly string[] }
  | {
      kind: 'count';
    }
  | { kind: 'flag' };
const text = (max = 200): FieldKind => ({ kind: 'text', max });
const profileFieldKinds = {
  fullname: text(),
  nickname: text(),
  email: text(),
  phone: text(50),
  birth_date: { kind: 'date' },
  birth_place: text(),
  gender: { kind: 'enum', values: ['male', 'female', 'other'] },
  marital_status: { kind: 'enum', values: ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'] },
  marriage_date: { kind: 'date' },
  no_of_children: { kind: 'count' },
  religion: text(),
  nationality: text(),
  bank: text(),
  account_number: text(50),
  account_name: text(),
  ktp_number: text(50),
  npwp_number: text(50),
  bpjs_tk_number: text(50),
  bpjs_ks_number: text(50),
  driver_lisence_number: text(50),
  driver_lisence_type: { kind: 'enum', values: ['A', 'B1', 'B2', 'C', 'D'] },
  id_card_address: text(500),
  id_card_rt: text(10),
  id_card_rw: text(10),
  id_card_postal_code: text(10),
  id_card_province: text(),
  id_card_city: text(),
  id_card_district: text(),
  id_card_sub_district: text(),
  same_address: { kind: 'flag' },
  domicile_address: text(500),
  domicile_rt: text(10),
  domicile_rw: text(10),
  domicile_postal_code: text(10),
  domicile_province: text(),
  domicile_city: text(),
  domicile_district: text(),
  domicile_sub_district: text(),
} as const satisfies Record<ProfileRequestField, FieldKind>;

function profileValue(
  kind: FieldKind,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; error: FieldError } {
  if (value === null || value === '') {
    return kind.kind === 'flag' ? { ok: false, error: required('Value') } : { ok: true, value: null };
  }
  switch (kind.kind) {
    case 'text':
      return typeof value === 'string' && value.length <= kind.max
        ? { ok: true, value: value.trim() }
        : { ok: false, error: bad('maxLength', `must be text of at most ${kind.max} characters`) };
    case 'date':
      return isDate(value) ? { ok: true, value } : { ok: false, error: bad('format', 'must be a date (YYYY-MM-DD)') };
    case 'enum':
      return typeof value === 'string' && kind.values.includes(value)
        ? { ok: true, value }
        : { ok: false, error: bad('enum', `must be one of ${kind.values.join(', ')}`) };
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 30
        ? { ok: true, value }
        : { ok: false, error: bad('range', 'must be a whole number from 0 to 30') };
    case 'flag':
      return typeof value === 'boolean'
        ? { ok: true, value }
        : { ok: false, error: bad('type', 'must be true or false') };
  }
}

const employeeProfile: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['changes']);
  const changes = raw.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes) || Object.keys(changes).length === 0) {
    r.fail('changes', required('Changes'));
  }
  r.done();
  const proposed: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes as Raw)) {
    if (!(profileRequestFields as readonly string[]).includes(field)) {
      r.fail(`changes.${field}`, bad('unknown_field', 'cannot be requested'));
      continue;
    }
    const checked = profileValue(profileFieldKinds[field as ProfileRequestField], value);
    if (!checked.ok) r.fail(`changes.${field}`, checked.error);
    else if (checked.value !== (ctx.employee[field] ?? null)) {
      proposed[field] = checked.value;
      before[field] = ctx.employee[field] ?? null;
    }
  }
  r.done();
  if (Object.keys(proposed).length === 0) throw invalid({ changes: bad('unchanged', 'Nothing changes') });
  return { content: { changes: proposed, before }, start_date: ctx.today, end_date: ctx.today };
};

const contract: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['employee_status', 'end_of_contract', 'reason']);
  const status = r.oneOf('employee_status', 'Employee Status', employmentStatusEnum.enumValues);
  const end = r.date('end_of_contract', 'End of Contract', true);
  const reason = r.text('reason', 'Reason', { optional: true });
  if (end && ctx.employee.join_date && end < ctx.employee.join_date) {
    r.fail('end_of_contract', bad('before_join', 'is before the join date'));
  }
  r.done();
  const content: ApprovalContents['contract'] = { employee_status: status as string, end_of_contract: end, reason };
  return {
    content: {
      ...content,
      before: { employee_status: ctx.employee.status, end_of_contract: ctx.employee.end_of_contract },
    },
    start_date: end ?? ctx.today,
    end_date: end ?? ctx.today,
  };
};

/** Completing a daily payroll: a pending weekly payroll summary of the company, not already waiting for approval. */
const dailyPayroll: Validator = async (raw, ctx) => {
  const r = new Reader(raw);
  r.unknownKeys(['summary_id']);
  const id = r.id('summary_id', 'Daily Payroll');
  r.done();
  const summary = await pendingWeekly(ctx.db, ctx.companyId, id as string);
  if (!summary) throw invalid({ summary_id: bad('not_found', 'No pending daily payroll with this id') });
  await checkNotInApproval(ctx.db, summary.id);
  const content = {
    summary_id: summary.id,
    title: summary.title,
    start_date: summary.period_start,
    end_date: summary.period_end,
    employee_count: summary.employee_count,
    total_thp: summary.total_thp,
  } satisfies ApprovalContents['daily_payroll'] & Record<string, unknown>;
  return {
    content,
    start_date: summary.period_start ?? ctx.today,
    end_date: summary.period_end ?? ctx.today,
  };
};

export const validators = {
  leave,
  overtime,
  clock_correction: clockCorrection,
  change_shift: changeShift,
  business_trip: businessTrip,
  resignation,
  employee_profile: employeeProfile,
  contract,
  daily_payroll: dailyPayroll,
} as const satisfies Record<ApprovalContext, Validator>;

export function validateContent(context: ApprovalContext, raw: unknown, ctx: ValidationContext): Promise<Validated> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid({ content: required('Content') });
  return validators[context](raw as Raw, ctx);
}
