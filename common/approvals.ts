/**
 * Approvals (issue #13): the closed unions every layer shares (contexts, statuses, decisions), the number prefixes,
 * which menu leaf reviews which context, and the status machine as one exhaustive table. Pure data and functions:
 * imported by server/ and src/.
 */

export const approvalContexts = [
  'leave',
  'overtime',
  'clock_correction',
  'change_shift',
  'business_trip',
  'resignation',
  'employee_profile',
  'contract',
  'daily_payroll',
] as const;
export type ApprovalContext = (typeof approvalContexts)[number];

/** What the "New request" form asks for: every context but the daily payroll, which an admin files as a run. */
export const requestContexts = [
  'leave',
  'overtime',
  'clock_correction',
  'change_shift',
  'business_trip',
  'resignation',
  'employee_profile',
  'contract',
] as const satisfies readonly ApprovalContext[];
export type RequestContext = (typeof requestContexts)[number];

/** Contexts only an admin asks for, naming the employee (the server refuses them to others with a 403). */
export const adminContexts: ReadonlySet<RequestContext> = new Set(['contract']);
/** Levels that may request for another employee (server/approvals/repository.ts `adminLevels`). */
export const requestingForOthers: readonly string[] = ['admin', 'sub_admin', 'custom', 'admin_department'];

