/**
 * Field errors from the API (`{ code: 'validation_failed', fields: { <field>: { code, message, params } } }`),
 * translated by code, plus the fixed validation and confirmation texts of spec 5.
 */
import type { TFunction } from 'i18next';
import { PHONE_PATTERN } from '../common/contact.ts';
import { DATE_YEARS } from '../common/dates.ts';
import type { EmployeeHistoryKind } from '../common/employee-history.ts';
import { HHMM_PATTERN } from '../common/shifts.ts';
import type en from '../locales/en.json';
import { type ApiError, isNetworkFailure, type UsedBy } from './api/client.ts';

export type ValidationCode = keyof typeof en.validation;

/**
 * The codes the API sends, each with its translation key: the Ajv keywords its schemas can produce (string, number,
 * array and literal rules), plus the server's own 'unique'. `multipleOf` has its own texts (`multipleOfText`).
 */
const validationCodes = {
  required: 'validation.required',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  pattern: 'validation.pattern',
  format: 'validation.format',
  unique: 'validation.unique',
  common_password: 'validation.common_password',
  weak_password: 'validation.weak_password',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMinimum: 'validation.exclusiveMinimum',
  exclusiveMaximum: 'validation.exclusiveMaximum',
  multipleOf: 'validation.multipleOf',
  type: 'validation.type',
  enum: 'validation.enum',
  const: 'validation.const',
  minItems: 'validation.minItems',
  maxItems: 'validation.maxItems',
  uniqueItems: 'validation.uniqueItems',
  unknown_field: 'validation.unknown_field',
  // The server's own rules (employees, imports, bulk rows).
  not_found: 'validation.not_found',
  not_candidate: 'validation.not_candidate',
  forbidden_field: 'validation.forbidden_field',
  before_join: 'validation.before_join',
  after_start: 'validation.after_start',
  months_at_most: 'validation.months_at_most',
  exists: 'validation.exists',
  duplicate: 'validation.duplicate',
  self: 'validation.self',
  conflict: 'validation.conflict',
  // Who may change whom (common/account-rules.ts), department scope, bulk rows without their version.
  outranked: 'validation.outranked',
  self_block: 'validation.self_block',
  self_raise: 'validation.self_raise',
  level_too_high: 'validation.level_too_high',
  own_department: 'validation.own_department',
  higher_rank: 'validation.higher_rank',
  version_required: 'validation.version_required',
  // Leave balances (server/leave/balance.ts).
  nonzero: 'validation.nonzero',
  unlimited: 'validation.unlimited',
  not_applicable: 'validation.not_applicable',
  // payroll-import: a month whose payroll is saved (server/payroll/import.ts).
  payroll_completed: 'validation.payroll_completed',
  // Loans (server/finance/routes.ts).
  immutable: 'validation.immutable',
  not_scheduled: 'validation.not_scheduled',
  already_paid: 'validation.already_paid',
  // Attachments (server/files/attachments.ts): a file another record holds.
  taken: 'validation.taken',
  // Attendance: an employee is in at most one attendance group.
  in_other_group: 'validation.in_other_group',
  // The shared input checks (issue 10): text PostgreSQL cannot store, list filters by kind.
  invalid_characters: 'validation.invalid_characters',
  date: 'validation.date',
  integer: 'validation.integer',
  number: 'validation.number',
  // Attendance import and corrections (issue 12).
  time: 'validation.time',
  before_clock_in: 'validation.before_clock_in',
  not_employed: 'validation.not_employed',
  // Custom access levels (issue 26): permissions outside permission-list, a write without its read.
  permission_unknown: 'validation.permission_unknown',
  permission_write_needs_read: 'validation.permission_write_needs_read',
} as const satisfies Partial<Record<ValidationCode, `validation.${ValidationCode}`>>;

/** The decimal places a `multipleOf` step allows (0.01 -> 2, 1 -> 0), or null for a step that is not 10^-n (0.25, 500). */
export function decimalPlaces(step: number): number | null {
  for (let places = 0; places <= 15; places++) if (step === Number(`1e-${places}`)) return places;
  return null;
}

/** `multipleOf`: a decimal column's scale ('at most 2 decimals'), a whole number, or any other step. */
function multipleOfText(t: TFunction, step: unknown): string {
  const places = typeof step === 'number' ? decimalPlaces(step) : null;
  if (places === null) return t('validation.multipleOfStep', { step });
  return places === 0 ? t('validation.wholeNumber') : t('validation.multipleOf', { decimals: places });
}

