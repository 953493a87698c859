/** Tax documents: PDFs fetched with the bearer token, the A1 zip followed on the progress card. */
import { api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';
import { startTask } from '../../overlays/progress.ts';
import { readStoredFile } from '../employee/api.ts';
import { payslipLanguage, saveBlob } from '../payslips/api.ts';

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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the A1 zip job of a year and follows it on a progress card; saves the zip when it is ready. */
export async function downloadA1Zip(year: number, labels: { task: string; done: string }) {
  const task = startTask(labels.task);
  try {
    const started = await call(
      api.POST('/v1/pph-a1/employees/zip', { params: { query: { year, lang: payslipLanguage() } }, headers: inline }),
    );
    const jobId = started.data.job_id;
    for (;;) {
      const { data: job } = await call(api.GET('/v1/jobs/{id}', { params: { path: { id: jobId } }, headers: inline }));
      if (job.total > 0) task.update((job.done / job.total) * 100);
      if (job.status === 'completed') {
        const url = String((job.result as { url?: string } | null)?.url ?? '');
        saveBlob(await readStoredFile(url), `1721-A1 ${year}.zip`);
        task.succeed(labels.done);
        return;
      }
      if (job.status === 'failed') {
        task.fail(job.error?.message);
        return;
      }
      await pause(700);
    }
  } catch (error) {
    task.fail(error instanceof Error ? error.message : undefined);
  }
}
