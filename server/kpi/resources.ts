/** KPI indicators (spec 7 `kpi/indicator-component`): a generic resource, one editable grid. */
import { Type } from '@sinclair/typebox';
import { kpiIndicators } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

export const kpiIndicatorsResource = defineResource({
  name: 'kpi-indicators',
  path: '/kpi/indicator-component',
  table: kpiIndicators,
  menu: 'kpi-indicator',
  scope: 'company',
  label: 'KPI indicator',
  title: (row) => String(row.indicator),
  search: ['category', 'indicator'],
  filters: ['category', 'target_type', 'created_at'],
  sort: ['category', 'indicator', 'weight', 'target_type', 'created_at', 'updated_at'],
  defaultSort: 'category,indicator',
  naturalKey: 'indicator',
  refine: {
    category: Type.String({ minLength: 1, maxLength: 120 }),
    indicator: Type.String({ minLength: 1, maxLength: 200 }),
    weight: Type.Integer({ minimum: 1, maximum: 100 }),
    target: Type.Union([Type.Number({ minimum: 0, maximum: 999_999_999 }), Type.Null()]),
    unit: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  },
  /** A yes/no indicator has no target: stored as null whatever was sent. */
  check: (row) => (row.target_type === 'yes_no' ? { clear: ['target'] } : null),
});
