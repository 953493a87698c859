/** Payslip PDFs and the run's zip: fetched with the bearer token, saved through a link, previewed as bytes. */
import i18n from 'i18next';
import { api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';
import { startTask } from '../../overlays/progress.ts';
import { readStoredFile } from '../employee/api.ts';

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

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the zip job of a run and follows it on a progress card; saves the zip when it is ready. */
export async function downloadRunZip(summary: string, name: string, labels: { task: string; done: string }) {
  const task = startTask(labels.task);
  try {
    const started = await call(
      api.POST('/v1/payroll-summary/{id}/payslips/zip', {
        params: { path: { id: summary }, query: { lang: payslipLanguage() } },
        headers: inline,
      }),
    );
    const jobId = started.data.job_id;
    for (;;) {
      const { data: job } = await call(api.GET('/v1/jobs/{id}', { params: { path: { id: jobId } }, headers: inline }));
      if (job.total > 0) task.update((job.done / job.total) * 100);
      if (job.status === 'completed') {
        const url = String((job.result as { url?: string } | null)?.url ?? '');
        saveBlob(await readStoredFile(url), name);
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
