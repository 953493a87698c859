import { defineGrid } from '../types.ts';

/** An employee's education: institute, title (degree), major and graduation year. */
export const employeeEducationsGrid = defineGrid({
  resource: 'employee-educations',
  path: '/v1/employees/educations',
  create: true,
  remove: true,
  defaultSort: '-grad_year',
  title: (row) => row.institute_name ?? '',
  columns: [
    { field: 'institute_name', kind: 'text', width: 260, required: true },
    { field: 'title', kind: 'text', width: 140 },
    { field: 'major', kind: 'text', width: 200 },
    { field: 'grad_year', kind: 'number', width: 140, min: 1900, max: 2100, grouping: false },
  ],
});