/** Spec 5's required-field and report messages, for the screens that need them. */
export const requiredMessages = {
  leaveType: 'validation.leaveTypeRequired',
  leaveStart: 'validation.leaveStartRequired',
  overtimeHours: 'validation.overtimeHoursRequired',
  replacementReason: 'validation.replacementReasonRequired',
  swapWith: 'validation.swapWithRequired',
  reportPeriod: 'validation.reportPeriod',
} as const satisfies Record<string, `validation.${ValidationCode}`>;

/** Spec 5's confirmations and their buttons. */
export const confirmations = {
  delete: 'confirm.delete',
  deleteLoan: 'confirm.deleteLoan',
  deleteItem: 'confirm.deleteItem',
  savePayroll: 'confirm.savePayroll',
  no: 'confirm.no',
  deleteButton: 'confirm.deleteButton',
  invited: 'confirm.invited',
} as const;

type PatternKey = keyof typeof en.validation.patterns;

/**
 * The patterns the API's schemas use, each said in words (`validation.patterns.<key>`, with its lengths). A pattern
 * not listed here gets the generic 'This format is not accepted'; `^[0-9]{min,max}$` (NIK, NPWP, account numbers…)
 * is read as a family by `digitsPattern`.
 */
const knownPatterns: Record<string, { key: `validation.patterns.${PatternKey}`; min?: number; max?: number }> = {
  '^[A-Za-z0-9._-]{1,30}$': { key: 'validation.patterns.code', max: 30 },
  '^[A-Za-z0-9._/-]{1,30}$': { key: 'validation.patterns.codeSlash', max: 30 },
  '^[a-zA-Z0-9._-]{3,60}$': { key: 'validation.patterns.username', min: 3, max: 60 },
  '^[A-Z0-9]{1,20}$': { key: 'validation.patterns.upperCode', max: 20 },
  '^[A-Za-z0-9 -]{5,20}$': { key: 'validation.patterns.licence', min: 5, max: 20 },
  [PHONE_PATTERN]: { key: 'validation.patterns.phone', min: 8, max: 15 },
  '^\\+?[0-9 ()-]{6,20}$': { key: 'validation.patterns.phoneLoose', min: 6, max: 20 },
  '^https?://\\S{1,2000}$': { key: 'validation.patterns.url' },
  [HHMM_PATTERN]: { key: 'validation.patterns.time' },
};

const DIGITS = /^\^\[0-9\]\{(\d+),(\d+)\}\$$/;

/** `^[0-9]{5,5}$` -> exactly 5 digits; `^[0-9]{1,3}$` -> at most 3; `^[0-9]{8,16}$` -> 8 to 16. */
function digitsPattern(t: TFunction, pattern: string): string | null {
  const match = DIGITS.exec(pattern);
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  if (min === max) return t('validation.patterns.digitsExact', { count: max });
  if (min <= 1) return t('validation.patterns.digitsUpTo', { max });
  return t('validation.patterns.digitsRange', { min, max });
}

/** A `pattern` refusal in words: per known pattern, a family of digit patterns, else the generic text. */
export function patternText(t: TFunction, pattern: unknown): string {
  if (typeof pattern !== 'string') return t('validation.pattern');
  const known = Object.hasOwn(knownPatterns, pattern) ? knownPatterns[pattern] : undefined;
  if (known) return t(known.key, { min: known.min, max: known.max });
  return digitsPattern(t, pattern) ?? t('validation.pattern');
}

type FormatKey = keyof typeof en.validation.formats;
const formats: Record<string, `validation.formats.${FormatKey}`> = {
  email: 'validation.formats.email',
  date: 'validation.formats.date',
  'date-time': 'validation.formats.dateTime',
  time: 'validation.formats.time',
  uuid: 'validation.formats.uuid',
  uri: 'validation.formats.uri',
};

/** A `format` refusal: what the value should look like ('an email address like name@example.com'). */
function formatText(t: TFunction, format: unknown): string {
  const key = typeof format === 'string' && Object.hasOwn(formats, format) ? formats[format] : undefined;
  return key ? t(key) : t('validation.format');
}

type TypeKey = keyof typeof en.validation.types;
const types: Record<string, `validation.types.${TypeKey}`> = {
  number: 'validation.types.number',
  integer: 'validation.types.integer',
  boolean: 'validation.types.boolean',
  string: 'validation.types.string',
};

