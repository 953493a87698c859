import { describe, expect, it } from 'vitest';
import { addFixed, withFixed } from '../../../src/grids/fixed.ts';
import type { AnyGridSpec } from '../../../src/grids/types.ts';

const spec: AnyGridSpec = {
  resource: 'employee-family',
  path: '/v1/employees/family',
  create: true,
  remove: true,
  defaultSort: 'name',
  title: (row) => String(row.name ?? ''),
  populate: ['employee'],
  columns: [
    { field: 'employee', kind: 'reference', reference: { path: '/v1/employees', label: 'fullname' } },
    { field: 'name', kind: 'text', required: true },
    { field: 'relationship', kind: 'text' },
  ],
};

describe('a grid fixed to a parent record (master-detail)', () => {
  it('leaves a spec without fixed fields as it is', () => {
    expect(withFixed(spec, undefined)).toBe(spec);
    expect(withFixed(spec, {})).toBe(spec);
  });

  it('drops the fixed fields’ columns and relations, and remembers the values', () => {
    const fixed = withFixed(spec, { employee: 'e1' });
    expect(fixed.fixed).toEqual({ employee: 'e1' });
    expect(fixed.columns.map((column) => column.field)).toEqual(['name', 'relationship']);
    expect(fixed.populate).toEqual([]);
    expect(fixed.resource).toBe('employee-family');
    // The given spec is not changed: other grids of the same resource still see every column.
    expect(spec.columns).toHaveLength(3);
  });

  it('writes the fixed values into rows to create, over any value they had, and never into updates', () => {
    const fixed = withFixed(spec, { employee: 'e1' });
    expect(addFixed(fixed, { name: 'Siti' })).toEqual({ name: 'Siti', employee: 'e1' });
    expect(addFixed(fixed, { name: 'Siti', employee: 'e2' })).toEqual({ name: 'Siti', employee: 'e1' });
    const update = { _id: 'r1', version: 3, name: 'Siti' };
    expect(addFixed(fixed, update)).toBe(update);
    const row = { name: 'Budi' };
    expect(addFixed(spec, row)).toBe(row);
  });
});
