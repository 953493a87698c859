import { defineGrid } from '../types.ts';
import { employmentStatusColumn, organizationColumns } from './employee-columns.ts';

/**
 * employee-onboarding (spec 2.3 and 4): new hires, pending until their onboarding link is recorded, completed after.
 * Matched by email on paste and import; the toolbar's date range filters on the contract start.
 */
export const onboardingGrid = defineGrid({
  resource: 'employee-onboarding',
  path: '/v1/employee-onboarding',
  naturalKey: 'email',
  create: true,
  remove: true,
  defaultSort: '-created_at',
  title: (row) => `${row.fullname ?? ''} (${row.email ?? ''})`,
  populate: ['department', 'job_title', 'location'],
  dateRange: 'contract_start_date',
  tabs: [
    // Spec 4: pending or completed by whether a link exists (`empty=` and `filled=` of the list query).
    { id: 'pending', label: 'grid.tabs.pending', query: { empty: 'link' } },
    { id: 'completed', label: 'grid.tabs.completed', query: { filled: 'link' } },
  ],
  columns: [
    { field: 'fullname', kind: 'text', width: 220, pinned: 'left', required: true },
    { field: 'email', kind: 'text', width: 230, required: true },
    { field: 'phone', kind: 'phone' },
    ...organizationColumns,
    employmentStatusColumn,
    { field: 'contract_start_date', kind: 'date' },
    { field: 'contract_end_date', kind: 'date' },
    { field: 'link', kind: 'text', width: 260 },
    { field: 'note', kind: 'longText', width: 240 },
  ],
});
