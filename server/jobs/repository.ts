/** The `jobs` rows the client follows: read within the caller's company (server/scope/scope.ts). */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { jobs, users } from '../db/schema.ts';
import { inCompany, type Reach } from '../scope/scope.ts';

/** A job of the company with its starter's current level (null: the starter's account is gone). */
export async function findJob(db: Executor, reach: Reach, id: string) {
  const [row] = await db
    .select({ job: jobs, starterLevel: users.level })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.created_by))
    .where(and(eq(jobs.id, id), inCompany(reach, jobs)));
  return row;
}
