import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  checkRequest,
  contextsFor,
  requestContent,
  requestContexts,
  requestEmployee,
  requestFields,
} from '../../../../src/screens/approvals/requests.ts';

describe('the request form model', () => {
  it('has a form for every context, the contract one for admins only', () => {
    for (const context of requestContexts) expect(requestFields[context]).toBeDefined();
    expect(contextsFor('employee')).not.toContain('contract');
    expect(contextsFor('approver')).not.toContain('contract');
    for (const level of ['admin', 'sub_admin', 'custom', 'admin_department'])
      expect(contextsFor(level)).toEqual([...requestContexts]);
  });

  it("shows spec 5's messages for an empty form", () => {
    expect(checkRequest('leave', { unit: 'day' })).toMatchObject({
      leave_type: 'validation.leaveTypeRequired',
      start_date: 'validation.leaveStartRequired',
    });
    expect(checkRequest('overtime', { date: '2026-12-01' })).toEqual({ hours: 'validation.overtimeHoursRequired' });
    expect(checkRequest('change_shift', { date: '2026-12-01' })).toEqual({
      reason: 'validation.replacementReasonRequired',
      swap_with: 'validation.swapWithRequired',
    });
    expect(checkRequest('contract', {})).toEqual({
      employee: 'validation.required',
      employee_status: 'validation.required',
    });
  });

  it('refuses a date field whose text is no day yet, and an end before the start', () => {
    const draft = { leave_type: 'x', unit: 'day', start_date: '31/13/2026', end_date: '2026-12-01' };
    expect(checkRequest('leave', draft)).toEqual({ start_date: 'validation.formats.date' });
    expect(checkRequest('leave', { ...draft, start_date: '2026-12-02' })).toEqual({
      end_date: 'validation.after_start',
    });
    expect(checkRequest('leave', { ...draft, start_date: '2026-12-01' })).toEqual({});
  });

  it('sends a contract request for the chosen employee, the employee outside the content', () => {
    const draft = { employee: 'e1', employee_status: 'pkwt', end_of_contract: '2027-06-30', reason: ' Renewal ' };
    expect(requestEmployee('contract', draft)).toBe('e1');
    expect(requestContent('contract', draft)).toEqual({
      employee_status: 'pkwt',
      end_of_contract: '2027-06-30',
      reason: 'Renewal',
    });
    expect(requestEmployee('leave', { employee: 'e1' })).toBeUndefined();
  });

  it('counts calendar days for a trip', () => {
    expect(calendarDays('2026-12-01', '2026-12-03')).toBe(3);
    expect(calendarDays('2026-12-03', '2026-12-01')).toBeNull();
    expect(calendarDays('01/12/2026', '2026-12-03')).toBeNull();
  });
});
