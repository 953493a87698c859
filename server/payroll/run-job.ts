import type { JobHandler } from '../jobs/queue.ts';

/** The payroll run as a job (large companies): computes and stores the run in one transaction. */
export interface PayrollRunJobData {
  type: 'payroll_run' | 'thr';
  year: number;
  month: number;
  title: string | null;
  holiday_date: string | null;
}

export const payrollRunJob: JobHandler<PayrollRunJobData> = async () => {
  throw new Error('not implemented yet');
};
