import { defineGrid } from '../types.ts';
import {
  employeeDetailPath,
  employeeTitle,
  exitColumns,
  identityColumns,
  organizationColumns,
} from './employee-columns.ts';

/**
 * daily-worker: freelance employees (spec 3), on an Active tab (no exit date) and an Inactive one (an exit date),
 * with bulk select: 'Deactivate' and 'Reactivate' (the screen's batch actions) and 'Set value for selected rows'.
 */
export const dailyWorkersGrid = defineGrid({
  resource: 'daily-workers',
  path: '/v1/employees/freelance',
  naturalKey: 'employee_id',
  create: false,
  remove: false,
  defaultSort: 'fullname',
  title: employeeTitle,
  detail: (row) => employeeDetailPath('daily-worker', row.user),
  populate: ['department', 'job_title', 'location'],
  tabs: [
    // Spec 4: active or inactive by whether an exit date exists (`empty=` and `filled=` of the list query).
    { id: 'active', label: 'grid.tabs.active', query: { empty: 'exit_date' } },
    { id: 'inactive', label: 'grid.tabs.inactive', query: { filled: 'exit_date' } },
  ],
  columns: [
    ...identityColumns,
    { field: 'phone', kind: 'phone' },
    { field: 'email', kind: 'text', width: 220 },
    ...organizationColumns,
    { field: 'join_date', kind: 'date' },
    { field: 'end_of_contract', kind: 'date' },
    exitColumns.date,
    exitColumns.reason,
  ],
});
