import { defineGrid } from '../types.ts';

/**
 * Developer area → announcements-company (spec 2.2): title, announcement, start and end dates; the target companies
 * are chosen beside the grid (the screen's company list), as a row holds a list of companies.
 */
export const companyAnnouncementsGrid = defineGrid({
  resource: 'announcements-company',
  path: '/v1/dev/announcement-company',
  create: true,
  remove: true,
  defaultSort: '-start_date',
  title: (row) => row.title ?? '',
  // Spec 2.2: filters by start date and end date (starting on or after one, ending on or before the other).
  dateRange: 'start_date',
  dateRangeEnd: 'end_date',
  columns: [
    { field: 'title', kind: 'text', width: 280, pinned: 'left', required: true },
    { field: 'content', kind: 'longText', width: 420, required: true },
    { field: 'start_date', kind: 'date', required: true },
    { field: 'end_date', kind: 'date', required: true },
    {
      field: 'companies',
      kind: 'computed',
      width: 160,
      compute: (row) => (Array.isArray(row.companies) ? row.companies.length : 0),
    },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
