import type { AnyGridSpec } from './types.ts';

/** `fields` for a grid's list calls: its columns and what its title and detail read; undefined asks for whole rows. */
export function listFieldsOf(spec: AnyGridSpec): string | undefined {
  if (!spec.listFields) return undefined;
  const fields = [
    ...spec.columns.filter((column) => column.kind !== 'computed').map((column) => column.field),
    ...(spec.naturalKey ? [spec.naturalKey] : []),
    ...(spec.populate ?? []),
    ...(spec.dateRange ? [spec.dateRange] : []),
    ...(spec.dateRangeEnd ? [spec.dateRangeEnd] : []),
    ...Object.keys(spec.fixed ?? {}),
    ...spec.listFields,
  ];
  return [...new Set(fields)].join(',');
}
