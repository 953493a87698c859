import { describe, expect, it } from 'vitest';
import { columnsFor, contextColumns, flatten } from '../../../../src/screens/approvals/columns.ts';
import { type Approval, approvalContexts, reviewLeaves } from '../../../../src/screens/approvals/model.ts';

const fields = (contexts: Parameters<typeof columnsFor>[0]) => columnsFor(contexts).map((column) => column.field);

const approval = (over: Partial<Approval> = {}): Approval => ({
  _id: 'id-1',
  approval_number: 'LV-2026-00042',
  context: 'leave',
  status: 'partial',
  employee: { _id: 'e1', employee_id: 'EMP-001', fullname: 'Siti Rahma', department: { _id: 'd1', name: 'Finance' } },
  content: {
    leave_type: { _id: 'r1', type: 'Annual leave' },
    start_date: '2026-12-01',
    end_date: '2026-12-02',
    unit: 'day',
    total_days: 2,
    reason: 'Family',
  },
  level: 2,
  levels: 2,
  approvers: [
    { _id: 'a', fullname: 'Budi' },
    { _id: 'b', fullname: 'Ani' },
  ],
  can_decide: true,
  deciders: [],
  can_withdraw: false,
  review: { balance_remaining: 10, overlaps: 1 },
  history: [],
  created_at: '2026-11-20T03:00:00.000Z',
  updated_at: '2026-11-20T03:00:00.000Z',
  ...over,
});

describe('review columns per context', () => {
  it('gives every context its own columns between the employee and the level', () => {
    for (const context of approvalContexts) {
      const shown = fields([context]);
      expect(shown.slice(0, 4)).toEqual(['approval_number', 'employee_id', 'fullname', 'department']);
      expect(shown.slice(-4)).toEqual(['level', 'status', 'approvers', 'created_at']);
      expect(shown.slice(4, -4)).toEqual([...contextColumns[context]]);
    }
  });

  it('shows what a leave approver needs: dates, days, remaining balance and overlaps', () => {
    expect(fields(['leave'])).toEqual(
      expect.arrayContaining(['start_date', 'end_date', 'total_days', 'balance_remaining', 'overlaps', 'reason']),
    );
    expect(fields(['overtime'])).toContain('total_hours');
  });

  it('adds a context column and each field once when a screen lists several contexts', () => {
    const shown = fields(reviewLeaves.employment);
    expect(shown[1]).toBe('context');
    expect(shown).toEqual(expect.arrayContaining(['changes', 'employee_status', 'end_of_contract', 'reason']));
    expect(new Set(shown).size).toBe(shown.length);
    const every = fields([]);
    expect(new Set(every).size).toBe(every.length);
  });

  it('flattens an approval to what the grid shows', () => {
    const row = flatten(approval());
    expect(row).toMatchObject({
      approval_number: 'LV-2026-00042',
      fullname: 'Siti Rahma',
      department: 'Finance',
      leave_type: 'Annual leave',
      start_date: '2026-12-01',
      total_days: 2,
      balance_remaining: 10,
      overlaps: 1,
      level: '2/2',
      approvers: 'Budi, Ani',
    });
    const profile = flatten(
      approval({
        context: 'employee_profile',
        content: {
          changes: [
            { field: 'phone', from: '0811', to: '0812' },
            { field: 'nickname', from: null, to: 'Sit' },
          ],
        },
        review: null,
        employee: { _id: 'e1', employee_id: 'EMP-001', fullname: 'Siti Rahma', department: null },
      }),
    );
    expect(profile.changes).toBe('phone: 0811 → 0812; nickname: — → Sit');
    expect(profile.department).toBe('');
    expect(profile.balance_remaining).toBeNull();
  });
});

describe("a business trip's duty type", () => {
  it('shows the name the server gives, in its own column beside the destination', () => {
    const trip = approval({
      context: 'business_trip',
      content: {
        destination: 'Medan',
        start_date: '2026-12-01',
        end_date: '2026-12-02',
        purpose: 'Audit',
        total_days: 2,
        duty_type: { _id: 'dt1', name: 'Site survey' },
      },
    });
    expect(flatten(trip).duty_type).toBe('Site survey');
    expect(fields(['business_trip']).slice(4, 6)).toEqual(['destination', 'duty_type']);
    // A trip without one (or an id not named) shows nothing, never a uuid.
    expect(flatten(approval({ context: 'business_trip', content: { destination: 'Medan' } })).duty_type).toBe('');
    expect(flatten(approval({ context: 'business_trip', content: { duty_type: 'dt1' } })).duty_type).toBe('');
  });
});
