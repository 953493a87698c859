/**
 * SQL pieces shared by the repositories. `uuidArray` binds a list of ids as ONE uuid[] parameter: a list expanded
 * into one parameter per id stops working past PostgreSQL's 65,535 parameters a statement (a payroll run of a
 * company that large), and one parameter is also cheaper to plan. The ids are uuids (checked where they came in), so
 * the array literal needs no quoting.
 */
import { sql } from 'drizzle-orm';

export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
