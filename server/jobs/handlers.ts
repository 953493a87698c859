/** Every job kind's handler, one entry a kind: the queue's workers are registered from this table. */
import { payrollRunJob } from '../payroll/run-job.ts';
import type { JobHandler, JobKind, JobQueue } from './queue.ts';

export const jobHandlers = {
  'payroll-run': payrollRunJob as JobHandler<never>,
} satisfies Record<JobKind, JobHandler<never>>;

export function registerJobHandlers(queue: JobQueue) {
  for (const [kind, handler] of Object.entries(jobHandlers) as [JobKind, JobHandler<never>][]) {
    queue.register(kind, handler);
  }
}