export const approvalStatuses = ['pending', 'partial', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** What a person does to a request: an approver approves or rejects, the requester withdraws. */
export const approvalDecisions = ['approve', 'reject', 'withdraw'] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

/**
 * The bell's kinds: an approval waiting or decided; a current portal announcement to its audience, a current
 * developer's company announcement to the admins and sub-admins of its companies (each once per user, decision 0188).
 */
export const notificationKinds = [
  'approval_waiting',
  'approval_decided',
  'announcement',
  'company_announcement',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** `LV-2026-00042`: prefix, year, a number sequential per company, context and year. */
export const approvalPrefixes = {
  leave: 'LV',
  overtime: 'OT',
  clock_correction: 'CC',
  change_shift: 'CS',
  business_trip: 'BT',
  resignation: 'RS',
  employee_profile: 'EP',
  contract: 'CT',
  daily_payroll: 'DP',
} as const satisfies Record<ApprovalContext, string>;

export const formatApprovalNumber = (context: ApprovalContext, year: number, sequence: number) =>
  `${approvalPrefixes[context]}-${year}-${String(sequence).padStart(5, '0')}`;

/** The review menu leaf (common/menu.ts) that shows each context. */
export const approvalMenuOf = {
  leave: 'approval-leave',
  overtime: 'approval-overtime',
  clock_correction: 'clock-in-out',
  change_shift: 'change-shift',
  business_trip: 'business-trip',
  resignation: 'approval-resignation',
  employee_profile: 'employment',
  contract: 'employment',
  daily_payroll: 'daily-payroll',
} as const satisfies Record<ApprovalContext, string>;

/** Overtime day types (payroll multiplies working-day and rest-day/holiday hours differently). */
export const overtimeDayTypes = ['working_day', 'rest_day', 'holiday'] as const;
export type OvertimeDayType = (typeof overtimeDayTypes)[number];

/** Statutory overtime limits (PP 35/2021 Pasal 26): 4 hours a day, 18 hours a week. */
export const overtimeLimits = { day: 4, week: 18 } as const;

/**
 * A limit an overtime request goes past: a warning stored on the request, shown on the form and the review screen,
 * that the approver acknowledges (decision 0205). Hours worked past it are still paid; it never refuses.
 */
export const overtimeLimitWarningCodes = ['overtime_daily_limit', 'overtime_weekly_limit'] as const;
export type OvertimeLimitWarningCode = (typeof overtimeLimitWarningCodes)[number];
export interface OvertimeLimitWarning {
  code: OvertimeLimitWarningCode;
  /** The hours of this request. */
  hours: number;
  limit: number;
  /** Hours of the same day (daily) or week (weekly) already asked for by open and approved requests. */
  taken: number;
}

/** The limits a request of `hours` goes past, given what is already asked for that day and week. */
export function overtimeLimitWarnings(
  hours: number,
  taken: { day: number; week: number },
  dayLimit: number = overtimeLimits.day,
): OvertimeLimitWarning[] {
  const warnings: OvertimeLimitWarning[] = [];
  if (taken.day + hours > dayLimit) {
    warnings.push({ code: 'overtime_daily_limit', hours, limit: dayLimit, taken: taken.day });
  }
  if (taken.week + hours > overtimeLimits.week) {
    warnings.push({ code: 'overtime_weekly_limit', hours, limit: overtimeLimits.week, taken: taken.week });
  }
  return warnings;
}

/** Whether a request still waits for a decision (holds what it asks for: a leave balance's pending days). */
export const isOpen = (status: ApprovalStatus) => status === 'pending' || status === 'partial';

/**
 * The status machine. For each status and decision: the next status given whether the level decided was the last
 * one, or null when the decision is not allowed. Decisions are final: approved, rejected and withdrawn accept none.
 */
type Transition = ((lastLevel: boolean) => ApprovalStatus) | null;
const open = {
  approve: (lastLevel: boolean) => (lastLevel ? 'approved' : 'partial'),
  reject: () => 'rejected',
  withdraw: () => 'withdrawn',
} as const satisfies Record<ApprovalDecision, Transition>;
const closed = { approve: null, reject: null, withdraw: null } as const satisfies Record<ApprovalDecision, Transition>;

export const approvalTransitions = {
  pending: open,
  partial: open,
  approved: closed,
  rejected: closed,
  withdrawn: closed,
} as const satisfies Record<ApprovalStatus, Record<ApprovalDecision, Transition>>;

/** The status after a decision, or null when the request no longer accepts it. */
export function nextStatus(
  status: ApprovalStatus,
  decision: ApprovalDecision,
  lastLevel: boolean,
): ApprovalStatus | null {
  const transition: Transition = approvalTransitions[status][decision];
  return transition ? transition(lastLevel) : null;
}

/** Employee fields an employee may ask to change through an employee_profile request (not directly writable). */
export const profileRequestFields = [
  'fullname',
  'nickname',
  'email',
  'phone',
  'birth_date',
  'birth_place',
  'gender',
  'marital_status',
  'marriage_date',
  'no_of_children',
  'religion',
  'nationality',
  'bank',
  'account_number',
  'account_name',
  'ktp_number',
  'npwp_number',
  'bpjs_tk_number',
  'bpjs_ks_number',
  'driver_lisence_number',
  'driver_lisence_type',
  'id_card_address',
  'id_card_rt',
  'id_card_rw',
  'id_card_postal_code',
  'id_card_province',
  'id_card_city',
  'id_card_district',
  'id_card_sub_district',
  'same_address',
  'domicile_address',
  'domicile_rt',
  'domicile_rw',
  'domicile_postal_code',
  'domicile_province',
  'domicile_city',
  'domicile_district',
  'domicile_sub_district',
] as const;
export type ProfileRequestField = (typeof profileRequestFields)[number];

/**
 * Profile fields shown only to who may decide the request now, its requester and the admins who reach the employee
 * (bank account and identity documents); an approver who decided it earlier no longer reads them (issue 24).
 */
export const privateProfileFields = [
  'bank',
  'account_number',
  'account_name',
  'ktp_number',
  'npwp_number',
  'bpjs_tk_number',
  'bpjs_ks_number',
  'driver_lisence_number',
  'id_card_address',
  'id_card_rt',
  'id_card_rw',
  'id_card_postal_code',
  'id_card_province',
  'id_card_city',
  'id_card_district',
  'id_card_sub_district',
] as const satisfies readonly ProfileRequestField[];

/** What each context's request carries (POST /v1/approvals `content`), as the client sends it. */
export interface ApprovalContents {
  leave: {
    leave_type: string;
    start_date: string;
    end_date: string;
    unit: 'day' | 'half_day' | 'hour';
    hours?: number | null;
    reason?: string | null;
    attachment?: string | null;
  };
  overtime: {
    date: string;
    start_time?: string | null;
    end_time?: string | null;
    hours?: number | null;
    reason?: string | null;
    /** Set by the request's check (not by the requester): the limits these hours go past. */
    limit_warnings?: OvertimeLimitWarning[];
  };
  clock_correction: { date: string; clock_in?: string | null; clock_out?: string | null; reason: string };
  change_shift: { date: string; shift?: string | null; swap_with?: string | null; reason: string };
  business_trip: {
    destination: string;
    start_date: string;
    end_date: string;
    purpose: string;
    /** The duty type (duty/category); absent: none given. */
    duty_type?: string | null;
  };
  resignation: { last_working_day: string; reason: string };
  employee_profile: { changes: Partial<Record<ProfileRequestField, unknown>> };
  contract: { employee_status: string; end_of_contract?: string | null; reason?: string | null };
  /** Completing a daily (weekly-run) payroll, requested by the admin who completes it (issue 15). */
  daily_payroll: { summary_id: string };
}

/** Contexts an admin requests for the company (not an employee for themselves): refused to other levels. */
export const adminRequestContexts: readonly ApprovalContext[] = ['contract', 'daily_payroll'];
