/** Flow resolution (pure): the matching flow's levels, else the supervisor, else any admin. */
import { describe, expect, it } from 'vitest';
import { type Flow, resolveApprovers } from '../../../server/approvals/flows.ts';
import { hoursBetween } from '../../../server/approvals/validation.ts';

const flow = (over: Partial<Flow>): Flow => ({
  id: 'f1',
  name: 'Flow',
  context: ['leave'],
  leave_type: [],
  members: { employees: [], departments: ['sales'] },
  levels: [{ approvers: [{ type: 'supervisor' }], mode: 'any' }],
  ...over,
});
const requester = { id: 'me', department: 'sales', supervisor: 'boss' };
const everyone = () => true;

describe('resolveApprovers', () => {
  it("uses a matching flow's levels, the supervisor resolved from the requester's record", () => {
    const flows = [
      flow({
        levels: [
          { approvers: [{ type: 'supervisor' }], mode: 'any' },
          {
            approvers: [
              { type: 'employee', employee: 'hr1' },
              { type: 'employee', employee: 'hr2' },
            ],
            mode: 'all',
          },
        ],
      }),
    ];
    const got = resolveApprovers({ flows, requester, context: 'leave', leaveType: 'annual', mayDecide: everyone });
    expect(got).toEqual({
      flow: { id: 'f1', name: 'Flow' },
      levels: [
        { approvers: ['boss'], mode: 'any' },
        { approvers: ['hr1', 'hr2'], mode: 'all' },
      ],
    });
  });
  it('prefers a flow naming the employee over a department one, and matches context and leave type', () => {
    const flows = [
      flow({ id: 'dept', name: 'A' }),
      flow({ id: 'named', name: 'B', members: { employees: ['me'], departments: [] } }),
      flow({ id: 'overtime', name: 'C', context: ['overtime'], members: { employees: ['me'], departments: [] } }),
      flow({ id: 'sick', name: 'D', leave_type: ['sick'], members: { employees: ['me'], departments: [] } }),
    ];
    const pick = (context: 'leave' | 'overtime' | 'business_trip', leaveType: string | null) =>
      resolveApprovers({ flows, requester, context, leaveType, mayDecide: everyone }).flow?.id ?? null;
    expect(pick('leave', 'annual')).toBe('named');
    expect(pick('overtime', null)).toBe('overtime');
    expect(pick('business_trip', null)).toBeNull();
  });
  it('falls back to the supervisor, then to any admin (an empty level)', () => {
    expect(
      resolveApprovers({ flows: [], requester, context: 'overtime', leaveType: null, mayDecide: everyone }).levels,
    ).toEqual([{ approvers: ['boss'], mode: 'any' }]);
    expect(
      resolveApprovers({ flows: [], requester, context: 'overtime', leaveType: null, mayDecide: () => false }).levels,
    ).toEqual([{ approvers: [], mode: 'any' }]);
    expect(
      resolveApprovers({
        flows: [],
        requester: { ...requester, supervisor: null },
        context: 'overtime',
        leaveType: null,
        mayDecide: everyone,
      }).levels,
    ).toEqual([{ approvers: [], mode: 'any' }]);
  });
  it("applies a department admin's flow to its department's members only (decision 0120)", () => {
    const departmental = flow({
      id: 'finance',
      department: 'finance',
      members: { employees: ['me'], departments: ['sales'] },
    });
    const pick = (department: string) =>
      resolveApprovers({
        flows: [departmental],
        requester: { ...requester, department },
        context: 'leave',
        leaveType: null,
        mayDecide: everyone,
      }).flow?.id ?? null;
    expect(pick('sales')).toBeNull();
    expect(pick('finance')).toBe('finance');
  });
  it('never makes the requester their own approver', () => {
    const flows = [flow({ levels: [{ approvers: [{ type: 'employee', employee: 'me' }], mode: 'any' }] })];
    expect(
      resolveApprovers({ flows, requester, context: 'leave', leaveType: null, mayDecide: everyone }).levels,
    ).toEqual([{ approvers: [], mode: 'any' }]);
  });
});

describe('hoursBetween', () => {
  it('counts past midnight', () => {
    expect(hoursBetween('17:00', '19:30')).toBe(2.5);
    expect(hoursBetween('22:00', '01:00')).toBe(3);
  });
});
