/**
 * Field errors from the API (`{ code: 'validation_failed', fields: { <field>: { code, message, params } } }`),
 * translated by code, plus the fixed validation and confirmation texts of spec 5.
 */
import type { TFunction } from 'i18next';
import type en from '../locales/en.json';
import { type ApiError, isNetworkFailure } from './api/client.ts';

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
  exists: 'validation.exists',
  duplicate: 'validation.duplicate',
  self: 'validation.self',
  conflict: 'validation.conflict',
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

/** One field error in the user's language, by code ('This value is invalid' for a code without its own text). */
export function fieldErrorText(
  t: TFunction,
  error: { code: string; message: string; params?: Record<string, unknown> },
): string {
  const params = error.params ?? {};
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
  return t(key, { limit: params.limit });
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
  network_error: 'errors.codes.network_error',
  no_company: 'errors.codes.no_company',
  forbidden_field: 'errors.codes.forbidden_field',
  not_exited: 'errors.codes.not_exited',
  already_activated: 'errors.codes.already_activated',
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
  const key = (errorCodeKeys as Record<string, (typeof errorCodeKeys)[ErrorCode]>)[error.code];
  if (key) return t(key);
  return error.message || t(defaultErrors.default);
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
