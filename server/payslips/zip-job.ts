/**
 * `payslips-zip`: every payslip of a run rendered (worker threads, ./render-pool.ts) and packed into one zip, stored
 * as a company file and downloaded through `GET /v1/files/{name}`. Progress every few payslips; idempotent (a retry
 * renders again and writes a new file). The zip is streamed into its file as the PDFs arrive (./zip-stream.ts): no
 * run's PDFs held in memory, no seconds-long zipping on the event loop at the end (docs/decisions/0063).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { insertGenerated } from '../files/repository.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { renderPool } from './render-pool.ts';
import { findRun, payslipCompany, runPayslips } from './repository.ts';
import { PAYSLIPS_MENU, payslipFileName } from './routes.ts';
import { type PayslipLanguage, payslipTexts, payslipView } from './view.ts';
import { zipFile } from './zip-stream.ts';

export interface PayslipZipData {
  summary_id: string;
  language: PayslipLanguage;
}

/** Payslips handed to the workers at once: keeps them all busy without holding a run's PDFs twice in memory. */
const IN_FLIGHT = 16;

export const payslipZipJob =
  (config: Config): JobHandler<PayslipZipData> =>
  async ({ companyId, reach, userId, data, db, progress }) => {
    // The starter's reach: a department admin's zip holds their department's payslips only.
    const run = await findRun(db, reach, data.summary_id);
    const slips = await runPayslips(db, reach, data.summary_id);
    const company = await payslipCompany(db, config.filesDir, companyId);
    const pool = renderPool();
    const name = `${randomBytes(16).toString('hex')}.zip`;
    const folder = join(config.filesDir, companyId);
    await mkdir(folder, { recursive: true });
    const zip = zipFile(join(folder, name));
    let done = 0;
    let size: number;
    try {
      await progress(0, slips.length);
      for (let i = 0; i < slips.length; i += IN_FLIGHT) {
        const batch = slips.slice(i, i + IN_FLIGHT);
        const pdfs = await Promise.all(batch.map((slip) => pool.render(payslipView(slip, company, data.language))));
        // PDFs are compressed already: stored, not deflated again.
        batch.forEach((slip, j) => {
          zip.add(payslipFileName(slip, data.language), pdfs[j] as Buffer);
        });
        done += batch.length;
        if (done % 64 < IN_FLIGHT || done === slips.length) await progress(done, slips.length);
      }
      size = await zip.close();
    } catch (error) {
      zip.abort();
      await rm(join(folder, name), { force: true });
      throw error;
    }
    const original = `${payslipTexts.payslip[data.language]} ${run.title}.zip`.replace(/[\\/:*?"<>|]+/g, '-');
    // Stored with what it holds, so only who may read all of it downloads it (issue 24).
    await insertGenerated(db, {
      reach,
      menu: PAYSLIPS_MENU,
      name,
      original_name: original,
      mime: 'application/zip',
      size,
      userId,
    });
    return { file: name, url: `/v1/files/${name}`, count: slips.length };
  };
