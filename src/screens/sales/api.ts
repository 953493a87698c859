/** The sales screens' calls (server/sales/routes.ts), over the one client. */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };

export type OwnJobReports = Schemas['OwnJobReports'];
export type JobReportLine = Schemas['JobReportLine'];
export type JobRecap = Schemas['JobRecap'];
export type SalesAchievement = Schemas['SalesAchievement'];

export async function loadOwnJobReports(year: number, month: number): Promise<OwnJobReports> {
  return (await call(api.GET('/v1/job-reports/mine', { params: { query: { year, month } }, headers: inline }))).data;
}

export async function reportJob(body: Schemas['JobReportInput']): Promise<JobReportLine> {
  return (await call(api.POST('/v1/job-reports/mine', { body, headers: inline }))).data;
}

export interface RecapFilter {
  year: number;
  month: number;
  department: string;
  employee: string;
}

const monthQuery = (filter: RecapFilter) => ({
  year: filter.year,
  month: filter.month,
  ...(filter.department ? { department: filter.department } : {}),
  ...(filter.employee ? { employee: filter.employee } : {}),
});

export async function loadJobRecap(filter: RecapFilter): Promise<JobRecap> {
  return (await call(api.GET('/v1/sales/job-recap', { params: { query: monthQuery(filter) }, headers: inline }))).data;
}

export async function loadEmployeeJobReports(employee: string, year: number, month: number) {
  const request = api.GET('/v1/sales/job-recap/{employee}', {
    params: { path: { employee }, query: { year, month } },
    headers: inline,
  });
  return (await call(request)).data;
}

export async function loadAchievement(year: number, month: number): Promise<SalesAchievement> {
  return (await call(api.GET('/v1/sales/achievement', { params: { query: { year, month } }, headers: inline }))).data;
}

/** The month as Asia/Jakarta has it now. */
export const jakartaMonth = () => {
  const now = new Date(Date.now() + 7 * 3_600_000);
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
};
export const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
