import { defineGrid } from '../types.ts';

/** The populated employee's name of a loan or deposit row (an id until the list is populated). */
export const employeeName = (row: { employee?: unknown; name?: string | null }): string => {
  const employee = row.employee as { fullname?: string } | string | null | undefined;
  return typeof employee === 'object' && employee?.fullname ? employee.fullname : (row.name ?? '');
};

/**
 * finance → loan (issue 15, spec 3 "Loan", 5): one row a loan. The employee is set once (the server refuses another
 * on edit, so the cell is editable on a new row only); the totals, paid amount, remaining installments and status
 * follow the completed payroll runs and are never edited. Delete asks "Are you sure want to delete <employee name>'s
 * loan?". A row opens its schedule at `/dashboard/payroll/employee-loan/detail/<id>`.
 */
export const loansGrid = defineGrid({
  resource: 'loans',
  path: '/v1/loans',
  create: true,
  remove: true,
  defaultSort: '-effective_date',
  title: employeeName,
  deleteQuestion: 'confirm.deleteLoan',
  populate: ['employee'],
  dateRange: 'effective_date',
  detail: (row) => `/dashboard/payroll/employee-loan/detail/${row._id}`,
  tabs: [
    { id: 'active', label: 'grid.tabs.active', query: { status: 'active' } },
    { id: 'settled', label: 'grid.tabs.settled', query: { status: 'settled' } },
  ],
  columns: [
    {
      field: 'employee',
      kind: 'reference',
      width: 240,
      pinned: 'left',
      required: true,
      editable: (row) => !row.created_at,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'name', kind: 'text', width: 200, required: true },
    { field: 'effective_date', kind: 'date', required: true },
    { field: 'amount', kind: 'money', required: true, min: 1 },
    { field: 'installment', kind: 'number', width: 120, required: true, min: 1, max: 12 },
    { field: 'interest_rate', kind: 'percent', min: 0, max: 100 },
    {
      field: 'interest_type',
      kind: 'enum',
      width: 120,
      editable: false,
      enum: { key: 'interest_type', values: ['flat'] },
    },
    { field: 'total_amount', kind: 'money', editable: false },
    { field: 'amount_paid', kind: 'money', editable: false },
    { field: 'remaining_installment', kind: 'number', width: 140, editable: false },
    {
      field: 'status',
      kind: 'enum',
      width: 120,
      editable: false,
      enum: { key: 'loan_status', values: ['active', 'settled'] },
    },
    { field: 'description', kind: 'longText', width: 260 },
    { field: 'attachment', kind: 'file', width: 200, hide: true },
    { field: 'created_at', kind: 'date', editable: false, hide: true },
  ],
});

/**
 * finance → loan, Deposits tab: a fixed amount withheld from each monthly run until the target is reached (uniform,
 * equipment), paid back in the final pay. The balance follows the completed runs.
 */
export const depositsGrid = defineGrid({
  resource: 'deposits',
  path: '/v1/deposits',
  create: true,
  remove: true,
  defaultSort: '-start_date',
  title: (row) => `${employeeName({ employee: row.employee })} – ${row.name ?? ''}`,
  populate: ['employee'],
  columns: [
    {
      field: 'employee',
      kind: 'reference',
      width: 240,
      pinned: 'left',
      required: true,
      reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
    },
    { field: 'name', kind: 'text', width: 200, required: true },
    { field: 'start_date', kind: 'date', required: true },
    { field: 'amount', kind: 'money', required: true, min: 1 },
    { field: 'target', kind: 'money', required: true, min: 1 },
    { field: 'balance', kind: 'money', editable: false },
    { field: 'returned_amount', kind: 'money', editable: false },
    { field: 'description', kind: 'longText', width: 260 },
  ],
});
