import { defineGrid } from '../types.ts';

/** The company of a rule, populated (an id until the list is populated). */
const companyName = (row: { company?: unknown }): string => {
  const company = row.company as { name?: string } | string | null | undefined;
  return typeof company === 'object' && company?.name ? company.name : '';
};

/**
 * Developer area → finances → man-fee → import (issue 15, decision 0073): the platform's fee rules, one per company and
 * effective date: a percentage of a completed monthly run's total bruto, or an amount per employee per month. Edited
 * inline, pasted, or imported from xlsx through the preview (the company by code or name).
 */
export const manFeeRulesGrid = defineGrid({
  resource: 'man-fee-rules',
  path: '/v1/man-fee-rules',
  create: true,
  remove: true,
  defaultSort: '-effective_date',
  title: (row) => `${companyName(row)} ${row.effective_date ?? ''}`.trim(),
  populate: ['company'],
  columns: [
    {
      field: 'company',
      kind: 'reference',
      width: 240,
      pinned: 'left',
      required: true,
      reference: { path: '/v1/companies', label: 'name', code: 'code' },
    },
    { field: 'effective_date', kind: 'date', required: true },
    {
      field: 'method',
      kind: 'enum',
      width: 190,
      required: true,
      enum: { key: 'man_fee_method', values: ['percentage', 'per_employee'] },
    },
    { field: 'percentage', kind: 'percent', min: 0, max: 100, editable: (row) => row.method !== 'per_employee' },
    {
      field: 'amount_per_employee',
      kind: 'money',
      width: 190,
      min: 0,
      editable: (row) => row.method !== 'percentage',
    },
    { field: 'note', kind: 'longText', width: 260 },
    { field: 'created_at', kind: 'date', editable: false, hide: true },
  ],
});
