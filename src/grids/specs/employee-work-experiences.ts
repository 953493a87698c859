import { defineGrid } from '../types.ts';

/** An employee's work experience before this company (the server checks the end is not before the start). */
export const employeeWorkExperiencesGrid = defineGrid({
  resource: 'employee-work-experiences',
  path: '/v1/employees/work-experiences',
  create: true,
  remove: true,
  defaultSort: '-start_date',
  title: (row) => row.company_name ?? '',
  columns: [
    { field: 'company_name', kind: 'text', width: 240, required: true },
    { field: 'job_title', kind: 'text', width: 200 },
    { field: 'start_date', kind: 'date' },
    { field: 'end_date', kind: 'date' },
  ],
});
