/**
 * The review grid's rows and columns: an Approval flattened to what the approver reads without opening it, and the
 * columns per context (an exhaustive table over the closed union of contexts). Labels:
 * `resources.approvals.fields.<field>` (also the export's headers). Pure.
 */
import type { AnyColumn, AnyGridSpec } from '../../grids/types.ts';
import { type Approval, type ApprovalContext, type ApprovalStatus, approvalContexts } from './model.ts';

/** An approval as a flat row. */
export interface ApprovalRow {
  _id: string;
  approval_number: string;
  context: ApprovalContext;
  status: ApprovalStatus;
  employee_id: string;
  fullname: string;
  department: string;
  leave_type: string;
  start_date: string | null;
  end_date: string | null;
  date: string | null;
  unit: string;
  start_time: string;
  end_time: string;
  clock_in: string;
  clock_out: string;
  shift: string;
  swap_with: string;
  destination: string;
  duty_type: string;
  purpose: string;
  last_working_day: string | null;
  employee_status: string;
  end_of_contract: string | null;
  changes: string;
  /** Daily payroll: the payroll's title, its daily workers and their take-home pay. */
  payroll_title: string;
  employee_count: number | null;
  total_thp: number | null;
  total_days: number | null;
  total_hours: number | null;
  balance_remaining: number | null;
  overlaps: number | null;
  reason: string;
  level: string;
  approvers: string;
  created_at: string;
  source: Approval;
}

