/**
 * `pph-a1-zip`: every 1721-A1 of the company's year rendered (worker threads) and packed into one zip, stored as a
 * company file (`GET /v1/files/{name}`). Progress every few forms; a retry renders again and writes a new file. The
 * zip is streamed into its file as the PDFs arrive, as the payslips' zip is (server/payslips/zip-stream.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { insertGenerated } from '../files/repository.ts';
import type { JobHandler } from '../jobs/queue.ts';
import type { PayslipLanguage } from '../payslips/view.ts';
import { zipFile } from '../payslips/zip-stream.ts';
import { a1FileName, a1View } from './a1-view.ts';
import { taxRenderPool } from './render-pool.ts';
import { a1Rows, taxSigner } from './repository.ts';
import { A1_MENU } from './routes.ts';

export interface A1ZipData {
  year: number;
  language: PayslipLanguage;
}

/** Forms handed to the workers at once: keeps them busy without holding every PDF twice. */
const IN_FLIGHT = 16;

export const a1ZipJob =
  (config: Config): JobHandler<A1ZipData> =>
  async ({ companyId, reach, userId, data, db, progress }) => {
    // The starter's reach: a department admin's zip holds their department's forms only.
    const [rows, signer] = await Promise.all([a1Rows(db, reach, data.year), taxSigner(db, config.filesDir, companyId)]);
    const pool = taxRenderPool();
    const name = `${randomBytes(16).toString('hex')}.zip`;
    const folder = join(config.filesDir, companyId);
    await mkdir(folder, { recursive: true });
    const zip = zipFile(join(folder, name));
    let done = 0;
    let size: number;
    try {
      await progress(0, rows.length);
      for (let i = 0; i < rows.length; i += IN_FLIGHT) {
        const batch = rows.slice(i, i + IN_FLIGHT);
        const pdfs = await Promise.all(
          batch.map((row) => pool.render({ document: 'a1', view: a1View(row, signer, data.language) })),
        );
        // PDFs are compressed already: stored, not deflated again.
        batch.forEach((row, j) => {
          zip.add(a1FileName(row), pdfs[j]!);
        });
        done += batch.length;
        if (done % 64 < IN_FLIGHT || done === rows.length) await progress(done, rows.length);
      }
      size = await zip.close();
    } catch (error) {
      zip.abort();
      await rm(join(folder, name), { force: true });
      throw error;
    }
    // Stored with what it holds, so only who may read all of it downloads it (issue 24).
    await insertGenerated(db, {
      reach,
      menu: A1_MENU,
      name,
      original_name: `1721-A1 ${data.year}.zip`,
      mime: 'application/zip',
      size,
      userId,
    });
    return { file: name, url: `/v1/files/${name}`, count: rows.length };
  };
