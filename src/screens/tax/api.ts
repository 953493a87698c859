/** Tax documents: PDFs fetched with the bearer token, the A1 zip followed on the progress card. */
import { api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';
import { downloadJobFile } from '../../api/jobs.ts';
import { payslipLanguage } from '../../api/payslips.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
// biome-ignore lint/suspicious/noExplicitAny: binary replies are outside the generated JSON types.
const raw = api as any;

export const a1Pdf = (employee: string, year: number): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/pph-a1/employees/{id}/pdf', {
      params: { path: { id: employee }, query: { year, lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

export const pphReportPdf = (year: number, month: number): Promise<Blob> =>
  call<Blob>(
    raw.GET('/v1/pph-report/pdf', {
      params: { query: { year, month, lang: payslipLanguage() } },
      parseAs: 'blob',
      headers: inline,
    }),
  );

/** Starts the A1 zip job of a year and follows it on a progress card; saves the zip when it is ready. */
export const downloadA1Zip = (year: number, labels: { task: string; done: string }) =>
  downloadJobFile(
    async () =>
      (
        await call(
          api.POST('/v1/pph-a1/employees/zip', {
            params: { query: { year, lang: payslipLanguage() } },
            headers: inline,
          }),
        )
      ).data.job_id,
    `1721-A1 ${year}.zip`,
    labels,
  );

/** Coretax XML (decision 0166): the pre-checks and the files, per slip type. */
export const coretaxBpmp = {
  check: async (year: number, month: number) =>
    (await call(api.GET('/v1/coretax/bpmp/check', { params: { query: { year, month } }, headers: inline }))).data,
  file: (year: number, month: number, leaveOut: boolean): Promise<Blob> =>
    call<Blob>(
      raw.GET('/v1/coretax/bpmp', {
        params: { query: { year, month, leave_out: leaveOut } },
        parseAs: 'blob',
        headers: inline,
      }),
    ),
};
export const coretaxBp21 = {
  check: async (summary: string) =>
    (await call(api.GET('/v1/coretax/bp21/check', { params: { query: { summary } }, headers: inline }))).data,
  file: (summary: string, leaveOut: boolean): Promise<Blob> =>
    call<Blob>(
      raw.GET('/v1/coretax/bp21', {
        params: { query: { summary, leave_out: leaveOut } },
        parseAs: 'blob',
        headers: inline,
      }),
    ),
};
export const coretaxBpa1 = {
  check: async (year: number) =>
    (await call(api.GET('/v1/coretax/bpa1/check', { params: { query: { year } }, headers: inline }))).data,
  file: (year: number, leaveOut: boolean): Promise<Blob> =>
    call<Blob>(
      raw.GET('/v1/coretax/bpa1', {
        params: { query: { year, leave_out: leaveOut } },
        parseAs: 'blob',
        headers: inline,
      }),
    ),
};
