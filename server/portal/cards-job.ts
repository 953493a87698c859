/**
 * `id-cards`: the ID cards of the chosen employees (or every active one) as one PDF of A4 sheets, CR80 cards with
 * crop marks, in the company's design. Progress while each card's photo and QR code are prepared, then the sheet is
 * rendered in a worker thread and stored as a company file readable by who may read the id-card menu.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import QRCode from 'qrcode';
import type { Config } from '../config.ts';
import { insertGenerated } from '../files/repository.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { payslipCompany } from '../payslips/repository.ts';
import type { PayslipLanguage } from '../payslips/view.ts';
import type { CardPerson } from './documents.ts';
import { portalRenderPool } from './render-pool.ts';
import { cardPeople, idCardDesign } from './repository.ts';

export const ID_CARD_MENU = 'id-card';

export interface CardsJobData {
  employees: string[] | null;
  language: PayslipLanguage;
}

const employeeNumberLabel = { en: 'No.', id: 'No.', zh: '编号' } satisfies Record<PayslipLanguage, string>;

/** A stored photo (`/v1/files/<name>.png|jpg`) of the company, or null. */
async function photoOf(config: Config, companyId: string, url: string | null) {
  const name = url?.match(/^\/v1\/files\/([a-f0-9]{32}\.(png|jpg))$/)?.[1];
  return name ? readFile(join(config.filesDir, companyId, name)).catch(() => null) : null;
}

export const cardsJob =
  (config: Config): JobHandler<CardsJobData> =>
  async ({ companyId, reach, userId, data, db, progress }) => {
    const [people, design, company] = await Promise.all([
      cardPeople(db, reach, data.employees),
      idCardDesign(db, reach),
      payslipCompany(db, config.filesDir, companyId),
    ]);
    // The last step (rendering) counts as one more.
    const total = people.length + 1;
    await progress(0, total);
    const cards: CardPerson[] = [];
    for (const [index, person] of people.entries()) {
      cards.push({
        fullname: person.fullname,
        employee_id: person.employee_id,
        job_title: person.job_title,
        department: person.department,
        photo: await photoOf(config, companyId, person.photo_url),
        qr: await QRCode.toBuffer(person.employee_id, {
          type: 'png',
          margin: 1,
          width: 240,
          errorCorrectionLevel: 'M',
        }),
      });
      if (index % 25 === 24) await progress(index + 1, total);
    }
    await progress(people.length, total);
    const pdf = await portalRenderPool().render({
      document: 'cards',
      view: {
        company: { name: company.name, logo: company.logo },
        design,
        people: cards,
        labels: { employeeNumber: employeeNumberLabel[data.language] },
      },
    });
    const name = `${randomBytes(16).toString('hex')}.pdf`;
    const folder = join(config.filesDir, companyId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), pdf);
    await insertGenerated(db, {
      reach,
      menu: ID_CARD_MENU,
      name,
      original_name: `ID cards ${company.name}.pdf`,
      mime: 'application/pdf',
      size: pdf.length,
      userId,
    });
    await progress(total, total);
    return { file: name, url: `/v1/files/${name}`, count: people.length };
  };
