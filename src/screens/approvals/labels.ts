/**
 * The approvals screens' translated words: statuses and contexts (`enums.approval_status.*`,
 * `enums.approval_context.*`), a refusal's reason by its error code, a field's label.
 */
import type { TFunction } from 'i18next';
import { fieldLabel } from '../../grids/labels.ts';
import { approvalSpec } from './columns.ts';
import type { ApprovalContext, ApprovalStatus, DecisionResult } from './model.ts';

export const statusText = (t: TFunction, status: ApprovalStatus | string): string =>
  t(`enums.approval_status.${status as ApprovalStatus}`, { defaultValue: status });

export const contextText = (t: TFunction, context: ApprovalContext | string): string =>
  t(`enums.approval_context.${context as ApprovalContext}`, { defaultValue: context });

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
} as const;

export function refusalText(t: TFunction, result: Extract<DecisionResult, { ok: false }>): string {
  const key = (refusalKeys as Record<string, (typeof refusalKeys)[keyof typeof refusalKeys]>)[result.error];
  return key ? t(key) : result.message || result.error;
}

export const approvalFieldLabel = (t: TFunction, field: string): string => fieldLabel(t, approvalSpec, field);
