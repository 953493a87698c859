import { defineGrid } from '../types.ts';

/** KPI indicators (spec 3 "KPI indicator"): category and indicator, weight, target type and target. */
export const kpiIndicatorsGrid = defineGrid({
  resource: 'kpi-indicators',
  path: '/v1/kpi/indicator-component',
  naturalKey: 'indicator',
  create: true,
  remove: true,
  defaultSort: 'category,indicator',
  title: (row) => row.indicator ?? '',
  columns: [
    { field: 'category', kind: 'text', width: 180, pinned: 'left', required: true },
    { field: 'indicator', kind: 'text', width: 300, required: true },
    { field: 'weight', kind: 'number', width: 110, min: 1, max: 100, required: true },
    {
      field: 'target_type',
      kind: 'enum',
      width: 170,
      enum: { key: 'kpi_target_type', values: ['higher_better', 'lower_better', 'yes_no'] },
    },
    {
      field: 'target',
      kind: 'number',
      width: 120,
      min: 0,
      editable: (row: { target_type?: string | null }) => row.target_type !== 'yes_no',
    },
    { field: 'unit', kind: 'text', width: 120 },
    { field: 'updated_at', kind: 'date', editable: false, hide: true },
  ],
});