export type ApprovalField = Exclude<keyof ApprovalRow, '_id' | 'source'>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const day = (value: unknown): string | null => (typeof value === 'string' && value ? value.slice(0, 10) : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const named = (value: unknown, key: 'type' | 'name' | 'fullname'): string => {
  if (value && typeof value === 'object' && key in value) return str((value as Record<string, unknown>)[key]);
  return str(value);
};
/** A reference the server names ({_id, name}); a bare id (not named) shows nothing rather than a uuid. */
const nameOf = (value: unknown): string => (value && typeof value === 'object' ? named(value, 'name') : '');
const shiftName = (value: unknown): string => {
  if (!value || typeof value !== 'object') return '';
  const shift = value as { name?: unknown; code?: unknown };
  return [str(shift.code), str(shift.name)].filter(Boolean).join(' · ');
};

/** 'field: from → to' per change, for the grid; the detail panel shows the full diff. */
export function changesSummary(content: Record<string, unknown>): string {
  const changes = content.changes;
  if (!Array.isArray(changes)) return '';
  return changes
    .map((change: { field?: unknown; from?: unknown; to?: unknown }) => {
      const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
      return `${str(change.field)}: ${show(change.from)} → ${show(change.to)}`;
    })
    .join('; ');
}

export function flatten(approval: Approval): ApprovalRow {
  const content = (approval.content ?? {}) as Record<string, unknown>;
  return {
    _id: approval._id,
    approval_number: approval.approval_number,
    context: approval.context,
    status: approval.status,
    employee_id: approval.employee.employee_id,
    fullname: approval.employee.fullname,
    department: approval.employee.department?.name ?? '',
    leave_type: named(content.leave_type, 'type'),
    start_date: day(content.start_date),
    end_date: day(content.end_date),
    date: day(content.date),
    unit: str(content.unit),
    start_time: str(content.start_time),
    end_time: str(content.end_time),
    clock_in: str(content.clock_in),
    clock_out: str(content.clock_out),
    shift: shiftName(content.shift),
    swap_with: named(content.swap_with, 'fullname'),
    destination: str(content.destination),
    duty_type: nameOf(content.duty_type),
    purpose: str(content.purpose),
    last_working_day: day(content.last_working_day),
    employee_status: str(content.employee_status),
    end_of_contract: day(content.end_of_contract),
    changes: changesSummary(content),
    payroll_title: str(content.title),
    employee_count: num(content.employee_count),
    total_thp: num(content.total_thp),
    total_days: num(content.total_days),
    total_hours: num(content.total_hours),
    balance_remaining: num(approval.review?.balance_remaining),
    overlaps: num(approval.review?.overlaps),
    reason: str(content.reason),
    level: `${approval.level}/${approval.levels}`,
    approvers: approval.approvers.map((approver) => approver.fullname).join(', '),
    created_at: approval.created_at,
    source: approval,
  };
}

/** The label and export spec: only its resource name is read (labels `resources.approvals.fields.*`). */
export const approvalSpec = { resource: 'approvals' } as AnyGridSpec;

const column = (field: ApprovalField, kind: AnyColumn['kind'], width: number): AnyColumn => ({ field, kind, width });

/** Every column the review grids may show, once. */
export const approvalColumns = {
  approval_number: column('approval_number', 'text', 150),
  context: column('context', 'text', 150),
  employee_id: column('employee_id', 'text', 120),
  fullname: column('fullname', 'text', 200),
  department: column('department', 'text', 160),
  leave_type: column('leave_type', 'text', 160),
  start_date: column('start_date', 'date', 120),
  end_date: column('end_date', 'date', 120),
  date: column('date', 'date', 120),
  unit: column('unit', 'text', 110),
  start_time: column('start_time', 'text', 90),
  end_time: column('end_time', 'text', 90),
  clock_in: column('clock_in', 'text', 100),
  clock_out: column('clock_out', 'text', 100),
  shift: column('shift', 'text', 160),
  swap_with: column('swap_with', 'text', 180),
  destination: column('destination', 'text', 180),
  duty_type: column('duty_type', 'text', 160),
  purpose: column('purpose', 'text', 220),
  last_working_day: column('last_working_day', 'date', 140),
  employee_status: column('employee_status', 'text', 150),
  end_of_contract: column('end_of_contract', 'date', 140),
  changes: column('changes', 'text', 320),
  payroll_title: column('payroll_title', 'text', 260),
  employee_count: column('employee_count', 'number', 120),
  total_thp: column('total_thp', 'money', 160),
  total_days: column('total_days', 'number', 100),
  total_hours: column('total_hours', 'number', 100),
  balance_remaining: column('balance_remaining', 'number', 120),
  overlaps: column('overlaps', 'number', 110),
  reason: column('reason', 'text', 240),
  level: column('level', 'text', 80),
  approvers: column('approvers', 'text', 200),
  status: column('status', 'text', 130),
  created_at: column('created_at', 'text', 170),
} as const satisfies Record<ApprovalField, AnyColumn>;

/** What each context shows between the employee and the level: what the approver needs to decide. */
export const contextColumns = {
  leave: ['leave_type', 'start_date', 'end_date', 'unit', 'total_days', 'balance_remaining', 'overlaps', 'reason'],
  overtime: ['date', 'start_time', 'end_time', 'total_hours', 'reason'],
  clock_correction: ['date', 'clock_in', 'clock_out', 'reason'],
  change_shift: ['date', 'shift', 'swap_with', 'reason'],
  business_trip: ['destination', 'duty_type', 'start_date', 'end_date', 'total_days', 'overlaps', 'purpose'],
  resignation: ['last_working_day', 'reason'],
  employee_profile: ['changes'],
  contract: ['employee_status', 'end_of_contract', 'reason'],
  daily_payroll: ['payroll_title', 'start_date', 'end_date', 'employee_count', 'total_thp'],
} as const satisfies Record<ApprovalContext, readonly ApprovalField[]>;

const leading: readonly ApprovalField[] = ['approval_number', 'employee_id', 'fullname', 'department'];
const trailing: readonly ApprovalField[] = ['level', 'status', 'approvers', 'created_at'];

/**
 * The columns of a grid showing `contexts`: number and employee, each context's own columns once (in the order of
 * the contexts given), then level, status, approvers and the request time. Several contexts add a context column.
 */
export function columnsFor(contexts: readonly ApprovalContext[]): AnyColumn[] {
  const fields: ApprovalField[] = [...leading];
  if (contexts.length !== 1) fields.splice(1, 0, 'context');
  const shown = contexts.length ? contexts : approvalContexts;
  for (const context of shown)
    for (const field of contextColumns[context]) if (!fields.includes(field)) fields.push(field);
  fields.push(...trailing);
  return fields.map((field) => approvalColumns[field]);
}
