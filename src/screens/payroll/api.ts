/** The run sheet's calls to `/v1/payroll-summary` and `/v1/jobs` (server/payroll/routes.ts), for every kind of run. */

import type { PayingBank } from '../../../common/bank-file.ts';
import type { CompanyPayrollSettings } from '../../../common/payroll/types.ts';
import type { WeeklyEditField } from '../../../common/payroll/weekly.ts';
import type { PayslipEditField } from '../../../common/payroll-run.ts';
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';

export type Summary = Schemas['PayrollSummary'];
export type Payslip = Schemas['Payslip'];
export type Warning = Schemas['PreCheckWarning'];
export type Job = Schemas['Job'];
/** An input of any kind of run: the monthly run's or the daily payroll's (runKinds.ts names a kind's own). */
export type EditField = PayslipEditField | WeeklyEditField;

/** The runs of the given kinds (a menu entry's: monthly and THR, or daily payrolls). */
export const listRuns = (type: readonly Summary['type'][]) =>
  call(api.GET('/v1/payroll-summary', { params: { query: { type: [...type], limit: 1000 } } })).then(
    (reply) => reply.data,
  );

/** A daily payroll's inputs as the payroll-summary template (the browser writes the xlsx). */
export const loadRunTemplate = (summary: string) =>
  call(api.GET('/v1/payroll-summary/template', { params: { query: { type: 'weekly', summary } } })).then(
    (reply) => reply.data,
  );

export const listPayslips = (id: string) =>
  call(api.GET('/v1/payroll-summary/{id}/payslips', { params: { path: { id } } })).then((reply) => reply.data);

/** A run's payslips with the company settings the browser recalculates an edited row with. */
export const loadSheet = (id: string) =>
  call(api.GET('/v1/payroll-summary/{id}/payslips', { params: { path: { id } } })).then((reply) => ({
    payslips: reply.data,
    settings: reply.settings as CompanyPayrollSettings,
  }));

export const preCheck = (year: number, month: number) =>
  call(api.GET('/v1/payroll-summary/pre-check', { params: { query: { year, month } } })).then(
    (reply) => reply.data.warnings,
  );

export interface CreateRun {
  type: 'payroll_run' | 'thr';
  year: number;
  month: number;
  title?: string;
  holiday_date?: string;
  acknowledged_warnings?: Warning['code'][];
}

/** A daily payroll's body: a date range. */
export interface CreateRange {
  type: 'weekly';
  period_start: string;
  period_end: string;
  title?: string;
}

/** Creates a run: the run at once (201), or the job that makes it (202). */
export async function createRun(body: CreateRun | CreateRange): Promise<{ summary: Summary } | { job: string }> {
  const reply = (await call(api.POST('/v1/payroll-summary', { body }))) as { data: Summary | { job: { _id: string } } };
  return 'job' in reply.data ? { job: reply.data.job._id } : { summary: reply.data };
}

export const getJob = (id: string) =>
  call(api.GET('/v1/jobs/{id}', { params: { path: { id } } })).then((reply) => reply.data);

export const editPayslip = (id: string, payslipId: string, edits: Partial<Record<EditField, number | null>>) =>
  call(
    api.PATCH('/v1/payroll-summary/{id}/payslips/{payslipId}', {
      params: { path: { id, payslipId } },
      body: { edits },
    }),
  ).then((reply) => reply.data);

/** The totals the confirmation showed: the server refuses to complete the run with others (decision 0175). */
export interface ExpectedTotals {
  employee_count: number;
  total_bruto: number;
  total_pph21: number;
  total_thp: number;
}

export const completeRun = (id: string, expected?: ExpectedTotals) =>
  call(
    api.POST('/v1/payroll-summary/{id}/complete', {
      params: { path: { id } },
      body: expected ? { expected } : {},
    }),
  ).then((reply) => reply.data);

/** A pending monthly run's rows whose inputs changed since they were calculated (decision 0175). */
export const outOfDate = (id: string) =>
  call(api.GET('/v1/payroll-summary/{id}/out-of-date', { params: { path: { id } } })).then((reply) => reply.data);
export type OutOfDate = Awaited<ReturnType<typeof outOfDate>>;

/** Recalculates the out-of-date rows: the new summary and the recalculated payslips. */
export const recalculateRun = (id: string) =>
  call(api.POST('/v1/payroll-summary/{id}/recalculate', { params: { path: { id } } })).then((reply) => reply.data);

/** A completed payroll's bank transfers (decision 0176). */
export const bankTransfers = (id: string, query: { paying_bank: PayingBank; recipients: 'all' | 'same_bank' }) =>
  // The dialog shows its refusals (the employees without an account) itself.
  call(
    api.GET('/v1/payroll-summary/{id}/bank-transfers', {
      params: { path: { id }, query },
      headers: { [INLINE_ERRORS_HEADER]: '1' },
    }),
  ).then((reply) => reply.data);
export type BankTransfers = Awaited<ReturnType<typeof bankTransfers>>;
export const reopenRun = (id: string) =>
  call(api.POST('/v1/payroll-summary/{id}/reopen', { params: { path: { id } } })).then((reply) => reply.data);
export const deleteRun = (id: string) => call(api.DELETE('/v1/payroll-summary/{id}', { params: { path: { id } } }));
