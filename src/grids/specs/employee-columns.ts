/**
 * The columns the employee lists share (active, resigned, daily workers, onboarding), defined once: the identifying
 * pair, the organization references, the employment status and the exit fields. Each list picks and orders them.
 */

/** The detail route's id is the user id: the account's, populated or not. */
export const userIdOf = (user: string | { _id: string } | null | undefined): string =>
  typeof user === 'string' ? user : (user?._id ?? '');

/** The employee lists whose rows open in the employee detail editor (each menu id is its route path). */
export type EmployeeListRoute = 'active-employees' | 'resigned-employees' | 'daily-worker';

/** An employee's detail route on one of their lists (spec 2.1: `/dashboard/edit/{routePath}/{user id}`). */
export const employeeDetailPath = (route: EmployeeListRoute, user: string | { _id: string } | null | undefined) =>
  `/dashboard/edit/${route}/${encodeURIComponent(userIdOf(user))}`;

/** How an employee row is named: 'Budi Santoso (DEMO-0001)'. */
export const employeeTitle = (row: Readonly<Record<string, unknown>>): string =>
  `${row.fullname ?? ''} (${row.employee_id ?? ''})`;

/** Employee id and full name, pinned at the left. */
export const identityColumns = [
  { field: 'employee_id', kind: 'text', width: 130, pinned: 'left', required: true },
  { field: 'fullname', kind: 'text', width: 220, pinned: 'left', required: true },
] as const;

/** A reference to one of the organization lists, shown by name, pasted and imported by code or name. */
const orgColumn = <F extends string, L extends 'departments' | 'sub-departments' | 'job-titles' | 'locations'>(
  field: F,
  list: L,
) =>
  ({
    field,
    kind: 'reference',
    reference: { path: `/v1/refs/employees/orgs/${list}`, label: 'name', code: 'code' },
  }) as const;

export const departmentColumn = orgColumn('department', 'departments');
export const subDepartmentColumn = orgColumn('sub_department', 'sub-departments');
export const jobTitleColumn = orgColumn('job_title', 'job-titles');
export const locationColumn = orgColumn('location', 'locations');

/** Department, job title and location. */
export const organizationColumns = [departmentColumn, jobTitleColumn, locationColumn] as const;

export const employmentStatusValues = [
  'not_set',
  'pkwtt',
  'pkwt',
  'probation',
  'intern',
  'freelance',
  'regular',
] as const;
export const employmentStatusColumn = {
  field: 'status',
  kind: 'enum',
  enum: { key: 'employment_status', values: employmentStatusValues },
} as const;

export const genderColumn = {
  field: 'gender',
  kind: 'enum',
  enum: { key: 'gender', values: ['male', 'female', 'other'] },
} as const;

/** Why and when an employee left: set by the exit route only, so never edited in a grid. */
export const exitColumns = {
  reason: {
    field: 'exit_reason',
    kind: 'enum',
    width: 150,
    editable: false,
    enum: { key: 'exit_reason', values: ['resign', 'phk'] },
  },
  date: { field: 'exit_date', kind: 'date', editable: false },
} as const;
