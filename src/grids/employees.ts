import { defineGrid } from './types.ts';

/**
 * active-employees: the safe columns of the employee record, editable inline like a spreadsheet. New employees come
 * with an account (`POST /v1/employees`), so rows are added through the invitation and import flows, not inline.
 */
export const employeesGrid = defineGrid({
  resource: 'employees',
  path: '/v1/employees',
  naturalKey: 'employee_id',
  create: false,
  remove: false,
  defaultSort: 'fullname',
  title: (row) => `${row.fullname ?? ''} (${row.employee_id ?? ''})`,
  populate: ['department', 'sub_department', 'job_title', 'location', 'supervisor'],
  columns: [
    { field: 'employee_id', kind: 'text', width: 130, pinned: 'left', required: true },
    { field: 'fullname', kind: 'text', width: 220, pinned: 'left', required: true },
    { field: 'nickname', kind: 'text', width: 140 },
    { field: 'email', kind: 'text', width: 220 },
    { field: 'phone', kind: 'text', width: 150 },
    { field: 'birth_place', kind: 'text', width: 150 },
    { field: 'birth_date', kind: 'date' },
    { field: 'gender', kind: 'enum', enum: { key: 'gender', values: ['male', 'female', 'other'] } },
    {
      field: 'department',
      kind: 'reference',
      reference: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code' },
    },
    {
      field: 'job_title',
      kind: 'reference',
      reference: { path: '/v1/refs/employees/orgs/job-titles', label: 'name', code: 'code' },
    },
    {
      field: 'location',
      kind: 'reference',
      reference: { path: '/v1/refs/employees/orgs/locations', label: 'name', code: 'code' },
    },
    { field: 'join_date', kind: 'date' },
    {
      field: 'status',
      kind: 'enum',
      required: true,
      enum: {
        key: 'employment_status',
        values: ['not_set', 'pkwtt', 'pkwt', 'probation', 'intern', 'freelance', 'regular'],
      },
    },
    { field: 'work_days', kind: 'number', min: 5, max: 6, required: true },
    { field: 'ktp_number', kind: 'text', width: 180, hide: true },
    { field: 'basic_salary', kind: 'money', min: 0, required: true },
  ],
});
