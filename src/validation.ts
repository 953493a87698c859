/**
 * Field errors from the API (`{ code: 'validation_failed', fields: { <field>: { code, message, params } } }`),
 * translated by code, plus the fixed validation and confirmation texts of spec 5.
 */
import type { TFunction } from 'i18next';
import type en from '../locales/en.json';
import { type ApiError, isNetworkFailure } from './api/client.ts';

export type ValidationCode = keyof typeof en.validation;

/** The codes the API sends, each with its translation key (Ajv keywords plus the server's own 'unique'). */
const validationCodes = {
  required: 'validation.required',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  pattern: 'validation.pattern',
  format: 'validation.format',
  unique: 'validation.unique',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  type: 'validation.type',
  enum: 'validation.enum',
  unknown_field: 'validation.unknown_field',
} as const satisfies Partial<Record<ValidationCode, `validation.${ValidationCode}`>>;

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
  const key = Object.hasOwn(validationCodes, error.code)
    ? validationCodes[error.code as keyof typeof validationCodes]
    : 'validation.invalid';
  return t(key, { limit: error.params?.limit });
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
