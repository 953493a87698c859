import { defineGrid } from '../types.ts';

/**
 * portal → announcements: the company's own announcements. Title and dates are edited in place; the content (rich
 * text) and the audience are edited beside the grid (src/screens/portal/Announcements.tsx), which also shows the
 * read receipts. Filtered by start date.
 */
export const announcementsGrid = defineGrid({
  resource: 'announcements',
  path: '/v1/announcements',
  create: true,
  remove: true,
  defaultSort: '-start_date',
  dateRange: 'start_date',
  title: (row) => row.title ?? '',
  columns: [
    { field: 'title', kind: 'text', width: 320, pinned: 'left', required: true },
    { field: 'start_date', kind: 'date', required: true },
    { field: 'end_date', kind: 'date', required: true },
    {
      field: 'departments',
      kind: 'computed',
      width: 150,
      compute: (row) =>
        (row.employees?.length ?? 0) +
        (row.departments?.length ?? 0) +
        (row.sub_departments?.length ?? 0) +
        (row.locations?.length ?? 0) +
        (row.job_titles?.length ?? 0),
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
