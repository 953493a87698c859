import { defineGrid } from '../types.ts';

/** payroll-references: salary grades with the salary reported for each, edited in place. */
export const salaryGradesGrid = defineGrid({
  resource: 'salary-grades',
  path: '/v1/refs/payrolls/salary-grades',
  naturalKey: 'grade',
  create: false,
  remove: false,
  defaultSort: 'reported_salary,grade',
  title: (row) => row.grade ?? '',
  columns: [
    { field: 'grade', kind: 'text', width: 140, pinned: 'left', required: true },
    { field: 'reported_salary', kind: 'money', width: 180, required: true, min: 0 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
