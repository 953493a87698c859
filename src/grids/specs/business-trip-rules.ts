import { defineGrid } from '../types.ts';
import { byCode, codeNameColumns, updatedColumn } from './code-name-lists.ts';

/** payroll-rules: business trip allowances, an amount each, edited in place. */
export const businessTripRulesGrid = defineGrid({
  resource: 'business-trip-rules',
  path: '/v1/refs/payrolls/business-trip',
  ...byCode,
  create: false,
  remove: false,
  columns: [...codeNameColumns, { field: 'amount', kind: 'money', width: 160, required: true, min: 0 }, updatedColumn],
});
