/**
 * The worker thread that inspects an uploaded zip (an xlsx): it reads the file and inflates every entry under a cap
 * (zip.ts), off the event loop, so a hostile upload cannot delay other requests (issue 10 section 7).
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { inspectZip } from './zip.ts';

interface Job {
  id: number;
  path: string;
  limit: number;
}

parentPort!.on('message', async ({ id, path, limit }: Job) => {
  try {
    const report = inspectZip(new Uint8Array(await readFile(path)), limit);
    parentPort!.postMessage({ id, report });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
