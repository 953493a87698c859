/**
 * What keeps an employee from being deleted (issue 24, docs/decisions/0125): the records of what was paid, worked and
 * asked. An employee with any of them is exited instead; the 409 `has_history` reply counts each kind (`used_by`).
 */
export const employeeHistoryKinds = [
  'payslips',
  'attendance',
  'requests',
  'leave',
  'overtime',
  'business_trips',
  'leave_adjustments',
  'loans',
  'deposits',
  // Issue 29: store visits (the visit report and sales objectives count them).
  'sales_visits',
] as const;
export type EmployeeHistoryKind = (typeof employeeHistoryKinds)[number];
