import { describe, expect, it } from 'vitest';
import contract from '../../../openapi/v1.json' with { type: 'json' };
import { grids } from '../../../src/grids/index.ts';
import { listFieldsOf } from '../../../src/grids/listFields.ts';
import { employeesGrid } from '../../../src/grids/specs/employees.ts';
import type { AnyGridSpec } from '../../../src/grids/types.ts';

type Schema = { $ref?: string; properties?: Record<string, unknown>; items?: Schema };
const document = contract as unknown as {
  paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
  components: { schemas: Record<string, Schema> };
};
/** The row fields the list at `path` may send, from the committed contract. */
function rowFields(path: string): string[] {
  const reply = document.paths[path]?.get?.responses['200']?.content['application/json']?.schema;
  const item = (reply?.properties?.data as Schema | undefined)?.items;
  const row = item?.$ref ? document.components.schemas[item.$ref.split('/').pop()!] : item;
  return Object.keys(row?.properties ?? {});
}

describe('the fields a grid asks its list for', () => {
  it('are the columns, the natural key, the populated relations and what title and detail read', () => {
    const fields = listFieldsOf(employeesGrid as unknown as AnyGridSpec)?.split(',') ?? [];
    for (const column of employeesGrid.columns) expect(fields).toContain(column.field);
    for (const field of ['employee_id', 'fullname', 'user', ...(employeesGrid.populate ?? [])])
      expect(fields).toContain(field);
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('are whole rows for a grid that does not opt in', () => {
    const plain = Object.values(grids as Record<string, AnyGridSpec>).find((spec) => !spec.listFields)!;
    expect(listFieldsOf(plain)).toBeUndefined();
  });

  it('are all fields of the row in the API contract (an unknown one is a 400)', () => {
    for (const spec of [
      employeesGrid as unknown as AnyGridSpec,
      ...Object.values(grids as Record<string, AnyGridSpec>),
    ]) {
      const fields = listFieldsOf(spec);
      if (!fields) continue;
      const known = rowFields(spec.path);
      expect(known.length, spec.path).toBeGreaterThan(0);
      for (const field of fields.split(',')) expect(known, `${spec.path} ${field}`).toContain(field);
    }
  });
});
