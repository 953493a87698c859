/**
 * The reference lists that are just a code and a name (spec 3, "Reference lists"): one table, one spec each. Lists
 * with more fields have their own file.
 */
import { type CanCreate, type ColumnSpec, defineGrid, type GridSpec, type ListPath, type RowOf } from '../types.ts';

/** What every list keyed by a code shares: matched by code, sorted by name, titled 'Name (CODE)'. */
export const byCode = {
  naturalKey: 'code',
  defaultSort: 'name',
  title: (row: { code?: string | null; name?: string | null }) => `${row.name ?? ''} (${row.code ?? ''})`,
} as const;

/** The code and name columns, first in every such list. */
export const codeNameColumns = [
  { field: 'code', kind: 'text', width: 140, pinned: 'left', required: true },
  { field: 'name', kind: 'text', width: 300, required: true },
] as const;

/** The last-change column, hidden until asked for. */
export const updatedColumn = { field: 'updated_at', kind: 'date', editable: false, hide: true } as const;

/** List paths whose rows have a code and a name. */
type CodeNamePath = {
  [P in ListPath]: RowOf<P> extends { code: string; name: string; updated_at: string } ? P : never;
}[ListPath];

/** A code-and-name list: sorted by name, matched by code; `create` also allows delete (fixed lists allow neither). */
function codeNameGrid<P extends CodeNamePath>(resource: string, path: P, create: CanCreate<P>): GridSpec<P> {
  const columns = [...codeNameColumns, updatedColumn];
  return defineGrid<P>({
    resource,
    path,
    naturalKey: byCode.naturalKey as keyof RowOf<P> & string,
    create,
    remove: create,
    defaultSort: byCode.defaultSort,
    title: (row) => byCode.title(row as { code?: string; name?: string }),
    columns: columns as unknown as readonly ColumnSpec<RowOf<P>>[],
  });
}

/** Job titles also say which assignment field (POA, PCHO, supervisor) their holders are offered for. */
export const jobTitlesGrid = defineGrid({
  resource: 'job-titles',
  path: '/v1/refs/employees/orgs/job-titles',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: byCode.defaultSort,
  title: byCode.title,
  columns: [
    ...codeNameColumns,
    {
      field: 'assignment_role',
      kind: 'enum',
      width: 200,
      enum: { key: 'assignment_role', values: ['poa', 'pcho', 'supervisor'] },
    },
    updatedColumn,
  ],
});
/**
 * Locations also carry where the site is (decimal degrees) and its radius in metres: the offsite rule of clocking
 * (server/attendance/offsite.ts; a blank radius is 200 m).
 */
export const locationsGrid = defineGrid({
  resource: 'locations',
  path: '/v1/refs/employees/orgs/locations',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: byCode.defaultSort,
  title: byCode.title,
  columns: [
    ...codeNameColumns,
    { field: 'latitude', kind: 'number', width: 130, min: -90, max: 90, grouping: false },
    { field: 'longitude', kind: 'number', width: 130, min: -180, max: 180, grouping: false },
    { field: 'radius', kind: 'number', width: 130, min: 1, max: 100_000 },
    updatedColumn,
  ],
});
export const nationalitiesGrid = codeNameGrid('nationalities', '/v1/refs/employees/personal/nationalities', true);
export const religionsGrid = codeNameGrid('religions', '/v1/refs/employees/personal/religions', true);
export const titlesGrid = codeNameGrid('titles', '/v1/refs/employees/personal/titles', true);
export const majorsGrid = codeNameGrid('majors', '/v1/refs/employees/personal/majors', true);
export const relationshipsGrid = codeNameGrid('relationships', '/v1/refs/employees/personal/relationships', true);
/** Banks: no adding (spec 2.3). */
export const banksGrid = codeNameGrid('banks', '/v1/refs/employees/legalities/banks', false);
// payroll-references: list editors with create disabled (spec 2.3), seeded with defaults.
export const allowancesGrid = codeNameGrid('allowances', '/v1/refs/payrolls/allowances', false);
/** Daily payroll components also carry what each pays per day worked (the weekly payroll's daily rate). */
export const dailyPayrollComponentsGrid = defineGrid({
  resource: 'daily-payroll-components',
  path: '/v1/refs/payrolls/payroll-summary',
  naturalKey: 'code',
  create: false,
  remove: false,
  defaultSort: byCode.defaultSort,
  title: byCode.title,
  columns: [...codeNameColumns, { field: 'amount', kind: 'money', width: 180, min: 0 }, updatedColumn],
});
export const incentivesGrid = codeNameGrid('incentives', '/v1/refs/payrolls/incentives', false);
export const bonusesGrid = codeNameGrid('bonuses', '/v1/refs/payrolls/bonuses', false);
export const deductionsGrid = codeNameGrid('deductions', '/v1/refs/payrolls/deductions', false);
export const payrollTypesGrid = codeNameGrid('payroll-types', '/v1/refs/payrolls/payroll-types', false);
export const dutyTypesGrid = codeNameGrid('duty-types', '/v1/refs/payrolls/duty-types', false);
export const jobCategoriesGrid = codeNameGrid('job-categories', '/v1/refs/payrolls/job-categories', false);
/** sales → job-recap: the categories an employee picks when reporting a job (`job-report/category`). */
export const jobReportCategoriesGrid = codeNameGrid('job-report-categories', '/v1/job-report/category', true);
