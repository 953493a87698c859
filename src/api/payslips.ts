/** Payslip PDFs and the run's zip: fetched with the bearer token, saved through a link, previewed as bytes. */
import i18n from 'i18next';
import { api, call, INLINE_ERRORS_HEADER } from './client.ts';
import { downloadJobFile } from './jobs.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
// biome-ignore lint/suspicious/noExplicitAny: binary replies are outside the generated JSON types.
const raw = api as any;

/** The payslip language: the interface's language when it is one the payslip has, else English. */
export const payslipLanguage = (): 'en' | 'id' | 'zh' => {
  const language = i18n.language?.slice(0, 2);
  return language === 'id' || language === 'zh' ? language : 'en';
};

/** A run's payslip of one employee as PDF bytes. */
export const runPayslipPdf = (summary: string, employee: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/payroll-summary/{id}/payslips/{employeeId}/pdf', {
      params: { path: { id: summary, employeeId: employee }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** The signed-in employee's payslip of a completed run as PDF bytes. */
export const ownPayslipPdf = (summary: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/payslips/me/{summaryId}/pdf', {
      params: { path: { summaryId: summary }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** The severance slip of a run's payslip (decision 0207: severance is reported on its own slip) as PDF bytes. */
export const runSeveranceSlipPdf = (summary: string, employee: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/payroll-summary/{id}/payslips/{employeeId}/severance-pdf', {
      params: { path: { id: summary, employeeId: employee }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** The signed-in employee's severance slip of a completed run as PDF bytes. */
export const ownSeveranceSlipPdf = (summary: string): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/payslips/me/{summaryId}/severance-pdf', {
      params: { path: { summaryId: summary }, query: { lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** Whether a payslip's lines pay severance under the final PPh 21 of PP 68/2009 (it then has its own slip). */
export const paysSeverance = (lines: readonly { kind: string; amount: number; explain?: unknown }[]) =>
  lines.some(
    (line) =>
      line.kind === 'earning' &&
      line.amount !== 0 &&
      (line.explain as { tax?: unknown } | undefined)?.tax === 'final_pp68_2009',
  );

/** Starts the zip job of a run and follows it on a progress card; saves the zip when it is ready. */
export const downloadRunZip = (summary: string, name: string, labels: { task: string; done: string }) =>
  downloadJobFile(
    async () =>
      (
        await call(
          api.POST('/v1/payroll-summary/{id}/payslips/zip', {
            params: { path: { id: summary }, query: { lang: payslipLanguage() } },
            headers: inline,
          }),
        )
      ).data.job_id,
    name,
    labels,
  );