/** A `type` refusal: what the field takes ('Enter a number'); Ajv names it first in `params.type` ('integer,null'). */
function typeText(t: TFunction, type: unknown): string {
  const first = typeof type === 'string' ? type.split(',')[0]! : Array.isArray(type) ? String(type[0]) : '';
  const key = Object.hasOwn(types, first) ? types[first] : undefined;
  return key ? t(key) : t('validation.type');
}

/**
 * One field error in the user's language, by code ('This value is invalid' for a code without its own text): the one
 * place an API field error (Ajv's keyword and params, or the server's own code) becomes words. A pattern is said per
 * known pattern, a format per format, a type per type.
 */
export function fieldErrorText(
  t: TFunction,
  error: { code: string; message: string; params?: Record<string, unknown> },
): string {
  const params = error.params ?? {};
  if (error.code === 'pattern') return patternText(t, params.pattern);
  // A date that is not on the calendar or out of the years the API takes.
  if (error.code === 'format' && (params.format === 'date' || params.format === 'date-time'))
    return t('validation.date', { ...DATE_YEARS });
  if (error.code === 'format') return formatText(t, params.format);
  if (error.code === 'type') return typeText(t, params.type);
  if (error.code === 'multipleOf') return multipleOfText(t, params.multipleOf);
  if (error.code === 'const') {
    const value = params.allowedValue;
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? t('validation.const', { value: String(value) })
      : t('validation.invalid');
  }
  const key = Object.hasOwn(validationCodes, error.code)
    ? validationCodes[error.code as keyof typeof validationCodes]
    : 'validation.invalid';
  return t(key, { limit: params.limit, min: params.min, max: params.max });
}

/** Field errors by field path ('company.code'), translated; empty when the error is not a validation failure. */
export function fieldErrors(t: TFunction, error: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(error.fields ?? {})) out[field] = fieldErrorText(t, detail);
  return out;
}

type ErrorCode = keyof typeof en.errors.codes;
const errorCodeKeys = {
  invalid_token: 'errors.codes.invalid_token',
  unauthorized: 'errors.codes.unauthorized',
  forbidden: 'errors.codes.forbidden',
  not_found: 'errors.codes.not_found',
  too_many_attempts: 'errors.codes.too_many_attempts',
  already_registered: 'errors.codes.already_registered',
  no_admin: 'errors.codes.no_admin',
  already_impersonating: 'errors.codes.already_impersonating',
  validation_failed: 'errors.codes.validation_failed',
  internal_error: 'errors.codes.internal_error',
  timeout: 'errors.codes.timeout',
  database_unavailable: 'errors.codes.database_unavailable',
  network_error: 'errors.codes.network_error',
  no_company: 'errors.codes.no_company',
  forbidden_field: 'errors.codes.forbidden_field',
  not_exited: 'errors.codes.not_exited',
  in_use: 'errors.codes.in_use',
  too_many_uploads: 'errors.codes.too_many_uploads',
  file_type_not_allowed: 'errors.codes.file_type_not_allowed',
  file_type_mismatch: 'errors.codes.file_type_mismatch',
  file_too_large: 'errors.codes.file_too_large',
  already_activated: 'errors.codes.already_activated',
  payroll_run_exists: 'errors.codes.payroll_run_exists',
  payroll_run_later_completed: 'errors.codes.payroll_run_later_completed',
  payroll_run_out_of_order: 'errors.codes.payroll_run_out_of_order',
  payroll_run_completed: 'errors.codes.payroll_run_completed',
  payroll_run_not_completed: 'errors.codes.payroll_run_not_completed',
  payroll_run_not_editable: 'errors.codes.payroll_run_not_editable',
  payroll_reopen_admin_only: 'errors.codes.payroll_reopen_admin_only',
  weekly_payroll_overlap: 'errors.codes.weekly_payroll_overlap',
  daily_payroll_in_approval: 'errors.codes.daily_payroll_in_approval',
  payroll_negative_thp: 'errors.codes.payroll_negative_thp',
  payroll_run_out_of_date: 'errors.codes.payroll_run_out_of_date',
  payroll_run_totals_changed: 'errors.codes.payroll_run_totals_changed',
  bank_account_missing: 'errors.codes.bank_account_missing',
  bank_file_run_pending: 'errors.codes.bank_file_run_pending',
  bank_file_thr: 'errors.codes.bank_file_thr',
  loan_has_payments: 'errors.codes.loan_has_payments',
  loan_settled: 'errors.codes.loan_settled',
  already_clocked_in: 'errors.codes.already_clocked_in',
  not_clocked_in: 'errors.codes.not_clocked_in',
  already_clocked_out: 'errors.codes.already_clocked_out',
  offsite: 'errors.codes.offsite',
  position_required: 'errors.codes.position_required',
  position_imprecise: 'errors.codes.position_imprecise',
  attendance_not_allowed: 'errors.codes.attendance_not_allowed',
  no_employee: 'errors.codes.no_employee',
  report_period_required: 'errors.codes.report_period_required',
  outranked: 'errors.codes.outranked',
  self_access: 'errors.codes.self_access',
  has_history: 'errors.codes.has_history',
  level_too_high: 'errors.codes.level_too_high',
  already_holds: 'errors.codes.already_holds',
  coretax_refused: 'errors.codes.coretax_refused',
  coretax_company_ids: 'errors.codes.coretax_company_ids',
  coretax_empty: 'errors.codes.coretax_empty',
  coretax_not_completed: 'errors.codes.coretax_not_completed',
  feature_off: 'errors.codes.feature_off',
} as const satisfies Record<ErrorCode, `errors.codes.${ErrorCode}`>;

