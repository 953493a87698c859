import { defineGrid } from '../types.ts';
import {
  employeeDetailPath,
  employeeTitle,
  employmentStatusColumn,
  exitColumns,
  identityColumns,
  organizationColumns,
} from './employee-columns.ts';

/**
 * resigned-employees: employees whose exit date has come (Asia/Jakarta), with why and when they left (read-only: set
 * by the exit route, cleared by 'Rehire'). Same record as the active list; no new rows here.
 */
export const resignedEmployeesGrid = defineGrid({
  resource: 'resigned-employees',
  path: '/v1/employees/exit-employee',
  naturalKey: 'employee_id',
  create: false,
  remove: false,
  defaultSort: 'fullname',
  title: employeeTitle,
  populate: ['department', 'job_title', 'location'],
  detail: (row) => employeeDetailPath('resigned-employees', row.user),
  columns: [
    ...identityColumns,
    exitColumns.reason,
    exitColumns.date,
    ...organizationColumns,
    { field: 'join_date', kind: 'date' },
    { ...employmentStatusColumn, required: true },
    { field: 'email', kind: 'text', width: 220 },
    { field: 'phone', kind: 'phone' },
  ],
});
