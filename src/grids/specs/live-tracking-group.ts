import { defineGrid } from '../types.ts';

/**
 * live-tracking-group: the groups the live-tracking map follows. Members are edited beside the grid with the employee
 * picker (src/screens/tracking/LiveTrackingGroups.tsx); the grid shows how many there are.
 */
export const liveTrackingGroupGrid = defineGrid({
  resource: 'live-tracking-group',
  path: '/v1/live-tracking-group',
  naturalKey: 'name',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => row.name ?? '',
  columns: [
    { field: 'name', kind: 'text', width: 240, pinned: 'left', required: true },
    { field: 'description', kind: 'longText', width: 320 },
    { field: 'members', kind: 'computed', width: 120, compute: (row) => row.members?.length ?? 0 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
