import { type CanCreate, type ColumnSpec, defineGrid, type GridSpec, type ListPath, type RowOf } from '../types.ts';

/** Year and month of an employee's payroll sub-records (items, THR and yearly bonus). */
export const periodColumns = [
  { field: 'year', kind: 'number', width: 110, required: true, min: 2000, max: 2100, grouping: false },
  { field: 'month', kind: 'number', width: 110, required: true, min: 1, max: 12 },
] as const;

/** '2026-03': how a payroll sub-record is named. */
export const periodTitle = (row: { year?: number | null; month?: number | null }): string =>
  `${row.year ?? ''}-${String(row.month ?? '').padStart(2, '0')}`;

/** List paths of an employee's payroll items: year, month, amount and a payroll-references component. */
type PayrollItemPath = {
  [P in ListPath]: RowOf<P> extends { year: number; month: number; amount: number; reference: unknown } ? P : never;
}[ListPath];

/**
 * An employee's allowances, incentives, bonuses or deductions by year and month (payroll permission only), each
 * pointing at its payroll-references component: one shape, four lists.
 */
function payrollItemGrid<P extends PayrollItemPath>(
  resource: string,
  path: P,
  component: `/v1/refs/payrolls/${'allowances' | 'incentives' | 'bonuses' | 'deductions'}`,
): GridSpec<P> {
  const columns = [
    ...periodColumns,
    { field: 'reference', kind: 'reference', width: 240, reference: { path: component, label: 'name', code: 'code' } },
    { field: 'amount', kind: 'money', required: true, min: 0 },
    { field: 'description', kind: 'text', width: 280 },
  ];
  return defineGrid<P>({
    resource,
    path,
    // Every payroll-item list offers create (POST); the path type cannot see that through the union.
    create: true as CanCreate<P>,
    remove: true,
    defaultSort: '-year,-month,created_at',
    title: (row) => periodTitle(row as { year?: number | null; month?: number | null }),
    populate: ['reference' as keyof RowOf<P> & string],
    columns: columns as unknown as readonly ColumnSpec<RowOf<P>>[],
  });
}

export const employeeAllowancesGrid = payrollItemGrid(
  'employee-allowances',
  '/v1/employees/allowances',
  '/v1/refs/payrolls/allowances',
);
export const employeeIncentivesGrid = payrollItemGrid(
  'employee-incentives',
  '/v1/employees/incentives',
  '/v1/refs/payrolls/incentives',
);
export const employeeBonusesGrid = payrollItemGrid(
  'employee-bonuses',
  '/v1/employees/bonuses',
  '/v1/refs/payrolls/bonuses',
);
export const employeeDeductionsGrid = payrollItemGrid(
  'employee-deductions',
  '/v1/employees/deductions',
  '/v1/refs/payrolls/deductions',
);
