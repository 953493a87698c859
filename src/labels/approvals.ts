/**
 * An approval's status and context in words (`enums.approval_status.*`, `enums.approval_context.*`): shared by the
 * approvals screens, home's request cards and the notifications, so they live here rather than in a feature.
 */
import type { TFunction } from 'i18next';
import type { ApprovalContext, ApprovalStatus } from '../../common/approvals.ts';

export const statusText = (t: TFunction, status: ApprovalStatus | string): string =>
  t(`enums.approval_status.${status as ApprovalStatus}`, { defaultValue: status });

export const contextText = (t: TFunction, context: ApprovalContext | string): string =>
  t(`enums.approval_context.${context as ApprovalContext}`, { defaultValue: context });
