/**
 * Master-detail: a grid limited to the rows of one parent record (an employee's family, say). The fixed fields, e.g.
 * `{ employee: id }`, are a filter of every list query, a value of every new, pasted and imported row, and never a
 * column (nobody sees, edits, pastes, imports or exports them). `ResourceGrid`'s `fixed` prop applies it.
 */
import type { AnyGridSpec } from './types.ts';

export type Fixed = Readonly<Record<string, string>>;

/** The spec as a grid fixed to a parent sees it: `fixed` set, the fixed fields' columns and relations gone. */
export function withFixed(spec: AnyGridSpec, fixed: Fixed | undefined): AnyGridSpec {
  if (!fixed || !Object.keys(fixed).length) return spec;
  const free = (field: string) => !Object.hasOwn(fixed, field);
  return {
    ...spec,
    fixed: { ...spec.fixed, ...fixed },
    columns: spec.columns.filter((column) => free(column.field)),
    ...(spec.populate ? { populate: spec.populate.filter(free) } : {}),
  };
}

/** A row to create (one without `_id`) gets the fixed values; an update of a stored row is left as it is. */
export function addFixed<R extends Record<string, unknown>>(spec: Pick<AnyGridSpec, 'fixed'>, row: R): R {
  if (!spec.fixed || Object.hasOwn(row, '_id')) return row;
  return { ...row, ...spec.fixed };
}
