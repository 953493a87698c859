import { describe, expect, it } from 'vitest';
import { requestContexts } from '../../../../common/approvals.ts';
import {
  calendarDays,
  checkRequest,
  completeDraft,
  contextsFor,
  hoursBetween,
  requestContent,
  requestEmployee,
  requestFields,
  withField,
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

  // Issue 25: what follows from a field, and times read as the grid reads them.
  it('takes the Start Date as End Date while the end is empty or still the start it took', () => {
    let draft = withField('leave', { unit: 'day' }, 'start_date', '2026-12-02');
    expect(draft.end_date).toBe('2026-12-02');
    draft = withField('leave', draft, 'start_date', '2026-12-03');
    expect(draft.end_date).toBe('2026-12-03');
    // An end the user chose stays.
    draft = withField('leave', { ...draft, end_date: '2026-12-10' }, 'start_date', '2026-12-04');
    expect(draft.end_date).toBe('2026-12-10');
    // Text that is no day yet leaves the end alone; a business trip follows too, an overtime has no end.
    expect(withField('leave', { unit: 'day' }, 'start_date', '02/12').end_date).toBeUndefined();
    expect(withField('business_trip', {}, 'start_date', '2026-12-02').end_date).toBe('2026-12-02');
    expect(completeDraft('leave', { start_date: '2026-12-02', end_date: ' ' }).end_date).toBe('2026-12-02');
  });

  it("sets an overtime's hours from From and To, '1700' read as 17:00, across midnight", () => {
    let draft = withField('overtime', { date: '2026-12-01' }, 'start_time', '1700');
    expect(draft.hours).toBeUndefined();
    draft = withField('overtime', draft, 'end_time', '20.30');
    expect(draft.hours).toBe('3.5');
    expect(withField('overtime', { start_time: '22:00' }, 'end_time', '0200').hours).toBe('4');
    expect(hoursBetween('08:00', '08:00')).toBe(24);
    expect(completeDraft('overtime', draft)).toMatchObject({ start_time: '17:00', end_time: '20:30' });
    expect(checkRequest('overtime', { date: '2026-12-01', start_time: '1700', end_time: '2000' })).toEqual({});
    expect(checkRequest('overtime', { date: '2026-12-01', start_time: '25:99', end_time: '2000' })).toEqual({
      start_time: 'validation.time',
    });
    expect(requestContent('overtime', completeDraft('overtime', draft))).toMatchObject({
      start_time: '17:00',
      end_time: '20:30',
    });
  });

  it("sends a business trip's duty type (duty/category) when one is chosen, and leaves it out otherwise", () => {
    expect(requestFields.business_trip.map((field) => field.key)).toContain('duty_type');
    const draft = { destination: 'Medan', start_date: '2026-12-02', end_date: '2026-12-03', purpose: 'Audit' };
    expect(checkRequest('business_trip', draft)).toEqual({});
    expect(requestContent('business_trip', draft)).not.toHaveProperty('duty_type');
    const type = '0b6c3f0e-7a47-4c55-9d1e-2f4c9b1a7e10';
    expect(requestContent('business_trip', { ...draft, duty_type: type })).toMatchObject({ duty_type: type });
  });
});
