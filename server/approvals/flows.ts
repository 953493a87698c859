/**
 * Flow resolution: who decides a new request, level by level. Pure: the caller loads the company's flows, the
 * requester and which employees may decide (their account's level may use the approval screens), and snapshots the
 * answer on the request, so later flow edits do not move requests already under way.
 */
import type { ApprovalContext } from '../../common/approvals.ts';
import type { ApprovalFlowSnapshot } from '../db/schema.ts';

export type FlowApprover = { type: 'employee'; employee: string } | { type: 'supervisor' };
export interface FlowLevel {
  approvers: FlowApprover[];
  mode: 'any' | 'all';
}
export interface Flow {
  id: string;
  name: string;
  context: ApprovalContext[];
  leave_type: string[];
  members: { employees: string[]; departments: string[] };
  levels: FlowLevel[];
  /** A department admin's flow: it applies to that department's members only (docs/decisions/0120). */
  department?: string | null | undefined;
}
export interface Requester {
  id: string;
  department: string | null;
  supervisor: string | null;
}

/** The flow for a request: employee-named flows win over department ones; then by name, for a stable answer. */
export function matchFlow(
  flows: readonly Flow[],
  requester: Requester,
  context: ApprovalContext,
  leaveType: string | null,
): Flow | null {
  const fits = (flow: Flow) =>
    (flow.department == null || flow.department === requester.department) &&
    flow.context.includes(context) &&
    (context !== 'leave' ||
      flow.leave_type.length === 0 ||
      (leaveType !== null && flow.leave_type.includes(leaveType)));
  const byName = (a: Flow, b: Flow) => a.name.localeCompare(b.name);
  const named = flows.filter((flow) => fits(flow) && flow.members.employees.includes(requester.id)).sort(byName);
  if (named[0]) return named[0];
  const department = requester.department;
  const byDepartment = department
    ? flows.filter((flow) => fits(flow) && flow.members.departments.includes(department)).sort(byName)
    : [];
  return byDepartment[0] ?? null;
}

/**
 * The levels of a request. A flow's approvers become employee ids (the supervisor named by the requester's record);
 * approvers who may not decide, and the requester themselves, drop out; a level left empty is decided by the
 * company's admins. Without a flow: the requester's supervisor if they may decide, else any admin (one empty level).
 */
export function resolveApprovers(args: {
  flows: readonly Flow[];
  requester: Requester;
  context: ApprovalContext;
  leaveType: string | null;
  /** Whether this employee's account may decide requests (an approval level). */
  mayDecide: (employeeId: string) => boolean;
}): ApprovalFlowSnapshot {
  const { requester } = args;
  const keep = (id: string | null): id is string => id !== null && id !== requester.id && args.mayDecide(id);
  const flow = matchFlow(args.flows, requester, args.context, args.leaveType);
  if (flow && flow.levels.length > 0) {
    return {
      flow: { id: flow.id, name: flow.name },
      levels: flow.levels.map((level) => ({
        mode: level.mode,
        approvers: [
          ...new Set(
            level.approvers
              .map((approver) => (approver.type === 'employee' ? approver.employee : requester.supervisor))
              .filter(keep),
          ),
        ],
      })),
    };
  }
  return { flow: null, levels: [{ mode: 'any', approvers: keep(requester.supervisor) ? [requester.supervisor] : [] }] };
}
