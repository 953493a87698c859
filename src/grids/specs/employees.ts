import { defineGrid } from '../types.ts';
import {
  employeeDetailPath,
  employeeTitle,
  employmentStatusColumn,
  genderColumn,
  identityColumns,
  organizationColumns,
} from './employee-columns.ts';

/**
 * active-employees: the safe columns of the employee record, editable inline like a spreadsheet. New employees come
 * with an account (`POST /v1/employees`), so rows are added through the invitation and import flows, not inline.
 */
export const employeesGrid = defineGrid({
  resource: 'employees',
  path: '/v1/employees',
  naturalKey: 'employee_id',
  // Import creates employees with their accounts and updates those it finds by employee id, NIK or email.
  importWith: { path: '/v1/employees/import', matchKeys: ['ktp_number', 'email'] },
  create: false,
  remove: false,
  defaultSort: 'fullname',
  title: employeeTitle,
  detail: (row) => employeeDetailPath('active-employees', row.user),
  populate: ['department', 'sub_department', 'job_title', 'location', 'supervisor'],
  // The largest list: only what the grid shows travels (title and detail read these).
  listFields: ['fullname', 'employee_id', 'user'],
  columns: [
    ...identityColumns,
    { field: 'nickname', kind: 'text', width: 140 },
    { field: 'email', kind: 'text', width: 220 },
    { field: 'phone', kind: 'phone' },
    { field: 'birth_place', kind: 'text', width: 150 },
    { field: 'birth_date', kind: 'date' },
    genderColumn,
    ...organizationColumns,
    { field: 'join_date', kind: 'date' },
    { ...employmentStatusColumn, required: true },
    { field: 'work_days', kind: 'number', min: 5, max: 6, required: true },
    { field: 'ktp_number', kind: 'text', width: 180, hide: true },
    { field: 'basic_salary', kind: 'money', min: 0, required: true },
  ],
});
