/**
 * The approvals screens' vocabulary: the contexts and statuses (common/approvals.ts), the review leaves of the menu
 * and the contexts each one shows (the contract's table), and the API's reply shapes.
 */
import {
  type ApprovalContext,
  type ApprovalStatus,
  approvalContexts,
  approvalStatuses,
  type OvertimeLimitWarning,
} from '../../../common/approvals.ts';

export { type ApprovalContext, type ApprovalStatus, approvalContexts, approvalStatuses };

/** The review screens of the approval menu and the contexts each one lists. */
export const reviewLeaves = {
  employment: ['employee_profile', 'contract'],
  'clock-in-out': ['clock_correction'],
  'change-shift': ['change_shift'],
  'approval-leave': ['leave'],
  'approval-resignation': ['resignation'],
  'approval-overtime': ['overtime'],
  'business-trip': ['business_trip'],
  'daily-payroll': ['daily_payroll'],
} as const satisfies Record<string, readonly ApprovalContext[]>;
export type ReviewLeaf = keyof typeof reviewLeaves;

export const isReviewLeaf = (id: string): id is ReviewLeaf => Object.hasOwn(reviewLeaves, id);

/** Which requests a list shows: waiting for my decision, everything I may read, or what was already decided. */
export const reviewBoxes = ['inbox', 'all', 'decided'] as const;
export type ReviewBox = (typeof reviewBoxes)[number];

/** Statuses still open: the requester may withdraw, approvers may decide. */
export const openStatuses: readonly ApprovalStatus[] = ['pending', 'partial'];
export const decidedStatuses: readonly ApprovalStatus[] = ['approved', 'rejected', 'withdrawn'];

export interface PersonRef {
  _id: string;
  fullname: string;
}

export interface HistoryEntry {
  level: number;
  decision: 'approve' | 'reject' | 'withdraw';
  by: PersonRef | null;
  at: string;
  note: string | null;
  as_admin: boolean;
  /** The request's warnings the approver acknowledged with this approval. */
  acknowledged_warnings?: string[];
}

export interface Approval {
  _id: string;
  approval_number: string;
  context: ApprovalContext;
  status: ApprovalStatus;
  employee: { _id: string; employee_id: string; fullname: string; department: { _id: string; name: string } | null };
  content: Record<string, unknown>;
  level: number;
  levels: number;
  approvers: PersonRef[];
  can_decide: boolean;
  /** Who can decide an open request the viewer cannot (its approvers, else the admins who may). */
  deciders: PersonRef[];
  can_withdraw: boolean;
  review?: { balance_remaining?: number | null; overlaps?: number | null } | null;
  history: HistoryEntry[];
  created_at: string;
  updated_at: string;
}

export type DecisionResult =
  | { id: string; ok: true; status: string }
  | {
      id: string;
      ok: false;
      error: string;
      message: string;
      fields?: Record<string, { code: string; message: string; params?: Record<string, unknown> }>;
    };

/** An overtime request's limits gone past (`content.limit_warnings`, set by the server). */
export function limitWarningsOf(content: Record<string, unknown>): OvertimeLimitWarning[] {
  const warnings = content.limit_warnings;
  return Array.isArray(warnings) ? (warnings as OvertimeLimitWarning[]) : [];
}
