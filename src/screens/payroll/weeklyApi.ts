/** The daily payroll screen's calls: payroll summaries of type weekly (server/payroll/weekly.ts). */
import type { WeeklyEditField } from '../../../common/payroll/weekly.ts';
import { api, call, type Schemas } from '../../api/client.ts';

export type Summary = Schemas['PayrollSummary'];
export type Payslip = Schemas['Payslip'];

export const listWeekly = () =>
  call(api.GET('/v1/payroll-summary', { params: { query: { type: ['weekly'], limit: 1000 } } })).then(
    (reply) => reply.data,
  );

/** A daily payroll's inputs as the payroll-summary template (the browser writes the xlsx). */
export const loadWeeklyTemplate = (summary: string) =>
  call(api.GET('/v1/payroll-summary/template', { params: { query: { type: 'weekly', summary } } })).then(
    (reply) => reply.data,
  );

export const listWeeklyPayslips = (id: string) =>
  call(api.GET('/v1/payroll-summary/{id}/payslips', { params: { path: { id } } })).then((reply) => reply.data);

export const createWeekly = (body: { period_start: string; period_end: string; title?: string }) =>
  call(api.POST('/v1/payroll-summary', { body: { type: 'weekly', ...body } })).then(
    (reply) => (reply as { data: Summary }).data,
  );

export const editWeekly = (id: string, payslipId: string, edits: Partial<Record<WeeklyEditField, number | null>>) =>
  call(
    api.PATCH('/v1/payroll-summary/{id}/payslips/{payslipId}', {
      params: { path: { id, payslipId } },
      body: { edits },
    }),
  ).then((reply) => reply.data);

export const completeWeekly = (id: string) =>
  call(api.POST('/v1/payroll-summary/{id}/complete', { params: { path: { id } }, body: {} })).then(
    (reply) => reply.data,
  );

export const deleteWeekly = (id: string) => call(api.DELETE('/v1/payroll-summary/{id}', { params: { path: { id } } }));