/** Spec 8's default error texts: the generic one, the admin-assignment failure and a missing route guard. */
export const defaultErrors = {
  default: 'errors.default',
  assignAdmins: 'errors.assignAdmins',
  unknownMiddleware: 'errors.unknownMiddleware',
} as const;

/** A server error in the user's language: 'Network Error' for a network failure, translated by code when known, else the server's message. */
export function errorText(t: TFunction, error: ApiError): string {
  if (isNetworkFailure(error)) return t('errors.network');
  if (error.code === 'in_use' && error.usedBy?.length) return inUseText(t, error.usedBy);
  if (error.code === 'has_history' && error.usedBy?.length) return historyText(t, error.usedBy);
  const key = (errorCodeKeys as Record<string, (typeof errorCodeKeys)[ErrorCode]>)[error.code];
  if (key) return t(key);
  return error.message || t(defaultErrors.default);
}

/**
 * 409 `in_use`: how many rows use the record and where ("Cannot delete: used by 51 Employees"), each place named by its
 * resource's label (`resources.<name>.name`).
 */
function inUseText(t: TFunction, usedBy: readonly UsedBy[]): string {
  const list = usedBy
    .map(({ resource, count, rows }) => {
      const item = t('errors.inUseItem', {
        count,
        what: t(`resources.${resource}.name` as never, { defaultValue: resource }),
      });
      // The rows by name when the server named them: "1 Attendance Group (Head office)".
      if (!rows?.length) return item;
      return `${item} (${rows.map((row) => row.title).join(', ')}${count > rows.length ? ', …' : ''})`;
    })
    .join(', ');
  return t('errors.inUse', { list });
}

/** Each kind of an employee's history, counted ("12 payslips"). */
const historyKeys = {
  payslips: 'errors.history.payslips',
  attendance: 'errors.history.attendance',
  requests: 'errors.history.requests',
  leave: 'errors.history.leave',
  overtime: 'errors.history.overtime',
  business_trips: 'errors.history.business_trips',
  leave_adjustments: 'errors.history.leave_adjustments',
  loans: 'errors.history.loans',
  deposits: 'errors.history.deposits',
  sales_visits: 'errors.history.sales_visits',
} as const satisfies Record<EmployeeHistoryKind, `errors.history.${EmployeeHistoryKind}`>;

/**
 * 409 `has_history`: what keeps an employee from being deleted ("12 payslips, 240 attendance days, 3 requests"),
 * docs/decisions/0125.
 */
function historyText(t: TFunction, held: readonly { resource: string; count: number }[]): string {
  const list = held
    .filter(({ resource }) => Object.hasOwn(historyKeys, resource))
    .map(({ resource, count }) => t(historyKeys[resource as EmployeeHistoryKind], { count }))
    .join(', ');
  return list ? t('errors.hasHistory', { list }) : t('errors.codes.has_history');
}

/** What a form shows for a failed request: messages next to their fields, or else one general message. */
export function describeFailure(
  t: TFunction,
  failure: ApiError | null,
): { fields: Record<string, string>; general: string | null } {
  if (!failure) return { fields: {}, general: null };
  const fields = isNetworkFailure(failure) ? {} : fieldErrors(t, failure);
  return { fields, general: Object.keys(fields).length ? null : errorText(t, failure) };
}
