/** `GET /v1/duty/category` (spec 7): the company's duty types, the duty-report's categories. */
import { asc } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { dutyTypes } from '../db/schema.ts';
import type { Scope } from '../http/access.ts';
import { inCompany } from '../scope/scope.ts';

export async function dutyCategories(db: Executor, scope: Scope) {
  const rows = await db
    .select({ _id: dutyTypes.id, code: dutyTypes.code, name: dutyTypes.name })
    .from(dutyTypes)
    .where(inCompany(scope, dutyTypes))
    .orderBy(asc(dutyTypes.name));
  return rows;
}
