/**
 * The approvals screens' translated words: statuses and contexts (`enums.approval_status.*`,
 * `enums.approval_context.*`), a refusal's reason by its error code, a field's label.
 */
import type { TFunction } from 'i18next';
import type { OvertimeLimitWarningCode } from '../../../common/approvals.ts';
import { fieldLabel } from '../../grids/labels.ts';
import { fieldErrorText } from '../../validation.ts';
import { approvalSpec } from './columns.ts';
import type { ApprovalStatus, DecisionResult } from './model.ts';

/** The chip's colour per status. */
export const statusTone = {
  pending: 'badge-warning',
  partial: 'badge-info',
  approved: 'badge-success',
  rejected: 'badge-danger',
  withdrawn: 'badge-muted',
} as const satisfies Record<ApprovalStatus, string>;

/** Why the server refused one request of a batch, by the codes it sends; an unknown code shows its message. */
const refusalKeys = {
  not_found: 'approvals.refusals.not_found',
  not_decidable: 'approvals.refusals.not_decidable',
  already_decided: 'approvals.refusals.already_decided',
  conflict: 'approvals.refusals.conflict',
  not_approver: 'approvals.refusals.not_approver',
  forbidden: 'approvals.refusals.not_approver',
  insufficient_balance: 'approvals.refusals.insufficient_balance',
  overlapping_leave: 'approvals.refusals.overlapping_leave',
  own_request: 'approvals.refusals.own_request',
  warnings_not_acknowledged: 'approvals.refusals.warnings_not_acknowledged',
} as const;

/** An overtime request's warning (decision 0205), by its code. */
export const limitWarningKeys = {
  overtime_daily_limit: 'approvals.warnings.overtime_daily_limit',
  overtime_weekly_limit: 'approvals.warnings.overtime_weekly_limit',
} as const satisfies Record<OvertimeLimitWarningCode, string>;

export function refusalText(t: TFunction, result: Extract<DecisionResult, { ok: false }>): string {
  // A change a direct edit would refuse (a profile change's email already used): the field and why.
  const [field] = Object.entries(result.fields ?? {});
  if (field) return `${approvalFieldLabel(t, field[0])}: ${fieldErrorText(t, field[1])}`;
  const key = (refusalKeys as Record<string, (typeof refusalKeys)[keyof typeof refusalKeys]>)[result.error];
  return key ? t(key) : result.message || result.error;
}

export const approvalFieldLabel = (t: TFunction, field: string): string => fieldLabel(t, approvalSpec, field);
