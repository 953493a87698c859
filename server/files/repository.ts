/**
 * The stored files' rows (uploads, generated zips and record attachments): every query of server/files, its company
 * and reach conditions from the scope module (server/scope/scope.ts).
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';
import { files } from '../db/schema.ts';
import { inCompany, inCompanyOrPlatform, inCompanySql, ownedBy, type Reach } from '../scope/scope.ts';

export type StoredFileRow = typeof files.$inferSelect;

/** Records an upload of the caller (`companyId` null: a platform file). */
export async function insertUpload(
  db: Executor,
  values: {
    companyId: string | null;
    name: string;
    original_name: string;
    mime: string;
    size: number;
    attachment: boolean;
    userId: string | null;
  },
) {
  const { companyId, userId, ...rest } = values;
  const [row] = await db
    .insert(files)
    .values({ ...(companyId ? ownedBy({ companyId }) : { company_id: null }), ...rest, created_by: userId })
    .returning();
  return row!;
}

/**
 * Records a file a job generated: what it holds (`menu`) and the reach it was made for, so it is served only to who
 * may read all of it (issue 24).
 */
export async function insertGenerated(
  db: Executor,
  values: {
    reach: Reach;
    menu: string;
    name: string;
    original_name: string;
    mime: string;
    size: number;
    userId: string;
  },
) {
  const { reach, userId, ...rest } = values;
  await db.insert(files).values({ ...ownedBy(reach), ...rest, reach, created_by: userId });
}

/**
 * The file `name` as `GET /v1/files/{name}` may serve it: the caller's company's or the platform's, never a record's
 * attachment (served only through its record). The caller's right to a generated file is checked on the row.
 */
export async function findDownload(db: Executor, companyId: string | null, name: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.name, name), eq(files.attachment, false), inCompanyOrPlatform(companyId, files)));
  return row;
}

/** The records that hold attachments. */
export type AttachmentOwner = 'approval' | 'loan' | 'warning_letter';

/** Where each kind of record holds its file: the rows of the company holding `name`, other than record `except`. */
const holders = {
  approval: (reach, name, except) =>
    sql`select id from approvals a where ${inCompanySql(reach, 'a')} and a.content->>'attachment' = ${name} and a.id <> ${except}`,
  loan: (reach, name, except) =>
    sql`select id from loans l where ${inCompanySql(reach, 'l')} and l.attachment = ${name} and l.id <> ${except}`,
  warning_letter: (reach, name, except) =>
    sql`select id from warning_letters w where ${inCompanySql(reach, 'w')} and w.attachment = ${name} and w.id <> ${except}`,
} satisfies Record<AttachmentOwner, (reach: Reach, name: string, except: string) => SQL>;

/** An attachment upload of the company named `name`. */
export async function findAttachment(db: Executor, reach: Reach, name: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.name, name), inCompany(reach, files), eq(files.attachment, true)));
  return row;
}

/** Does a record of the company other than `except` hold the attachment `name`? */
export async function attachmentHeld(db: Executor, reach: Reach, name: string, except: string) {
  const held = await db.execute(
    sql`${holders.approval(reach, name, except)} union all ${holders.loan(reach, name, except)} union all ${holders.warning_letter(reach, name, except)}
      union all select id from warning_letter_documents d where ${inCompanySql(reach, 'd')} and d.file = ${name} limit 1`,
  );
  return held.rows.length > 0;
}

/** Deletes the company's attachments among `names` that no record holds; returns the names deleted. */
export async function deleteUnheldAttachments(db: Executor, reach: Reach, names: string[]) {
  const gone = await db
    .delete(files)
    .where(
      and(
        inCompany(reach, files),
        eq(files.attachment, true),
        inArray(files.name, names),
        sql`not exists (select 1 from loans l where ${inCompanySql(reach, 'l')} and l.attachment = ${files.name})`,
        sql`not exists (select 1 from approvals a where ${inCompanySql(reach, 'a')} and a.content->>'attachment' = ${files.name})`,
        sql`not exists (select 1 from warning_letters w where ${inCompanySql(reach, 'w')} and w.attachment = ${files.name})`,
        // An issued letter's PDF (decision 0200) is history: never another record's attachment to release.
        sql`not exists (select 1 from warning_letter_documents d where ${inCompanySql(reach, 'd')} and d.file = ${files.name})`,
      ),
    )
    .returning({ name: files.name });
  return gone.map((row) => row.name);
}
