import { defineGrid } from '../types.ts';

/** portal → links (admin): useful links shown on home to their audience (edited beside the grid). */
export const usefulLinksGrid = defineGrid({
  resource: 'useful-links',
  path: '/v1/useful-links',
  naturalKey: 'display',
  create: true,
  remove: true,
  defaultSort: 'display',
  title: (row) => row.display ?? '',
  columns: [
    { field: 'display', kind: 'text', width: 260, pinned: 'left', required: true },
    { field: 'link', kind: 'text', width: 380, required: true },
    {
      field: 'departments',
      kind: 'computed',
      width: 150,
      compute: (row) =>
        (row.departments?.length ?? 0) +
        (row.sub_departments?.length ?? 0) +
        (row.locations?.length ?? 0) +
        (row.job_titles?.length ?? 0),
    },
  ],
});
