import type { JobHandler } from '../jobs/queue.ts';
import { type CreateRunBody, computeRun, storeRun } from './run.ts';

/**
 * The payroll run as a job (large companies): computes in memory with progress, then stores the run in one
 * transaction. A killed process leaves nothing behind; the retry starts afresh (docs/decisions/0044).
 */
export const payrollRunJob: JobHandler<CreateRunBody> = async (context) => {
  const computed = await computeRun(context.db, context.companyId, context.data, context.progress);
  await context.progress(computed.rows.length, computed.rows.length);
  const summary = await storeRun(context.db, { companyId: context.companyId, userId: context.userId }, computed);
  return { summary_id: summary.id };
};
