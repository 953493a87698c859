/**
 * A warning letter's PDF (decision 0200): the letter as stored, the employee, and the company's letterhead and
 * selected signature (company settings), in each language (the employee's own for My Profile; the admin's screen asks
 * in the interface language). Letters are history: the PDF is rendered once when the letter is issued, stored as a
 * company file and served from then on; an edit of the letter's own fields issues it again as a new file (logged).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeLog } from '../activity/log.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { insertUpload } from '../files/repository.ts';
import type { Actor } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { type PayslipLanguage, payslipLanguages } from '../payslips/view.ts';
import type { Reach } from '../scope/scope.ts';
import { taxSigner } from '../tax/repository.ts';
import { type LetterView, letterTexts, longDate } from './letter-view.ts';
import { portalRenderPool } from './render-pool.ts';
import {
  companiesWithLettersNotIssued,
  insertLetterDocument,
  letterDocument,
  letterForPdf,
  lettersNotIssued,
} from './repository.ts';

type Letter = Awaited<ReturnType<typeof letterForPdf>>;

const letterNumber = (letter: Letter) =>
  `SP-${letter.type.slice(3)}/${letter.start_date.slice(0, 4)}/${String(letter.sequence).padStart(4, '0')}`;

async function render(db: Db, filesDir: string, reach: Reach, letter: Letter, language: PayslipLanguage) {
  const { company, signature } = await taxSigner(db, filesDir, reach.companyId);
  const view: LetterView = {
    language,
    company,
    signature,
    employee: {
      fullname: letter.fullname,
      employee_number: letter.employee_number,
      job_title: letter.job_title,
      department: letter.department,
    },
    letter: { type: letter.type, description: letter.description },
    number: letterNumber(letter),
    dates: {
      start: longDate(language, letter.start_date),
      end: longDate(language, letter.end_date),
      issued: longDate(language, letter.start_date),
    },
  };
  const pdf = await portalRenderPool().render({ document: 'letter', view });
  const fileName = `${letterTexts.fileName[language]} SP${letter.type.slice(3)} ${letter.employee_number} ${letter.fullname}.pdf`;
  return { pdf, fileName };
}

class AlreadyIssued extends Error {}

/**
 * Renders the letter in `language` and stores it as issued for the letter's current version, unless it already is.
 * Returns the stored PDF either way. A file for a later version than an earlier one issued is a reissue, logged.
 */
async function issue(
  db: Db,
  config: Config,
  reach: Reach,
  letter: Letter,
  language: PayslipLanguage,
  actor: Actor | null,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { pdf, fileName } = await render(db, config.filesDir, reach, letter, language);
  const name = `${randomBytes(16).toString('hex')}.pdf`;
  const folder = join(config.filesDir, reach.companyId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), pdf);
  try {
    await db.transaction(async (tx) => {
      const { earlier } = await letterDocument(tx, reach, letter._id, language, letter.version);
      await insertUpload(tx, {
        companyId: reach.companyId,
        name,
        original_name: fileName,
        mime: 'application/pdf',
        size: pdf.length,
        attachment: true,
        userId: actor?.userId ?? null,
      });
      const values = { letter: letter._id, language, letter_version: letter.version, file: name };
      if (!(await insertLetterDocument(tx, reach, { ...values, userId: actor?.userId ?? null }))) {
        throw new AlreadyIssued();
      }
      if (earlier && actor) {
        await writeLog(tx, {
          actor,
          companyId: reach.companyId,
          action: 'update',
          menu: 'warning-letter',
          resource: 'warning-letters',
          recordId: letter._id,
          detail: `Warning letter ${letterNumber(letter)} of ${letter.fullname} reissued after an edit (${language}, version ${letter.version})`,
        });
      }
    });
  } catch (error) {
    await unlink(join(folder, name)).catch(() => undefined);
    if (!(error instanceof AlreadyIssued)) throw error;
    return storedPdf(db, config, reach, letter, language);
  }
  return { pdf, fileName };
}

async function storedPdf(db: Db, config: Config, reach: Reach, letter: Letter, language: PayslipLanguage) {
  const { current } = await letterDocument(db, reach, letter._id, language, letter.version);
  if (!current) throw notFound('Warning letter PDF');
  const pdf = await readFile(join(config.filesDir, reach.companyId, current.file)).catch(() => {
    throw notFound('Warning letter PDF');
  });
  return { pdf, fileName: current.original_name };
}

/**
 * The letter's PDF as issued, in `language`. A letter with no PDF for its current version (one from before stored
 * PDFs, or one whose issue on save failed) is issued now, once.
 */
export async function letterPdf(
  db: Db,
  config: Config,
  reach: Reach,
  id: string,
  language: PayslipLanguage,
  actor: Actor | null,
) {
  const letter = await letterForPdf(db, reach, id);
  const { current } = await letterDocument(db, reach, id, language, letter.version);
  if (current) return storedPdf(db, config, reach, letter, language);
  return issue(db, config, reach, letter, language, actor);
}

/** Issues letters just written (created or edited): their PDF in every language, for their current version. */
export async function issueLetters(db: Db, config: Config, reach: Reach, ids: readonly string[], actor: Actor | null) {
  for (const id of ids) {
    const letter = await letterForPdf(db, reach, id);
    for (const language of payslipLanguages) {
      const { current } = await letterDocument(db, reach, id, language, letter.version);
      if (!current) await issue(db, config, reach, letter, language, actor);
    }
  }
}

/** Issues every letter not issued yet: the demo's letters, once seeded (server/start.ts). */
export async function issuePendingLetters(db: Db, config: Config) {
  for (const companyId of await companiesWithLettersNotIssued(db)) {
    const reach = { companyId };
    await issueLetters(db, config, reach, await lettersNotIssued(db, reach), null);
  }
}
