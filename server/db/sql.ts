/**
 * SQL pieces shared by the repositories. `uuidArray` binds a list of ids as ONE uuid[] parameter: a list expanded
 * into one parameter per id stops working past PostgreSQL's 65,535 parameters a statement (a payroll run of a
 * company that large), and one parameter is also cheaper to plan. The ids are uuids (checked where they came in), so
 * the array literal needs no quoting.
 *
 * The literal is built once per list: a run's loaders bind the same list of its employees in several statements, and
 * for 100,000 employees each literal is 3.7 MB of text built on the event loop (issue 14: health during a run).
 */
import { sql } from 'drizzle-orm';

const literals = new WeakMap<readonly string[], string>();

export function uuidArray(ids: readonly string[]) {
  let literal = literals.get(ids);
  if (literal === undefined) {
    literal = `{${ids.join(',')}}`;
    literals.set(ids, literal);
  }
  return sql`${literal}::uuid[]`;
}
