/** A long job (a zip of PDFs) followed on the progress card until its file is ready, then saved (decision 0063). */
import { startTask } from '../overlays/progress.ts';
import { api, call, INLINE_ERRORS_HEADER } from './client.ts';
import { readStoredFile, saveBlob } from './files.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a job with `start` (which answers its id), follows it on a progress card and saves its file as `name`. */
export async function downloadJobFile(
  start: () => Promise<string>,
  name: string,
  labels: { task: string; done: string },
) {
  const task = startTask(labels.task);
  try {
    const jobId = await start();
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
