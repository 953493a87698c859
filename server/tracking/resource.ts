import { Type } from '@sinclair/typebox';
import { liveTrackingGroups } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

/**
 * live-tracking-group (spec 7): groups of employees whose latest clock positions the live-tracking map shows. Members
 * are employee ids of the caller's company; an id of another company (or a deleted employee) is inert: the
 * live-tracking read joins members to the caller's own employees only (docs/decisions/0039).
 */
export const liveTrackingGroupsResource = defineResource({
  name: 'live-tracking-group',
  path: '/live-tracking-group',
  table: liveTrackingGroups,
  menu: 'live-tracking-group',
  scope: 'company',
  label: 'Live tracking group',
  title: (row) => String(row.name ?? ''),
  search: ['name', 'description'],
  filters: ['name', 'created_at'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'name',
  refine: {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 500 }),
    members: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10_000, uniqueItems: true }),
  },
});
