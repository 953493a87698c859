/** Every job kind's handler, one entry a kind: the queue's workers are registered from this table. */
import type { Config } from '../config.ts';
import { payrollRunJob } from '../payroll/run-job.ts';
import { payslipZipJob } from '../payslips/zip-job.ts';
import { cardsJob } from '../portal/cards-job.ts';
import { a1ZipJob } from '../tax/a1-zip-job.ts';
import type { JobHandler, JobKind, JobQueue } from './queue.ts';

/** Each kind's handler, made with the app's configuration (e.g. where files are stored). */
export const jobHandlers = {
  'payroll-run': () => payrollRunJob as JobHandler<never>,
  'payslips-zip': (config) => payslipZipJob(config) as JobHandler<never>,
  'pph-a1-zip': (config) => a1ZipJob(config) as JobHandler<never>,
  'id-cards': (config) => cardsJob(config) as JobHandler<never>,
} satisfies Record<JobKind, (config: Config) => JobHandler<never>>;

export function registerJobHandlers(queue: JobQueue, config: Config) {
  for (const [kind, make] of Object.entries(jobHandlers) as [JobKind, (config: Config) => JobHandler<never>][]) {
    queue.register(kind, make(config));
  }
}
