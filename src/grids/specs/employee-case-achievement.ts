import { defineGrid } from '../types.ts';

/** An employee's history: cases and achievements (path `employees/case-achievement`). */
export const employeeCaseAchievementGrid = defineGrid({
  resource: 'employee-histories',
  path: '/v1/employees/case-achievement',
  create: true,
  remove: true,
  defaultSort: 'created_at',
  title: (row) => row.title ?? '',
  columns: [
    { field: 'title', kind: 'text', width: 240, required: true },
    {
      field: 'type',
      kind: 'enum',
      width: 150,
      required: true,
      enum: { key: 'history_type', values: ['case', 'achievement'] },
    },
    { field: 'description', kind: 'longText', width: 360 },
  ],
});
